import { inject, injectable } from 'inversify';
import type { SearchService } from '../../domain/search/search.service';
import { SEARCH_SERVICE } from '../../domain/search/search.tokens';
import { viewerOf } from '../crm/crm-routes';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { searchSchemas } from './search.schemas';

@injectable()
export class SearchRouter implements HttpRouter {
  constructor(@inject(SEARCH_SERVICE) private readonly search: SearchService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/api/crm/search',
        access: 'signed-in',
        tag: 'search',
        summary:
          "Contacts, deals, the caller's activities (as their list shows them), notes and, for admins and developers, templates matching q (case and accents ignored), " +
          'each group best first (notes: newest first): name starting with q, then a word of it, then anywhere; newest first within each. A phone (6 digits or more, however written) also finds ' +
          'the contacts whose number ends with its digits or is that number',
        schemas: { query: searchSchemas.query },
        response: searchSchemas.response,
        handler: ({ query }, req) => this.search.find(viewerOf(req), query.q, query.limit),
      }),
    ];
  }
}
