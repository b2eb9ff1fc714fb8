import type { Viewer } from '../crm/crm-access';
import type { Page, PageRequest } from '../shared/list-page';
import type { NewTimelineEntry, TimelineEntityType, TimelineEntry } from './timeline';

export interface TimelineFilter {
  /** Entries of this contact: its own, and its deals' and activities'. */
  contactId?: number;
  /** A deal's own entries (created, moved, changed, reopened). */
  dealId?: number;
  /** Only entries about these kinds of record. */
  entityTypes?: readonly TimelineEntityType[];
  /** Hide entries restricted to other users (admins see everything; without a viewer, only public entries). */
  viewer?: Viewer;
}

export interface TimelineRepository {
  /** One insert, however many. */
  add(entries: NewTimelineEntry[]): Promise<void>;
  /** Newest first. */
  list(filter: TimelineFilter, page: PageRequest): Promise<Page<TimelineEntry>>;
}
