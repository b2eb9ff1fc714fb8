import { inject, injectable, multiInject, optional } from 'inversify';
import { runChecks, type CheckResult, type HealthCheck } from '../../domain/shared/health';
import { CONFIG, HEALTH_CHECK } from '../../domain/shared/shared.tokens';
import { TIMELINE_SERVICE } from '../../domain/timeline/timeline.tokens';
import { securityScore } from '../../domain/users/security-score';
import type { Role } from '../../domain/users/user';
import type { UsersService } from '../../domain/users/users.service';
import { USERS_SERVICE } from '../../domain/users/users.tokens';
import type { Config } from '../../infrastructure/config';
import { ResponseTimes } from '../metrics/response-times';
import { currentAuth, type HttpRouter, type RouteDefinition } from '../route';
import { READINESS_TIMEOUT_MS } from '../system/system.router';
import { dashboardResponse } from './dashboard.schemas';

interface RecentActivitySource {
  /** Newest first, limited to what this viewer may see. */
  recent(limit: number, viewer: { id: number; role: Role }): Promise<unknown[]>;
}

const RECENT_ACTIVITY_LIMIT = 5;
/** Above this median the API shows as degraded on the status panel. */
const SLOW_API_MS = 500;

@injectable()
export class DashboardRouter implements HttpRouter {
  constructor(
    @inject(CONFIG) private readonly config: Config,
    @inject(USERS_SERVICE) private readonly users: UsersService,
    @inject(ResponseTimes) private readonly responseTimes: ResponseTimes,
    @multiInject(HEALTH_CHECK) @optional() private readonly checks: HealthCheck[] = [],
    @inject(TIMELINE_SERVICE) @optional() private readonly timeline?: RecentActivitySource,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        method: 'get',
        path: '/api/dashboard',
        access: 'signed-in',
        tag: 'dashboard',
        summary: 'Live figures for the dashboard: users, sessions, security score, response time, status, recent activity',
        response: dashboardResponse,
        handler: async (_input, req) => {
          const { user } = currentAuth(req);
          const [users, activeSessions, weakPasswordHashes, readiness, recentActivity] = await Promise.all([
            this.users.countUsers(),
            this.users.countLiveSessions(),
            this.users.countWeakPasswordHashes(),
            runChecks(this.checks, READINESS_TIMEOUT_MS),
            this.timeline ? this.timeline.recent(RECENT_ACTIVITY_LIMIT, { id: user.id, role: user.role }) : Promise.resolve([]),
          ]);
          const secureCookies = this.config.cookieSecure === 'always' || (this.config.cookieSecure === 'auto' && req.secure);
          const security = securityScore({
            weakPasswordHashes,
            demoMode: this.config.demo,
            secureCookies,
            sessionSecretConfigured: this.config.sessionSecretConfigured,
          });
          const responseTime = this.responseTimes.summary();
          return {
            users,
            activeSessions,
            security,
            responseTime,
            status: this.status(readiness, security.score, responseTime.medianMs),
            recentActivity,
          };
        },
      },
    ];
  }

  private status(readiness: CheckResult[], score: number, medianMs: number | null) {
    const database = readiness.find((c) => c.name === 'database');
    const redis = readiness.find((c) => c.name === 'redis');
    return [
      { name: 'database', status: database?.status ?? 'down', ...(database?.detail && { detail: database.detail }) },
      { name: 'api', status: medianMs !== null && medianMs > SLOW_API_MS ? 'warning' : 'up', ...(medianMs !== null && { detail: `${medianMs} ms` }) },
      redis
        ? { name: 'queue', status: redis.status, detail: redis.detail ?? 'redis' }
        : { name: 'queue', status: 'up', detail: 'in-process' },
      { name: 'security', status: score === 100 ? 'up' : 'warning', detail: `${score}%` },
    ];
  }
}
