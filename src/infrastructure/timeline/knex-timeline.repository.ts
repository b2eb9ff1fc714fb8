import { inject, injectable } from 'inversify';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { NewTimelineEntry, TimelineEntry } from '../../domain/timeline/timeline';
import type { TimelineFilter, TimelineRepository } from '../../domain/timeline/timeline.ports';
import { plain, tableModel } from '../db/base.model';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
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
  'importId',
  'bulk',
  'userId',
  'at',
].map((c) => `crmTimeline.${c}`);

@injectable()
export class KnexTimelineRepository implements TimelineRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async add(entries: NewTimelineEntry[]): Promise<void> {
    if (entries.length) await TimelineEntryModel.query(this.uow.db).insert(entries as object[]);
  }

  list(filter: TimelineFilter, page: PageRequest): Promise<Page<TimelineEntry>> {
    const query = TimelineEntryModel.query(this.uow.db)
      .select([...COLUMNS, referenced('users', 'name', 'crmTimeline.userId', 'userName')])
      .modify((q) => {
        if (filter.contactId !== undefined) {
          const contactId = filter.contactId;
          q.where((w) =>
            w
              .where('crmTimeline.contactId', contactId)
              .orWhere((c) => c.where('crmTimeline.entityType', 'contact').where('crmTimeline.entityId', contactId)),
          );
        }
        if (filter.dealId !== undefined)
          q.where('crmTimeline.entityType', 'deal').where('crmTimeline.entityId', filter.dealId);
        if (filter.entityTypes) q.whereIn('crmTimeline.entityType', filter.entityTypes);
        const { viewer } = filter;
        if (!viewer) q.whereNull('crmTimeline.visibleTo');
        else if (viewer.role !== 'admin')
          q.where((w) =>
            w.whereNull('crmTimeline.visibleTo').orWhereRaw('? = any(??)', [viewer.id, 'crmTimeline.visibleTo']),
          );
      });
    return keysetPage(query, page, (row) => {
      const { importId, ...entry } = plain<TimelineEntry>(row);
      return { ...entry, id: String(row.id), ...(importId !== null && { importId }) };
    });
  }
}
