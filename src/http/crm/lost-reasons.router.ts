import { inject, injectable } from 'inversify';
import type { LostReasonsService } from '../../domain/deals/lost-reasons.service';
import { LOST_REASONS_SERVICE } from '../../domain/deals/deals.tokens';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { accessFor } from './crm-routes';
import { lostReasonResponses, lostReasonSchemas } from './lost-reasons.schemas';

const BASE = '/api/crm/lost-reasons';

/** Everyone reads the reasons the board offers; admins edit them, like the stages they belong with. */
@injectable()
export class LostReasonsRouter implements HttpRouter {
  constructor(@inject(LOST_REASONS_SERVICE) private readonly reasons: LostReasonsService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: BASE,
        access: accessFor('deal', 'read'),
        tag: 'pipeline',
        summary: "The reasons a lost deal's reason is picked from, in order ('other' takes free text; at most 50)",
        schemas: lostReasonSchemas.list,
        response: lostReasonResponses.reasons,
        handler: async ({ query }) => ({ items: await this.reasons.list(query.includeRetired) }),
      }),
      defineRoute({
        method: 'post',
        path: BASE,
        access: accessFor('pipelineStage', 'create'),
        tag: 'pipeline',
        summary: 'Add a lost reason after the last one',
        schemas: lostReasonSchemas.create,
        status: 201,
        response: lostReasonResponses.reason,
        errors: ['LOST_REASON.NAME_TAKEN', 'LOST_REASON.LIMIT_REACHED'],
        handler: ({ body }) => this.reasons.create(body.label),
      }),
      defineRoute({
        method: 'put',
        path: `${BASE}/order`,
        access: accessFor('pipelineStage', 'update'),
        tag: 'pipeline',
        summary: 'Reorder the offered reasons (every active reason id, in the new order); retired ones follow',
        schemas: lostReasonSchemas.reorder,
        response: lostReasonResponses.reasons,
        handler: async ({ body }) => ({ items: await this.reasons.reorder(body.reasonIds) }),
      }),
      defineRoute({
        method: 'patch',
        path: `${BASE}/:id`,
        access: accessFor('pipelineStage', 'update'),
        tag: 'pipeline',
        summary: 'Rename, retire or restore a lost reason (deals lost with it keep the name they stored)',
        schemas: lostReasonSchemas.update,
        response: lostReasonResponses.reason,
        errors: ['LOST_REASON.NOT_FOUND', 'LOST_REASON.NAME_TAKEN', 'LOST_REASON.LAST_ACTIVE', 'RESOURCE.CONFLICT'],
        handler: ({ params, body: { updatedAt, ...changes } }) => this.reasons.update(params.id, changes, updatedAt),
      }),
    ];
  }
}
