import Joi from 'joi';
import {
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_TYPES,
  FIELD_KEY_PATTERN,
  MAX_FIELDS_PER_ENTITY,
  MAX_OPTIONS,
  OPTION_KEY_PATTERN,
  type CustomField,
  type CustomFieldChanges,
  type CustomFieldEntity,
  type NewCustomField,
} from '../../domain/custom-fields/custom-field';
import { CUSTOM_TARGET } from '../../domain/custom-fields/custom-field-cell';
import { boundedJson } from '../input-guard';
import { itemsResponse, responseObject, timestamp } from '../response.schemas';
import { expectedVersion, idParams, type Versioned } from './crm.schemas';

const entity = Joi.string()
  .valid(...CUSTOM_FIELD_ENTITIES)
  .description('The kind of record the field belongs to');
const labelText = Joi.string().trim().min(1).max(80);
const label = Joi.object({ pt: labelText.required(), en: labelText.required() }).description(
  'What forms, lists and files show, in each language',
);
const optionKey = Joi.string()
  .pattern(OPTION_KEY_PATTERN)
  .messages({ 'string.pattern.base': '{#label} must be letters, digits, - or _ (at most 60)' });
const option = Joi.alternatives()
  .try(
    optionKey.description('Shorthand: the same key and label in both languages'),
    Joi.object({
      key: optionKey.required().description('What a record stores; fixed once made'),
      label: label.required(),
      retired: Joi.boolean().default(false).description('Offered no more; records holding it keep it'),
    }),
  )
  .description('An option: { key, label: { pt, en }, retired? }, or a plain string');
const options = Joi.array()
  .items(option)
  .max(MAX_OPTIONS)
  .description(
    "select and multiSelect only. On a change, every option the field had stays: rename its label or retire it (a record's value keeps its key)",
  );
const position = Joi.number()
  .integer()
  .min(1)
  .max(MAX_FIELDS_PER_ENTITY)
  .description('Its place among its entity’s fields, 1-based; the others shift');

const pinned = Joi.boolean().description(
  'Shown on its records’ cards; at most 2 of a kind of record (a third is a 400 naming pinned)',
);

const labelOut = responseObject({ pt: Joi.string(), en: Joi.string() });
const field = responseObject({
  id: Joi.number().integer(),
  entity: Joi.string().valid(...CUSTOM_FIELD_ENTITIES),
  key: Joi.string().description('Values are stored and filtered as customFields.<key>'),
  label: labelOut,
  type: Joi.string().valid(...CUSTOM_FIELD_TYPES),
  required: Joi.boolean().description('A new record needs a value; a change cannot empty it'),
  options: Joi.array()
    .items(responseObject({ key: Joi.string(), label: labelOut, retired: Joi.boolean() }))
    .description('In the order offered; empty but for selects'),
  position: Joi.number().integer(),
  retired: Joi.boolean().description('Hidden from forms, lists and filters; records keep their values'),
  pinned: Joi.boolean().description('Shown on its records’ cards'),
  createdAt: timestamp,
  updatedAt: timestamp,
} satisfies Joi.StrictSchemaMap<CustomField>);

export const fieldSchemas = {
  list: {
    query: Joi.object<{ entity?: CustomFieldEntity; includeRetired: boolean }, true>({
      entity: entity.description('Only this kind of record’s fields'),
      includeRetired: Joi.boolean().default(false).description('Also the retired fields'),
    }),
  },
  create: {
    body: Joi.object<NewCustomField, true>({
      entity: entity.required(),
      key: Joi.string()
        .pattern(FIELD_KEY_PATTERN)
        .required()
        .messages({
          'string.pattern.base': '{#label} must start with a lower-case letter, then letters, digits or _ (at most 40)',
        })
        .description('Where records keep the value (customFields.<key>); fixed once made, one per entity'),
      label: label.required(),
      type: Joi.string()
        .valid(...CUSTOM_FIELD_TYPES)
        .required()
        .description(
          'currency: BRL as a decimal string like a deal value; date: YYYY-MM-DD; select: an option key; multiSelect: a list of them; fixed once made',
        ),
      required: Joi.boolean().default(false),
      options,
      position,
      pinned,
    }),
  },
  update: {
    params: idParams,
    body: Joi.object<CustomFieldChanges & Versioned, true>({
      label,
      required: Joi.boolean(),
      options,
      position,
      retired: Joi.boolean().description('true retires the field (its values stay), false restores it'),
      pinned,
      updatedAt: expectedVersion,
    })
      .or('label', 'required', 'options', 'position', 'retired', 'pinned')
      .messages({ 'object.missing': 'Send label, required, options, position, retired or pinned' }),
  },
  get: { params: idParams },
  remove: { params: idParams },
};

export const fieldResponses = { field, fields: itemsResponse(field) };

/**
 * A record's custom field values as a write sends them: by field key (GET /api/crm/fields lists each entity's), each
 * checked against its field's type (400 naming customFields.<key>); bounded first, so no body nests or weighs more
 * than a record's values can. A change merges: null removes a value, a key left out keeps its own.
 */
export const customFieldValues = boundedJson(Joi.object().unknown(true).max(100), {
  depth: 10,
  bytes: 16 * 1024,
}).description(
  'Values of the custom fields by key (GET /api/crm/fields): text, number, currency (decimal string), date (YYYY-MM-DD), select (an option key), multiSelect (a list of them), checkbox (boolean), url, email, phone. A change merges; null removes a value',
);

/** The values as a record answers them, by key (a retired field's included). */
export const customFieldValuesOut = Joi.object()
  .unknown(true)
  .description('Custom field values by key (GET /api/crm/fields describes each)');

/** A list's custom field filter parameter: `customFields.<key>` (its value is read as that field's type). */
export const CUSTOM_FIELD_FILTER = CUSTOM_TARGET;
export const customFieldFilterValue = Joi.string()
  .trim()
  .min(1)
  .max(500)
  .description(
    'customFields.<key>=<value>: the records whose field holds this value (a choice by its option key, a multiple choice among its options, a checkbox true or false)',
  );

/** The `customFields.<key>` parameters of a list's query, by key; undefined without any. */
export function customFieldFilters(query: object): Record<string, string> | undefined {
  const entries = Object.entries(query).filter(([name]) => CUSTOM_FIELD_FILTER.test(name));
  return entries.length
    ? Object.fromEntries(entries.map(([name, value]) => [name.slice('customFields.'.length), String(value)]))
    : undefined;
}
