import { inject, injectable } from 'inversify';
import type { ContactFilter } from '../../domain/contacts/contact';
import type { ContactsService } from '../../domain/contacts/contacts.service';
import { CONTACTS_SERVICE } from '../../domain/contacts/contacts.tokens';
import { actorOf } from '../../domain/privacy/consents.service';
import type { PrivacyRequestsService } from '../../domain/privacy/privacy-requests.service';
import { PRIVACY_REQUESTS_SERVICE } from '../../domain/privacy/privacy.tokens';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import {
  bulkSchemas,
  contactSchemas,
  duplicateSchemas,
  sourceSchemas,
  tagSchemas,
  type ContactQuery,
} from './contacts.schemas';
import { accessFor, crudRoutes, viewerOf } from './crm-routes';
import { customFieldFilters } from './fields.schemas';

/** Also the CSV export's filter. */
export const contactFilter = (q: ContactQuery): ContactFilter => ({
  search: q.search || undefined,
  status: q.status,
  tag: q.tag,
  ownerId: q.owner,
  companyId: q.companyId,
  source: q.source,
  scoreMin: q.scoreMin,
  scoreMax: q.scoreMax,
  customFields: customFieldFilters(q),
  sort: q.sort ? { by: q.sort, order: q.order ?? 'asc' } : undefined,
});

@injectable()
export class ContactsRouter implements HttpRouter {
  constructor(
    @inject(CONTACTS_SERVICE) private readonly contacts: ContactsService,
    @inject(PRIVACY_REQUESTS_SERVICE) private readonly privacy: Pick<PrivacyRequestsService, 'recordRead'>,
  ) {}

  routes(): RouteDefinition[] {
    const crud = crudRoutes({
      path: '/api/crm/contacts',
      tag: 'contacts',
      noun: ['contact', 'contacts'],
      resource: 'contact',
      service: this.contacts,
      schemas: contactSchemas,
      toFilter: contactFilter,
      listNote: '; customFields.<key>=<value> parameters filter by custom fields (GET /api/crm/fields lists them)',
      notFound: 'CONTACT.NOT_FOUND',
      updateErrors: ['PRIVACY.ALREADY_ANONYMIZED'],
    });
    const bulk = defineRoute({
      method: 'post',
      path: '/api/crm/contacts/bulk',
      access: accessFor('contact', 'update'),
      tag: 'contacts',
      summary:
        'Change the status, owner or tags of many contacts (by id, or all a filter matches), or delete them, in one transaction (each checked as a single edit)',
      schemas: { body: bulkSchemas.body },
      response: bulkSchemas.response,
      handler: ({ body: { ids, filter, ...change } }, req) =>
        this.contacts.bulk(viewerOf(req), ids ? { ids } : { filter: contactFilter(filter!) }, change),
    });
    const tags = defineRoute({
      method: 'get',
      path: '/api/crm/contacts/tags',
      access: accessFor('contact', 'read'),
      tag: 'contacts',
      summary: 'The tags in use, those starting with search (case and accents ignored), most used first',
      schemas: { query: tagSchemas.query },
      response: tagSchemas.response,
      handler: async ({ query }, req) => ({
        items: await this.contacts.tags(viewerOf(req), query.search, query.limit),
      }),
    });
    const sources = defineRoute({
      method: 'get',
      path: '/api/crm/contacts/sources',
      access: accessFor('contact', 'read'),
      tag: 'contacts',
      summary:
        'The sources in use, those starting with search (case and accents ignored, as the source filter), most used first',
      schemas: { query: sourceSchemas.query },
      response: sourceSchemas.response,
      handler: async ({ query }, req) => ({
        items: await this.contacts.sources(viewerOf(req), query.search, query.limit),
      }),
    });
    const duplicates = defineRoute({
      method: 'get',
      path: '/api/crm/contacts/duplicates',
      access: accessFor('contact', 'read'),
      tag: 'contacts',
      summary: 'Contacts that may be the same person: the same email or phone, or a very similar name (at most 5)',
      schemas: { query: duplicateSchemas.query },
      response: duplicateSchemas.response,
      handler: async ({ query }, req) => ({
        items: await this.contacts.possibleDuplicates(viewerOf(req), {
          ...query,
          name: query.name || undefined,
          email: query.email || undefined,
          phone: query.phone || undefined,
        }),
      }),
    });
    // A list read by an integration (an API key) is a read of personal data in bulk: in the record of operations.
    const [list, ...others] = crud;
    const audited: RouteDefinition = {
      ...list,
      handler: async (input, req, res) => {
        if (req.apiKey)
          await this.privacy.recordRead(actorOf(viewerOf(req), req.ip ?? null), 'contacts.listed_by_api_key', {
            query: input.query,
          });
        return list.handler(input, req, res);
      },
    };
    // Before /:id, which would take "duplicates", "tags" or "sources" for an id.
    return [duplicates, tags, sources, audited, ...others, bulk];
  }
}
