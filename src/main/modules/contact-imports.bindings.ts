import { ContainerModule } from 'inversify';
import { ContactImportsService } from '../../domain/contact-imports/contact-imports.service';
import {
  CONTACT_IMPORTS_SERVICE,
  CONTACT_IMPORT_REPOSITORY,
  IMPORT_FILE,
} from '../../domain/contact-imports/contact-imports.tokens';
import { JOB_PROCESSOR } from '../../domain/shared/shared.tokens';
import { ImportContactsProcessor } from '../../jobs/contact-imports/import-contacts.processor';
import { CsvImportFile } from '../../infrastructure/contact-imports/csv-import-file';
import { KnexContactImportRepository } from '../../infrastructure/contact-imports/knex-contact-import.repository';

export const contactImportsModule = new ContainerModule(({ bind }) => {
  bind(CONTACT_IMPORT_REPOSITORY).to(KnexContactImportRepository).inSingletonScope();
  bind(IMPORT_FILE).to(CsvImportFile).inSingletonScope();
  bind(CONTACT_IMPORTS_SERVICE).to(ContactImportsService).inSingletonScope();
  bind(ImportContactsProcessor).toSelf().inSingletonScope();
  bind(JOB_PROCESSOR).toService(ImportContactsProcessor);
});
