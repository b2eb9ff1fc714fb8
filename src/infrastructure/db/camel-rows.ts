import { knexSnakeCaseMappers } from 'objection';

/**
 * knex's identifier mappers (objection's snake_case <-> camelCase), with rows mapped by a function made once per
 * set of columns (issue 31). objection maps each row key by key into a new object built property by property; the
 * rows of one result all have the same columns in the same order (one RowDescription), so a mapper compiled for
 * them writes each row as one object literal: a fixed shape V8 creates fast, and that JSON.stringify reads fast.
 * Same keys, same order, same values as objection's; anything but an array of rows (a raw query's whole result, a
 * count) goes through objection's own mapping.
 */
export function camelCaseMappers() {
  const objection = knexSnakeCaseMappers() as {
    wrapIdentifier: (value: string, origImpl: (value: string) => string) => string;
    postProcessResponse: (result: unknown) => unknown;
  };
  return {
    wrapIdentifier: objection.wrapIdentifier,
    postProcessResponse(result: unknown): unknown {
      if (!Array.isArray(result) || result.length === 0 || !isRow(result[0]))
        return objection.postProcessResponse(result);
      const map = rowMapper(Object.keys(result[0]));
      const rows = new Array<unknown>(result.length);
      for (let i = 0; i < result.length; i++) rows[i] = isRow(result[i]) ? map(result[i]) : result[i];
      return rows;
    },
  };
}

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/**
 * A column name as objection maps it: snake_case to camelCase (an underscore dropped, the letter after it upper
 * case), only after the last ':' (objection's own aliases, `relation:column`).
 */
export function camelKey(name: string): string {
  const from = name.lastIndexOf(':') + 1;
  let out = name.slice(0, from + 1);
  for (let i = from + 1; i < name.length; i++) {
    if (name[i] === '_') continue;
    out += name[i - 1] === '_' ? name[i].toUpperCase() : name[i];
  }
  return out;
}

/** Mappers by their columns (a query's select list); bounded, as the app's statements are. */
const mappers = new Map<string, (row: Row) => Row>();
const MAX_MAPPERS = 2_000;

function rowMapper(columns: string[]): (row: Row) => Row {
  const signature = columns.join('\u0000');
  let mapper = mappers.get(signature);
  if (!mapper) {
    // The names are JSON string literals in the code made here: whatever a column is called, it is only ever data.
    const body = columns.map((c) => `${JSON.stringify(camelKey(c))}: row[${JSON.stringify(c)}]`).join(',\n');
    mapper = new Function('row', `return {\n${body}\n};`) as (row: Row) => Row;
    if (mappers.size >= MAX_MAPPERS) mappers.clear();
    mappers.set(signature, mapper);
  }
  return mapper;
}
