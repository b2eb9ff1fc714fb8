import { stringify } from 'csv-stringify/sync';
import { inject, injectable } from 'inversify';
import { QUICK_REPORTS, QUICK_REPORT_USES_PIPELINE, type QuickReportName } from '../../domain/reports/report';
import type { ReportsService } from '../../domain/reports/reports.service';
import { REPORTS_SERVICE } from '../../domain/reports/reports.tokens';
import { cellWriter, csvCell, csvFormat, UTF8_BOM } from '../csv';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { CSV } from '../response.schemas';
import { overviewTable, quickReportTable } from './report-csv';
import { reportResponses, reportSchemas } from './reports.schemas';

const REPORT_ROLES = ['admin', 'developer'] as const;

const QUICK_SUMMARIES: Record<QuickReportName, string> = {
  'sales-by-salesperson':
    'Deals closed within the period by owner: won count and value, lost, conversion, average ticket (live, at most 100 rows)',
  forecast:
    'Open deals by expected close month, with value and weighted value (live; overdue, 12 months, later, undated)',
  'overdue-activities': 'Pending activities past their due date by assignee, most first (live, at most 100 rows)',
  'lead-sources':
    'Contacts created within the period by source, and how many are customers now (live, at most 100 rows)',
};

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
        errors: ['PIPELINE.NOT_FOUND'],
        handler: ({ query }) => this.reports.latest(query.period, query.category, query.pipeline ?? null),
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
      ...QUICK_REPORTS.map((name) =>
        defineRoute({
          method: 'get',
          path: `/api/crm/reports/${name}`,
          access: REPORT_ROLES,
          summary: QUICK_SUMMARIES[name],
          tag: 'reports',
          schemas: { query: reportSchemas.quickQuery },
          response: reportResponses.quick(name),
          errors: ['PIPELINE.NOT_FOUND'],
          handler: ({ query }) => this.reports.quick(name, query.period, query.pipeline ?? null),
        }),
      ),
      defineRoute({
        method: 'get',
        path: '/api/crm/reports/export',
        access: REPORT_ROLES,
        summary:
          'The current view (overview of a category, or a quick report) as UTF-8 CSV with a byte-order mark; format=excel writes labels in `lang`, dates in `tz` and (pt) decimal commas and `;`',
        tag: 'reports',
        schemas: { query: reportSchemas.exportQuery },
        response: CSV,
        errors: ['PIPELINE.NOT_FOUND'],
        handler: async ({ query }, _req, res) => {
          const pipeline = query.pipeline ?? null;
          const format = csvFormat(query);
          const cell = cellWriter(format);
          const table =
            query.view === 'overview'
              ? overviewTable(
                  (await this.reports.latest(query.period, query.category, pipeline)).figures,
                  query.lang,
                  cell,
                )
              : quickReportTable(
                  query.view,
                  (await this.reports.quick(query.view, query.period, pipeline)).rows,
                  query.lang,
                  cell,
                );
          // The pipeline in the name only where it narrowed the figures.
          const narrowed = pipeline && (query.view === 'overview' || QUICK_REPORT_USES_PIPELINE[query.view]);
          const view = query.view === 'overview' ? query.category : query.view;
          const name = `report-${view}${narrowed ? `-${pipeline}` : ''}-${query.period}d.csv`;
          const body = stringify([table.header.map(csvCell), ...table.rows], { delimiter: format.delimiter });
          res
            .status(200)
            .type('text/csv; charset=utf-8')
            .attachment(name)
            .send(UTF8_BOM + body);
          return undefined;
        },
      }),
    ];
  }
}
