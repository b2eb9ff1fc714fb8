import Joi from 'joi';
import {
  CARD_KEYS,
  QUICK_REPORTS,
  REPORT_CATEGORIES,
  REPORT_PERIODS,
  type CardFigures,
  type ForecastRow,
  type LeadSourceRow,
  type OverdueActivitiesRow,
  type QuickReportName,
  type ReportCategory,
  type ReportFigures,
  type ReportPeriod,
  type SalesBySalespersonRow,
  type SalespersonFigures,
} from '../../domain/reports/report';
import type { QuickReportView, ReportView } from '../../domain/reports/reports.service';
import { fileQuerySchemas, type ExportLanguage, type FileQuery } from '../csv';
import { moneySum } from '../crm/deals.schemas';
import { PIPELINE_KEY_PATTERN } from '../../domain/deals/pipeline';
import { count, id, responseObject, timestamp } from '../response.schemas';

const period = Joi.number()
  .integer()
  .valid(...REPORT_PERIODS)
  .default(30)
  .description('Days');

/** The views the export writes: the overview (the metric cards and charts of a category) or a quick report. */
export const REPORT_VIEWS = ['overview', ...QUICK_REPORTS] as const;
export type ReportViewName = (typeof REPORT_VIEWS)[number];

const pipeline = Joi.string()
  .pattern(PIPELINE_KEY_PATTERN)
  .description(
    "One pipeline's deals (its key; 404 PIPELINE.NOT_FOUND for none such); without it every pipeline's, summed. Contacts and activities figures are the team's either way",
  );

export interface ReportExportQuery extends FileQuery {
  view: ReportViewName;
  period: ReportPeriod;
  pipeline?: string;
  category: ReportCategory;
  lang: ExportLanguage;
}

export const reportSchemas = {
  query: Joi.object<{ period: ReportPeriod; category: ReportCategory; pipeline?: string }, true>({
    period,
    pipeline,
    category: Joi.string()
      .valid(...REPORT_CATEGORIES)
      .default('all'),
  }),
  quickQuery: Joi.object<{ period: ReportPeriod; pipeline?: string }, true>({
    period,
    pipeline: pipeline.description(
      "Sales by salesperson and forecast: one pipeline's deals (404 PIPELINE.NOT_FOUND for none such); without it every pipeline's. The other quick reports ignore it",
    ),
  }),
  exportQuery: Joi.object<ReportExportQuery, true>({
    view: Joi.string()
      .valid(...REPORT_VIEWS)
      .default('overview'),
    period,
    category: Joi.string()
      .valid(...REPORT_CATEGORIES)
      .default('all')
      .description("The overview's category; quick reports ignore it"),
    pipeline,
    ...fileQuerySchemas,
    lang: fileQuerySchemas.lang.default('pt'),
  }),
};

const tally = { total: count, completed: count };
const rate = Joi.number().min(0).max(100).allow(null);

const cardFigures = {
  salesWon: responseObject({ count, value: moneySum }).description('Deals won within the window'),
  activeContacts: count,
  conversionRate: rate.description('Won / (won + lost) in percent; null when none closed'),
  completedActivities: count,
  averageTicket: moneySum.allow(null).description('Null when nothing was won'),
  newDeals: count.description('Deals created within the window'),
} satisfies Joi.StrictSchemaMap<CardFigures>;

const change = Joi.number().allow(null);

const salesperson = responseObject({
  userId: id,
  name: Joi.string(),
  wonCount: count,
  wonValue: moneySum,
  conversionRate: rate,
  activitiesDone: count,
} satisfies Joi.StrictSchemaMap<SalespersonFigures>);

const figures = Joi.object({
  ...cardFigures,
  previous: responseObject(cardFigures).description(
    'The same card figures for the window of the same length just before',
  ),
  changes: responseObject(Object.fromEntries(CARD_KEYS.map((k) => [k, change]))).description(
    'Change against the previous window in percent (conversionRate: percentage points); null when it cannot be told',
  ),
  funnel: Joi.array().items(
    responseObject({ pipeline: Joi.string(), stage: Joi.string(), kind: Joi.string(), count, value: moneySum }),
  ),
  wonOverTime: Joi.array()
    .items(responseObject({ bucket: Joi.string(), count, value: moneySum }))
    .description('Days, weeks or months by period'),
  activitiesByType: Joi.array().items(responseObject({ type: Joi.string(), ...tally })),
  activitiesByPerson: Joi.array().items(
    responseObject({ userId: id.allow(null), name: Joi.string().allow(null), ...tally }),
  ),
  performance: Joi.array().items(salesperson).description('Per salesperson, best won value first'),
} satisfies Joi.StrictSchemaMap<ReportFigures>);

const quickRows: Record<QuickReportName, Joi.Schema> = {
  'sales-by-salesperson': responseObject({
    userId: id.allow(null),
    name: Joi.string().allow(null),
    wonCount: count,
    wonValue: moneySum,
    lostCount: count,
    conversionRate: rate,
    averageTicket: moneySum.allow(null),
  } satisfies Joi.StrictSchemaMap<SalesBySalespersonRow>),
  forecast: responseObject({
    bucket: Joi.string().valid('overdue', 'month', 'later', 'undated'),
    month: Joi.string().allow(null).description('YYYY-MM for a month bucket'),
    count,
    value: moneySum,
    weightedValue: moneySum.description('Sum of value × probability / 100'),
  } satisfies Joi.StrictSchemaMap<ForecastRow>),
  'overdue-activities': responseObject({
    userId: id.allow(null),
    name: Joi.string().allow(null),
    count,
    oldestDueDate: timestamp,
  } satisfies Joi.StrictSchemaMap<OverdueActivitiesRow>),
  'lead-sources': responseObject({
    source: Joi.string().allow(null),
    contacts: count,
    customers: count,
    conversionRate: Joi.number().min(0).max(100),
  } satisfies Joi.StrictSchemaMap<LeadSourceRow>),
};

const quickReport = (name: QuickReportName) =>
  responseObject({
    report: Joi.string().valid(name),
    pipeline: Joi.string()
      .allow(null)
      .description('The pipeline counted; null: every pipeline (always null for the reports that count no deals)'),
    period: Joi.number()
      .valid(...REPORT_PERIODS)
      .allow(null)
      .description('Null: the report shows what is open now, whatever the period'),
    generatedAt: timestamp,
    rows: Joi.array().items(quickRows[name]),
  } satisfies Record<keyof QuickReportView<QuickReportName>, Joi.Schema>);

export const reportResponses = {
  report: responseObject({
    period: Joi.number()
      .valid(...REPORT_PERIODS)
      .description('Days'),
    category: Joi.string().valid(...REPORT_CATEGORIES),
    pipeline: Joi.string().allow(null).description("The pipeline whose deals are counted; null: every pipeline's"),
    computedAt: timestamp.allow(null).description('Null until the figures are first computed'),
    figures: figures
      .allow(null)
      .description('Null until computed; each figure only when the category shows it (every one for all)'),
  } satisfies Joi.StrictSchemaMap<ReportView>),
  refresh: responseObject({ queued: Joi.valid(true) }),
  quick: quickReport,
};
