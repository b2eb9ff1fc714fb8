import { inject, injectable } from 'inversify';
import type { DealFilter } from '../../domain/deals/deal';
import type { DealsService } from '../../domain/deals/deals.service';
import { DEALS_SERVICE } from '../../domain/deals/deals.tokens';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { idParams } from './crm.schemas';
import { accessFor, crudRoutes, viewerOf } from './crm-routes';
import { dealSchemas, toSummaryFilter } from './deals.schemas';

@injectable()
export class DealsRouter implements HttpRouter {
  constructor(@inject(DEALS_SERVICE) private readonly deals: DealsService) {}

  routes(): RouteDefinition[] {
    const crud = crudRoutes({
      path: '/api/crm/deals',
      tag: 'deals',
      noun: ['deal', 'deals'],
      resource: 'deal',
      service: this.deals,
      schemas: dealSchemas,
      listNote: '; customFields.<key>=<value> parameters filter by custom fields (GET /api/crm/fields lists them)',
      toFilter: (q): DealFilter => ({
        pipeline: q.pipeline,
        stage: q.stage,
        order: q.order === 'position' ? 'position' : undefined,
        sort: q.sort ? { by: q.sort, order: q.order === 'desc' ? 'desc' : 'asc' } : undefined,
        ...toSummaryFilter(q),
        contactId: q.contactId ?? q.contact,
        companyId: q.companyId,
      }),
      notFound: 'DEAL.NOT_FOUND',
      writeErrors: ['DEAL.INVALID_STAGE', 'DEAL.LOST_REASON_REQUIRED'],
    });
    const move = defineRoute({
      method: 'post',
      path: '/api/crm/deals/:id/move',
      access: accessFor('deal', 'update'),
      tag: 'deals',
      summary:
        "Move a deal to a stage of its pipeline, at a position in the stage's column (one timeline entry when the stage changes)",
      schemas: { params: idParams, body: dealSchemas.move },
      response: dealSchemas.item,
      errors: ['DEAL.NOT_FOUND', 'RESOURCE.CONFLICT', 'DEAL.INVALID_STAGE', 'DEAL.LOST_REASON_REQUIRED'],
      handler: ({ params, body }, req) => this.deals.move(viewerOf(req), params.id, body),
    });
    const contacts = defineRoute({
      method: 'put',
      path: '/api/crm/deals/:id/contacts',
      access: accessFor('deal', 'update'),
      tag: 'deals',
      summary:
        "Replace the deal's people, each with a role and at most one primary (contactId follows it); one timeline entry",
      schemas: { params: idParams, body: dealSchemas.contacts },
      response: dealSchemas.item,
      errors: ['DEAL.NOT_FOUND', 'RESOURCE.CONFLICT', 'AUTH.FORBIDDEN'],
      handler: ({ params, body }, req) => this.deals.setContacts(viewerOf(req), params.id, body.items, body.updatedAt),
    });
    return [...crud, move, contacts];
  }
}
