import { inject, injectable } from 'inversify';
import type { DealsService } from '../../domain/deals/deals.service';
import { DEALS_SERVICE } from '../../domain/deals/deals.tokens';
import type { HttpRouter, RouteDefinition } from '../route';
import { crudRoutes } from './crm-routes';
import { dealSchemas } from './deals.schemas';

@injectable()
export class DealsRouter implements HttpRouter {
  constructor(@inject(DEALS_SERVICE) private readonly deals: DealsService) {}

  routes(): RouteDefinition[] {
    return crudRoutes({
      path: '/api/crm/deals',
      tag: 'deals',
      noun: ['deal', 'deals'],
      resource: 'deal',
      service: this.deals,
      schemas: dealSchemas,
      toFilter: (q) => ({ pipeline: q.pipeline, stage: q.stage, ownerId: q.owner, contactId: q.contact }),
      notFound: 'DEAL.NOT_FOUND',
      writeErrors: ['DEAL.INVALID_STAGE', 'DEAL.LOST_REASON_REQUIRED'],
    });
  }
}
