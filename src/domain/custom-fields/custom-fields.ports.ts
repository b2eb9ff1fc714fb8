import type { CustomField, CustomFieldEntity, FieldOption, Label } from './custom-field';

export interface CustomFieldRow {
  entity: CustomFieldEntity;
  key: string;
  label: Label;
  type: CustomField['type'];
  required: boolean;
  options: FieldOption[];
  pinned: boolean;
}

/** A short table (at most MAX_FIELDS_PER_ENTITY rows per entity), read whole. */
export interface CustomFieldRepository {
  /** By entity (all when none), then position; retired ones only when asked. */
  list(entity: CustomFieldEntity | undefined, includeRetired: boolean): Promise<CustomField[]>;
  find(id: number, options?: { forUpdate?: boolean }): Promise<CustomField | null>;
  count(entity: CustomFieldEntity): Promise<number>;
  keyTaken(entity: CustomFieldEntity, key: string): Promise<boolean>;
  /** Last of its entity (the service then moves it when a position is asked for). */
  create(field: CustomFieldRow): Promise<CustomField>;
  update(
    id: number,
    changes: Partial<Pick<CustomField, 'label' | 'required' | 'options' | 'retired' | 'pinned'>>,
  ): Promise<CustomField>;
  /** Positions 1..n of an entity's fields in this order (ids). */
  reorder(ids: number[]): Promise<void>;
}
