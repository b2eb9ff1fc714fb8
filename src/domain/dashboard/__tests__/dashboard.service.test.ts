import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../shared/health';
import type { RecentActivityItem } from '../../timeline/timeline';
import type { Viewer } from '../../shared/viewer';
import { DashboardService } from '../dashboard.service';

const admin = { id: 1, role: 'admin' as const };
const employee = { id: 7, role: 'employee' as const };
const entry: RecentActivityItem = {
  id: '1',
  entityType: 'contact',
  entityId: 3,
  action: 'created',
  entityName: 'Padaria',
  userName: 'Ana',
  at: new Date(0),
};

function dashboard(
  o: { readiness?: CheckResult[]; medianMs?: number | null; weak?: number; demo?: boolean; viewer?: Viewer } = {},
) {
  const asked: unknown[] = [];
  const viewer = o.viewer ?? admin;
  const service = new DashboardService(
    {
      countUsers: async () => 4,
      countLiveSessions: async () => 2,
      countWeakPasswordHashes: async () => {
        asked.push('weak hashes');
        return o.weak ?? 0;
      },
    },
    {
      recent: async (limit, who) => {
        asked.push({ limit, who });
        return [entry];
      },
    },
    { check: async () => o.readiness ?? [{ name: 'database', status: 'up' }] },
    {
      summary: () => ({
        medianMs: o.medianMs === undefined ? 12.5 : o.medianMs,
        samples: o.medianMs === null ? 0 : 40,
      }),
    },
    { demo: o.demo ?? false, sessionSecretConfigured: true },
  );
  return { figures: (secureCookies = true) => service.figures(viewer, secureCookies), asked };
}

describe('DashboardService', () => {
  it('gathers the counts, the response time and the recent activity this viewer may see', async () => {
    const { figures, asked } = dashboard({ viewer: employee });
    expect(await figures()).toMatchObject({
      users: 4,
      activeSessions: 2,
      responseTime: { medianMs: 12.5, samples: 40 },
      recentActivity: [entry],
    });
    expect(asked).toEqual([{ limit: 5, who: employee }]);
  });

  it('shows the security checks to admins only: no score, no status row, no hash count for the others', async () => {
    for (const role of ['employee', 'developer'] as const) {
      const { figures, asked } = dashboard({ viewer: { id: 7, role }, demo: true });
      const seen = await figures(false);
      expect(seen, role).not.toHaveProperty('security');
      expect(
        seen.status.map((s) => s.name),
        role,
      ).toEqual(['database', 'api', 'queue']);
      expect(asked, role).not.toContain('weak hashes');
    }
    const seen = await dashboard({ demo: true }).figures(false);
    expect(seen.security?.score).toBe(50);
    expect(seen.status.map((s) => s.name)).toEqual(['database', 'api', 'queue', 'security']);
  });

  it('scores security from the stored hashes, the settings and whether the request cookie is Secure', async () => {
    expect((await dashboard().figures()).security?.score).toBe(100);
    const weak = (await dashboard({ weak: 1, demo: true }).figures(false)).security!;
    expect(weak.checks.filter((c) => !c.passed).map((c) => c.id)).toEqual([
      'passwords_argon2id',
      'demo_mode_off',
      'secure_cookies',
    ]);
    expect(weak.score).toBe(25);
  });

  it('shows each dependency on the status panel', async () => {
    expect((await dashboard().figures()).status).toEqual([
      { name: 'database', status: 'up' },
      { name: 'api', status: 'up', detail: '12.5 ms' },
      { name: 'queue', status: 'up', detail: 'in-process' },
      { name: 'security', status: 'up', detail: '100%' },
    ]);
    const readiness: CheckResult[] = [
      { name: 'database', status: 'down', detail: 'timed out after 1500 ms' },
      { name: 'redis', status: 'warning', detail: 'reconnecting' },
    ];
    expect((await dashboard({ readiness, medianMs: 900, demo: true }).figures()).status).toEqual([
      { name: 'database', status: 'down', detail: 'timed out after 1500 ms' },
      { name: 'api', status: 'warning', detail: '900 ms' },
      { name: 'queue', status: 'warning', detail: 'reconnecting' },
      { name: 'security', status: 'warning', detail: '75%' },
    ]);
    // No database check reported, no API response yet.
    expect((await dashboard({ readiness: [], medianMs: null }).figures()).status.slice(0, 2)).toEqual([
      { name: 'database', status: 'down' },
      { name: 'api', status: 'up' },
    ]);
  });
});
