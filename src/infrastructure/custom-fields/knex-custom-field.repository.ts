import { inject, injectable } from 'inversify';
import { raw } from 'objection';
import { FIELD_KEY_PATTERN, type CustomField, type CustomFieldEntity } from '../../domain/custom-fields/custom-field';
import type { CustomFieldRepository, CustomFieldRow } from '../../domain/custom-fields/custom-fields.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { tableModel, type BaseModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { preparedRows } from '../db/prepared';

const CustomFieldModel = tableModel('customFields', { jsonAttributes: ['options'], hasUpdatedAt: true });
const COLUMNS = [
  'id',
  'entity',
  'key',
  'labelPt',
  'labelEn',
  'type',
  'required',
  'options',
  'position',
  'retired',
  'pinned',
  'createdAt',
  'updatedAt',
];

type Row = Omit<CustomField, 'label'> & { labelPt: string; labelEn: string };
const labelled = ({ labelPt, labelEn, ...rest }: Row): CustomField => ({
  ...rest,
  label: { pt: labelPt, en: labelEn },
});
const toField = (model: BaseModel): CustomField => labelled({ ...model } as unknown as Row);

/** COLUMNS as one entity's list reads them, camelCased by their aliases, in the list's order. */
const entityFieldsSql = (where: string) =>
  `SELECT id, entity, key, label_pt AS "labelPt", label_en AS "labelEn", type, required, options, position, retired,
     pinned, created_at AS "createdAt", updated_at AS "updatedAt"
   FROM custom_fields WHERE ${where} ORDER BY entity, position, id`;
const ENTITY_FIELDS = ['funil_custom_fields_of', entityFieldsSql('entity = ?')] as const;
const ENTITY_ACTIVE_FIELDS = ['funil_custom_fields_active_of', entityFieldsSql('entity = ? AND NOT retired')] as const;

const TABLES: Record<CustomFieldEntity, string> = { contact: 'contacts', company: 'companies', deal: 'deals' };
/** How a list ordered by a field compares its values (the lists' sort casts them so; see contactSortColumn). */
const SORT_CASTS: Partial<Record<CustomField['type'], string>> = {
  number: 'numeric',
  currency: 'numeric',
  checkbox: 'boolean',
};

/**
 * The index a list ordered by the field pages by: its value as the list compares it, and the id. The key is one
 * FIELD_KEY_PATTERN allows (letters, digits, _), checked by the table's constraint too, so it is written into the
 * statement; made in the transaction that makes the field (a short lock on the records while it is built).
 */
export function sortIndexSql(field: Pick<CustomField, 'entity' | 'key' | 'type'>): string {
  if (!FIELD_KEY_PATTERN.test(field.key)) throw new Error(`not a field key: ${field.key}`);
  const table = TABLES[field.entity];
  const cast = SORT_CASTS[field.type] ?? 'text';
  return `CREATE INDEX IF NOT EXISTS ${table}_cf_${field.key}_sort ON ${table} (((custom_fields ->> '${field.key}')::${cast}), id)`;
}

@injectable()
export class KnexCustomFieldRepository implements CustomFieldRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private query() {
    return CustomFieldModel.query(this.uow.db);
  }

  async list(entity: CustomFieldEntity | undefined, includeRetired: boolean): Promise<CustomField[]> {
    // One entity's fields, read on each create and edit of its records: a named prepared statement (issue 31).
    if (entity !== undefined) {
      const [name, sql] = includeRetired ? ENTITY_FIELDS : ENTITY_ACTIVE_FIELDS;
      const rows = await preparedRows<Row>(this.uow.db, name, sql, [entity]);
      return rows.map(labelled);
    }
    const rows = await this.query()
      .select(COLUMNS)
      .modify((q) => !includeRetired && q.where('retired', false))
      .orderBy(['entity', 'position', 'id']);
    return rows.map(toField);
  }

  async find(id: number, options: { forUpdate?: boolean } = {}): Promise<CustomField | null> {
    const row = await this.query()
      .select(COLUMNS)
      .findById(id)
      .modify((q) => options.forUpdate && q.forUpdate());
    return row ? toField(row) : null;
  }

  count(entity: CustomFieldEntity): Promise<number> {
    return this.query().where('entity', entity).resultSize();
  }

  async keyTaken(entity: CustomFieldEntity, key: string): Promise<boolean> {
    return (await this.query().select('id').where({ entity, key }).first()) !== undefined;
  }

  async create({ label, options, ...field }: CustomFieldRow): Promise<CustomField> {
    const row = await this.query()
      .insert({
        ...field,
        labelPt: label.pt,
        labelEn: label.en,
        options,
        position: raw('(SELECT coalesce(max(position), 0) + 1 FROM custom_fields WHERE entity = ?)', [field.entity]),
      })
      .returning(COLUMNS);
    const created = toField(row);
    await this.uow.db.raw(sortIndexSql(created));
    return created;
  }

  async update(
    id: number,
    {
      label,
      required,
      options,
      retired,
      pinned,
    }: Partial<Pick<CustomField, 'label' | 'required' | 'options' | 'retired' | 'pinned'>>,
  ): Promise<CustomField> {
    const row = await this.query()
      .patch({
        id,
        ...(label !== undefined && { labelPt: label.pt, labelEn: label.en }),
        ...(required !== undefined && { required }),
        ...(options !== undefined && { options }),
        ...(retired !== undefined && { retired }),
        ...(pinned !== undefined && { pinned }),
      })
      .findById(id)
      .returning(COLUMNS);
    return toField(row!);
  }

  /** Positions only: not an edit of the other fields, so their updated_at (a client's version) stays. */
  async reorder(ids: number[]): Promise<void> {
    for (const [index, id] of ids.entries())
      await this.uow
        .db('customFields')
        .where({ id })
        .whereNot({ position: index + 1 })
        .update({ position: index + 1 });
  }
}
