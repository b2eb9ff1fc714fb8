import { inject, injectable } from 'inversify';
import type { ReportsService } from '../../domain/reports/reports.service';
import { REPORTS_SERVICE } from '../../domain/reports/reports.tokens';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { reportResponses, reportSchemas } from './reports.schemas';

const REPORT_ROLES = ['admin', 'developer'] as const;

@injectable()
export class ReportsRouter implements HttpRouter {
  constructor(@inject(REPORTS_SERVICE) private readonly reports: ReportsService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/api/crm/reports',
        access: REPORT_ROLES,
        summary: 'The latest report figures of a period, as last computed (computedAt null: not computed yet)',
        tag: 'reports',
        schemas: { query: reportSchemas.query },
        response: reportResponses.report,
        handler: ({ query }) => this.reports.latest(query.period, query.category),
      }),
      defineRoute({
        method: 'post',
        path: '/api/crm/reports/refresh',
        access: REPORT_ROLES,
        summary: 'Queues a recomputation of every period; GET shows the new figures once computedAt changes',
        tag: 'reports',
        status: 202,
        response: reportResponses.refresh,
        errors: ['SERVICE.UNAVAILABLE'],
        handler: async () => {
          await this.reports.requestRefresh();
          return { queued: true };
        },
      }),
    ];
  }
}
