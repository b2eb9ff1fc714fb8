import type { Page, PageRequest } from '../shared/list-page';
import type { SavedView, SavedViewFields, ViewEntity, ViewWarning } from './saved-view';

export interface SavedViewRepository {
  /** The viewer's own views of a list (all lists without one) and everyone's shared ones, newest first. */
  listVisible(viewerId: number, entity: ViewEntity | undefined, page: PageRequest): Promise<Page<SavedView>>;
  findById(id: number, options?: { forUpdate?: boolean }): Promise<SavedView | null>;
  /** How many views of the list the person wrote. */
  countOwn(authorId: number, entity: ViewEntity): Promise<number>;
  /** Whether the person has another view of the list by this name (case ignored). */
  nameTaken(authorId: number, entity: ViewEntity, name: string, exceptId?: number): Promise<boolean>;
  create(authorId: number, fields: SavedViewFields): Promise<SavedView>;
  update(id: number, changes: Partial<Omit<SavedViewFields, 'entity'>>): Promise<SavedView>;
  delete(id: number): Promise<void>;
  /** The ids of the views each person opens a list with, by list. */
  defaultsOf(userId: number): Promise<Map<ViewEntity, number>>;
  setDefault(userId: number, entity: ViewEntity, viewId: number): Promise<void>;
  clearDefault(userId: number, viewId: number): Promise<void>;
  /** Others' defaults on a view no longer shared with them go. */
  clearOthersDefaults(viewId: number, authorId: number): Promise<void>;
}

/**
 * What a view names, checked against the list as it is now: its filters and order by the same rules as the list's
 * query, its columns against the list's columns and custom fields. Each problem names the view's field
 * (`filters.status`, `sort.column`, `columns.2.key`); none: the view is whole.
 */
export interface ViewCheck {
  problems(view: Pick<SavedViewFields, 'entity' | 'filters' | 'sort' | 'columns'>): Promise<ViewWarning[]>;
  /** The same for many views at once (a page of them), in their order, reading what they share once. */
  problemsOfEach(
    views: readonly Pick<SavedViewFields, 'entity' | 'filters' | 'sort' | 'columns'>[],
  ): Promise<ViewWarning[][]>;
}
