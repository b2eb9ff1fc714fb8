import type { Viewer } from '../shared/viewer';
import type { Page, PageRequest } from '../shared/list-page';
import type { NewTimelineEntry, TimelineEntityType, TimelineEntry } from './timeline';

export interface TimelineFilter {
  /** Entries of this contact: its own, and its deals' and activities'. */
  contactId?: number;
  /** A deal's own entries (created, moved, changed, reopened) and those naming it (its notes). */
  dealId?: number;
  /** A company's own entries. */
  companyId?: number;
  /** Only entries about these kinds of record. */
  entityTypes?: readonly TimelineEntityType[];
  /** Hide entries restricted to other users (admins see everything; without a viewer, only public entries). */
  viewer?: Viewer;
}

export interface TimelineRepository {
  /** However many: one insert, or one per chunk where one would pass the database's limit of bound values. */
  add(entries: NewTimelineEntry[]): Promise<void>;
  /**
   * The contacts an import wrote that something else has touched since (a later entry on them that is not the
   * import's own: an edit, a deal or activity of theirs, a deletion, another import), at most `limit`, by id.
   */
  contactsChangedSinceImport(importId: number, limit: number): Promise<number[]>;
  /** Newest first. */
  list(filter: TimelineFilter, page: PageRequest): Promise<Page<TimelineEntry>>;
}
