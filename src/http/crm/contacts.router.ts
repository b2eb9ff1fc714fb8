import { inject, injectable } from 'inversify';
import type { ContactsService } from '../../domain/contacts/contacts.service';
import { CONTACTS_SERVICE } from '../../domain/contacts/contacts.tokens';
import type { HttpRouter, RouteDefinition } from '../route';
import { contactSchemas } from './contacts.schemas';
import { crudRoutes } from './crm-routes';

@injectable()
export class ContactsRouter implements HttpRouter {
  constructor(@inject(CONTACTS_SERVICE) private readonly contacts: ContactsService) {}

  routes(): RouteDefinition[] {
    return crudRoutes({
      path: '/api/crm/contacts',
      tag: 'contacts',
      noun: ['contact', 'contacts'],
      resource: 'contact',
      service: this.contacts,
      schemas: contactSchemas,
      toFilter: (q) => ({ search: (q.search as string) || undefined, status: q.status as never, tag: q.tag as string | undefined, ownerId: q.owner as number | undefined }),
      notFound: 'CONTACT.NOT_FOUND',
    });
  }
}
