import { z } from 'zod';
import { REPORT_FIELD_ENTITY, reportFieldKey } from '../../lib/report-choices';
import type { ReportDefinition, ReportGroup } from './api/run-report';

type Entity = ReportDefinition['entity'];
type Measure = NonNullable<ReportDefinition['measure']>;
type Grouping = ReportDefinition['groupBy'];
type DateField = NonNullable<ReportDefinition['dateField']>;
type Chart = NonNullable<ReportDefinition['chart']>;

export const ENTITIES: readonly Entity[] = ['deals', 'contacts', 'activities'];
export const CHARTS: readonly Chart[] = ['bar', 'line', 'table'];
export const PERIODS = ['7', '30', '90', '365', 'all'] as const;
/** A Select cannot hold '': no filter. */
export const ANY = 'any';

/** What each entity allows, as the server checks it (deals' status is the stage kind). */
export const RULES: Record<
  Entity,
  {
    measures: Measure[];
    groupings: Grouping[];
    dateFields: DateField[];
    statuses: string[];
    types: string[];
    /** Deals only: a pipeline and one of its stages. */
    stage: boolean;
    source: boolean;
  }
> = {
  deals: {
    measures: ['count', 'valueSum', 'weightedValue', 'averageValue'],
    groupings: ['owner', 'stage', 'status', 'week', 'month'],
    dateFields: ['createdAt', 'closedAt'],
    statuses: ['open', 'won', 'lost'],
    types: [],
    stage: true,
    source: false,
  },
  contacts: {
    measures: ['count'],
    groupings: ['owner', 'source', 'status', 'week', 'month'],
    dateFields: ['createdAt'],
    statuses: ['lead', 'prospect', 'customer', 'inactive'],
    types: [],
    stage: false,
    source: true,
  },
  activities: {
    measures: ['count'],
    groupings: ['owner', 'type', 'status', 'week', 'month'],
    dateFields: ['createdAt', 'completedAt'],
    statuses: ['pending', 'completed'],
    types: ['task', 'call', 'email', 'meeting', 'note'],
    stage: false,
    source: false,
  },
};

export const reportFormSchema = z.object({
  name: z.string().trim().min(1).max(120),
  shared: z.boolean(),
  entity: z.enum(['deals', 'contacts', 'activities']),
  // Besides the fixed choices, a custom field of the records: `customFields.<key>` (the server checks it).
  measure: z.string(),
  groupBy: z.string(),
  dateField: z.enum(['createdAt', 'closedAt', 'completedAt']),
  period: z.enum(PERIODS),
  chart: z.enum(['bar', 'line', 'table']),
  ownerId: z.string(),
  pipeline: z.string(),
  stage: z.string(),
  status: z.string(),
  type: z.string(),
  source: z.string().trim().max(100),
});

export type ReportFormValues = z.input<typeof reportFormSchema>;

export const DEFAULT_FORM: ReportFormValues = {
  name: '',
  shared: false,
  entity: 'deals',
  measure: 'valueSum',
  groupBy: 'owner',
  dateField: 'createdAt',
  period: '30',
  chart: 'bar',
  ownerId: ANY,
  pipeline: ANY,
  stage: ANY,
  status: ANY,
  type: ANY,
  source: '',
};

/** A choice naming a custom field, kept for an entity that has them (deals, contacts). */
const customChoice = (entity: Entity, value: string) =>
  REPORT_FIELD_ENTITY[entity] !== null && reportFieldKey(value) !== undefined;

/**
 * The choices that no longer apply once the entity changes, put back to one that does. `from`: the entity they
 * were made for; a custom field of another entity's records is dropped.
 */
export function fitToEntity(values: ReportFormValues, from: Entity = values.entity): ReportFormValues {
  const rules = RULES[values.entity];
  const custom = (value: string) => from === values.entity && customChoice(values.entity, value);
  return {
    ...values,
    measure: rules.measures.includes(values.measure) || custom(values.measure) ? values.measure : rules.measures[0],
    groupBy: rules.groupings.includes(values.groupBy) || custom(values.groupBy) ? values.groupBy : rules.groupings[0],
    dateField: rules.dateFields.includes(values.dateField) ? values.dateField : 'createdAt',
    status: rules.statuses.includes(values.status) ? values.status : ANY,
    type: rules.types.includes(values.type) ? values.type : ANY,
    pipeline: rules.stage ? values.pipeline : ANY,
    stage: rules.stage ? values.stage : ANY,
    source: rules.source ? values.source : '',
  };
}

/** The form as the API's definition: only the filters that apply and are set. */
export function toDefinition(input: ReportFormValues): ReportDefinition {
  const values = fitToEntity(input);
  const set = (value: string) => (value === ANY || value.trim() === '' ? undefined : value.trim());
  const filters: NonNullable<ReportDefinition['filters']> = {};
  const ownerId = set(values.ownerId);
  if (ownerId) filters.ownerId = Number(ownerId);
  if (set(values.pipeline)) filters.pipeline = set(values.pipeline);
  if (set(values.stage)) filters.stage = set(values.stage);
  if (set(values.status)) filters.status = set(values.status) as NonNullable<typeof filters.status>;
  if (set(values.type)) filters.type = set(values.type) as NonNullable<typeof filters.type>;
  if (set(values.source)) filters.source = set(values.source);
  return {
    entity: values.entity,
    measure: values.measure,
    groupBy: values.groupBy,
    dateField: values.dateField,
    periodDays: values.period === 'all' ? null : (Number(values.period) as 7 | 30 | 90 | 365),
    chart: values.chart,
    filters,
  };
}

/** A saved definition back in the form. */
export function fromDefinition(definition: ReportDefinition, name: string, shared: boolean): ReportFormValues {
  const f = definition.filters ?? {};
  return {
    name,
    shared,
    entity: definition.entity,
    measure: definition.measure ?? 'count',
    groupBy: definition.groupBy,
    dateField: definition.dateField ?? 'createdAt',
    period:
      definition.periodDays === null || definition.periodDays === undefined
        ? 'all'
        : (String(definition.periodDays) as ReportFormValues['period']),
    chart: definition.chart ?? 'bar',
    ownerId: f.ownerId ? String(f.ownerId) : ANY,
    pipeline: f.pipeline ?? ANY,
    stage: f.stage ?? ANY,
    status: f.status ?? ANY,
    type: f.type ?? ANY,
    source: f.source ?? '',
  };
}

/** The view as CSV (semicolon-separated with decimal commas, as spreadsheets in pt-BR expect): one row per group, then the total. */
export function reportCsv(
  header: [string, string, string],
  rows: { label: string; count: number; value: string | null }[],
  total: { label: string; count: number; value: string | null },
): string {
  const cell = (value: string) =>
    /[";\n\r]/.test(value) || /^[=+\-@]/.test(value)
      ? `"${value.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"`
      : value;
  const line = (r: { label: string; count: number; value: string | null }) =>
    [cell(r.label), String(r.count), (r.value ?? '').replace('.', ',')].join(';');
  return `\uFEFF${[header.map(cell).join(';'), ...rows.map(line), line(total)].join('\r\n')}\r\n`;
}

export const groupNumber = (group: Pick<ReportGroup, 'value'>): number =>
  group.value === null ? 0 : Number(group.value);
