import Joi from 'joi';
import { REPORT_CATEGORIES, REPORT_PERIODS, type ReportCategory, type ReportFigures, type ReportPeriod } from '../../domain/reports/report';
import type { ReportView } from '../../domain/reports/reports.service';
import { moneySum } from '../crm/deals.schemas';
import { count, id, responseObject, timestamp } from '../response.schemas';

export const reportSchemas = {
  query: Joi.object<{ period: ReportPeriod; category: ReportCategory }, true>({
    period: Joi.number().integer().valid(...REPORT_PERIODS).default(30).description('Days'),
    category: Joi.string().valid(...REPORT_CATEGORIES).default('all'),
  }),
};

const tally = { total: count, completed: count };

const figures = Joi.object({
  salesWon: responseObject({ count, value: moneySum }).description('Deals won within the period'),
  activeContacts: count,
  conversionRate: Joi.number().min(0).max(100).allow(null).description('Won / (won + lost) in percent; null when none closed'),
  completedActivities: count,
  averageTicket: moneySum.allow(null).description('Null when nothing was won'),
  funnel: Joi.array().items(responseObject({ pipeline: Joi.string(), stage: Joi.string(), kind: Joi.string(), count, value: moneySum })),
  wonOverTime: Joi.array().items(responseObject({ bucket: Joi.string(), count, value: moneySum })).description('Days, weeks or months by period'),
  activitiesByType: Joi.array().items(responseObject({ type: Joi.string(), ...tally })),
  activitiesByPerson: Joi.array().items(responseObject({ userId: id.allow(null), name: Joi.string().allow(null), ...tally })),
} satisfies Joi.StrictSchemaMap<ReportFigures>);

export const reportResponses = {
  report: responseObject({
    period: Joi.number().valid(...REPORT_PERIODS).description('Days'),
    category: Joi.string().valid(...REPORT_CATEGORIES),
    computedAt: timestamp.allow(null).description('Null until the figures are first computed'),
    figures: figures.allow(null).description('Null until computed; each figure only when the category shows it (every one for all)'),
  } satisfies Joi.StrictSchemaMap<ReportView>),
  refresh: responseObject({ queued: Joi.valid(true) }),
};
