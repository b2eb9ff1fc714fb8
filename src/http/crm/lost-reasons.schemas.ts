import Joi from 'joi';
import type { LostReason, LostReasonChanges } from '../../domain/deals/deal';
import { id, itemsResponse, responseObject, timestamp } from '../response.schemas';
import { expectedVersion, recordId, type Versioned } from './crm.schemas';

const label = Joi.string().trim().min(1).max(80).description('The name the board offers, as written');

const reason = responseObject({
  id,
  key: Joi.string().description(
    "Seeded reasons: a key the UI translates ('other' takes free text); others: a generated key",
  ),
  label: Joi.string().allow(null).description('The name as an admin wrote it; null: the translation of the seeded key'),
  order: Joi.number().integer(),
  active: Joi.boolean().description('Retired reasons (false) are no longer offered; deals lost with them keep them'),
  updatedAt: timestamp,
} satisfies Joi.StrictSchemaMap<LostReason>);

export const lostReasonSchemas = {
  list: {
    query: Joi.object<{ includeRetired: boolean }, true>({
      includeRetired: Joi.boolean().default(false).description('Also the retired reasons, after the offered ones'),
    }),
  },
  create: { body: Joi.object<{ label: string }, true>({ label: label.required() }) },
  update: {
    params: Joi.object<{ id: number }, true>({ id: recordId.required() }),
    body: Joi.object<LostReasonChanges & Versioned, true>({
      label,
      active: Joi.boolean().description('false retires the reason, true restores it'),
      updatedAt: expectedVersion,
    })
      .or('label', 'active')
      .messages({ 'object.missing': 'Send label or active' }),
  },
  reorder: {
    body: Joi.object<{ reasonIds: number[] }, true>({
      reasonIds: Joi.array().items(recordId).min(1).max(100).required(),
    }),
  },
};

export const lostReasonResponses = { reason, reasons: itemsResponse(reason) };
