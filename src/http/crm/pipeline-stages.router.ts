import { inject, injectable } from 'inversify';
import type { PipelineStagesService } from '../../domain/deals/pipeline-stages.service';
import { PIPELINE_STAGES_SERVICE } from '../../domain/deals/deals.tokens';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { accessFor, viewerOf } from './crm-routes';
import { NO_CONTENT } from '../response.schemas';
import { stageResponses, stageSchemas, toSummaryFilter } from './deals.schemas';

const BASE = '/api/crm/pipeline-stages/:pipeline';

@injectable()
export class PipelineStagesRouter implements HttpRouter {
  constructor(@inject(PIPELINE_STAGES_SERVICE) private readonly stages: PipelineStagesService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: BASE,
        access: accessFor('pipelineStage', 'read'),
        tag: 'pipeline',
        summary: 'The stages of a pipeline, by order (at most 50)',
        schemas: stageSchemas.list,
        response: stageResponses.stages,
        handler: async ({ params }) => ({ items: await this.stages.list(params.pipeline) }),
      }),
      defineRoute({
        method: 'get',
        path: `${BASE}/summary`,
        access: accessFor('pipelineStage', 'read'),
        tag: 'pipeline',
        summary:
          "Per stage: deal count, value sum and probability-weighted value sum of the deals matching the board's filters",
        schemas: stageSchemas.summary,
        response: stageResponses.summary,
        handler: async ({ params, query }) => ({
          items: await this.stages.summary(params.pipeline, toSummaryFilter(query)),
        }),
      }),
      defineRoute({
        method: 'post',
        path: BASE,
        access: accessFor('pipelineStage', 'create'),
        tag: 'pipeline',
        summary: 'Add a stage at the end of an existing pipeline',
        schemas: stageSchemas.create,
        status: 201,
        response: stageResponses.stage,
        errors: ['PIPELINE.NOT_FOUND', 'STAGE.NAME_TAKEN', 'STAGE.LIMIT_REACHED'],
        handler: ({ params, body }) => this.stages.create(params.pipeline, body),
      }),
      defineRoute({
        method: 'put',
        path: `${BASE}/order`,
        access: accessFor('pipelineStage', 'update'),
        tag: 'pipeline',
        summary:
          "Reorder a pipeline's stages (every stage id, in the new order; the default pipeline opens with an open stage)",
        schemas: stageSchemas.reorder,
        response: stageResponses.stages,
        handler: async ({ params, body }) => ({ items: await this.stages.reorder(params.pipeline, body.stageIds) }),
      }),
      defineRoute({
        method: 'patch',
        path: `${BASE}/:id`,
        access: accessFor('pipelineStage', 'update'),
        tag: 'pipeline',
        summary:
          'Rename (deals follow in the same transaction; their history keeps the old name), recolour or change a stage; the kind only while it holds no deals',
        schemas: stageSchemas.update,
        response: stageResponses.stage,
        errors: ['STAGE.NOT_FOUND', 'STAGE.NAME_TAKEN', 'STAGE.IN_USE', 'STAGE.LAST_OF_KIND', 'RESOURCE.CONFLICT'],
        handler: ({ params, body: { updatedAt, ...changes } }) =>
          this.stages.update(params.pipeline, params.id, changes, updatedAt),
      }),
      defineRoute({
        method: 'delete',
        path: `${BASE}/:id`,
        access: accessFor('pipelineStage', 'delete'),
        tag: 'pipeline',
        summary:
          'Delete a stage: refused (409 with the count) while it holds deals, unless moveTo names a stage of the same kind to move them to first, in one transaction',
        schemas: stageSchemas.remove,
        response: NO_CONTENT,
        errors: ['STAGE.NOT_FOUND', 'STAGE.IN_USE', 'STAGE.LAST_OF_KIND'],
        handler: async ({ params, query }, req) => {
          await this.stages.remove(viewerOf(req), params.pipeline, params.id, query.moveTo);
        },
      }),
    ];
  }
}
