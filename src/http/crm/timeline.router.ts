import { inject, injectable } from 'inversify';
import type { CompaniesService } from '../../domain/companies/companies.service';
import { COMPANIES_SERVICE } from '../../domain/companies/companies.tokens';
import type { ContactsService } from '../../domain/contacts/contacts.service';
import { CONTACTS_SERVICE } from '../../domain/contacts/contacts.tokens';
import type { DealsService } from '../../domain/deals/deals.service';
import { DEALS_SERVICE } from '../../domain/deals/deals.tokens';
import type { TimelineService } from '../../domain/timeline/timeline.service';
import { TIMELINE_SERVICE } from '../../domain/timeline/timeline.tokens';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { idParams } from './crm.schemas';
import { accessFor, pageOf, viewerOf } from './crm-routes';
import { timelinePage, timelineQuery } from './timeline.schemas';

@injectable()
export class TimelineRouter implements HttpRouter {
  constructor(
    @inject(TIMELINE_SERVICE) private readonly timeline: TimelineService,
    @inject(CONTACTS_SERVICE) private readonly contacts: ContactsService,
    @inject(DEALS_SERVICE) private readonly deals: DealsService,
    @inject(COMPANIES_SERVICE) private readonly companies: CompaniesService,
  ) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/api/crm/contacts/:id/timeline',
        access: accessFor('timeline', 'read'),
        tag: 'timeline',
        summary: "A contact's history: its own changes and those of its deals and activities, newest first",
        schemas: { params: idParams, query: timelineQuery },
        response: timelinePage,
        errors: ['CONTACT.NOT_FOUND'],
        handler: async ({ params, query }, req) => {
          const viewer = viewerOf(req);
          await this.contacts.get(viewer, params.id);
          return this.timeline.forContact(viewer, params.id, pageOf(query));
        },
      }),
      defineRoute({
        method: 'get',
        path: '/api/crm/deals/:id/timeline',
        access: accessFor('timeline', 'read'),
        tag: 'timeline',
        summary: "A deal's history: created, stage moves (closing and reopening), field changes, newest first",
        schemas: { params: idParams, query: timelineQuery },
        response: timelinePage,
        errors: ['DEAL.NOT_FOUND'],
        handler: async ({ params, query }, req) => {
          const viewer = viewerOf(req);
          await this.deals.get(viewer, params.id);
          return this.timeline.forDeal(viewer, params.id, pageOf(query));
        },
      }),
      defineRoute({
        method: 'get',
        path: '/api/crm/companies/:id/timeline',
        access: accessFor('timeline', 'read'),
        tag: 'timeline',
        summary: "A company's history: created, field changes, newest first",
        schemas: { params: idParams, query: timelineQuery },
        response: timelinePage,
        errors: ['COMPANY.NOT_FOUND'],
        handler: async ({ params, query }, req) => {
          const viewer = viewerOf(req);
          await this.companies.get(viewer, params.id);
          return this.timeline.forCompany(viewer, params.id, pageOf(query));
        },
      }),
      defineRoute({
        method: 'get',
        path: '/api/crm/timeline',
        access: accessFor('timeline', 'read'),
        tag: 'timeline',
        summary: 'Recent changes across the team, newest first',
        schemas: { query: timelineQuery },
        response: timelinePage,
        handler: ({ query }, req) => this.timeline.team(viewerOf(req), pageOf(query)),
      }),
    ];
  }
}
