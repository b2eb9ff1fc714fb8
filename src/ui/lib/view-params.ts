/**
 * A saved view and a list's URL, both ways. The URL holds what the list shows (its filters as the API's query names
 * them, `sort` and `order`, `layout=table`, `columns=name,email:240,customFields.region`) and `view=<id>`, the view it
 * started from; the list is "modified" while the URL's state differs from that view's.
 */

/** The parameters that are not filters. */
export const VIEW_STATE_PARAMS = ['view', 'sort', 'order', 'layout', 'columns'] as const;

export interface ViewColumn {
  key: string;
  width?: number;
}

/** A list's own layout (contacts' and companies' cards, the deals' board, the activities' list), or a table. */
export type ViewLayout = 'cards' | 'board' | 'list' | 'table';

export interface ViewState {
  filters: Record<string, string | number | boolean>;
  sort: { column: string; order: 'asc' | 'desc' } | null;
  layout: ViewLayout;
  columns: ViewColumn[];
}

/**
 * How a list's URL names its filters when they are not the API's (the board's `q`, `min`, `close=30`, `owner=mine`):
 * a view keeps the API's names, which its check reads with the list's own query schema.
 */
export interface FilterCodec {
  /** The URL's filters (less the view's own parameters) as the API names them; what the view does not keep, left out. */
  toView: (url: Record<string, string>) => ViewState['filters'];
  /** A view's filters as the URL names them. */
  toUrl: (filters: ViewState['filters']) => Record<string, string>;
  /** Parameters kept when the whole list is chosen (the board's pipeline): not a filter the list clears. */
  kept?: readonly string[];
}

/** The URL names the filters as the API does (contacts, companies, activities). */
const SAME_NAMES: FilterCodec = {
  toView: (url) => url,
  toUrl: (filters) => Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, String(value)])),
};

/** A chosen column width, in pixels (the API's bounds). */
export const COLUMN_WIDTH_MIN = 60;
export const COLUMN_WIDTH_MAX = 800;

const WIDTH = /^(.+):(\d{2,3})$/;

/** `name,email:240` → columns; a width outside 60–800 px is dropped. */
export function parseColumns(value: string | null): ViewColumn[] {
  if (!value) return [];
  return value
    .split(',')
    .filter(Boolean)
    .map((part) => {
      const sized = WIDTH.exec(part);
      const width = sized ? Number(sized[2]) : undefined;
      return width !== undefined && width >= COLUMN_WIDTH_MIN && width <= COLUMN_WIDTH_MAX
        ? { key: sized![1]!, width }
        : { key: part };
    });
}

export const formatColumns = (columns: readonly ViewColumn[]): string =>
  columns.map((column) => (column.width ? `${column.key}:${column.width}` : column.key)).join(',');

/** What the URL shows, as a view would save it; `cards` (or the list's own layout) unless `layout=table`. */
export function viewStateOf(params: URLSearchParams, ownLayout: ViewLayout, codec = SAME_NAMES): ViewState {
  const url: Record<string, string> = {};
  for (const [name, value] of params)
    if (!(VIEW_STATE_PARAMS as readonly string[]).includes(name) && value !== '') url[name] = value;
  const column = params.get('sort');
  return {
    filters: codec.toView(url),
    sort: column ? { column, order: params.get('order') === 'desc' ? 'desc' : 'asc' } : null,
    layout: params.get('layout') === 'table' ? 'table' : ownLayout,
    columns: parseColumns(params.get('columns')),
  };
}

type SavedState = ViewState & { warnings: readonly { path: string }[] };

/**
 * A state less what `view` names that the list no longer has (its warnings' paths: `filters.<name>`, `sort.column`,
 * `columns.<i>.key`), by name: the view's own state, or the URL's when it still holds those parts.
 */
export function withoutStale(state: ViewState, view: SavedState): ViewState {
  const stale = new Set(view.warnings.map((warning) => warning.path));
  const staleColumns = new Set(view.columns.filter((_, i) => stale.has(`columns.${i}.key`)).map((c) => c.key));
  const staleSort = stale.has('sort.column') ? view.sort?.column : undefined;
  return {
    filters: Object.fromEntries(Object.entries(state.filters).filter(([name]) => !stale.has(`filters.${name}`))),
    sort: state.sort && state.sort.column === staleSort ? null : state.sort,
    layout: state.layout,
    columns: state.columns.filter((column) => !staleColumns.has(column.key)),
  };
}

/** A view's URL: its state, less its stale parts, and `view=<id>`. */
export function paramsOfView(
  view: SavedState & { id: number },
  ownLayout: ViewLayout,
  codec = SAME_NAMES,
): URLSearchParams {
  const { filters, sort, layout, columns } = withoutStale(view, view);
  const params = new URLSearchParams({ view: String(view.id) });
  for (const [name, value] of Object.entries(codec.toUrl(filters))) params.set(name, value);
  if (sort) {
    params.set('sort', sort.column);
    if (sort.order === 'desc') params.set('order', 'desc');
  }
  if (layout !== ownLayout) params.set('layout', layout);
  if (columns.length > 0) params.set('columns', formatColumns(columns));
  return params;
}

/** The same state, whatever the order of the filters and however a value was typed (`40` or 40). */
export function sameViewState(a: ViewState, b: ViewState): boolean {
  const canonical = (state: ViewState) =>
    JSON.stringify([
      Object.entries(state.filters)
        .map(([name, value]) => [name, String(value)])
        .sort(([x], [y]) => x!.localeCompare(y!)),
      // Field by field: a view's sort comes back from the database with its keys in another order.
      state.sort && [state.sort.column, state.sort.order],
      state.layout,
      state.columns.map((column) => [column.key, column.width ?? null]),
    ]);
  return canonical(a) === canonical(b);
}
