import { inject, injectable, multiInject, optional } from 'inversify';
import type { Config } from '../../infrastructure/config';
import { runChecks, type HealthCheck } from '../../domain/shared/health';
import { CONFIG, HEALTH_CHECK } from '../../domain/shared/shared.tokens';
import { DEMO_USERS } from '../../domain/users/demo-users';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { systemResponses } from './system.schemas';

export const READINESS_TIMEOUT_MS = 1_500;

@injectable()
export class SystemRouter implements HttpRouter {
  constructor(
    @inject(CONFIG) private readonly config: Config,
    @multiInject(HEALTH_CHECK) @optional() private readonly checks: HealthCheck[] = [],
  ) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/healthz',
        access: 'public',
        tag: 'system',
        summary: 'Liveness: the process answers',
        response: systemResponses.live,
        handler: () => ({ status: 'ok' }),
      }),
      defineRoute({
        method: 'get',
        path: '/readyz',
        access: 'public',
        tag: 'system',
        summary: 'Readiness: database and (when configured) Redis reachable; 503 otherwise',
        response: systemResponses.ready,
        handler: async (_input, _req, res) => {
          const checks = await runChecks(this.checks, READINESS_TIMEOUT_MS);
          const ready = checks.every((c) => c.status !== 'down');
          res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks });
        },
      }),
      defineRoute({
        method: 'get',
        path: '/api/auth/demo-credentials',
        access: 'public',
        tag: 'auth',
        summary: "Demo mode's sample credentials for the sign-in screen (empty outside demo mode)",
        response: systemResponses.demoCredentials,
        handler: () => ({
          demo: this.config.demo,
          credentials: this.config.demo
            ? DEMO_USERS.map(({ role, username, password }) => ({ role, username, password }))
            : [],
        }),
      }),
    ];
  }
}
