import { inject, injectable } from 'inversify';
import type { HomeService } from '../../domain/home/home.service';
import { HOME_SERVICE } from '../../domain/home/home.tokens';
import { viewerOf } from '../crm/crm-routes';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { homeResponses, homeSchemas } from './home.schemas';

const whose = 'userId: admins a person or the whole team when absent, others themselves';

/** The home screen's sections, one request each. */
@injectable()
export class HomeRouter implements HttpRouter {
  constructor(@inject(HOME_SERVICE) private readonly home: HomeService) {}

  routes(): RouteDefinition[] {
    const schemas = { query: homeSchemas.query };
    const errors = ['USER.NOT_FOUND', 'AUTH.FORBIDDEN'] as const;
    return [
      defineRoute({
        method: 'get',
        path: '/api/home/agenda',
        access: 'signed-in',
        tag: 'home',
        summary: `Pending activities assigned to the person: overdue, then due today (${whose})`,
        schemas,
        response: homeResponses.agenda,
        errors,
        handler: ({ query }, req) => this.home.agenda(viewerOf(req), query.userId),
      }),
      defineRoute({
        method: 'get',
        path: '/api/home/no-next-step',
        access: 'signed-in',
        tag: 'home',
        summary: `Open deals the person owns with no pending activity (${whose})`,
        schemas,
        response: homeResponses.noNextStep,
        errors,
        handler: ({ query }, req) => this.home.noNextStep(viewerOf(req), query.userId),
      }),
      defineRoute({
        method: 'get',
        path: '/api/home/pipeline',
        access: 'signed-in',
        tag: 'home',
        summary: `The person's open deals of a pipeline by stage, and those closing this month (${whose})`,
        schemas: { query: homeSchemas.pipelineQuery },
        response: homeResponses.pipeline,
        errors: [...errors, 'PIPELINE.NOT_FOUND'],
        handler: ({ query }, req) => this.home.pipeline(viewerOf(req), query.userId, query.pipeline),
      }),
      defineRoute({
        method: 'get',
        path: '/api/home/goal',
        access: 'signed-in',
        tag: 'home',
        summary: `This month's goal, what was done and the pace (the team's added up) (${whose})`,
        schemas,
        response: homeResponses.goal,
        errors,
        handler: ({ query }, req) => this.home.goal(viewerOf(req), query.userId),
      }),
      defineRoute({
        method: 'get',
        path: '/api/home/recent-contacts',
        access: 'signed-in',
        tag: 'home',
        summary: `The last contacts the person touched (${whose})`,
        schemas,
        response: homeResponses.recentContacts,
        errors,
        handler: ({ query }, req) => this.home.recentContacts(viewerOf(req), query.userId),
      }),
      defineRoute({
        method: 'get',
        path: '/api/home/team',
        access: ['admin'],
        tag: 'home',
        summary: "The team this week: activities done, stale deals, this month's goals, new leads by source",
        response: homeResponses.team,
        handler: (_input, req) => this.home.team(viewerOf(req)),
      }),
    ];
  }
}
