import type { Page, PageRequest } from '../shared/list-page';
import type { DuplicateGroup } from './duplicates';
import type { MergeKind } from './merge';

export interface MergeRepository {
  /**
   * Inside the caller's unit of work: every row that refers to the merged records (deals, their people, activities,
   * notes, timeline entries, company links) is moved to the kept one, then the merged records are deleted.
   */
  moveAndDelete(kind: MergeKind, keepId: number, mergeIds: number[]): Promise<void>;
  /** Surest first; a page's cursor continues where it stopped. Pairs marked "not a duplicate" are left out. */
  duplicates(kind: MergeKind, page: PageRequest): Promise<Page<DuplicateGroup>>;
  /** Remembers every pair of these records as "not a duplicate" (again is no change). */
  dismiss(kind: MergeKind, ids: number[], by: number): Promise<void>;
}
