import { inject, injectable } from 'inversify';
import type Joi from 'joi';
import { FieldError } from '../../domain/crm/crm.errors';
import { customFieldMatch, type CustomField, type CustomFieldEntity } from '../../domain/custom-fields/custom-field';
import { customTargetKey } from '../../domain/custom-fields/custom-field-cell';
import type { CustomFieldsService } from '../../domain/custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE } from '../../domain/custom-fields/custom-fields.tokens';
import type { SavedViewFields, ViewEntity, ViewWarning } from '../../domain/views/saved-view';
import type { ViewCheck } from '../../domain/views/views.ports';
import { activitySchemas } from './activities.schemas';
import { companySchemas } from './companies.schemas';
import { contactSchemas } from './contacts.schemas';
import { pageQuery } from './crm.schemas';
import { dealSchemas } from './deals.schemas';

/** Each list's query (its filters and order, as GET answers them) and record (its columns), as the API states them. */
const LISTS: Record<ViewEntity, { query: Joi.ObjectSchema; item: Joi.ObjectSchema; customFields?: CustomFieldEntity }> =
  {
    contact: { query: contactSchemas.listQuery, item: contactSchemas.item, customFields: 'contact' },
    company: { query: companySchemas.listQuery, item: companySchemas.item, customFields: 'company' },
    deal: { query: dealSchemas.listQuery, item: dealSchemas.item, customFields: 'deal' },
    activity: { query: activitySchemas.listQuery, item: activitySchemas.item },
  };

type CheckedView = Pick<SavedViewFields, 'entity' | 'filters' | 'sort' | 'columns'>;
type EntityFields = (entity: CustomFieldEntity) => Promise<CustomField[]>;

/** Not filters: paging, and the order (a view's sort holds it). */
const NOT_FILTERS = new Set([...Object.keys(pageQuery), 'sort', 'order']);

/** A record's columns: every field its list answers but the id and the custom field map (one column per field). */
const columnsOf = (item: Joi.ObjectSchema) =>
  new Set(Object.keys(item.describe().keys as object).filter((key) => key !== 'id' && key !== 'customFields'));

/**
 * A view checked against its list as it is now, by the list's own query schema (the same rules as GET) and the
 * entity's custom fields (offered ones: a retired field's filter, order or column is stale). The sort is the list's
 * `sort` and `order` (an activities table's too: its list's own orders, newest, due and completed, are its tabs').
 */
@injectable()
export class ListViewCheck implements ViewCheck {
  private readonly columns = new Map(
    Object.entries(LISTS).map(([entity, list]) => [entity as ViewEntity, columnsOf(list.item)]),
  );

  constructor(@inject(CUSTOM_FIELDS_SERVICE) private readonly customFields: Pick<CustomFieldsService, 'list'>) {}

  problems(view: CheckedView): Promise<ViewWarning[]> {
    return this.check(view, this.offeredFields());
  }

  /** Many views (a list's page): each entity's custom fields read once for all of them. */
  problemsOfEach(views: readonly CheckedView[]): Promise<ViewWarning[][]> {
    const offered = this.offeredFields();
    return Promise.all(views.map((view) => this.check(view, offered)));
  }

  /** An entity's custom fields (retired ones too), read at most once per check. */
  private offeredFields(): EntityFields {
    const read = new Map<CustomFieldEntity, Promise<CustomField[]>>();
    return (entity) => {
      if (!read.has(entity)) read.set(entity, this.customFields.list(entity, true));
      return read.get(entity)!;
    };
  }

  private async check({ entity, filters, sort, columns }: CheckedView, offered: EntityFields): Promise<ViewWarning[]> {
    const list = LISTS[entity];
    const problems: ViewWarning[] = [];
    const query: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(filters)) {
      if (NOT_FILTERS.has(name))
        problems.push({ path: `filters.${name}`, message: `${name} is not a filter of this list` });
      else if (customTargetKey(name) === undefined) query[name] = value;
    }
    if (sort && customTargetKey(sort.column) === undefined)
      Object.assign(query, { sort: sort.column, order: sort.order });
    const { error } = list.query.validate(query, { abortEarly: false });
    for (const detail of error?.details ?? []) {
      const name = String(detail.path[0]);
      const path = name === 'sort' ? 'sort.column' : name === 'order' ? 'sort.order' : `filters.${name}`;
      problems.push({ path, message: detail.message.replace(/^"[^"]*"/, path) });
    }

    const named = [
      ...Object.keys(filters).map((name) => ({ path: `filters.${name}`, key: customTargetKey(name) })),
      { path: 'sort.column', key: sort ? customTargetKey(sort.column) : undefined },
      ...columns.map((column, i) => ({ path: `columns.${i}.key`, key: customTargetKey(column.key) })),
    ].filter((named): named is { path: string; key: string } => named.key !== undefined);
    if (named.length > 0)
      problems.push(...(await this.customFieldProblems(list.customFields, named, filters, offered)));

    const known = this.columns.get(entity)!;
    const seen = new Set<string>();
    columns.forEach(({ key }, i) => {
      const path = `columns.${i}.key`;
      if (seen.has(key)) problems.push({ path, message: `${path} ${key} is listed twice` });
      else if (customTargetKey(key) === undefined && !known.has(key))
        problems.push({ path, message: `${path} ${key} is not a column of this list` });
      seen.add(key);
    });
    return problems;
  }

  /** Custom field filters, order and columns: an offered field of the list's records, a filter's value its type reads. */
  private async customFieldProblems(
    entity: CustomFieldEntity | undefined,
    named: { path: string; key: string }[],
    filters: SavedViewFields['filters'],
    fieldsOf: EntityFields,
  ): Promise<ViewWarning[]> {
    const fields = entity ? await fieldsOf(entity) : [];
    const offered = new Set(fields.filter((field) => !field.retired).map((field) => field.key));
    const problems: ViewWarning[] = [];
    for (const { path, key } of named) {
      if (!offered.has(key)) {
        problems.push({
          path,
          message: `${path} customFields.${key} is not a field of these records (GET /api/crm/fields)`,
        });
        continue;
      }
      if (!path.startsWith('filters.')) continue;
      try {
        customFieldMatch(fields, { [key]: String(filters[`customFields.${key}`]) });
      } catch (error) {
        if (!(error instanceof FieldError)) throw error;
        problems.push({ path, message: `filters.${error.message}` });
      }
    }
    return problems;
  }
}
