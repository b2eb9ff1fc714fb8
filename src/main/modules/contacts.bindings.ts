import { ContainerModule } from 'inversify';
import { ContactsService } from '../../domain/contacts/contacts.service';
import { CONTACTS_SERVICE, CONTACT_REPOSITORY } from '../../domain/contacts/contacts.tokens';
import { HTTP_ROUTER } from '../../domain/shared/shared.tokens';
import { ContactsExportRouter } from '../../http/crm/contacts-export.router';
import { ContactsRouter } from '../../http/crm/contacts.router';
import { KnexContactRepository } from '../../infrastructure/contacts/knex-contact.repository';

export const contactsModule = new ContainerModule(({ bind }) => {
  bind(CONTACT_REPOSITORY).to(KnexContactRepository).inSingletonScope();
  bind(CONTACTS_SERVICE).to(ContactsService).inSingletonScope();
  // Before ContactsRouter: its GET /api/crm/contacts/:id would take "export" for an id.
  bind(ContactsExportRouter).toSelf().inSingletonScope();
  bind(HTTP_ROUTER).toService(ContactsExportRouter);
  bind(ContactsRouter).toSelf().inSingletonScope();
  bind(HTTP_ROUTER).toService(ContactsRouter);
});
