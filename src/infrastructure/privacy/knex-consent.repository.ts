import { inject, injectable } from 'inversify';
import { CONSENT_CHANNELS, type Consent, type ConsentState, type NewConsent } from '../../domain/privacy/consent';
import type { LegalBasisRecord, NewLegalBasisRecord } from '../../domain/privacy/legal-basis';
import type { ConsentRepository } from '../../domain/privacy/privacy.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { referenced } from '../crm/knex-record-store';
import { plain, tableModel } from '../db/base.model';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

const ConsentModel = tableModel('contactConsents');
const LegalBasisModel = tableModel('contactLegalBases');

const COLUMNS = [
  'contactConsents.id',
  'contactConsents.contactId',
  'contactConsents.channel',
  'contactConsents.granted',
  'contactConsents.text',
  'contactConsents.source',
  'contactConsents.address',
  'contactConsents.recordedBy',
  'contactConsents.createdAt',
  referenced('users', 'name', 'contactConsents.recordedBy', 'recordedByName'),
];

const BASIS_COLUMNS = [
  'contactLegalBases.id',
  'contactLegalBases.contactId',
  'contactLegalBases.basis',
  'contactLegalBases.source',
  'contactLegalBases.note',
  'contactLegalBases.recordedBy',
  'contactLegalBases.createdAt',
  referenced('users', 'name', 'contactLegalBases.recordedBy', 'recordedByName'),
];

@injectable()
export class KnexConsentRepository implements ConsentRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async add(values: NewConsent): Promise<Consent> {
    const [row] = await this.uow.db('contactConsents').insert(values).returning('id');
    const found = await ConsentModel.query(this.uow.db).select(COLUMNS).findById(row.id);
    return plain<Consent>(found!);
  }

  /** contact_consents_contact_index. */
  list(contactId: number, page: PageRequest): Promise<Page<Consent>> {
    const query = ConsentModel.query(this.uow.db).select(COLUMNS).where('contactConsents.contactId', contactId);
    return keysetPage(query, page, (row) => plain<Consent>(row));
  }

  /** Each channel's latest row, in one statement over the contact's rows. */
  async state(contactId: number): Promise<ConsentState> {
    const { rows } = (await this.uow.db.raw(
      `SELECT DISTINCT ON (channel) channel, granted, created_at AS "since"
       FROM contact_consents WHERE contact_id = ? ORDER BY channel, id DESC`,
      [contactId],
    )) as { rows: { channel: Consent['channel']; granted: boolean; since: Date }[] };
    const state = Object.fromEntries(CONSENT_CHANNELS.map((channel) => [channel, null])) as ConsentState;
    for (const row of rows) state[row.channel] = { granted: row.granted, since: row.since };
    return state;
  }

  async contactExists(contactId: number): Promise<boolean> {
    return (await this.uow.db('contacts').where({ id: contactId }).first('id')) !== undefined;
  }

  async addBasis(values: NewLegalBasisRecord): Promise<LegalBasisRecord> {
    const [row] = await this.uow.db('contactLegalBases').insert(values).returning('id');
    const found = await LegalBasisModel.query(this.uow.db).select(BASIS_COLUMNS).findById(row.id);
    return plain<LegalBasisRecord>(found!);
  }

  /** contact_legal_bases_contact_index. */
  async basis(contactId: number): Promise<LegalBasisRecord | null> {
    const found = await LegalBasisModel.query(this.uow.db)
      .select(BASIS_COLUMNS)
      .where('contactLegalBases.contactId', contactId)
      .orderBy('contactLegalBases.id', 'desc')
      .first();
    return found ? plain<LegalBasisRecord>(found) : null;
  }
}
