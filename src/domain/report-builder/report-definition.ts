import { ACTIVITY_STATUSES, ACTIVITY_TYPES } from '../activities/activity';
import { CONTACT_STATUSES } from '../contacts/contact';
import { STAGE_KINDS } from '../deals/deal';
import { FieldError } from '../crm/crm.errors';
import type { CustomField, CustomFieldEntity } from '../custom-fields/custom-field';
import { customTargetKey } from '../custom-fields/custom-field-cell';

/**
 * A builder report: what to count, how to measure it, how to group it, over which period, with which
 * filters, shown as which chart. Every choice is one of a fixed list; the SQL behind each choice is fixed
 * too (infrastructure), so a definition can only pick among allowed columns, never name one.
 */
export const REPORT_ENTITIES = ['deals', 'contacts', 'activities'] as const;
export type ReportEntity = (typeof REPORT_ENTITIES)[number];

/** weightedValue: value × the deal's probability (what the board's column headers sum). */
export const REPORT_MEASURES = ['count', 'valueSum', 'weightedValue', 'averageValue'] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];

export const REPORT_GROUPINGS = ['stage', 'owner', 'source', 'status', 'type', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** Which date the period and the week/month groupings read. */
export const REPORT_DATE_FIELDS = ['createdAt', 'closedAt', 'completedAt'] as const;
export type ReportDateField = (typeof REPORT_DATE_FIELDS)[number];

export const REPORT_CHARTS = ['bar', 'line', 'table'] as const;
export type ReportChart = (typeof REPORT_CHARTS)[number];

/** Days back from now; null: all time. */
export const BUILDER_PERIODS = [7, 30, 90, 365] as const;
export type BuilderPeriod = (typeof BUILDER_PERIODS)[number] | null;

export const REPORT_FILTERS = ['ownerId', 'pipeline', 'stage', 'status', 'source', 'type'] as const;
export type ReportFilterName = (typeof REPORT_FILTERS)[number];

export interface ReportFilters {
  /** Deals' owner, contacts' owner, activities' assignee. */
  ownerId?: number;
  /** Deals only: one pipeline's deals; none: every pipeline's, summed. */
  pipeline?: string;
  stage?: string;
  status?: string;
  source?: string;
  type?: string;
}

/**
 * A custom field of the report's records (issue 27), as `customFields.<key>`: to group by (a single choice or a
 * yes/no field), or, as the measure, to sum (an amount or a number).
 */
export type CustomFieldChoice = `customFields.${string}`;

export interface ReportDefinition {
  entity: ReportEntity;
  measure: ReportMeasure | CustomFieldChoice;
  groupBy: ReportGrouping | CustomFieldChoice;
  dateField: ReportDateField;
  periodDays: BuilderPeriod;
  filters: ReportFilters;
  chart: ReportChart;
}

/** What each entity allows. Status means the stage kind for deals (open, won, lost). */
export const ENTITY_RULES: Record<
  ReportEntity,
  {
    measures: readonly ReportMeasure[];
    groupings: readonly ReportGrouping[];
    dateFields: readonly ReportDateField[];
    filters: readonly ReportFilterName[];
    statuses: readonly string[];
    types: readonly string[];
    /** Whose custom fields it may group by and sum; null: none. */
    customFields: CustomFieldEntity | null;
  }
> = {
  deals: {
    customFields: 'deal',
    measures: REPORT_MEASURES,
    groupings: ['stage', 'owner', 'status', 'week', 'month'],
    dateFields: ['createdAt', 'closedAt'],
    filters: ['ownerId', 'pipeline', 'stage', 'status'],
    statuses: STAGE_KINDS,
    types: [],
  },
  contacts: {
    customFields: 'contact',
    measures: ['count'],
    groupings: ['owner', 'source', 'status', 'week', 'month'],
    dateFields: ['createdAt'],
    filters: ['ownerId', 'source', 'status'],
    statuses: CONTACT_STATUSES,
    types: [],
  },
  activities: {
    customFields: null,
    measures: ['count'],
    groupings: ['owner', 'type', 'status', 'week', 'month'],
    dateFields: ['createdAt', 'completedAt'],
    filters: ['ownerId', 'type', 'status'],
    statuses: ACTIVITY_STATUSES,
    types: ACTIVITY_TYPES,
  },
};

/** At most this many groups come back; beyond it the smallest (or, by week and month, the oldest) are summed as one "other" group. */
export const MAX_REPORT_GROUPS = 100;

const WHAT: Record<ReportEntity, string> = { deals: 'deals', contacts: 'contacts', activities: 'activities' };

export class UnsupportedCombinationError extends FieldError {
  constructor(path: string, message: string) {
    super(path, message, 'REPORT.UNSUPPORTED_COMBINATION');
  }
}

/**
 * The combinations each entity allows; each refusal names its field (under `prefix`, e.g. `definition.`).
 * Every value is already one of its list (the request schema); this checks them against each other.
 */
export function checkDefinition(
  definition: ReportDefinition,
  prefix = '',
  customFields: readonly CustomField[] = [],
): ReportDefinition {
  const rules = ENTITY_RULES[definition.entity];
  const what = WHAT[definition.entity];
  /** The entity's custom field a choice names (retired ones too: a saved report keeps reading its data). */
  const customField = (choice: string, path: string, types: readonly string[], use: string) => {
    const key = customTargetKey(choice);
    if (key === undefined) return false;
    const field = rules.customFields
      ? customFields.find((f) => f.key === key && f.entity === rules.customFields)
      : undefined;
    if (!field) throw new UnsupportedCombinationError(`${prefix}${path}`, `${choice} is not a custom field of ${what}`);
    if (!types.includes(field.type))
      throw new UnsupportedCombinationError(
        `${prefix}${path}`,
        `${choice} is a ${field.type} field; ${use} a ${types.join(' or ')} field`,
      );
    return true;
  };
  const customMeasure = customField(definition.measure, 'measure', SUMMED_TYPES, 'a report sums');
  const customGrouping = customField(definition.groupBy, 'groupBy', GROUPING_TYPES, 'a report groups by');
  if (!customMeasure && !rules.measures.includes(definition.measure as ReportMeasure)) {
    throw new UnsupportedCombinationError(
      `${prefix}measure`,
      `measure "${definition.measure}" applies to deals only; ${what} are counted`,
    );
  }
  if (!customGrouping && !rules.groupings.includes(definition.groupBy as ReportGrouping)) {
    throw new UnsupportedCombinationError(
      `${prefix}groupBy`,
      `${what} cannot be grouped by ${definition.groupBy}; allowed: ${rules.groupings.join(', ')}`,
    );
  }
  if (!rules.dateFields.includes(definition.dateField)) {
    throw new UnsupportedCombinationError(
      `${prefix}dateField`,
      `${what} have no ${definition.dateField}; allowed: ${rules.dateFields.join(', ')}`,
    );
  }
  for (const name of REPORT_FILTERS) {
    if (definition.filters[name] === undefined) continue;
    if (!rules.filters.includes(name)) {
      throw new UnsupportedCombinationError(
        `${prefix}filters.${name}`,
        `${what} cannot be filtered by ${name}; allowed: ${rules.filters.join(', ')}`,
      );
    }
  }
  const { status, type } = definition.filters;
  if (status !== undefined && !rules.statuses.includes(status)) {
    throw new UnsupportedCombinationError(
      `${prefix}filters.status`,
      `status of ${what} is one of ${rules.statuses.join(', ')}`,
    );
  }
  if (type !== undefined && !rules.types.includes(type)) {
    throw new UnsupportedCombinationError(`${prefix}filters.type`, `type is one of ${rules.types.join(', ')}`);
  }
  return definition;
}

/** The custom field types a report sums, and those it groups by (one value per record). */
export const SUMMED_TYPES = ['currency', 'number'] as const;
export const GROUPING_TYPES = ['select', 'checkbox'] as const;

export const isTimeGrouping = (groupBy: ReportDefinition['groupBy']): groupBy is 'week' | 'month' =>
  groupBy === 'week' || groupBy === 'month';
