import { inject, injectable } from 'inversify';
import type { DashboardService } from '../../domain/dashboard/dashboard.service';
import { DASHBOARD_SERVICE } from '../../domain/dashboard/dashboard.tokens';
import { viewerOf } from '../crm/crm-routes';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { dashboardResponse } from './dashboard.schemas';

@injectable()
export class DashboardRouter implements HttpRouter {
  constructor(@inject(DASHBOARD_SERVICE) private readonly dashboard: DashboardService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/api/dashboard',
        access: 'signed-in',
        tag: 'dashboard',
        summary:
          'Live figures for the dashboard: users, sessions, security score, response time, status, recent activity',
        response: dashboardResponse,
        // The session middleware chose the Secure (__Host-) cookie for this request or not.
        handler: (_input, req) => this.dashboard.figures(viewerOf(req), req.sessionCookie?.secure === true),
      }),
    ];
  }
}
