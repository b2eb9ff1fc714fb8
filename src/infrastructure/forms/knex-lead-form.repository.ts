import { inject, injectable } from 'inversify';
import type { FormSubmissionRecord, LeadForm, LeadFormInput, NewLeadForm } from '../../domain/forms/lead-form';
import type { LeadFormRepository, NewSubmission } from '../../domain/forms/forms.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { Role } from '../../domain/users/user';
import { plain, tableModel } from '../db/base.model';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import type { Knex } from '../db/database';

const SubmissionModel = tableModel('leadFormSubmissions');

const FORM_COLUMNS = [
  'id',
  'name',
  'slug',
  'fields',
  'consentText',
  'ownerIds',
  'thankYou',
  'redirectUrl',
  'allowedOrigins',
  'active',
  'createdBy',
  'createdAt',
  'updatedAt',
].map((c) => `leadForms.${c}`);

/** Each form with how many submissions it kept (lead_form_submissions_form_index). */
const SUBMISSIONS = `(SELECT count(*)::int FROM lead_form_submissions s WHERE s.form_id = lead_forms.id) AS submissions`;

const toColumns = (values: Partial<LeadFormInput>) => ({
  ...values,
  ...(values.fields && { fields: JSON.stringify(values.fields) }),
});

@injectable()
export class KnexLeadFormRepository implements LeadFormRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private select(): Knex.QueryBuilder {
    return this.uow.db('leadForms').select([...FORM_COLUMNS, this.uow.db.raw(SUBMISSIONS)]);
  }

  async count(): Promise<number> {
    const [{ count }] = await this.uow.db('leadForms').count({ count: '*' });
    return Number(count);
  }

  async create(values: NewLeadForm): Promise<LeadForm> {
    const [row] = await this.uow.db('leadForms').insert(toColumns(values)).returning('id');
    return (await this.findById(row.id))!;
  }

  async findById(id: number): Promise<LeadForm | undefined> {
    const row = await this.select().where('leadForms.id', id).first();
    return row && plain<LeadForm>(row);
  }

  /** The public side's lookup, on every submission and page: its submissions are not counted there (0). */
  async findBySlug(slug: string): Promise<LeadForm | undefined> {
    const row = await this.uow
      .db('leadForms')
      .select([...FORM_COLUMNS, this.uow.db.raw('0 AS submissions')])
      .where({ 'leadForms.slug': slug, 'leadForms.active': true })
      .first();
    return row && plain<LeadForm>(row);
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const row = await this.uow
      .db('leadForms')
      .where({ slug })
      .modify((q) => exceptId !== undefined && q.whereNot('id', exceptId))
      .first('id');
    return row !== undefined;
  }

  async list(): Promise<LeadForm[]> {
    const rows = await this.select().orderBy('leadForms.id', 'desc');
    return rows.map((row: Record<string, unknown>) => plain<LeadForm>(row));
  }

  async update(id: number, changes: Partial<LeadFormInput>, at: Date): Promise<LeadForm | undefined> {
    const updated = await this.uow
      .db('leadForms')
      .where({ id })
      .update({ ...toColumns(changes), updatedAt: at })
      .returning('id');
    return updated.length ? this.findById(id) : undefined;
  }

  async delete(id: number): Promise<boolean> {
    // RETURNING, not the driver's row count (the embedded database's driver does not give it).
    return (await this.uow.db('leadForms').where({ id }).delete().returning('id')).length > 0;
  }

  async enabledUsers(ids: number[]): Promise<{ id: number; role: Role }[]> {
    if (!ids.length) return [];
    const { rows } = (await this.uow.db.raw(
      `SELECT u.id, u.role FROM unnest(?::int[]) WITH ORDINALITY AS o(id, n) JOIN users u ON u.id = o.id
       WHERE u.disabled_at IS NULL ORDER BY o.n`,
      [ids],
    )) as { rows: { id: number; role: Role }[] };
    return rows;
  }

  async takeTurn(formId: number): Promise<number> {
    const { rows } = (await this.uow.db.raw(
      `UPDATE lead_forms SET next_owner = next_owner + 1 WHERE id = ? RETURNING next_owner - 1 AS turn`,
      [formId],
    )) as { rows: { turn: number }[] };
    return Math.max(0, rows[0]?.turn ?? 0);
  }

  async anyAdmin(): Promise<{ id: number; role: Role } | undefined> {
    return this.uow.db('users').where({ role: 'admin' }).whereNull('disabledAt').orderBy('id').first('id', 'role');
  }

  /** contacts_email_lower_index; the lock is the transaction's, on the address's hash. */
  async lockEmail(email: string): Promise<number | undefined> {
    await this.uow.db.raw(`SELECT pg_advisory_xact_lock(hashtext('lead-form:' || lower(?)))`, [email]);
    // A statement after the lock: it sees a contact the holder before committed.
    const { rows } = (await this.uow.db.raw(
      `SELECT id FROM contacts WHERE lower(email) = lower(?) ORDER BY id LIMIT 1`,
      [email],
    )) as { rows: { id: number }[] };
    return rows[0]?.id;
  }

  async recordSubmission(values: NewSubmission): Promise<void> {
    await this.uow.db('leadFormSubmissions').insert({ ...values, values: JSON.stringify(values.values) });
  }

  /** lead_form_submissions_form_index. */
  submissions(formId: number, page: PageRequest): Promise<Page<FormSubmissionRecord>> {
    const query = SubmissionModel.query(this.uow.db)
      .select(
        'leadFormSubmissions.id',
        'leadFormSubmissions.contactId',
        this.uow.db.raw(
          '(SELECT c.name FROM contacts c WHERE c.id = lead_form_submissions.contact_id) AS "contactName"',
        ),
        'leadFormSubmissions.created',
        'leadFormSubmissions.consent',
        'leadFormSubmissions.ownerId',
        'leadFormSubmissions.createdAt',
      )
      .where('leadFormSubmissions.formId', formId);
    return keysetPage(query, page, (row) => plain<FormSubmissionRecord>(row));
  }
}
