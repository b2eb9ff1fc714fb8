import type { CustomField } from '../custom-field';
import type { CustomFieldRepository } from '../custom-fields.ports';
import { CustomFieldsService } from '../custom-fields.service';
import type { UnitOfWork } from '../../shared/unit-of-work.port';

/** The custom field rules of a service test, over these fields (none by default), without a database. */
export function customFieldsOf(fields: CustomField[] = []): Pick<CustomFieldsService, 'values' | 'changes' | 'match'> {
  const repository: Pick<CustomFieldRepository, 'list'> = {
    list: async (entity) => fields.filter((field) => entity === undefined || field.entity === entity),
  };
  return new CustomFieldsService(repository as CustomFieldRepository, {} as UnitOfWork);
}
