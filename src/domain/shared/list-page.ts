/** Every list is a keyset page: at most `limit` items, a cursor for the next page, the total on request. */
export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;

export interface PageRequest {
  limit: number;
  /** Opaque; from a previous page's `nextCursor`. */
  cursor?: string;
  includeTotal?: boolean;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total?: number;
}
