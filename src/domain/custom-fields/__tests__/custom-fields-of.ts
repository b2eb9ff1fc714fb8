import type { CustomField, CustomFieldType } from '../custom-field';
import type { CustomFieldRepository } from '../custom-fields.ports';
import { CustomFieldsService } from '../custom-fields.service';
import type { UnitOfWork } from '../../shared/unit-of-work.port';

/** The custom field rules of a service test, over these fields (none by default), without a database. */
export function customFieldsOf(
  fields: CustomField[] = [],
): Pick<CustomFieldsService, 'values' | 'changes' | 'match' | 'list' | 'checked' | 'sortOf'> {
  const repository: Pick<CustomFieldRepository, 'list'> = {
    list: async (entity) => fields.filter((field) => entity === undefined || field.entity === entity),
  };
  return new CustomFieldsService(repository as CustomFieldRepository, {} as UnitOfWork);
}

/** A field of contacts as the repository answers it: `key` labelled by itself, offered, not required. */
export const customField = (key: string, type: CustomFieldType, more: Partial<CustomField> = {}): CustomField => ({
  id: 1,
  entity: 'contact',
  key,
  label: { pt: key, en: key },
  type,
  required: false,
  options: [],
  position: 1,
  retired: false,
  pinned: false,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...more,
});
