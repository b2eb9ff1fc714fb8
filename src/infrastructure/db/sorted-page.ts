import { raw, type QueryBuilder } from 'objection';
import { FieldError } from '../../domain/crm/crm.errors';
import type { ListSort, Page, PageRequest } from '../../domain/shared/list-page';
import { plainRows, type BaseModel } from './base.model';
import { countTotal } from './keyset-page';

/** A sortable column as SQL: an expression (with its bindings) and the type its cursor value is read back as. */
export interface SortColumn {
  sql: string;
  bindings?: string[];
  cast: 'text' | 'numeric' | 'int' | 'boolean' | 'timestamptz' | 'date';
}

/** Text compared as people read it: case and accents ignored (each list's *_sort_index indexes serve these). */
export const foldedColumn = (column: string): SortColumn => ({ sql: `lower(funil_unaccent(${column}))`, cast: 'text' });

const CUSTOM_CASTS = { text: 'text', number: 'numeric', boolean: 'boolean' } as const;

/**
 * The SQL of a list's order: one of `columns`, or a custom field's value in `table`, read as its kind (the key
 * travels as a binding; the field's own index, made with it, serves it). Another name is a 400 naming `sort`.
 */
export function sortColumnOf(table: string, columns: Record<string, SortColumn>, sort: ListSort): SortColumn {
  if (sort.by.startsWith('customFields.')) {
    const cast = CUSTOM_CASTS[sort.kind ?? 'text'];
    return {
      sql: `(${table}.custom_fields ->> ?::text)::${cast}`,
      bindings: [sort.by.slice('customFields.'.length)],
      cast,
    };
  }
  const column = Object.prototype.hasOwnProperty.call(columns, sort.by) ? columns[sort.by] : undefined;
  if (!column) throw new FieldError('sort', `sort is one of ${Object.keys(columns).join(', ')} or customFields.<key>`);
  return column;
}

type SortKey = [by: string, order: string, value: string | null, id: number];

/**
 * A sorted list's cursor, opaque to clients: the order it was made for and the last row's sort value (as the
 * database writes it in text, so a timestamp keeps its microseconds) and id, base64url-encoded JSON. One made for
 * another order, or not made by this API, is a 400 naming the cursor.
 */
function encodeSortCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeSortCursor(
  cursor: string | undefined,
  sort: ListSort,
): { value: string | null; id: number } | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const valid =
    Array.isArray(key) &&
    key.length === 4 &&
    key[0] === sort.by &&
    key[1] === sort.order &&
    (key[2] === null || typeof key[2] === 'string') &&
    Number.isSafeInteger(key[3]) &&
    key[3] > 0 &&
    encodeSortCursor(key as SortKey) === cursor;
  if (!valid) throw new FieldError('query.cursor', 'cursor is not a cursor this API gave for this sort and order');
  return { value: (key as SortKey)[2], id: (key as SortKey)[3] };
}

/**
 * A page of `query` in the order of `column` (`sort.order`), rows without a value last in either direction, ties
 * (and the rows without a value) in id order the same way. Keyset, in two index-friendly steps: the rows with a
 * value after the cursor's, `(value, id)` compared as a row; then, when the page is not full, those without one.
 */
export async function sortedPage<M extends BaseModel, T>(
  query: QueryBuilder<M, M[]>,
  page: PageRequest,
  sort: ListSort,
  column: SortColumn,
  map: (row: M) => T,
): Promise<Page<T>> {
  const after = decodeSortCursor(page.cursor, sort);
  const total = page.includeTotal ? await countTotal(query) : undefined;
  const id = `${query.modelClass().tableName}.id`;
  const expr = column.sql;
  const bindings = column.bindings ?? [];
  const direction = sort.order === 'desc' ? 'desc' : 'asc';
  const beyond = direction === 'desc' ? '<' : '>';
  const wanted = page.limit + 1;
  const selected = () => query.clone().select(raw(`(${expr})::text AS sort_value`, bindings));
  let rows: M[] = [];
  if (!after || after.value !== null) {
    rows = await plainRows(
      selected()
        .whereRaw(`(${expr}) IS NOT NULL`, bindings)
        .modify((q) => {
          if (after)
            q.whereRaw(`((${expr}), ??) ${beyond} (?::${column.cast}, ?)`, [...bindings, id, after.value!, after.id]);
        })
        .orderByRaw(`(${expr}) ${direction}, ?? ${direction}`, [...bindings, id])
        .limit(wanted),
    );
  }
  if (rows.length < wanted) {
    const empty = await plainRows(
      selected()
        .whereRaw(`(${expr}) IS NULL`, bindings)
        .modify((q) => after?.value === null && q.where(id, beyond, after.id))
        .orderBy(id, direction)
        .limit(wanted - rows.length),
    );
    rows = [...rows, ...empty];
  }
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1] as (M & { sortValue?: string | null; id: number }) | undefined;
  const nextCursor =
    rows.length > page.limit && last ? encodeSortCursor([sort.by, sort.order, last.sortValue ?? null, last.id]) : null;
  return {
    // A copy without the sort value, rather than `delete`, which would slow every later read of the row.
    items: items.map(({ sortValue: _sortValue, ...row }) => map(row as M)),
    nextCursor,
    ...total,
  };
}
