import Joi from 'joi';
import { REPORT_CATEGORIES, REPORT_PERIODS, type ReportCategory, type ReportPeriod } from '../../domain/reports/report';

export const reportSchemas = {
  query: Joi.object<{ period: ReportPeriod; category: ReportCategory }, true>({
    period: Joi.number().integer().valid(...REPORT_PERIODS).default(30).description('Days'),
    category: Joi.string().valid(...REPORT_CATEGORIES).default('all'),
  }),
};
