import { customTargetKey } from '../../domain/custom-fields/custom-field-cell';
import {
  MAX_REPORT_GROUPS,
  isTimeGrouping,
  type ReportDateField,
  type ReportDefinition,
  type ReportEntity,
  type ReportFilterName,
  type ReportGrouping,
  type ReportMeasure,
} from '../../domain/report-builder/report-definition';

/**
 * The only SQL a builder report can run: every fragment below is a constant picked by a checked enum
 * value; filter values, dates and the group limit travel as bindings. Nothing a client sends is ever
 * written into the statement's text.
 */
interface EntitySql {
  from: string;
  owner: string;
  dates: Partial<Record<ReportDateField, string>>;
  groups: Partial<Record<ReportGrouping, { key: string; label: string; order: string }>>;
  filters: Partial<Record<ReportFilterName, string>>;
  /** The money a deal measure sums (null for contacts and activities, which are counted). */
  value: string;
  weighted: string;
  /** The records' custom field values (null: the entity has none). */
  customFields: string | null;
}

const OWNER_GROUP = (column: string) => ({ key: `${column}::text`, label: 'u.name', order: '0' });
const DATE_GROUPS = (unit: 'week' | 'month', format: string) => (column: string) => ({
  key: `to_char(date_trunc('${unit}', ${column} AT TIME ZONE 'UTC'), '${format}')`,
  label: `to_char(date_trunc('${unit}', ${column} AT TIME ZONE 'UTC'), '${format}')`,
  order: '0',
});
const WEEK = DATE_GROUPS('week', 'YYYY-MM-DD');
const MONTH = DATE_GROUPS('month', 'YYYY-MM');

// Across pipelines a stage is told by its pipeline (by key; shown by name), except the default pipeline's.
const STAGE_KEY = `CASE WHEN d.pipeline = 'default' THEN d.stage ELSE d.pipeline || ' · ' || d.stage END`;
const STAGE_LABEL = `CASE WHEN d.pipeline = 'default' THEN d.stage ELSE coalesce(p.name, d.pipeline) || ' · ' || d.stage END`;
/** Within the one pipeline a filter names, a stage is its name alone, in the pipeline's order. */
const STAGE_OF_ONE_PIPELINE = { key: 'd.stage', label: 'd.stage', order: 's."order"' };

export const ENTITY_SQL: Record<ReportEntity, EntitySql> = {
  deals: {
    from: `deals d JOIN pipeline_stages s ON s.pipeline = d.pipeline AND s.stage = d.stage
           JOIN pipelines p ON p.key = d.pipeline LEFT JOIN users u ON u.id = d.owner_id`,
    owner: 'd.owner_id',
    dates: { createdAt: 'd.created_at', closedAt: 'd.closed_at' },
    groups: {
      stage: { key: STAGE_KEY, label: STAGE_LABEL, order: `p.position * 1000 + s."order"` },
      owner: OWNER_GROUP('d.owner_id'),
      status: { key: 's.kind', label: 's.kind', order: `CASE s.kind WHEN 'open' THEN 0 WHEN 'won' THEN 1 ELSE 2 END` },
    },
    filters: { ownerId: 'd.owner_id', pipeline: 'd.pipeline', stage: 'd.stage', status: 's.kind' },
    value: 'd.value',
    // The forecast is the open pipeline's: a won deal is revenue already, a lost one nothing (as on the board).
    weighted: `CASE WHEN s.kind = 'open' THEN d.value * d.probability / 100.0 ELSE 0 END`,
    customFields: 'd.custom_fields',
  },
  contacts: {
    from: 'contacts c LEFT JOIN users u ON u.id = c.owner_id',
    owner: 'c.owner_id',
    dates: { createdAt: 'c.created_at' },
    groups: {
      owner: OWNER_GROUP('c.owner_id'),
      source: { key: 'c.source', label: 'c.source', order: '0' },
      status: { key: 'c.status', label: 'c.status', order: '0' },
    },
    filters: { ownerId: 'c.owner_id', source: 'c.source', status: 'c.status' },
    value: 'NULL::numeric',
    weighted: 'NULL::numeric',
    customFields: 'c.custom_fields',
  },
  activities: {
    from: 'activities a LEFT JOIN users u ON u.id = a.assigned_to',
    owner: 'a.assigned_to',
    dates: { createdAt: 'a.created_at', completedAt: 'a.completed_at' },
    groups: {
      owner: OWNER_GROUP('a.assigned_to'),
      type: { key: 'a.type', label: 'a.type', order: '0' },
      status: { key: 'a.status', label: 'a.status', order: '0' },
    },
    filters: { ownerId: 'a.assigned_to', type: 'a.type', status: 'a.status' },
    value: 'NULL::numeric',
    weighted: 'NULL::numeric',
    customFields: null,
  },
};

/** The measure over a group's (or the whole's) n, total and weighted sums, as text. */
const MEASURE_SQL: Record<ReportMeasure, string> = {
  count: 'coalesce(n, 0)::text',
  valueSum: 'coalesce(total, 0)::numeric(16,2)::text',
  weightedValue: 'round(coalesce(weighted, 0), 2)::numeric(16,2)::text',
  averageValue: 'round(total / nullif(n, 0), 2)::numeric(16,2)::text',
};
const MEASURE_RANK: Record<ReportMeasure, string> = {
  count: 'n',
  valueSum: 'coalesce(total, 0)',
  weightedValue: 'coalesce(weighted, 0)',
  averageValue: 'coalesce(total / nullif(n, 0), 0)',
};

