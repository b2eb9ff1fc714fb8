import { inject, injectable } from 'inversify';
import type { ContactFilter } from '../../domain/contacts/contact';
import type { ContactsService } from '../../domain/contacts/contacts.service';
import { CONTACTS_SERVICE } from '../../domain/contacts/contacts.tokens';
import type { HttpRouter, RouteDefinition } from '../route';
import { contactSchemas, type ContactQuery } from './contacts.schemas';
import { crudRoutes } from './crm-routes';

/** Also the CSV export's filter. */
export const contactFilter = (q: ContactQuery): ContactFilter => ({ search: q.search || undefined, status: q.status, tag: q.tag, ownerId: q.owner });

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
      toFilter: contactFilter,
      notFound: 'CONTACT.NOT_FOUND',
    });
  }
}
