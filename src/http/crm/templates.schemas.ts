import Joi from 'joi';
import {
  RENDER_FORMATS,
  TEMPLATE_CHANNELS,
  VARIABLE_SOURCES,
  type EmailTemplate,
  type RenderedTemplate,
  type TemplateFields,
  type TemplateFilter,
  type TemplateVariable,
} from '../../domain/templates/template';
import type { RenderRequest, TemplateUse, UseRequest } from '../../domain/templates/templates.service';
import { count, id, itemsResponse, responseObject, timestamp } from '../response.schemas';
import { createOf, idParams, listQuery, optionalText, patchOf, recordId, recordStamps } from './crm.schemas';

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const variableNames = Joi.array().items(Joi.string().pattern(VARIABLE_NAME));

/** The list's filters as the client names them (`active`: isActive). */
type TemplateQuery = Pick<TemplateFilter, 'search' | 'category'> & { active?: boolean };

/**
 * Longest fields, in characters. The largest template must fit the JSON body limit (100 KB, JSON_BODY_LIMIT in
 * http/app.ts) however its client writes it: escaped as \uXXXX a character takes 6 bytes, and
 * 6 × (200 + 300 + 16 000 + 50) = 99 300 bytes. The template editor (src/ui) uses the same numbers.
 */
export const TEMPLATE_MAX_LENGTH = { name: 200, subject: 300, body: 16_000, category: 50 } as const;

const fields: Joi.StrictSchemaMap<TemplateFields> = {
  name: Joi.string().trim().min(1).max(TEMPLATE_MAX_LENGTH.name),
  subject: Joi.string()
    .trim()
    .min(1)
    .max(TEMPLATE_MAX_LENGTH.subject)
    .description('May use the {{variables}} of GET /api/crm/templates/variables'),
  body: Joi.string()
    .min(1)
    .max(TEMPLATE_MAX_LENGTH.body)
    .description('May use the {{variables}} of GET /api/crm/templates/variables'),
  category: optionalText(TEMPLATE_MAX_LENGTH.category),
  isActive: Joi.boolean(),
};

const item = responseObject({
  id,
  name: Joi.string(),
  subject: Joi.string(),
  body: Joi.string(),
  category: Joi.string().allow(null),
  isActive: Joi.boolean(),
  variables: variableNames.description('The names in double braces, in order of first appearance'),
  usageCount: count.description('Times it was used for a contact'),
  lastUsedAt: timestamp.allow(null),
  ...recordStamps,
} satisfies Joi.StrictSchemaMap<EmailTemplate>);

export const templateSchemas = {
  listQuery: listQuery<TemplateQuery>({
    search: Joi.string()
      .trim()
      .max(200)
      .allow('')
      .description('Part of the name or subject (case and accents ignored)'),
    category: Joi.string().trim().max(50),
    active: Joi.boolean(),
  }),
  create: createOf(fields, ['name', 'subject', 'body']),
  update: patchOf(fields),
  item,
};

export const templateVariables = itemsResponse(
  responseObject({
    name: Joi.string().pattern(VARIABLE_NAME),
    source: Joi.string().valid(...VARIABLE_SOURCES),
  } satisfies Joi.StrictSchemaMap<TemplateVariable>),
);

const fillFrom = {
  contactId: recordId.required(),
  dealId: recordId.description('One of the contact’s deals'),
  values: Joi.object()
    .pattern(VARIABLE_NAME, Joi.string().max(1000).allow(''))
    .max(50)
    .description('Values for variables no record provides, e.g. meeting_date'),
};

export const renderTemplateSchemas = {
  params: idParams,
  body: Joi.object<Omit<RenderRequest, 'userName'>, true>({
    ...fillFrom,
    format: Joi.string()
      .valid(...RENDER_FORMATS)
      .default('html')
      .description('html: inserted values are HTML-escaped in the body; text: inserted as written'),
  }),
};

export const renderedTemplate = responseObject({
  subject: Joi.string(),
  body: Joi.string(),
  missing: variableNames.description('Variables nothing filled; their placeholders stay as written'),
  variables: variableNames,
} satisfies Joi.StrictSchemaMap<RenderedTemplate & { variables: string[] }>);

export const useTemplateSchemas = {
  params: idParams,
  body: Joi.object<Omit<UseRequest, 'userName'>, true>({
    ...fillFrom,
    channel: Joi.string()
      .valid(...TEMPLATE_CHANNELS)
      .required()
      .description('How the message leaves: the mail app, WhatsApp or the clipboard'),
  }),
};

export const templateUse = responseObject({
  subject: Joi.string().description('Plain text, one line'),
  body: Joi.string().description('Plain text: values inserted as written'),
  variables: variableNames,
  template: item.description('The template with its new usage count'),
} satisfies Joi.StrictSchemaMap<TemplateUse>);
