import { inject, injectable } from 'inversify';
import type { PipelinesService } from '../../domain/deals/pipelines.service';
import { PIPELINES_SERVICE } from '../../domain/deals/deals.tokens';
import { NO_CONTENT } from '../response.schemas';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { accessFor } from './crm-routes';
import { pipelineResponses, pipelineSchemas } from './pipelines.schemas';

const BASE = '/api/crm/pipelines';

/** Everyone reads the pipelines; admins write them, with the permission of their stages. */
@injectable()
export class PipelinesRouter implements HttpRouter {
  constructor(@inject(PIPELINES_SERVICE) private readonly pipelines: PipelinesService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: BASE,
        access: accessFor('pipelineStage', 'read'),
        tag: 'pipeline',
        summary: 'The pipelines, in the switcher’s order (at most 20); the archived ones only when asked',
        schemas: pipelineSchemas.list,
        response: pipelineResponses.pipelines,
        handler: async ({ query }) => ({ items: await this.pipelines.list(query.includeArchived) }),
      }),
      defineRoute({
        method: 'get',
        path: `${BASE}/:key`,
        access: accessFor('pipelineStage', 'read'),
        tag: 'pipeline',
        summary: 'One pipeline (its stages: GET /api/crm/pipeline-stages/{key})',
        schemas: pipelineSchemas.get,
        response: pipelineResponses.pipeline,
        errors: ['PIPELINE.NOT_FOUND'],
        handler: ({ params }) => this.pipelines.get(params.key),
      }),
      defineRoute({
        method: 'post',
        path: BASE,
        access: accessFor('pipelineStage', 'create'),
        tag: 'pipeline',
        summary: 'Add a pipeline after the last one, with its stages, in one transaction',
        schemas: pipelineSchemas.create,
        status: 201,
        response: pipelineResponses.pipeline,
        errors: [
          'PIPELINE.KEY_TAKEN',
          'PIPELINE.NAME_TAKEN',
          'PIPELINE.LIMIT_REACHED',
          'STAGE.NAME_TAKEN',
          'STAGE.LIMIT_REACHED',
          'STAGE.LAST_OF_KIND',
        ],
        handler: ({ body }) => this.pipelines.create(body),
      }),
      defineRoute({
        method: 'patch',
        path: `${BASE}/:key`,
        access: accessFor('pipelineStage', 'update'),
        tag: 'pipeline',
        summary: 'Rename, move in the switcher, archive or restore a pipeline',
        schemas: pipelineSchemas.update,
        response: pipelineResponses.pipeline,
        errors: ['PIPELINE.NOT_FOUND', 'PIPELINE.NAME_TAKEN', 'PIPELINE.DEFAULT', 'RESOURCE.CONFLICT'],
        handler: ({ params, body: { updatedAt, ...changes } }) => this.pipelines.update(params.key, changes, updatedAt),
      }),
      defineRoute({
        method: 'delete',
        path: `${BASE}/:key`,
        access: accessFor('pipelineStage', 'delete'),
        tag: 'pipeline',
        summary: 'Delete a pipeline and its stages; refused while it holds deals (409 with their count)',
        schemas: pipelineSchemas.remove,
        response: NO_CONTENT,
        errors: ['PIPELINE.NOT_FOUND', 'PIPELINE.HAS_DEALS', 'PIPELINE.DEFAULT'],
        handler: async ({ params }) => {
          await this.pipelines.remove(params.key);
        },
      }),
    ];
  }
}
