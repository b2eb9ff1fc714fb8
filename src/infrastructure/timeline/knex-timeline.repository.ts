import { inject, injectable } from 'inversify';
import { raw } from 'objection';
import type { TimelineNote } from '../../domain/notes/note';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { NewTimelineEntry, TimelineAction, TimelineAuthor, TimelineEntry } from '../../domain/timeline/timeline';
import type { TimelineFilter, TimelineRepository } from '../../domain/timeline/timeline.ports';
import { plain, tableModel } from '../db/base.model';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import type { Knex } from '../db/database';
import { referenced } from '../crm/knex-record-store';

const TimelineEntryModel = tableModel('crmTimeline', { jsonAttributes: ['changes'] });

const COLUMNS = [
  'id',
  'entityType',
  'entityId',
  'action',
  'entityName',
  'changes',
  'contactId',
  'dealId',
  'importId',
  'bulk',
  'apiKeyName',
  'formName',
  'userId',
  'at',
].map((c) => `crmTimeline.${c}`);

/** A note's entries show the note as it is now (null once deleted), read with the page's rows. */
const NOTE = raw(`(
  SELECT json_build_object(
    'id', n.id, 'kind', n.kind, 'body', n.body, 'outcome', n.outcome, 'durationMin', n.duration_min,
    'occurredAt', n.occurred_at, 'pinned', n.pinned_at IS NOT NULL, 'editedAt', n.edited_at, 'createdBy', n.created_by
  ) FROM crm_notes n WHERE crm_timeline.entity_type = 'note' AND n.id = crm_timeline.entity_id
) AS note`);

/** The note as JSON gives it: its instants as text. */
type NoteRow = Omit<TimelineNote, 'occurredAt' | 'editedAt'> & { occurredAt: string; editedAt: string | null };

const noteOf = (row: NoteRow): TimelineNote => ({
  ...row,
  occurredAt: new Date(row.occurredAt),
  editedAt: row.editedAt === null ? null : new Date(row.editedAt),
});

/** Rows per insert: twelve columns a row keeps a statement far under PostgreSQL's 65,535 bound values. */
const ROWS_PER_INSERT = 1000;

/** The one writer of crm_timeline: every entry goes in through `add`, or the SQL of `contactEntriesInsert`. */
@injectable()
export class KnexTimelineRepository implements TimelineRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async add(entries: NewTimelineEntry[]): Promise<void> {
    for (let start = 0; start < entries.length; start += ROWS_PER_INSERT)
      await TimelineEntryModel.query(this.uow.db).insert(entries.slice(start, start + ROWS_PER_INSERT) as object[]);
  }

  async contactsChangedSinceImport(importId: number, limit: number): Promise<number[]> {
    // crm_timeline_import_id_index finds the import's entries, crm_timeline_contact_id_index the later ones.
    const rows: { contactId: number }[] = await this.uow
      .db('crmTimeline as mine')
      .join('crmTimeline as later', (j) => j.on('later.contactId', 'mine.entityId').andOn('later.id', '>', 'mine.id'))
      .where('mine.importId', importId)
      .where('mine.entityType', 'contact')
      .whereRaw('later.import_id IS DISTINCT FROM mine.import_id')
      .distinct('mine.entityId as contactId')
      .orderBy('contactId')
      .limit(limit);
    return rows.map((r) => r.contactId);
  }

  list(filter: TimelineFilter, page: PageRequest): Promise<Page<TimelineEntry>> {
    const query = TimelineEntryModel.query(this.uow.db)
      .select([...COLUMNS, referenced('users', 'name', 'crmTimeline.userId', 'userName'), NOTE])
      .modify((q) => {
        if (filter.contactId !== undefined) {
          const contactId = filter.contactId;
          q.where((w) =>
            w
              .where('crmTimeline.contactId', contactId)
              .orWhere((c) => c.where('crmTimeline.entityType', 'contact').where('crmTimeline.entityId', contactId)),
          );
        }
        if (filter.dealId !== undefined) {
          const dealId = filter.dealId;
          // crm_timeline_entity_index finds the deal's own entries, crm_timeline_deal_id_index those naming it.
          q.where((w) =>
            w
              .where((d) => d.where('crmTimeline.entityType', 'deal').where('crmTimeline.entityId', dealId))
              .orWhere('crmTimeline.dealId', dealId),
          );
        }
        if (filter.companyId !== undefined) {
          const companyId = filter.companyId;
          // crm_timeline_entity_index and crm_timeline_company_id_index (the notes on it).
          q.where((w) =>
            w
              .where((c) => c.where('crmTimeline.entityType', 'company').where('crmTimeline.entityId', companyId))
              .orWhere('crmTimeline.companyId', companyId),
          );
        }
        if (filter.entityTypes) q.whereIn('crmTimeline.entityType', filter.entityTypes);
        const { viewer } = filter;
        if (!viewer) q.whereNull('crmTimeline.visibleTo');
        else if (viewer.role !== 'admin')
          q.where((w) =>
            w.whereNull('crmTimeline.visibleTo').orWhereRaw('? = any(??)', [viewer.id, 'crmTimeline.visibleTo']),
          );
      });
    return keysetPage(query, page, (row) => {
      const { importId, dealId, note, apiKeyName, formName, ...entry } = plain<
        TimelineEntry & { note: NoteRow | null }
      >(row);
      return {
        ...entry,
        id: String(row.id),
        ...(importId !== null && { importId }),
        ...(apiKeyName !== null && { apiKeyName }),
        ...(formName !== null && { formName }),
        ...(dealId !== null && { dealId }),
        ...(entry.entityType === 'note' && { note: note && noteOf(note) }),
      };
    });
  }
}

/**
 * For a statement that creates contacts and writes their entries itself, in one round trip where `create` and `add`
 * take several: the INSERT of `timelineEntry(contactSubject(row), action, by)` for each row of `source`, a CTE of
 * that statement returning the contacts' `id` and `name`, named in the SQL (a plain name: the CTE's, never input).
 * The SQL is the same on every call for one source (a caller may keep the statement around it, or name it as a
 * prepared statement); what differs travels in the bindings, values only, which follow the statement's own.
 */
export function contactEntriesInsert(
  source: string,
  action: TimelineAction,
  by: TimelineAuthor,
): { sql: string; bindings: Knex.RawBinding[] } {
  if (!/^[a-z_]+$/.test(source)) throw new Error(`contactEntriesInsert: not a CTE name: ${source}`);
  return {
    sql: `INSERT INTO crm_timeline (entity_type, entity_id, action, entity_name, contact_id, visible_to, user_id, import_id, bulk, api_key_name, form_name)
      SELECT 'contact', id, ?::text, name, id, NULL, ?::int, ?::int, ?::boolean, ?::text, ?::text FROM ${source}`,
    bindings: [action, by.userId, by.importId ?? null, by.bulk ?? false, by.apiKeyName ?? null, by.formName ?? null],
  };
}

/** The ids of the contacts an import created, as a subquery for a statement of the caller's. */
export function contactsCreatedByImport(db: Knex, importId: number): Knex.QueryBuilder {
  return db('crmTimeline').where({ importId, entityType: 'contact', action: 'created' }).select('entityId');
}
