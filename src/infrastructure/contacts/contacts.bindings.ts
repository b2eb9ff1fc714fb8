import { ContainerModule } from 'inversify';
import { ContactsService } from '../../domain/contacts/contacts.service';
import { CONTACTS_SERVICE, CONTACT_REPOSITORY } from '../../domain/contacts/contacts.tokens';
import { HTTP_ROUTER } from '../../domain/shared/shared.tokens';
import { ContactsRouter } from '../../http/crm/contacts.router';
import { KnexContactRepository } from './knex-contact.repository';

export const contactsModule = new ContainerModule(({ bind }) => {
  bind(CONTACT_REPOSITORY).to(KnexContactRepository).inSingletonScope();
  bind(CONTACTS_SERVICE).to(ContactsService).inSingletonScope();
  bind(ContactsRouter).toSelf().inSingletonScope();
  bind(HTTP_ROUTER).toService(ContactsRouter);
});
