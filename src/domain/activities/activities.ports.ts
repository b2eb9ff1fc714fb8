import type { RecordStore } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type { Activity, ActivityColumns, ActivityCounts, ActivityFilter, NewActivity } from './activity';

export interface ActivityRepository extends RecordStore<Activity, NewActivity, ActivityColumns> {
  list(filter: ActivityFilter, page: PageRequest): Promise<Page<Activity>>;
  /** Pending and completed among those the filter's other fields match. */
  counts(filter: Omit<ActivityFilter, 'status' | 'order'>): Promise<ActivityCounts>;
}
