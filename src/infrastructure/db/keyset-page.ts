import type { Knex } from 'knex';
import { FieldError } from '../../domain/crm/crm.errors';
import type { Page, PageRequest } from '../../domain/shared/list-page';

/** Cursors are opaque to clients: the last id of the page, base64url-encoded. */
export function encodeCursor(id: number | string): string {
  return Buffer.from(String(id)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const decoded = Buffer.from(cursor, 'base64url').toString();
  if (!/^[1-9]\d{0,15}$/.test(decoded) || encodeCursor(decoded) !== cursor) throw new FieldError('query.cursor', 'cursor is not a cursor this API gave');
  return Number(decoded);
}

/**
 * Newest first by id, a stable order in which rows inserted meanwhile land before the cursor: paging
 * on never repeats or skips a row. The total is counted only when asked.
 */
export async function keysetPage<Row, T>(
  query: Knex.QueryBuilder,
  idColumn: string,
  page: PageRequest,
  map: (row: Row) => T,
): Promise<Page<T>> {
  const after = decodeCursor(page.cursor);
  let total: number | undefined;
  if (page.includeTotal) {
    const counted = (await query.clone().clearSelect().clearOrder().count({ count: '*' }).first()) as { count: number | string };
    total = Number(counted.count);
  }
  const rows: Row[] = await query
    .clone()
    .modify((q) => {
      if (after !== undefined) q.where(idColumn, '<', after);
    })
    .orderBy(idColumn, 'desc')
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1] as Record<string, unknown> | undefined;
  const idKey = idColumn.split('.').pop()!;
  return {
    items: items.map(map),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last[idKey] as number) : null,
    ...(total !== undefined && { total }),
  };
}

/** LIKE pattern for a literal substring: % and _ (and the escape character) mean themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
