import Joi from 'joi';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '../../domain/crm/list-page';
import { id, timestamp } from '../response.schemas';

/** Schema pieces every CRM module uses. */
export const recordId = Joi.number().integer().min(1).max(2_147_483_647);

export const idParams = Joi.object({ id: recordId.required() });

export const pageQuery = {
  limit: Joi.number().integer().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  cursor: Joi.string().max(40).pattern(/^[A-Za-z0-9_-]+$/).description('nextCursor of the previous page'),
  includeTotal: Joi.boolean().default(false).description('Also count every matching row'),
};

export const listQuery = (filters: Joi.PartialSchemaMap = {}) => Joi.object({ ...filters, ...pageQuery });

/** The version the client read; a PATCH with an older one gets 409 and changes nothing. */
export const expectedVersion = Joi.date().iso().description('updatedAt as last read; 409 when the record changed since');

/** The client may send createdBy (SPEC 7); the server always sets it from the session. */
export const ignoredCreatedBy = Joi.any().strip().description('Ignored: the server sets it to the signed-in user');

export const optionalText = (max: number) => Joi.string().trim().max(max).allow(null, '');

/** An update body: every field optional, at least one change. */
export const patchOf = (fields: Joi.PartialSchemaMap) => Joi.object({ ...fields, updatedAt: expectedVersion, createdBy: ignoredCreatedBy }).min(1);

/** In every CRM record's response: who created it, when, and when it last changed. */
export const recordStamps = { createdBy: id.allow(null), createdAt: timestamp, updatedAt: timestamp };
