import { inject, injectable } from 'inversify';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { NewTimelineEntry, TimelineEntry } from '../../domain/timeline/timeline';
import type { TimelineFilter, TimelineRepository } from '../../domain/timeline/timeline.ports';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { keysetPage } from '../db/keyset-page';

type TimelineRow = Omit<TimelineEntry, 'id'> & { id: number };

@injectable()
export class KnexTimelineRepository implements TimelineRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async add(entry: NewTimelineEntry): Promise<void> {
    await this.uow.db('crmTimeline').insert({ ...entry, changes: JSON.stringify(entry.changes) });
  }

  list(filter: TimelineFilter, page: PageRequest): Promise<Page<TimelineEntry>> {
    const { db } = this.uow;
    const query = db('crmTimeline as t')
      .leftJoin('users as u', 'u.id', 't.userId')
      .select('t.id', 't.entityType', 't.entityId', 't.action', 't.entityName', 't.changes', 't.contactId', 't.userId', 'u.name as userName', 't.at')
      .modify((q) => {
        if (filter.contactId !== undefined) {
          const contactId = filter.contactId;
          q.where((w) => w.where('t.contactId', contactId).orWhere((c) => c.where('t.entityType', 'contact').where('t.entityId', contactId)));
        }
        const { viewer } = filter;
        if (!viewer) q.whereNull('t.visibleTo');
        else if (viewer.role !== 'admin') q.where((w) => w.whereNull('t.visibleTo').orWhereRaw('? = any(??)', [viewer.id, 't.visibleTo']));
      });
    return keysetPage<TimelineRow, TimelineEntry>(query, 't.id', page, (row) => ({ ...row, id: String(row.id) }));
  }
}
