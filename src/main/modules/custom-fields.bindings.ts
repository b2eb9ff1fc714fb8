import { ContainerModule } from 'inversify';
import { CustomFieldsService } from '../../domain/custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE, CUSTOM_FIELD_REPOSITORY } from '../../domain/custom-fields/custom-fields.tokens';
import { KnexCustomFieldRepository } from '../../infrastructure/custom-fields/knex-custom-field.repository';

export const customFieldsModule = new ContainerModule(({ bind }) => {
  bind(CUSTOM_FIELD_REPOSITORY).to(KnexCustomFieldRepository).inSingletonScope();
  bind(CUSTOM_FIELDS_SERVICE).to(CustomFieldsService).inSingletonScope();
});
