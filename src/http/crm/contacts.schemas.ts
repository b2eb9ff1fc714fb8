import Joi from 'joi';
import { CONTACT_STATUSES, type Contact, type ContactFields, type ContactFilter } from '../../domain/contacts/contact';
import { id, responseObject } from '../response.schemas';
import { createOf, listQuery, optionalText, patchOf, recordId, recordStamps } from './crm.schemas';

/** The list's filters as the client names them (`owner`: the owner's id). */
export type ContactQuery = Pick<ContactFilter, 'search' | 'status' | 'tag'> & { owner?: number };

const fields: Joi.StrictSchemaMap<ContactFields> = {
  name: Joi.string().trim().min(1).max(200),
  email: Joi.string().trim().max(254).email({ tlds: false }).allow(null, ''),
  phone: optionalText(40),
  company: optionalText(200),
  position: optionalText(200),
  source: optionalText(100),
  status: Joi.string().valid(...CONTACT_STATUSES),
  score: Joi.number().integer().min(0).max(100),
  tags: Joi.array().items(Joi.string().trim().min(1).max(50)).max(50).unique(),
  notes: optionalText(10_000),
  customFields: Joi.object().unknown(true).max(100),
  ownerId: recordId.allow(null).description('Defaults to the signed-in user'),
};

export const contactSchemas = {
  listQuery: listQuery<ContactQuery>({
    search: Joi.string().trim().max(200).allow('').description('Part of name, email, company or phone; case and accents ignored'),
    status: Joi.string().valid(...CONTACT_STATUSES),
    tag: Joi.string().trim().max(50),
    owner: recordId.description('Owner user id'),
  }),
  create: createOf(fields, ['name']),
  update: patchOf(fields),
  item: responseObject({
    id,
    name: Joi.string(),
    email: Joi.string().allow(null),
    phone: Joi.string().allow(null),
    company: Joi.string().allow(null),
    position: Joi.string().allow(null),
    source: Joi.string().allow(null),
    status: fields.status,
    score: fields.score,
    tags: Joi.array().items(Joi.string()),
    notes: Joi.string().allow(null),
    customFields: Joi.object().unknown(true),
    ownerId: id.allow(null),
    ownerName: Joi.string().allow(null),
    ...recordStamps,
  } satisfies Joi.StrictSchemaMap<Contact>),
};
