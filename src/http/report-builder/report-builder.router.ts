import { inject, injectable } from 'inversify';
import type { ReportBuilderService } from '../../domain/report-builder/report-builder.service';
import { REPORT_BUILDER_SERVICE } from '../../domain/report-builder/report-builder.tokens';
import { pageOf, viewerOf } from '../crm/crm-routes';
import { NO_CONTENT } from '../response.schemas';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { reportBuilderResponses as responses, reportBuilderSchemas as schemas } from './report-builder.schemas';

/** Like the other reports: admins and developers. */
const REPORT_ROLES = ['admin', 'developer'] as const;
const tag = 'reports';

@injectable()
export class ReportBuilderRouter implements HttpRouter {
  constructor(@inject(REPORT_BUILDER_SERVICE) private readonly builder: ReportBuilderService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'post',
        path: '/api/crm/reports/run',
        access: REPORT_ROLES,
        tag,
        summary:
          'Runs a builder definition without saving it (the preview): at most 100 groups, the rest summed as other',
        schemas: { body: schemas.definition },
        response: responses.result,
        errors: ['REPORT.UNSUPPORTED_COMBINATION'],
        handler: ({ body }) => this.builder.run(body),
      }),
      defineRoute({
        method: 'get',
        path: '/api/crm/saved-reports',
        access: REPORT_ROLES,
        tag,
        summary: "The signed-in user's saved reports and everyone's shared ones, newest first",
        schemas: { query: schemas.list },
        response: responses.page,
        handler: ({ query }, req) => this.builder.list(viewerOf(req), pageOf(query)),
      }),
      defineRoute({
        method: 'post',
        path: '/api/crm/saved-reports',
        access: REPORT_ROLES,
        tag,
        status: 201,
        summary: 'Saves a builder definition under a name, for its author (shared: the team sees it read-only)',
        schemas: { body: schemas.create },
        response: responses.savedReport,
        errors: ['REPORT.UNSUPPORTED_COMBINATION'],
        handler: ({ body }, req) => this.builder.create(viewerOf(req), body),
      }),
      defineRoute({
        method: 'get',
        path: '/api/crm/saved-reports/:id',
        access: REPORT_ROLES,
        tag,
        summary: 'A saved report (own or shared)',
        schemas: { params: schemas.idParams },
        response: responses.savedReport,
        errors: ['SAVED_REPORT.NOT_FOUND'],
        handler: ({ params }, req) => this.builder.get(viewerOf(req), params.id),
      }),
      defineRoute({
        method: 'patch',
        path: '/api/crm/saved-reports/:id',
        access: REPORT_ROLES,
        tag,
        summary: 'Renames, redefines, shares or unshares a saved report (its author only)',
        schemas: { params: schemas.idParams, body: schemas.patch },
        response: responses.savedReport,
        errors: ['SAVED_REPORT.NOT_FOUND', 'SAVED_REPORT.READ_ONLY', 'REPORT.UNSUPPORTED_COMBINATION'],
        handler: ({ params, body }, req) => this.builder.update(viewerOf(req), params.id, body),
      }),
      defineRoute({
        method: 'delete',
        path: '/api/crm/saved-reports/:id',
        access: REPORT_ROLES,
        tag,
        summary: 'Deletes a saved report (its author; an admin too once it is shared)',
        schemas: { params: schemas.idParams },
        response: NO_CONTENT,
        errors: ['SAVED_REPORT.NOT_FOUND', 'SAVED_REPORT.READ_ONLY'],
        handler: ({ params }, req) => this.builder.delete(viewerOf(req), params.id),
      }),
      defineRoute({
        method: 'get',
        path: '/api/crm/saved-reports/:id/result',
        access: REPORT_ROLES,
        tag,
        summary: "A saved report's figures, computed now",
        schemas: { params: schemas.idParams },
        response: responses.result,
        errors: ['SAVED_REPORT.NOT_FOUND'],
        handler: ({ params }, req) => this.builder.result(viewerOf(req), params.id),
      }),
    ];
  }
}
