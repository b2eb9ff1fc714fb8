import { inject, injectable } from 'inversify';
import { FieldError } from '../crm/crm.errors';
import { ConflictError } from '../shared/conflict.error';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import type { ListSort } from '../shared/list-page';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import {
  checkCustomValues,
  customFieldMatch,
  checkOptions,
  MAX_FIELDS_PER_ENTITY,
  MAX_PINNED,
  normalizeOptions,
  type CustomField,
  type CustomFieldChanges,
  type CustomFieldEntity,
  type NewCustomField,
} from './custom-field';
import { CustomFieldKeyTakenError, CustomFieldLimitError, CustomFieldNotFoundError } from './custom-fields.errors';
import type { CustomFieldRepository } from './custom-fields.ports';
import { CUSTOM_FIELD_REPOSITORY } from './custom-fields.tokens';

/**
 * The fields an admin adds to contacts, companies and deals: everyone reads them (forms, lists, the API document's
 * readers), admins write them (the router enforces the permission table). A field's key, entity and type are fixed
 * once made (records hold values of that type under that key); it is retired, never deleted.
 */
@injectable()
export class CustomFieldsService {
  constructor(
    @inject(CUSTOM_FIELD_REPOSITORY) private readonly fields: CustomFieldRepository,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  list(entity?: CustomFieldEntity, includeRetired = false): Promise<CustomField[]> {
    return this.fields.list(entity, includeRetired);
  }

  async get(id: number): Promise<CustomField> {
    const field = await this.fields.find(id);
    if (!field) throw new CustomFieldNotFoundError();
    return field;
  }

  create({
    entity,
    key,
    label,
    type,
    required = false,
    options = [],
    position,
    pinned = false,
  }: NewCustomField): Promise<CustomField> {
    const checked = checkOptions(type, normalizeOptions(options));
    return this.uow.run(async () => {
      if ((await this.fields.count(entity)) >= MAX_FIELDS_PER_ENTITY)
        throw new CustomFieldLimitError(MAX_FIELDS_PER_ENTITY);
      if (await this.fields.keyTaken(entity, key)) throw new CustomFieldKeyTakenError();
      if (pinned) await this.checkRoomToPin(entity);
      const field = await this.fields.create({ entity, key, label, type, required, options: checked, pinned });
      if (position !== undefined) await this.move(field, position);
      return position === undefined ? field : this.get(field.id);
    });
  }

  /** Relabel, require or not, rename or retire options (never drop one), move, retire or restore. */
  update(id: number, changes: CustomFieldChanges, expectedUpdatedAt?: Date): Promise<CustomField> {
    return this.uow.run(async () => {
      const current = await this.fields.find(id, { forUpdate: true });
      if (!current) throw new CustomFieldNotFoundError();
      if (expectedUpdatedAt && current.updatedAt.getTime() !== expectedUpdatedAt.getTime())
        throw new ConflictError(current);
      const options =
        changes.options === undefined
          ? undefined
          : checkOptions(current.type, normalizeOptions(changes.options), current.options);
      if (changes.pinned && !current.pinned) await this.checkRoomToPin(current.entity);
      if (changes.position !== undefined && changes.position !== current.position)
        await this.move(current, changes.position);
      return this.fields.update(id, {
        label: changes.label,
        required: changes.required,
        options,
        retired: changes.retired,
        pinned: changes.pinned,
      });
    });
  }

  /**
   * The `customFields` a record's write stores, from what it sends, checked against the entity's fields (every
   * refusal a 400 naming customFields.<key>). A create starts from nothing (required fields need a value); a change
   * merges into the record's current values (null removes one; a field not sent, a retired one's included, keeps its
   * value), and leaves them alone when nothing is sent.
   */
  async values(
    entity: CustomFieldEntity,
    sent: Record<string, unknown> | undefined,
    current?: Record<string, unknown>,
  ): Promise<Record<string, unknown> | undefined> {
    if (current && sent === undefined) return undefined;
    const fields = await this.fields.list(entity, true);
    const checked = checkCustomValues(fields, sent ?? {}, current ? 'update' : 'create');
    const merged: Record<string, unknown> = { ...current, ...checked };
    for (const [key, value] of Object.entries(merged)) if (value === null) delete merged[key];
    return merged;
  }

  /**
   * Values sent to change many records at once, checked once as an edit checks them (null clears one, a required
   * field cannot be cleared); each record merges them into its own (mergeValues).
   */
  async checked(entity: CustomFieldEntity, sent: Record<string, unknown>): Promise<Record<string, unknown>> {
    return checkCustomValues(await this.fields.list(entity, true), sent, 'update');
  }

  /** A record's changes with their customFields checked and merged into the record's `current` values (see values). */
  async changes<C extends { customFields?: Record<string, unknown> }>(
    entity: CustomFieldEntity,
    changes: C,
    current: Record<string, unknown>,
  ): Promise<C> {
    const customFields = await this.values(entity, changes.customFields, current);
    return customFields === undefined ? changes : { ...changes, customFields };
  }

  /**
   * A list's `customFields.<key>` filters as the document the records' values must contain (customFieldMatch);
   * undefined without any.
   */
  async match(
    entity: CustomFieldEntity,
    filters: Record<string, string> | undefined,
  ): Promise<Record<string, unknown> | undefined> {
    if (!filters || Object.keys(filters).length === 0) return undefined;
    return customFieldMatch(await this.fields.list(entity, true), filters);
  }

  /**
   * A list's order, with how a custom field's values compare when it is ordered by one (`customFields.<key>`):
   * amounts and numbers as numbers, a yes/no as a boolean, the rest (dates as YYYY-MM-DD, a choice by its key) as
   * text. A key of no field is a 400 naming `sort`.
   */
  async sortOf(entity: CustomFieldEntity, sort: ListSort | undefined): Promise<ListSort | undefined> {
    if (!sort?.by.startsWith('customFields.')) return sort;
    const key = sort.by.slice('customFields.'.length);
    const field = (await this.fields.list(entity, true)).find((f) => f.key === key);
    if (!field)
      throw new FieldError('sort', `customFields.${key} is not a field of these records (GET /api/crm/fields)`);
    const numeric = field.type === 'number' || field.type === 'currency';
    return { ...sort, kind: numeric ? 'number' : field.type === 'checkbox' ? 'boolean' : 'text' };
  }

  /** A field to pin needs room: at most MAX_PINNED offered fields of a kind of record are pinned (400 on `pinned`). */
  private async checkRoomToPin(entity: CustomFieldEntity): Promise<void> {
    const pinned = (await this.fields.list(entity, false)).filter((field) => field.pinned);
    if (pinned.length >= MAX_PINNED)
      throw new FieldError(
        'pinned',
        `at most ${MAX_PINNED} fields show on the cards (${pinned.map((f) => f.key).join(', ')}): unpin one first`,
      );
  }

  /** Retires the field: hidden from forms, lists and filters; every record keeps its value. */
  async retire(id: number): Promise<void> {
    await this.update(id, { retired: true });
  }

  /** Puts `field` at `position` (1-based) among its entity's fields; the others shift. */
  private async move(field: CustomField, position: number): Promise<void> {
    const ids = (await this.fields.list(field.entity, true)).map((f) => f.id).filter((other) => other !== field.id);
    ids.splice(Math.min(position, ids.length + 1) - 1, 0, field.id);
    await this.fields.reorder(ids);
  }
}
