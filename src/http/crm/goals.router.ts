import { inject, injectable } from 'inversify';
import type { GoalsService } from '../../domain/goals/goals.service';
import { GOALS_SERVICE } from '../../domain/goals/goals.tokens';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { accessFor, viewerOf } from './crm-routes';
import { goalResponses, goalSchemas } from './goals.schemas';

@injectable()
export class GoalsRouter implements HttpRouter {
  constructor(@inject(GOALS_SERVICE) private readonly goals: GoalsService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/api/crm/goals',
        access: accessFor('goal', 'read'),
        tag: 'goals',
        summary: "A month's goals, what each person did and their pace (admins: everyone; others: themselves)",
        schemas: { query: goalSchemas.monthQuery },
        response: goalResponses.month,
        errors: ['PIPELINE.NOT_FOUND'],
        handler: ({ query }, req) => this.goals.month(viewerOf(req), query.month, query.pipeline ?? null),
      }),
      defineRoute({
        method: 'put',
        path: '/api/crm/goals',
        access: accessFor('goal', 'update'),
        tag: 'goals',
        summary:
          "Replaces a month's goals, for every pipeline or one (people left out lose theirs); answers the month as GET does",
        schemas: { query: goalSchemas.putQuery, body: goalSchemas.putBody },
        response: goalResponses.month,
        errors: ['PIPELINE.NOT_FOUND'],
        handler: ({ query, body }, req) =>
          this.goals.replace(viewerOf(req), query.month, body.items, query.pipeline ?? null),
      }),
      defineRoute({
        method: 'get',
        path: '/api/crm/goals/history',
        access: accessFor('goal', 'read'),
        tag: 'goals',
        summary: "One person's last months, goal against what they did (admins: anyone; others: themselves)",
        schemas: { query: goalSchemas.historyQuery },
        response: goalResponses.history,
        errors: ['USER.NOT_FOUND', 'AUTH.FORBIDDEN', 'PIPELINE.NOT_FOUND'],
        handler: ({ query }, req) =>
          this.goals.history(viewerOf(req), query.userId, query.months, query.pipeline ?? null),
      }),
    ];
  }
}
