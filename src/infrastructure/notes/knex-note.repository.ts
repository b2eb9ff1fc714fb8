import { inject, injectable } from 'inversify';
import { raw } from 'objection';
import type { NewNote, Note, NoteColumns, NoteFilter, NoteRevision } from '../../domain/notes/note';
import type { NoteRepository } from '../../domain/notes/notes.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { tableModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { KnexRecordStore, referenced, whereAboutCompany } from '../crm/knex-record-store';

const NoteModel = tableModel('crmNotes', { hasUpdatedAt: true });
const NoteRevisionModel = tableModel('crmNoteRevisions');

/** A note as the API shows it: its columns but the search text, pinned as a flag, and its author's name. */
const COLUMNS = [
  ...[
    'id',
    'kind',
    'body',
    'outcome',
    'durationMin',
    'occurredAt',
    'contactId',
    'dealId',
    'companyId',
    'activityId',
    'editedAt',
    'createdBy',
    'createdAt',
  ].map((column) => `crmNotes.${column}`),
  raw('crm_notes.pinned_at IS NOT NULL AS pinned'),
  referenced('users', 'name', 'crmNotes.createdBy', 'authorName'),
];

@injectable()
export class KnexNoteRepository extends KnexRecordStore<Note, NewNote, NoteColumns> implements NoteRepository {
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, NoteModel, COLUMNS);
  }

  /**
   * Served by crm_notes_contact_id_index, crm_notes_deal_id_index or, for a company, the three together with
   * crm_notes_company_id_index (each ends with the id, the list's order).
   */
  list(filter: NoteFilter, page: PageRequest): Promise<Page<Note>> {
    const query = this.select().modify((q) => {
      if (filter.contactId !== undefined) q.where('crmNotes.contactId', filter.contactId);
      if (filter.dealId !== undefined) q.where('crmNotes.dealId', filter.dealId);
      if (filter.companyId !== undefined) whereAboutCompany(q, 'crmNotes', filter.companyId);
      if (filter.pinned !== undefined)
        q.modify((w) => (filter.pinned ? w.whereNotNull('crmNotes.pinnedAt') : w.whereNull('crmNotes.pinnedAt')));
    });
    return this.page(query, page);
  }

  async addRevision(revision: NoteRevision): Promise<void> {
    await NoteRevisionModel.query(this.uow.db).insert(revision as object);
  }
}
