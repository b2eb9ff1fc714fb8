import Joi from 'joi';
import {
  BULK_FILTER_MAX,
  BULK_MAX,
  CONTACT_SORTS,
  CONTACT_STATUSES,
  type Contact,
  type ContactBulkAction,
  type ContactBulkResult,
  type ContactFields,
  type ContactFilter,
  DUPLICATE_REASONS,
  type DuplicateProbe,
  type PossibleDuplicate,
  type SourceUsage,
  type TagUsage,
} from '../../domain/contacts/contact';
import { canBePhone, NOT_A_PHONE } from '../../domain/contacts/phone';
import { CUSTOM_FIELD_FILTER, customFieldFilterValue, customFieldValues, customFieldValuesOut } from './fields.schemas';
import { count, id, itemsResponse, responseObject, timestamp } from '../response.schemas';
import { createOf, listQuery, optionalText, patchOf, recordId, recordStamps, sortFields } from './crm.schemas';
import type { SortOrder } from '../../domain/shared/list-page';

/** The list's filters as the client names them (`owner`: the owner's id). */
export type ContactQuery = Pick<
  ContactFilter,
  'search' | 'status' | 'tag' | 'source' | 'scoreMin' | 'scoreMax' | 'companyId'
> & {
  owner?: number;
  sort?: string;
  order?: SortOrder;
};

export const contactFieldSchemas: Joi.StrictSchemaMap<ContactFields> = {
  name: Joi.string().trim().min(1).max(200),
  email: Joi.string().trim().max(254).email({ tlds: false }).allow(null, ''),
  phone: optionalText(40)
    .custom((value: string, helpers) =>
      canBePhone(value) ? value : helpers.message({ custom: `phone ${NOT_A_PHONE}` }),
    )
    .description('As typed (and shown); no letters. Stored also normalised (E.164) to be found however it is pasted'),
  companyId: recordId
    .allow(null)
    .description('The company the contact belongs to (GET /api/crm/companies); null for none'),
  position: optionalText(200),
  source: optionalText(100),
  status: Joi.string().valid(...CONTACT_STATUSES),
  score: Joi.number().integer().min(0).max(100),
  tags: Joi.array().items(Joi.string().trim().min(1).max(50)).max(50).unique(),
  notes: optionalText(10_000),
  customFields: customFieldValues,
  ownerId: recordId.allow(null).description('Defaults to the signed-in user'),
};

const filterFields: Joi.StrictSchemaMap<ContactQuery> = {
  search: Joi.string()
    .trim()
    .max(200)
    .allow('')
    .description(
      'Part of name, email, company or phone; case and accents ignored. A phone of 6 digits or more, however written, also finds the contacts whose number ends with its digits or is that number',
    ),
  status: Joi.string().valid(...CONTACT_STATUSES),
  tag: Joi.string().trim().max(50),
  owner: recordId.description('Owner user id'),
  source: Joi.string().trim().min(1).max(100).description('This source, case and accents ignored'),
  companyId: recordId.description("This company's people"),
  scoreMin: contactFieldSchemas.score.description('Score at least this'),
  scoreMax: contactFieldSchemas.score
    .min(Joi.ref('scoreMin', { adjust: (min: number | undefined) => min ?? 0 }))
    .description('Score at most this, and not below scoreMin'),
  ...sortFields(CONTACT_SORTS),
};

/**
 * `company` is its company's name, read-only: a body that sends it is a 400 naming it (not silently ignored: the
 * client meant to change something), pointing to companyId. Left out of the OpenAPI document's bodies.
 */
const readOnlyCompany: Joi.PartialSchemaMap = {
  company: Joi.any()
    .forbidden()
    .messages({ 'any.unknown': "company is read-only (its company's name): set companyId instead" }),
};

export const contactSchemas = {
  listQuery: listQuery<ContactQuery>(filterFields).pattern(CUSTOM_FIELD_FILTER, customFieldFilterValue),
  create: createOf(contactFieldSchemas, ['name']).keys(readOnlyCompany),
  update: patchOf(contactFieldSchemas).keys(readOnlyCompany),
  item: responseObject({
    id,
    name: Joi.string(),
    email: Joi.string().allow(null),
    phone: Joi.string().allow(null),
    companyId: id.allow(null),
    company: Joi.string().allow(null).description("Its company's name (read-only; set companyId)"),
    position: Joi.string().allow(null),
    source: Joi.string().allow(null),
    status: contactFieldSchemas.status,
    score: contactFieldSchemas.score,
    tags: Joi.array().items(Joi.string()),
    notes: Joi.string().allow(null),
    customFields: customFieldValuesOut,
    ownerId: id.allow(null),
    ownerName: Joi.string().allow(null),
    ...recordStamps,
    anonymizedAt: timestamp
      .allow(null)
      .description("When the person's identifying data was replaced by a tombstone (LGPD); it cannot be edited since"),
  } satisfies Joi.StrictSchemaMap<Contact>),
};

