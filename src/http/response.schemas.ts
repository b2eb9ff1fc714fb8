import Joi from 'joi';

/**
 * Schema pieces for success bodies. They only feed the API document (and the contract test that holds
 * the API to it); nothing validates responses at run time.
 */

/**
 * A body with exactly these keys, each one always present unless marked `.optional()`. Where it shows a
 * domain type, `{...} satisfies Joi.StrictSchemaMap<Contact>` holds the keys to that type's.
 */
export function responseObject(keys: Record<string, Joi.Schema>): Joi.ObjectSchema {
  const present = Object.entries(keys).map(([name, schema]) => [
    name,
    schema.$_getFlag('presence') ? schema : schema.required(),
  ]);
  return Joi.object(Object.fromEntries(present)).unknown(false);
}

/** Sent as an ISO 8601 string. */
export const timestamp = Joi.date().description('ISO 8601 date-time');

export const id = Joi.number().integer().min(1);
export const count = Joi.number().integer().min(0);

export const nextCursor = Joi.string()
  .allow(null)
  .description('Pass as cursor for the next page; null on the last one');

/** `{ items }`: a whole list, not paged. */
export const itemsResponse = (item: Joi.Schema) => responseObject({ items: Joi.array().items(item) });

/** A keyset page of a list. */
export const pageResponse = (item: Joi.Schema) =>
  responseObject({
    items: Joi.array().items(item),
    nextCursor,
    total: count
      .optional()
      .description(
        'Only with includeTotal=true; a filtered list counts at most 10,000, a contact search 1,000 (see totalCapped)',
      ),
    totalCapped: Joi.boolean()
      .optional()
      .description(
        'Only with includeTotal=true: more rows match than total (a filtered list is counted up to 10,000, a contact search up to 1,000)',
      ),
  });

/** A handler that sends no body: 204. */
export const NO_CONTENT = null;

/** A handler that writes a CSV file itself. */
export const CSV = 'text/csv';

/** A handler that writes an HTML page itself. */
export const HTML = 'text/html';
