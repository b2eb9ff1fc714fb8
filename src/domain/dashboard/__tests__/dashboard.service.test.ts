import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../shared/health';
import type { RecentActivityItem } from '../../timeline/timeline';
import { DashboardService } from '../dashboard.service';

const viewer = { id: 7, role: 'employee' as const };
const entry: RecentActivityItem = { id: '1', entityType: 'contact', entityId: 3, action: 'created', entityName: 'Padaria', userName: 'Ana', at: new Date(0) };

function dashboard(o: { readiness?: CheckResult[]; medianMs?: number | null; weak?: number; demo?: boolean; secretConfigured?: boolean } = {}) {
  const asked: { limit: number; viewer?: unknown }[] = [];
  const service = new DashboardService(
    { countUsers: async () => 4, countLiveSessions: async () => 2, countWeakPasswordHashes: async () => o.weak ?? 0 },
    {
      recent: async (limit, who) => {
        asked.push({ limit, viewer: who });
        return [entry];
      },
    },
    { check: async () => o.readiness ?? [{ name: 'database', status: 'up' }] },
    { summary: () => ({ medianMs: o.medianMs === undefined ? 12.5 : o.medianMs, samples: o.medianMs === null ? 0 : 40 }) },
    { demo: o.demo ?? false, sessionSecretConfigured: o.secretConfigured ?? true },
  );
  return { service, asked };
}

describe('DashboardService', () => {
  it('gathers the counts, response time and the recent activity this viewer may see', async () => {
    const { service, asked } = dashboard();
    const figures = await service.figures(viewer, true);
    expect(figures).toMatchObject({ users: 4, activeSessions: 2, responseTime: { medianMs: 12.5, samples: 40 }, recentActivity: [entry] });
    expect(asked).toEqual([{ limit: 5, viewer }]);
  });

  it('scores security from the settings, the stored hashes and whether the request cookie is Secure', async () => {
    expect((await dashboard().service.figures(viewer, true)).security.score).toBe(100);
    const weak = await dashboard({ weak: 1, demo: true, secretConfigured: false }).service.figures(viewer, false);
    expect(weak.security.checks.filter((c) => !c.passed).map((c) => c.id)).toEqual([
      'passwords_argon2id',
      'demo_mode_off',
      'secure_cookies',
      'session_secret_configured',
    ]);
    expect(weak.security.score).toBe(0);
  });

  it('shows every dependency on the status panel: in-process queue without Redis, all up', async () => {
    const { status } = await dashboard().service.figures(viewer, true);
    expect(status).toEqual([
      { name: 'database', status: 'up' },
      { name: 'api', status: 'up', detail: '12.5 ms' },
      { name: 'queue', status: 'up', detail: 'in-process' },
      { name: 'security', status: 'up', detail: '100%' },
    ]);
  });

  it('shows a database that is down, a slow API, Redis trouble and a weak security score', async () => {
    const readiness: CheckResult[] = [
      { name: 'database', status: 'down', detail: 'timed out after 1500 ms' },
      { name: 'redis', status: 'warning', detail: 'reconnecting' },
    ];
    const { status } = await dashboard({ readiness, medianMs: 900, demo: true }).service.figures(viewer, true);
    expect(status).toEqual([
      { name: 'database', status: 'down', detail: 'timed out after 1500 ms' },
      { name: 'api', status: 'warning', detail: '900 ms' },
      { name: 'queue', status: 'warning', detail: 'reconnecting' },
      { name: 'security', status: 'warning', detail: '75%' },
    ]);
  });

  it('shows the database as down when no check reports it, and no API time before the first response', async () => {
    const { status } = await dashboard({ readiness: [], medianMs: null }).service.figures(viewer, true);
    expect(status.slice(0, 2)).toEqual([
      { name: 'database', status: 'down' },
      { name: 'api', status: 'up' },
    ]);
  });
});
