import { inject, injectable } from 'inversify';
import type { Consent } from '../../domain/privacy/consent';
import type { LegalBasisRecord } from '../../domain/privacy/legal-basis';
import type { PrivacyRequest } from '../../domain/privacy/privacy-request';
import type { SubjectDataRepository } from '../../domain/privacy/privacy.ports';
import type { AnonymizedCounts, SubjectData, SubjectRecord } from '../../domain/privacy/subject-data';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

/** The contact's own history entries keep these fields' values once anonymized: none of them names the person. */
const KEPT_FIELDS = ['status', 'score', 'tags', 'ownerId', 'source'];

/**
 * Everything held about one person, read section by section for an export, and replaced in place by an
 * anonymization. Every table that refers to a contact is read here (see MERGE_REFERENCES for the list the database's
 * foreign keys are checked against), and every text written about them in their records.
 */
@injectable()
export class KnexSubjectDataRepository implements SubjectDataRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async lockContact(contactId: number) {
    const row = await this.uow
      .db('contacts')
      .where({ id: contactId })
      .forUpdate()
      .first<{ id: number; name: string; anonymizedAt: Date | null } | undefined>('id', 'name', 'anonymizedAt');
    return row;
  }

  async collect(contactId: number): Promise<SubjectData | undefined> {
    const db = this.uow.db;
    const contact = (await db('contacts as c')
      .leftJoin('users as o', 'o.id', 'c.ownerId')
      .where('c.id', contactId)
      .first(
        'c.id',
        'c.name',
        'c.email',
        'c.phone',
        'c.companyId',
        'c.company',
        'c.position',
        'c.source',
        'c.status',
        'c.score',
        'c.tags',
        'c.notes',
        'c.customFields',
        'c.ownerId',
        'o.name as ownerName',
        'c.createdAt',
        'c.updatedAt',
        'c.anonymizedAt',
      )) as SubjectRecord | undefined;
    if (!contact) return undefined;
    const byContact = { contactId };
    const [
      company,
      legalBases,
      consents,
      deals,
      activities,
      notes,
      timeline,
      formSubmissions,
      importRows,
      templateMessages,
      privacyRequests,
    ] = await Promise.all([
      contact.companyId === null
        ? null
        : db('companies')
            .where({ id: contact.companyId })
            .first('id', 'name', 'tradeName', 'cnpj', 'website', 'phone', 'city', 'uf'),
      db('contactLegalBases as b')
        .leftJoin('users as u', 'u.id', 'b.recordedBy')
        .where('b.contactId', contactId)
        .orderBy('b.id')
        .select('b.id', 'b.contactId', 'b.basis', 'b.source', 'b.note', 'b.recordedBy', 'u.name as recordedByName')
        .select('b.createdAt') as Promise<LegalBasisRecord[]>,
      db('contactConsents as k')
        .leftJoin('users as u', 'u.id', 'k.recordedBy')
        .where('k.contactId', contactId)
        .orderBy('k.id')
        .select('k.id', 'k.contactId', 'k.channel', 'k.granted', 'k.text', 'k.source', 'k.address', 'k.recordedBy')
        .select('u.name as recordedByName', 'k.createdAt') as Promise<Consent[]>,
      db('deals as d')
        .leftJoin('dealContacts as dc', (j) => j.on('dc.dealId', 'd.id').andOnVal('dc.contactId', contactId))
        .where((w) => w.where('d.contactId', contactId).orWhereNotNull('dc.contactId'))
        .orderBy('d.id')
        .select('d.id', 'd.title', 'd.value', 'd.currency', 'd.pipeline', 'd.stage', 'd.probability')
        .select('d.expectedCloseDate', 'd.closedAt', 'd.lostReason', 'd.notes', 'd.createdAt', 'd.updatedAt')
        .select('dc.role', 'dc.isPrimary'),
      db('activities')
        .where(byContact)
        .orderBy('id')
        .select('id', 'type', 'subject', 'description', 'status', 'priority', 'dueDate', 'completedAt', 'dealId')
        .select('createdAt', 'updatedAt'),
      db('crmNotes')
        .where(byContact)
        .orderBy('id')
        .select('id', 'kind', 'body', 'outcome', 'durationMin', 'occurredAt', 'dealId', 'createdAt', 'editedAt'),
      db('crmTimeline as t')
        .leftJoin('users as u', 'u.id', 't.userId')
        .where('t.contactId', contactId)
        .orderBy(['t.at', 't.id'])
        .select('t.id', 't.entityType', 't.entityId', 't.entityName', 't.action', 't.changes', 't.at')
        .select('u.name as userName', 't.apiKeyName', 't.formName', 't.importId'),
      db('leadFormSubmissions as s')
        .join('leadForms as f', 'f.id', 's.formId')
        .where('s.contactId', contactId)
        .orderBy('s.id')
        .select('s.id', 'f.name as formName', 's.created', 's.values', 's.consent', 's.consentText', 's.address')
        .select('s.userAgent', 's.origin', 's.createdAt'),
      db('crmTimeline as t')
        .join('contactImports as i', 'i.id', 't.importId')
        .leftJoin('contactImportUpdates as b', (j) => j.on('b.importId', 'i.id').andOnVal('b.contactId', contactId))
        .where({ 't.entityType': 'contact', 't.entityId': contactId })
        .orderBy('t.id')
        .select('i.id as importId', 'i.fileName', 't.action', 't.at', 't.changes', 'b.before'),
      db('crmTimeline as t')
        .leftJoin('users as u', 'u.id', 't.userId')
        .where({ 't.entityType': 'template', 't.contactId': contactId })
        .orderBy('t.id')
        .select('t.entityId as templateId', 't.entityName as templateName', 't.changes', 't.at', 'u.name as userName'),
      db('privacyRequests as r')
        .leftJoin('users as u', 'u.id', 'r.createdBy')
        .where('r.contactId', contactId)
        .orderBy('r.id')
        .select('r.id', 'r.contactId', 'r.kind', 'r.requesterName', 'r.status', 'r.dueAt', 'r.note', 'r.createdBy')
        .select('u.name as createdByName', 'r.createdAt', 'r.updatedAt', 'r.completedAt') as Promise<
        Omit<PrivacyRequest, 'contactName'>[]
      >,
    ]);
    return {
      contact,
      company: (company as SubjectRecord | undefined) ?? null,
      legalBases,
      consents,
      deals,
      activities,
      notes,
      timeline,
      formSubmissions,
      importRows,
      templateMessages: templateMessages.map(({ changes, ...message }) => ({
        ...message,
        channel: (changes as { field: string; newValue: unknown }[]).find((c) => c.field === 'channel')?.newValue,
      })),
      privacyRequests: privacyRequests.map((r) => ({ ...r, contactName: contact.name as string })),
    };
  }

  async anonymize(contactId: number, tombstone: string, at: Date, by: number | null): Promise<AnonymizedCounts> {
    const db = this.uow.db;
    const contact = await db('contacts').where({ id: contactId }).first('name', 'email', 'phone');
    const terms = [contact.name, contact.email, contact.phone].filter(
      (term): term is string => typeof term === 'string' && term.trim().length >= 3,
    );
    // The person's name, e-mail and phone as written, case ignored; in JSON text, as JSON writes them.
    const pattern = terms.map(regexLiteral).join('|');
    const jsonPattern = terms.map((term) => regexLiteral(JSON.stringify(term).slice(1, -1))).join('|');
    const jsonTombstone = JSON.stringify(tombstone).slice(1, -1);
    const count = async (sql: string, bindings: Record<string, unknown>) =>
      ((await db.raw(sql, { id: contactId, p: pattern, t: tombstone, ...bindings })) as { rows: unknown[] }).rows
        .length;
    const bump = `updated_at = greatest(clock_timestamp(), updated_at + interval '1 millisecond')`;
    const scrub = (column: string) => `${column} = regexp_replace(${column}, :p, :t, 'gi')`;
    const names = pattern ? (column: string) => `${column} ~* :p` : () => 'false';

    const deals = await count(
      `UPDATE deals SET ${scrub('title')}, ${scrub('notes')}, ${bump}
        WHERE (contact_id = :id OR id IN (SELECT deal_id FROM deal_contacts WHERE contact_id = :id))
          AND (${names('title')} OR ${names('notes')}) RETURNING id`,
      {},
    );
    const notifications = await count(
      `UPDATE notifications SET ${scrub('title')}, ${scrub('body')}, ${scrub('subject')}
        WHERE activity_id IN (SELECT id FROM activities WHERE contact_id = :id)
          AND (${names('title')} OR ${names('body')} OR ${names('subject')}) RETURNING id`,
      {},
    );
    const activities = await count(
      `UPDATE activities SET ${scrub('subject')}, ${scrub('description')}, ${bump}
        WHERE contact_id = :id AND (${names('subject')} OR ${names('description')}) RETURNING id`,
      {},
    );
    const noteRevisions = await count(
      `UPDATE crm_note_revisions SET ${scrub('body')}
        WHERE note_id IN (SELECT id FROM crm_notes WHERE contact_id = :id) AND ${names('body')} RETURNING id`,
      {},
    );
    const notes = await count(
      `UPDATE crm_notes SET ${scrub('body')}, ${bump} WHERE contact_id = :id AND ${names('body')} RETURNING id`,
      {},
    );
    // The contact's own entries lose the values of every field that could name them; its records' entries, the
    // person's name, e-mail and phone wherever written.
    const ownEntries = await count(
      `UPDATE crm_timeline SET entity_name = :t, changes = (
          SELECT coalesce(jsonb_agg(CASE WHEN c->>'field' = ANY(:kept::text[]) THEN c
                   ELSE jsonb_build_object('field', c->'field', 'oldValue', NULL, 'newValue', NULL) END), '[]'::jsonb)
            FROM jsonb_array_elements(changes) c)
        WHERE entity_type = 'contact' AND entity_id = :id RETURNING id`,
      { kept: KEPT_FIELDS },
    );
    const otherEntries = pattern
      ? await count(
          `UPDATE crm_timeline SET ${scrub('entity_name')},
                  changes = regexp_replace(changes::text, :jp, :jt, 'gi')::jsonb
            WHERE contact_id = :id AND entity_type <> 'contact'
              AND (${names('entity_name')} OR changes::text ~* :jp) RETURNING id`,
          { jp: jsonPattern, jt: jsonTombstone },
        )
      : 0;
    const formSubmissions = await count(
      `UPDATE lead_form_submissions SET values = '{}'::jsonb, address = NULL, user_agent = NULL
        WHERE contact_id = :id RETURNING id`,
      {},
    );
    const importRows = await count(`DELETE FROM contact_import_updates WHERE contact_id = :id RETURNING 1`, {});
    const consents = await count(
      `UPDATE contact_consents SET address = NULL WHERE contact_id = :id AND address IS NOT NULL RETURNING id`,
      {},
    );
    const duplicateDismissals = await count(
      `DELETE FROM duplicate_dismissals WHERE kind = 'contact' AND (low_id = :id OR high_id = :id) RETURNING 1`,
      {},
    );
    await db.raw(
      `UPDATE contacts SET name = :t, email = NULL, phone = NULL, position = NULL, notes = NULL,
              custom_fields = '{}'::jsonb, company_id = NULL, anonymized_at = :at, ${bump}
        WHERE id = :id`,
      { id: contactId, t: tombstone, at },
    );
    // One history entry says what changed, with no old value: it also tells the integrations a webhook feeds
    // (contact.updated, the tombstone as the record) that the person's data must go (LGPD Art. 18 § 6).
    await db('crmTimeline').insert({
      entityType: 'contact',
      entityId: contactId,
      entityName: tombstone,
      action: 'updated',
      contactId,
      userId: by,
      changes: JSON.stringify(
        ['name', 'email', 'phone', 'position', 'notes', 'companyId', 'customFields'].map((field) => ({
          field,
          oldValue: null,
          newValue: field === 'name' ? tombstone : null,
        })),
      ),
    });
    return {
      deals,
      activities,
      notes,
      noteRevisions,
      timeline: ownEntries + otherEntries,
      formSubmissions,
      importRows,
      consents,
      notifications,
      duplicateDismissals,
    };
  }
}

/** A text matched as itself in a POSIX regular expression. */
function regexLiteral(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}
