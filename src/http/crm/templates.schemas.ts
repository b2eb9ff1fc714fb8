import Joi from 'joi';
import { idParams, ignoredCreatedBy, listQuery, optionalText, patchOf, recordId } from './crm.schemas';

const fields = {
  name: Joi.string().trim().min(1).max(200),
  subject: Joi.string().trim().min(1).max(300).description('May use {{variables}}'),
  body: Joi.string().min(1).max(50_000).description('May use {{variables}}'),
  category: optionalText(50),
  isActive: Joi.boolean(),
};

export const templateSchemas = {
  listQuery: listQuery({
    search: Joi.string().trim().max(200).allow('').description('Part of the name or subject'),
    category: Joi.string().trim().max(50),
    active: Joi.boolean(),
  }),
  create: Joi.object({ ...fields, name: fields.name.required(), subject: fields.subject.required(), body: fields.body.required(), createdBy: ignoredCreatedBy }),
  update: patchOf(fields),
};

export const renderTemplateSchemas = {
  params: idParams,
  body: Joi.object({
    contactId: recordId.required(),
    dealId: recordId,
    values: Joi.object()
      .pattern(/^[A-Za-z_][A-Za-z0-9_]*$/, Joi.string().max(1000).allow(''))
      .max(50)
      .description('Values for variables no record provides, e.g. meeting_date'),
  }),
};
