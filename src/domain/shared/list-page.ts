/** Every list is a keyset page: at most `limit` items, a cursor for the next page, the total on request. */
export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;

export interface PageRequest {
  limit: number;
  /** Opaque; from a previous page's `nextCursor`. */
  cursor?: string;
  includeTotal?: boolean;
}

/**
 * A filtered list's total is counted up to this many rows (a search's count never costs a full scan per
 * keystroke); beyond it the total reads TOTAL_CAP with `totalCapped` ("10.000+").
 */
export const TOTAL_CAP = 10_000;

/**
 * A search's total is counted up to this many matches, found as a page of that many would be (newest first, each
 * step bounded): "João" among 1,000,000 contacts reads "1.000+" at about the cost of its first page, on every
 * keystroke. Counting to TOTAL_CAP checked 10,001 rows each time.
 */
export const SEARCH_TOTAL_CAP = 1_000;

export interface PageTotal {
  total: number;
  /** True when more than `total` rows match (a filtered list's count stops at TOTAL_CAP). */
  totalCapped: boolean;
}

export interface Page<T> extends Partial<PageTotal> {
  items: T[];
  nextCursor: string | null;
}

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * A list in the order of one column (`by`: a column's name, or `customFields.<key>`), empty values last in either
 * direction, ties broken by id in the same direction; its pages are keyset pages, which never repeat or skip a row.
 * `kind`: how a custom field's values compare (the service finds it from the field's type).
 */
export interface ListSort {
  by: string;
  order: SortOrder;
  kind?: 'text' | 'number' | 'boolean';
}
