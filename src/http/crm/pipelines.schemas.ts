import Joi from 'joi';
import { MAX_STAGES_PER_PIPELINE } from '../../domain/deals/deal';
import {
  MAX_PIPELINES,
  PIPELINE_KEY_PATTERN,
  type NewPipeline,
  type Pipeline,
  type PipelineChanges,
} from '../../domain/deals/pipeline';
import { itemsResponse, responseObject, timestamp } from '../response.schemas';
import { expectedVersion, type Versioned } from './crm.schemas';
import { newStage, pipelineName } from './deals.schemas';

const key = Joi.string()
  .pattern(PIPELINE_KEY_PATTERN)
  .messages({ 'string.pattern.base': '{#label} must be lower-case letters, digits, - or _ (at most 40)' })
  .description('What the pipeline-stages routes and deals name it by; fixed once created');
const name = Joi.string().trim().min(1).max(60).description('The name the switcher shows');

const pipeline = responseObject({
  key: Joi.string(),
  name: Joi.string()
    .allow(null)
    .description("As an admin wrote it; null: the UI's translation of a seeded key (the default pipeline's)"),
  position: Joi.number().integer().description('1-based, in the switcher'),
  archived: Joi.boolean().description('Hidden from the switcher; no deal enters it, those it holds stay'),
  createdAt: timestamp,
  updatedAt: timestamp,
} satisfies Joi.StrictSchemaMap<Pipeline>);

const keyParams = Joi.object<{ key: string }, true>({ key: pipelineName.required() });

export const pipelineSchemas = {
  list: {
    query: Joi.object<{ includeArchived: boolean }, true>({
      includeArchived: Joi.boolean().default(false).description('Also the archived pipelines'),
    }),
  },
  get: { params: keyParams },
  create: {
    body: Joi.object<NewPipeline, true>({
      key: key.required(),
      name: name.required(),
      stages: Joi.array()
        .items(newStage)
        .min(1)
        .max(MAX_STAGES_PER_PIPELINE)
        .description(
          'Its stages in order: an open one first, and one of each kind (open, won, lost). ' +
            'The default pipeline’s seeded stages when omitted',
        ),
    }),
  },
  update: {
    params: keyParams,
    body: Joi.object<PipelineChanges & Versioned, true>({
      name,
      position: Joi.number()
        .integer()
        .min(1)
        .max(MAX_PIPELINES)
        .description('Its new place in the switcher, 1-based; the others shift'),
      archived: Joi.boolean().description(
        'true hides it from the switcher (not the default pipeline), false restores it',
      ),
      updatedAt: expectedVersion,
    })
      .or('name', 'position', 'archived')
      .messages({ 'object.missing': 'Send name, position or archived' }),
  },
  remove: { params: keyParams },
};

export const pipelineResponses = { pipeline, pipelines: itemsResponse(pipeline) };