const tagList = Joi.array().items(Joi.string().trim().min(1).max(50)).min(1).max(10).unique();

export const bulkSchemas = {
  body: Joi.object<
    ({ ids: number[]; filter?: undefined } | { filter: ContactQuery; ids?: undefined }) & ContactBulkAction
  >({
    ids: Joi.array()
      .items(recordId)
      .min(1)
      .max(BULK_MAX)
      .unique()
      .description(`The contacts to change, at most ${BULK_MAX}; or send filter instead`),
    filter: Joi.object<ContactQuery, true>(filterFields).description(
      `Instead of ids: every contact the list's filters (as GET /api/crm/contacts takes them) match, at most ${BULK_FILTER_MAX} (more is a 400 on filter)`,
    ),
    action: Joi.string().valid('update', 'delete').required(),
    status: contactFieldSchemas.status,
    ownerId: contactFieldSchemas.ownerId,
    addTags: tagList,
    removeTags: tagList,
    customFields: customFieldValues
      .min(1)
      .description(
        'Custom field values to set on every contact (null clears one; the other values each contact holds stay)',
      ),
  })
    .when(Joi.object({ action: Joi.valid('delete') }).unknown(), {
      then: Joi.object({
        status: Joi.forbidden(),
        ownerId: Joi.forbidden(),
        addTags: Joi.forbidden(),
        removeTags: Joi.forbidden(),
        customFields: Joi.forbidden(),
      }),
      otherwise: Joi.object().or('status', 'ownerId', 'addTags', 'removeTags', 'customFields'),
    })
    .xor('ids', 'filter'),
  response: responseObject({
    changed: count,
    unchanged: count.description('Already as asked: nothing written'),
    refused: Joi.array()
      .items(responseObject({ id, code: Joi.string(), message: Joi.string() }))
      .description('Not changed, with the reason each would have alone'),
  } satisfies Joi.StrictSchemaMap<ContactBulkResult>),
};

export const duplicateSchemas = {
  query: Joi.object<DuplicateProbe, true>({
    name: Joi.string().trim().max(200).allow('').description('Compared by similarity (4 characters or more)'),
    email: Joi.string().trim().max(254).allow('').description('Compared ignoring case'),
    phone: Joi.string().trim().max(40).allow('').description('Compared by its last 10 digits'),
    excludeId: recordId.description('The contact being edited'),
  }),
  response: itemsResponse(
    responseObject({
      id,
      name: Joi.string(),
      email: Joi.string().allow(null),
      phone: Joi.string().allow(null),
      company: Joi.string().allow(null),
      reasons: Joi.array()
        .items(Joi.string().valid(...DUPLICATE_REASONS))
        .description('Why it may be the same person'),
    } satisfies Joi.StrictSchemaMap<PossibleDuplicate>),
  ),
};

export const tagSchemas = {
  query: Joi.object<{ search: string; limit: number }, true>({
    search: Joi.string()
      .trim()
      .max(50)
      .allow('')
      .default('')
      .description('The start of a tag; case and accents ignored'),
    limit: Joi.number().integer().min(1).max(50).default(10),
  }),
  response: itemsResponse(
    responseObject({
      tag: Joi.string(),
      count: count.description('Contacts with the tag'),
    } satisfies Joi.StrictSchemaMap<TagUsage>),
  ),
};

export const sourceSchemas = {
  query: Joi.object<{ search: string; limit: number }, true>({
    search: Joi.string()
      .trim()
      .max(100)
      .allow('')
      .default('')
      .description('The start of a source; case and accents ignored'),
    limit: Joi.number().integer().min(1).max(50).default(10),
  }),
  response: itemsResponse(
    responseObject({
      source: Joi.string().description('Its most used spelling'),
      count: count.description('Contacts with the source, in any spelling differing only in case and accents'),
    } satisfies Joi.StrictSchemaMap<SourceUsage>),
  ),
};
