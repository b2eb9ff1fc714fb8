import { ContainerModule } from 'inversify';
import { ContactsService } from '../../domain/contacts/contacts.service';
import { CONTACTS_SERVICE, CONTACT_REPOSITORY } from '../../domain/contacts/contacts.tokens';
import { KnexContactRepository } from '../../infrastructure/contacts/knex-contact.repository';

export const contactsModule = new ContainerModule(({ bind }) => {
  bind(CONTACT_REPOSITORY).to(KnexContactRepository).inSingletonScope();
  bind(CONTACTS_SERVICE).to(ContactsService).inSingletonScope();
});
