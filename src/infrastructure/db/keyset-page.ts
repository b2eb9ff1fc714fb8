import type { Knex } from 'knex';
import { raw, type QueryBuilder } from 'objection';
import { FieldError } from '../../domain/crm/crm.errors';
import { TOTAL_CAP, type Page, type PageRequest, type PageTotal } from '../../domain/shared/list-page';
import { plainRows, type BaseModel } from './base.model';
import { camelCaseMappers } from './camel-rows';
import { preparedRows } from './prepared';

/** The order of a list: columns ending with a unique one (the id), all in one direction. */
export interface KeysetOrder {
  columns: string[];
  direction: 'asc' | 'desc';
}

/**
 * One cursor format for every list, opaque to clients: the sort key of the page's last row (its id, or
 * its position and id) as float64 values, base64url-encoded.
 */
export function encodeCursor(key: number[]): string {
  const bytes = Buffer.alloc(key.length * 8);
  key.forEach((value, i) => bytes.writeDoubleLE(value, i * 8));
  return bytes.toString('base64url');
}

export function decodeCursor(cursor: string | undefined, length: number): number[] | undefined {
  if (cursor === undefined) return undefined;
  const bytes = Buffer.from(cursor, 'base64url');
  const key = bytes.length === length * 8 ? Array.from({ length }, (_, i) => bytes.readDoubleLE(i * 8)) : [];
  const id = key[length - 1];
  if (!key.every(Number.isFinite) || !Number.isSafeInteger(id) || id < 1 || encodeCursor(key) !== cursor) {
    throw new FieldError('query.cursor', 'cursor is not a cursor this API gave');
  }
  return key;
}

/**
 * A keyset page: rows after the cursor in `order` (newest first by default), so rows inserted meanwhile
 * never make paging on repeat or skip one. The total is counted only when asked.
 */
export async function keysetPage<M extends BaseModel, T>(
  query: QueryBuilder<M, M[]>,
  page: PageRequest,
  map: (row: M) => T,
  order: KeysetOrder = defaultOrder(query),
): Promise<Page<T>> {
  const after = decodeCursor(page.cursor, order.columns.length);
  const total = page.includeTotal ? await countTotal(query) : undefined;
  const rows = await plainRows(keysetQuery(query, order, after, page.limit));
  return pageOf(rows, page, map, order, total);
}

/**
 * The same page as `keysetPage(records(), ...)`, for a list without any condition (a list screen's first load, and
 * its next pages), as a named prepared statement on `db` (issue 31): the SQL knex writes for it is compiled once per
 * process, from `records()`, for a first page and for a later one; each request then only binds the cursor and the
 * page size, with no query built (`records()` runs again only to count the total, when asked, as `keysetPage` counts
 * it). `name` is the statement's own (one per list). The rows are camelCased as knex's own are, so the records are the
 * same.
 */
export async function preparedKeysetPage<M extends BaseModel, T>(
  name: string,
  db: Knex,
  records: () => QueryBuilder<M, M[]>,
  page: PageRequest,
  map: (row: M) => T,
): Promise<Page<T>> {
  // The default order, newest first by id: one column in the cursor.
  const after = decodeCursor(page.cursor, 1);
  const total = page.includeTotal ? await countTotal(records()) : undefined;
  const key = `${name}${after ? '_after' : '_first'}`;
  const bindings = [...(after ?? []), page.limit + 1];
  let statement = preparedPages.get(key);
  if (statement === undefined) {
    const query = records();
    const order = defaultOrder(query);
    const compiled = keysetQuery(query, order, after, page.limit).toKnexQuery().toSQL();
    // Only the cursor and the page size are bound: anything else bound would be fixed into the statement.
    if (compiled.bindings.length !== bindings.length || compiled.bindings.some((b, i) => b !== bindings[i]))
      throw new Error(`preparedKeysetPage: ${name} binds more than its cursor and page size`);
    statement = { sql: compiled.sql, order };
    preparedPages.set(key, statement);
  }
  const rows = toCamelRows(await preparedRows(db, key, statement.sql, bindings)) as M[];
  return pageOf(rows, page, map, statement.order, total);
}

/** preparedKeysetPage's statements and their order, by name: a handful, one first and one later page per list. */
const preparedPages = new Map<string, { sql: string; order: KeysetOrder }>();
const { postProcessResponse: toCamelRows } = camelCaseMappers() as { postProcessResponse(rows: unknown[]): unknown[] };

const defaultOrder = <M extends BaseModel>(query: QueryBuilder<M, M[]>): KeysetOrder => ({
  columns: [`${query.modelClass().tableName}.id`],
  direction: 'desc',
});

/** `query` past the cursor, in `order`, one row more than the page (to tell whether another page follows). */
function keysetQuery<M extends BaseModel>(
  query: QueryBuilder<M, M[]>,
  order: KeysetOrder,
  after: number[] | undefined,
  limit: number,
): QueryBuilder<M, M[]> {
  return query
    .clone()
    .modify((q) => {
      const placeholders = (p: string) => order.columns.map(() => p).join(', ');
      if (after)
        q.whereRaw(`(${placeholders('??')}) ${order.direction === 'desc' ? '<' : '>'} (${placeholders('?')})`, [
          ...order.columns,
          ...after,
        ]);
    })
    .orderBy(order.columns.map((column) => ({ column, order: order.direction })))
    .limit(limit + 1);
}

function pageOf<M extends BaseModel, T>(
  rows: M[],
  page: PageRequest,
  map: (row: M) => T,
  order: KeysetOrder,
  total: PageTotal | undefined,
): Page<T> {
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1];
  const keyOf = (row: M) => order.columns.map((column) => row[column.split('.').pop()!] as number);
  return {
    items: items.map(map),
    nextCursor: rows.length > page.limit && last ? encodeCursor(keyOf(last)) : null,
    ...total,
  };
}

/**
 * A list's total that never costs a full scan per keystroke: a filtered list (a search, a filter) counts at
 * most TOTAL_CAP + 1 matching rows and says `totalCapped` beyond; the whole list (no filter) is counted
 * exactly, an index-only count once per screen, so "100.000 contatos" stays exact.
 */
export async function countTotal<M extends BaseModel>(query: QueryBuilder<M, M[]>): Promise<PageTotal> {
  if (!query.hasWheres()) return { total: await query.clone().clearSelect().resultSize(), totalCapped: false };
  const upTo = query
    .clone()
    .clearSelect()
    .clearOrder()
    .select(raw('1'))
    .limit(TOTAL_CAP + 1);
  const [row] = (await query.knex().count('* as count').from(upTo.toKnexQuery().as('capped'))) as {
    count: number | string;
  }[];
  const counted = Number(row?.count ?? 0);
  return counted > TOTAL_CAP ? { total: TOTAL_CAP, totalCapped: true } : { total: counted, totalCapped: false };
}

/**
 * `column` equals `value` with case and accents ignored, as searches compare (an index on
 * lower(funil_unaccent(column)) serves it).
 */
export function whereFolded<Q extends { whereRaw(sql: string, bindings: readonly string[]): Q }>(
  q: Q,
  column: string,
  value: string,
): Q {
  return q.whereRaw('lower(funil_unaccent(??)) = lower(funil_unaccent(?))', [column, value]);
}

/** LIKE pattern for a literal substring: % and _ (and the escape character) mean themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
