import { CUSTOM_FIELD_FILTER } from '../crm/fields.schemas';
import Joi from 'joi';
import {
  BUILDER_PERIODS,
  ENTITY_RULES,
  REPORT_CHARTS,
  REPORT_DATE_FIELDS,
  REPORT_ENTITIES,
  REPORT_GROUPINGS,
  REPORT_MEASURES,
  type ReportDefinition,
  type ReportFilters,
} from '../../domain/report-builder/report-definition';
import type { ReportGroup, ReportResult } from '../../domain/report-builder/report-result';
import { PIPELINE_KEY_PATTERN } from '../../domain/deals/pipeline';
import {
  SAVED_REPORT_NAME_MAX,
  type SavedReportFields,
  type SavedReportView,
} from '../../domain/report-builder/saved-report';
import { idParams, pageQuery, recordId, type PageQuery } from '../crm/crm.schemas';
import { count, id, pageResponse, responseObject, timestamp } from '../response.schemas';

const STATUSES = [...new Set(Object.values(ENTITY_RULES).flatMap((r) => r.statuses))];
const TYPES = [...new Set(Object.values(ENTITY_RULES).flatMap((r) => r.types))];

const filterFields = {
  ownerId: recordId.description("Deals' and contacts' owner, activities' assignee"),
  pipeline: Joi.string()
    .pattern(PIPELINE_KEY_PATTERN)
    .description("Deals only: one pipeline's key; without it every pipeline's deals, summed"),
  stage: Joi.string()
    .trim()
    .min(1)
    .max(60)
    .description('Deals only: a stage name (in every pipeline that has it, unless a pipeline is named)'),
  status: Joi.string()
    .valid(...STATUSES)
    .description(
      'Deals: open, won, lost (the stage kind); contacts: lead, prospect, customer, inactive; activities: pending, completed',
    ),
  source: Joi.string().trim().min(1).max(100).description('Contacts only'),
  type: Joi.string()
    .valid(...TYPES)
    .description('Activities only'),
} satisfies Joi.StrictSchemaMap<ReportFilters>;

/** One of `values`, or a custom field of the report's records as `customFields.<key>` (checked against them by the service). */
const choiceOr = (values: readonly string[]) =>
  Joi.string().pattern(new RegExp(`^(${values.join('|')})$|${CUSTOM_FIELD_FILTER.source}`), {
    name: `one of ${values.join(', ')}, or customFields.<key>`,
  });

const definitionFields = {
  entity: Joi.string().valid(...REPORT_ENTITIES),
  measure: choiceOr(REPORT_MEASURES).description(
    'count, or valueSum, weightedValue (value × the deal probability) and averageValue: deals only; customFields.<key>: the sum of a currency or number field of deals or contacts',
  ),
  groupBy: choiceOr(REPORT_GROUPINGS).description(
    'stage: deals; source: contacts; type: activities; owner, status, week, month: all; customFields.<key>: a select or checkbox field of deals or contacts (GET /api/crm/fields)',
  ),
  dateField: Joi.string()
    .valid(...REPORT_DATE_FIELDS)
    .description(
      'What the period and week/month read: closedAt for deals, completedAt for activities, createdAt for all',
    ),
  periodDays: Joi.number()
    .integer()
    .valid(...BUILDER_PERIODS)
    .allow(null)
    .description('Days back from now; null: all time'),
  filters: Joi.object(filterFields),
  chart: Joi.string().valid(...REPORT_CHARTS),
} satisfies Joi.StrictSchemaMap<ReportDefinition>;

/** A definition as sent: what to count and how to group it are required, the rest has defaults. */
const definition = Joi.object<ReportDefinition, true>({
  ...definitionFields,
  entity: definitionFields.entity.required(),
  groupBy: definitionFields.groupBy.required(),
  measure: definitionFields.measure.default('count'),
  dateField: definitionFields.dateField.default('createdAt'),
  periodDays: definitionFields.periodDays.default(30),
  filters: definitionFields.filters.default({}),
  chart: definitionFields.chart.default('bar'),
});

const name = Joi.string().trim().min(1).max(SAVED_REPORT_NAME_MAX);

export const reportBuilderSchemas = {
  definition,
  idParams,
  list: Joi.object<PageQuery, true>(pageQuery),
  create: Joi.object<SavedReportFields, true>({
    name: name.required(),
    definition: definition.required(),
    shared: Joi.boolean().default(false),
  }),
  patch: Joi.object<Partial<SavedReportFields>, true>({ name, definition, shared: Joi.boolean() }).min(1),
};

const definitionResponse = responseObject({
  ...definitionFields,
  periodDays: definitionFields.periodDays.required(),
  filters: Joi.object(Object.fromEntries(Object.entries(filterFields).map(([k, s]) => [k, s.optional()]))).required(),
});

const group = responseObject({
  key: Joi.string()
    .allow(null)
    .description(
      'Stage, user id, source, status, type, week Monday (YYYY-MM-DD) or month (YYYY-MM); null: none, or the other group',
    ),
  label: Joi.string().allow(null).description("The stage or owner's name; the key otherwise"),
  other: Joi.boolean().description('The groups beyond the first 99, summed'),
  count,
  value: Joi.string()
    .allow(null)
    .description(
      'The measure: an integer string for count, a decimal string for money; null for an average of nothing',
    ),
} satisfies Joi.StrictSchemaMap<ReportGroup>);

const savedReport = responseObject({
  id,
  name: Joi.string(),
  definition: definitionResponse,
  shared: Joi.boolean(),
  authorId: id,
  authorName: Joi.string(),
  canEdit: Joi.boolean().description('Only the author edits'),
  canDelete: Joi.boolean().description('The author; an admin too once it is shared'),
  createdAt: timestamp,
  updatedAt: timestamp,
} satisfies Joi.StrictSchemaMap<SavedReportView>);

export const reportBuilderResponses = {
  result: responseObject({
    definition: definitionResponse,
    groups: Joi.array().items(group).max(100),
    total: responseObject({ count, value: Joi.string().allow(null) }),
    otherGroups: count.description('How many groups the other group sums (0: none)'),
    since: timestamp.allow(null).description('Start of the window read (exclusive); null for all time'),
    until: timestamp,
  } satisfies Joi.StrictSchemaMap<ReportResult>),
  savedReport,
  page: pageResponse(savedReport),
};
