import Joi from 'joi';
import { CUSTOM_TARGET } from '../../domain/custom-fields/custom-field-cell';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, SORT_ORDERS, type PageRequest } from '../../domain/shared/list-page';
import { id, timestamp } from '../response.schemas';

/**
 * Schema pieces every CRM module uses. `Joi.StrictSchemaMap<T>` makes the compiler check that every key of
 * a domain type has a schema of the matching kind (string, number, date...), and no other key.
 */
export const recordId = Joi.number().integer().min(1).max(2_147_483_647);

export const idParams = Joi.object<{ id: number }, true>({ id: recordId.required() });

/** A list's paging, as validated: limit and includeTotal have defaults. */
export type PageQuery = Required<Pick<PageRequest, 'limit' | 'includeTotal'>> & Pick<PageRequest, 'cursor'>;

export const pageQuery: Joi.StrictSchemaMap<PageQuery> = {
  limit: Joi.number().integer().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  cursor: Joi.string()
    // A sorted list's cursor holds the last row's value (a custom text field's up to 500 characters).
    .max(3000)
    .pattern(/^[A-Za-z0-9_-]+$/)
    .description('nextCursor of the previous page'),
  includeTotal: Joi.boolean().default(false).description('Also count every matching row'),
};

/** Paging without a total, for lists that never count. */
export const cursorQuery = Joi.object<Omit<PageQuery, 'includeTotal'>, true>({
  limit: pageQuery.limit,
  cursor: pageQuery.cursor,
});

/** A list's query: its filters (as the client names them), then paging. */
/**
 * A list's order: `sort` one of `columns` or `customFields.<key>` (text case and accents ignored, empty values
 * last either way), `order` asc (the default) or desc; pages stay keyset pages (their cursor is for that order).
 */
export const sortFields = (columns: readonly string[]) => ({
  sort: Joi.string()
    .pattern(new RegExp(`^(${columns.join('|')})$|${CUSTOM_TARGET.source}`), {
      name: `one of ${columns.join(', ')}, or customFields.<key>`,
    })
    .description(
      `Order by ${columns.join(', ')} or customFields.<key> (a custom field); without it, newest first (a search: best matches first)`,
    ),
  order: Joi.string()
    .valid(...SORT_ORDERS)
    .description('asc (the default) or desc; empty values come last either way'),
});

export const listQuery = <Filters = object>(filters: Joi.StrictSchemaMap<Filters>) =>
  Joi.object<Filters & PageQuery>({ ...filters, ...pageQuery });

/** The version the client read; a PATCH with an older one gets 409 and changes nothing. */
export const expectedVersion = Joi.date()
  .iso()
  .description('updatedAt as last read; 409 when the record changed since');

export interface Versioned {
  updatedAt?: Date;
}

/** The client may send createdBy (SPEC 7); the server always sets it from the session. */
export const ignoredCreatedBy = Joi.any().strip().description('Ignored: the server sets it to the signed-in user');

export const optionalText = (max: number) => Joi.string().trim().max(max).allow(null, '');

/** A create body: the record's fields, the named ones required. */
export const createOf = <Fields, Key extends keyof Fields & string>(
  fields: Joi.StrictSchemaMap<Fields>,
  required: Key[],
) =>
  Joi.object<Partial<Fields> & Pick<Fields, Key>>({ ...fields, createdBy: ignoredCreatedBy }).fork(required, (s) =>
    s.required(),
  );

/** An update body: every field optional, at least one change. */
export const patchOf = <Fields>(fields: Joi.StrictSchemaMap<Fields>) =>
  Joi.object<Partial<Fields> & Versioned>({ ...fields, updatedAt: expectedVersion, createdBy: ignoredCreatedBy }).min(
    1,
  );

/** In every CRM record's response: who created it, when, and when it last changed. */
export const recordStamps = { createdBy: id.allow(null), createdAt: timestamp, updatedAt: timestamp };
