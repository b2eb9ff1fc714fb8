import Joi from 'joi';
import type { EmailTemplate, RenderedTemplate, TemplateFields, TemplateFilter } from '../../domain/templates/template';
import type { RenderRequest } from '../../domain/templates/templates.service';
import { id, responseObject } from '../response.schemas';
import { createOf, idParams, listQuery, optionalText, patchOf, recordId, recordStamps } from './crm.schemas';

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const variableNames = Joi.array().items(Joi.string().pattern(VARIABLE_NAME));

/** The list's filters as the client names them (`active`: isActive). */
type TemplateQuery = Pick<TemplateFilter, 'search' | 'category'> & { active?: boolean };

const fields: Joi.StrictSchemaMap<TemplateFields> = {
  name: Joi.string().trim().min(1).max(200),
  subject: Joi.string().trim().min(1).max(300).description('May use {{variables}}'),
  body: Joi.string().min(1).max(50_000).description('May use {{variables}}'),
  category: optionalText(50),
  isActive: Joi.boolean(),
};

export const templateSchemas = {
  listQuery: listQuery<TemplateQuery>({
    search: Joi.string().trim().max(200).allow('').description('Part of the name or subject'),
    category: Joi.string().trim().max(50),
    active: Joi.boolean(),
  }),
  create: createOf(fields, ['name', 'subject', 'body']),
  update: patchOf(fields),
  item: responseObject({
    id,
    name: Joi.string(),
    subject: Joi.string(),
    body: Joi.string(),
    category: Joi.string().allow(null),
    isActive: Joi.boolean(),
    variables: variableNames.description('The names in double braces, in order of first appearance'),
    ...recordStamps,
  } satisfies Joi.StrictSchemaMap<EmailTemplate>),
};

export const renderTemplateSchemas = {
  params: idParams,
  body: Joi.object<Omit<RenderRequest, 'userName'>, true>({
    contactId: recordId.required(),
    dealId: recordId,
    values: Joi.object()
      .pattern(VARIABLE_NAME, Joi.string().max(1000).allow(''))
      .max(50)
      .description('Values for variables no record provides, e.g. meeting_date'),
  }),
};

export const renderedTemplate = responseObject({
  subject: Joi.string(),
  body: Joi.string(),
  missing: variableNames.description('Variables nothing filled; their placeholders stay as written'),
  variables: variableNames,
} satisfies Joi.StrictSchemaMap<RenderedTemplate & { variables: string[] }>);