/** A fixed fragment for an allowed choice; an unknown one is a programming error, not SQL. */
function pick<K extends string, V>(table: Partial<Record<K, V>>, key: K, what: string): V {
  if (!Object.prototype.hasOwnProperty.call(table, key) || table[key] === undefined)
    throw new Error(`report builder: no SQL for ${what} "${key}"`);
  return table[key];
}

export interface ReportStatement {
  sql: string;
  bindings: (string | number | Date)[];
}

/** The summed custom value: its text read as a number (every value was checked as one when written). */
const CUSTOM_VALUE = (column: string) => `(${column} ->> ?::text)::numeric`;
/** A custom sum as text: an amount with two decimals, a number as it adds up. */
const CUSTOM_MEASURE = {
  currency: 'coalesce(total, 0)::numeric(16,2)::text',
  number: 'coalesce(total, 0)::text',
} as const;

/**
 * One statement: the matching rows grouped, ranked (largest first; by week and month, latest first), the
 * first MAX_REPORT_GROUPS kept (one fewer when more exist, the rest summed as "other"), plus a total row.
 * A custom field grouping (its value, null for none) or sum reads the records' values by the field's key, which
 * travels as a binding like every value.
 */
export function reportStatement(
  definition: ReportDefinition,
  since: Date | null,
  until: Date,
  summed: 'currency' | 'number' = 'number',
): ReportStatement {
  const entity = pick(ENTITY_SQL, definition.entity, 'entity');
  const date = pick(entity.dates, definition.dateField, 'date field');
  // Bindings in the order of the statement's text: the select list's first, then the filters'.
  const bindings: (string | number | Date)[] = [];
  const groupKey = customTargetKey(definition.groupBy);
  const measureKey = customTargetKey(definition.measure);
  const custom = entity.customFields;
  if ((groupKey !== undefined || measureKey !== undefined) && !custom)
    throw new Error(`report builder: ${definition.entity} have no custom fields`);
  const grouped =
    groupKey !== undefined
      ? { key: `${custom} ->> ?::text`, label: `${custom} ->> ?::text`, order: '0' }
      : isTimeGrouping(definition.groupBy)
        ? (definition.groupBy === 'week' ? WEEK : MONTH)(date)
        : definition.groupBy === 'stage' && definition.filters.pipeline !== undefined
          ? STAGE_OF_ONE_PIPELINE
          : pick(entity.groups, definition.groupBy as ReportGrouping, 'grouping');
  if (groupKey !== undefined) bindings.push(groupKey, groupKey);
  const value = measureKey !== undefined ? CUSTOM_VALUE(custom!) : entity.value;
  if (measureKey !== undefined) bindings.push(measureKey);
  const where: string[] = [];
  if (since) {
    where.push(`${date} > ?::timestamptz`);
    bindings.push(since);
  }
  where.push(`${date} <= ?::timestamptz`);
  bindings.push(until);
  for (const name of Object.keys(definition.filters).sort() as ReportFilterName[]) {
    const value = definition.filters[name];
    if (value === undefined) continue;
    where.push(`${pick(entity.filters, name, 'filter')} = ?::${name === 'ownerId' ? 'int' : 'text'}`);
    bindings.push(value);
  }
  const measure = measureKey !== undefined ? CUSTOM_MEASURE[summed] : MEASURE_SQL[definition.measure as ReportMeasure];
  const rank = isTimeGrouping(definition.groupBy)
    ? 'key DESC'
    : `${measureKey !== undefined ? 'coalesce(total, 0)' : MEASURE_RANK[definition.measure as ReportMeasure]} DESC, ord, key NULLS LAST`;
  const sql = `
    WITH groups AS (
      SELECT ${grouped.key} AS key, ${grouped.label} AS label, min(${grouped.order}) AS ord,
             count(*) AS n, sum(${value}) AS total, sum(${entity.weighted}) AS weighted
      FROM ${entity.from}
      WHERE ${where.join(' AND ')}
      GROUP BY 1, 2
    ),
    ranked AS (
      SELECT *, row_number() OVER (ORDER BY ${rank}) AS rn, count(*) OVER () AS groups_total FROM groups
    ),
    kept AS (
      SELECT * FROM ranked WHERE rn <= CASE WHEN groups_total <= ?::int THEN ?::int ELSE ?::int END
    )
    SELECT 'group' AS kind, key, label, ord, rn, n::int AS count, ${measure} AS value, 0 AS folded FROM kept
    UNION ALL
    SELECT 'other', NULL, NULL, NULL, NULL, n::int, ${measure}, folded::int FROM (
      SELECT sum(n) AS n, sum(total) AS total, sum(weighted) AS weighted, count(*) AS folded FROM ranked WHERE rn NOT IN (SELECT rn FROM kept)
    ) o WHERE folded > 0
    UNION ALL
    SELECT 'total', NULL, NULL, NULL, NULL, coalesce(n, 0)::int, ${measure}, 0 FROM (
      SELECT sum(n) AS n, sum(total) AS total, sum(weighted) AS weighted FROM groups
    ) t
    ORDER BY 1, 4, 5`;
  bindings.push(MAX_REPORT_GROUPS, MAX_REPORT_GROUPS, MAX_REPORT_GROUPS - 1);
  return { sql, bindings };
}
