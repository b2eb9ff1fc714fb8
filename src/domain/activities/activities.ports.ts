import type { RecordStore } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type { Activity, ActivityColumns, ActivityFilter, NewActivity } from './activity';

export interface ActivityRepository extends RecordStore<Activity, NewActivity, ActivityColumns> {
  list(filter: ActivityFilter, page: PageRequest): Promise<Page<Activity>>;
}
