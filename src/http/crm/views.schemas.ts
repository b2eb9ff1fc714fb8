import Joi from 'joi';
import { SORT_ORDERS } from '../../domain/shared/list-page';
import {
  ALL_LAYOUTS,
  COLUMN_WIDTH_MAX,
  COLUMN_WIDTH_MIN,
  VIEW_COLUMNS_MAX,
  VIEW_ENTITIES,
  VIEW_NAME_MAX,
  type SavedViewFields,
  type SavedViewForViewer,
  type ViewEntity,
} from '../../domain/views/saved-view';
import type { SavedViewChanges } from '../../domain/views/views.service';
import { id, pageResponse, responseObject, timestamp } from '../response.schemas';
import { pageQuery, type PageQuery } from './crm.schemas';

const entity = Joi.string()
  .valid(...VIEW_ENTITIES)
  .description('The list: contact, company, deal or activity');
const name = Joi.string().trim().min(1).max(VIEW_NAME_MAX);
const filterValue = Joi.alternatives(Joi.string().max(500), Joi.number(), Joi.boolean());
const filters = Joi.object()
  .pattern(/^[A-Za-z][A-Za-z0-9_.]{0,99}$/, filterValue)
  .max(40)
  .description(
    "The list's filters as its query names them (GET /api/crm/contacts?status=lead: { status: 'lead' }; customFields.<key> too), checked by the same rules",
  );
const sort = Joi.object({
  column: Joi.string().max(120).required().description('A column the list orders by (its sort), or customFields.<key>'),
  order: Joi.string()
    .valid(...SORT_ORDERS)
    .default('asc'),
})
  .allow(null)
  .description('The order; null: the list’s own (newest first)');
const columns = Joi.array()
  .items(
    Joi.object({
      key: Joi.string()
        .max(120)
        .required()
        .description('A field of the record (as the list answers it) or customFields.<key>'),
      width: Joi.number().integer().min(COLUMN_WIDTH_MIN).max(COLUMN_WIDTH_MAX).description('In pixels, when resized'),
    }),
  )
  .max(VIEW_COLUMNS_MAX)
  .description("The table's columns in order; empty: the list's own");
const layout = Joi.string()
  .valid(...ALL_LAYOUTS)
  .description('contact, company: cards or table; deal: board or table; activity: list or table');
const shared = Joi.boolean().description('Shared with the team: everyone uses it; its author and admins change it');

/** A view belongs to one list: a change that names one is a 400 naming it. */
const fixedEntity: Joi.PartialSchemaMap = {
  entity: Joi.any().forbidden().messages({ 'any.unknown': 'entity is fixed: a view belongs to one list' }),
};

export type ViewListQuery = PageQuery & { entity?: ViewEntity };

export const viewSchemas = {
  list: Joi.object<ViewListQuery, true>({ ...pageQuery, entity }),
  create: Joi.object<SavedViewFields, true>({
    entity: entity.required(),
    name: name.required(),
    filters: filters.default({}),
    sort: sort.default(null),
    columns: columns.default([]),
    layout: layout.required(),
    shared: shared.default(false),
  }),
  update: Joi.object<SavedViewChanges, true>({ name, filters, sort, columns, layout, shared }).keys(fixedEntity).min(1),
};

const view = responseObject({
  id,
  entity,
  name: Joi.string(),
  filters: Joi.object().pattern(Joi.string(), filterValue),
  sort: Joi.object({
    column: Joi.string().required(),
    order: Joi.string()
      .valid(...SORT_ORDERS)
      .required(),
  }).allow(null),
  columns: Joi.array().items(Joi.object({ key: Joi.string().required(), width: Joi.number().integer() })),
  layout,
  shared: Joi.boolean(),
  authorId: id,
  authorName: Joi.string(),
  canEdit: Joi.boolean().description('Its author; an admin too when it is shared'),
  isDefault: Joi.boolean().description('The signed-in person opens this list with it'),
  warnings: Joi.array()
    .items(responseObject({ path: Joi.string(), message: Joi.string() }))
    .description(
      'What the view names that the list no longer has (a retired field, a filter gone): left out when used',
    ),
  createdAt: timestamp,
  updatedAt: timestamp,
} satisfies Joi.StrictSchemaMap<SavedViewForViewer>);

export const viewResponses = { view, page: pageResponse(view) };
