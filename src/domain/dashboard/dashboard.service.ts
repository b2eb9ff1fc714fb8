import { inject, injectable } from 'inversify';
import type { Viewer } from '../shared/viewer';
import type { CheckResult } from '../shared/health';
import { CONFIG } from '../shared/shared.tokens';
import type { TimelineService } from '../timeline/timeline.service';
import { TIMELINE_SERVICE } from '../timeline/timeline.tokens';
import { securityScore } from '../users/security-score';
import type { UsersService } from '../users/users.service';
import { USERS_SERVICE } from '../users/users.tokens';
import { READINESS, RESPONSE_TIMES } from './dashboard.tokens';

// Ports: the readiness checks (database, Redis, job queue) within their deadline, the API's recent response
// times as the HTTP layer measures them, and the settings the security score reads (the app's config).
export type Readiness = { check(): Promise<CheckResult[]> };
export type ResponseTimeStats = { summary(): { medianMs: number | null; samples: number } };
export type SecuritySettings = { demo: boolean; sessionSecretConfigured: boolean };

const RECENT_ACTIVITY_LIMIT = 5;
/** Above this median the API shows as degraded on the status panel. */
const SLOW_API_MS = 500;

type StatusItem = { name: 'database' | 'api' | 'queue' | 'security'; status: CheckResult['status']; detail?: string };

/** The dashboard's live figures: people, sessions, security score, response time, status and recent activity. */
@injectable()
export class DashboardService {
  constructor(
    @inject(USERS_SERVICE)
    private readonly users: Pick<UsersService, 'countUsers' | 'countLiveSessions' | 'countWeakPasswordHashes'>,
    @inject(TIMELINE_SERVICE) private readonly timeline: Pick<TimelineService, 'recent'>,
    @inject(READINESS) private readonly readiness: Readiness,
    @inject(RESPONSE_TIMES) private readonly responseTimes: ResponseTimeStats,
    @inject(CONFIG) private readonly settings: SecuritySettings,
  ) {}

  /**
   * `secureCookies`: whether the viewer's session cookie is Secure, which only the request can tell. The
   * security checks (which of the deployment's defences are off) are for admins only: they are a map for
   * an attacker holding an employee's account, and nobody else can act on them.
   */
  async figures(viewer: Viewer, secureCookies: boolean) {
    const admin = viewer.role === 'admin';
    const [users, activeSessions, weakPasswordHashes, readiness, recentActivity] = await Promise.all([
      this.users.countUsers(),
      this.users.countLiveSessions(),
      admin ? this.users.countWeakPasswordHashes() : 0,
      this.readiness.check(),
      this.timeline.recent(RECENT_ACTIVITY_LIMIT, viewer),
    ]);
    const { demo: demoMode, sessionSecretConfigured } = this.settings;
    const security = admin
      ? securityScore({ weakPasswordHashes, demoMode, secureCookies, sessionSecretConfigured })
      : undefined;
    const responseTime = this.responseTimes.summary();
    return {
      users,
      activeSessions,
      ...(security && { security }),
      responseTime,
      status: statusPanel(readiness, security?.score, responseTime.medianMs),
      recentActivity,
    };
  }
}

/** `score`: the security score, for admins only (undefined leaves the security row out). */
function statusPanel(readiness: CheckResult[], score: number | undefined, medianMs: number | null): StatusItem[] {
  const database = readiness.find((c) => c.name === 'database');
  const redis = readiness.find((c) => c.name === 'redis');
  return [
    { name: 'database', status: database?.status ?? 'down', ...(database?.detail && { detail: database.detail }) },
    {
      name: 'api',
      status: medianMs !== null && medianMs > SLOW_API_MS ? 'warning' : 'up',
      ...(medianMs !== null && { detail: `${medianMs} ms` }),
    },
    redis
      ? { name: 'queue', status: redis.status, detail: redis.detail ?? 'redis' }
      : { name: 'queue', status: 'up', detail: 'in-process' },
    ...(score === undefined
      ? []
      : [
          {
            name: 'security' as const,
            status: score === 100 ? ('up' as const) : ('warning' as const),
            detail: `${score}%`,
          },
        ]),
  ];
}
