import type { SortOrder } from '../shared/list-page';

/** The lists a view can be saved for. */
export const VIEW_ENTITIES = ['contact', 'company', 'deal', 'activity'] as const;
export type ViewEntity = (typeof VIEW_ENTITIES)[number];

/** How each list can be shown: its own layout (cards, the board, a list) or a table. */
export const VIEW_LAYOUTS: Record<ViewEntity, readonly [string, 'table']> = {
  contact: ['cards', 'table'],
  company: ['cards', 'table'],
  deal: ['board', 'table'],
  activity: ['list', 'table'],
};
export const ALL_LAYOUTS = [...new Set(Object.values(VIEW_LAYOUTS).flat())];

export const VIEW_NAME_MAX = 80;
/** At most this many views per person and list (shared ones the person wrote included). */
export const VIEWS_PER_LIST_MAX = 50;
export const VIEW_COLUMNS_MAX = 60;
export const COLUMN_WIDTH_MIN = 60;
export const COLUMN_WIDTH_MAX = 800;

/** A filter's value as the list's query takes it. */
export type ViewFilterValue = string | number | boolean;

/** A table column: the list's column or `customFields.<key>`, and its width in pixels when resized. */
export interface ViewColumn {
  key: string;
  width?: number;
}

export interface ViewSort {
  column: string;
  order: SortOrder;
}

/** What a view saves: the list's filters (as its query names them), order, layout and table columns. */
export interface SavedViewFields {
  entity: ViewEntity;
  name: string;
  filters: Record<string, ViewFilterValue>;
  sort: ViewSort | null;
  columns: ViewColumn[];
  layout: string;
  /** Shared: everyone sees it and can use it; its author and admins change it. */
  shared: boolean;
}

export interface SavedView extends SavedViewFields {
  id: number;
  authorId: number;
  authorName: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Something a view names that the list no longer has (a retired field, a filter or value gone): left out when used. */
export interface ViewWarning {
  path: string;
  message: string;
}

/** A view as one person sees it: what they may do with it, whether it is their default, and what went stale. */
export interface SavedViewForViewer extends SavedView {
  canEdit: boolean;
  isDefault: boolean;
  warnings: ViewWarning[];
}

/** The view's author changes it; an admin also changes or deletes a shared one (the team's views are the team's). */
export const canEditView = (viewer: { id: number; role: string }, view: Pick<SavedView, 'authorId' | 'shared'>) =>
  view.authorId === viewer.id || (view.shared && viewer.role === 'admin');
