import { inject, injectable } from 'inversify';
import type { CompaniesService } from '../../domain/companies/companies.service';
import { COMPANIES_SERVICE } from '../../domain/companies/companies.tokens';
import type { ContactsService } from '../../domain/contacts/contacts.service';
import { CONTACTS_SERVICE } from '../../domain/contacts/contacts.tokens';
import type { DealsService } from '../../domain/deals/deals.service';
import { DEALS_SERVICE } from '../../domain/deals/deals.tokens';
import type { TimelineService } from '../../domain/timeline/timeline.service';
import { TIMELINE_SERVICE } from '../../domain/timeline/timeline.tokens';
import type { ErrorCode } from '../../domain/shared/app-error';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import type { Viewer } from '../../domain/shared/viewer';
import type { TimelineEntry } from '../../domain/timeline/timeline';
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
      this.recordTimeline({
        path: '/api/crm/contacts/:id/timeline',
        summary: "A contact's history: its own changes and those of its deals and activities, newest first",
        notFound: 'CONTACT.NOT_FOUND',
        find: (viewer, id) => this.contacts.get(viewer, id),
        list: (viewer, id, page) => this.timeline.forContact(viewer, id, page),
      }),
      this.recordTimeline({
        path: '/api/crm/deals/:id/timeline',
        summary: "A deal's history: created, stage moves (closing and reopening), field changes, newest first",
        notFound: 'DEAL.NOT_FOUND',
        find: (viewer, id) => this.deals.get(viewer, id),
        list: (viewer, id, page) => this.timeline.forDeal(viewer, id, page),
      }),
      this.recordTimeline({
        path: '/api/crm/companies/:id/timeline',
        summary: "A company's history: created, field changes, newest first",
        notFound: 'COMPANY.NOT_FOUND',
        find: (viewer, id) => this.companies.get(viewer, id),
        list: (viewer, id, page) => this.timeline.forCompany(viewer, id, page),
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

  /** One record's history: 404 (`notFound`) when the viewer may not read the record, as reading it would be. */
  private recordTimeline(o: {
    path: string;
    summary: string;
    notFound: ErrorCode;
    find: (viewer: Viewer, id: number) => Promise<unknown>;
    list: (viewer: Viewer, id: number, page: PageRequest) => Promise<Page<TimelineEntry>>;
  }): RouteDefinition {
    return defineRoute({
      method: 'get',
      path: o.path,
      access: accessFor('timeline', 'read'),
      tag: 'timeline',
      summary: o.summary,
      schemas: { params: idParams, query: timelineQuery },
      response: timelinePage,
      errors: [o.notFound],
      handler: async ({ params, query }, req) => {
        const viewer = viewerOf(req);
        await o.find(viewer, params.id);
        return o.list(viewer, params.id, pageOf(query));
      },
    });
  }
}
