import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmResource } from '../../src/domain/crm/crm-access';
import { EXPECTED_PERMISSIONS, expectedAllowed } from '../../src/domain/crm/__tests__/expected-permissions';
import { HTTP_ROUTER } from '../../src/domain/shared/shared.tokens';
import { ROLES, type Role } from '../../src/domain/users/user';
import { createCrmUsers, type CrmUsers } from '../../src/http/crm/__tests__/crm-test-kit';
import type { HttpRouter, RouteDefinition } from '../../src/http/route';
import { startTestServer, type TestClient, type TestResponse, type TestServer } from '../support/test-server';
import { recordFigure } from './support/figures';

// Permissions, part of the reliability suite: every route of the app (as the routers declare them, the list the
// API document is built from) called by every identity, and the record rules for owners and not owners, and the
// lists that must leave out what an identity may not see. Each case is one request whose status (or list) is
// compared with what the routes declare and, for records, templates and lists, with the permission matrix written
// out by hand (EXPECTED_PERMISSIONS, not CRM_PERMISSIONS: a wrong entry there must show here); every mismatch is
// reported together at the end.

type Identity = 'anonymous' | Role;
const IDENTITIES: Identity[] = ['anonymous', ...ROLES];
/** An id no record has: a call that gets past the role check ends in 404 or 400, changing nothing. */
const MISSING_ID = '999999999';

let server: TestServer;
let users: CrmUsers;
let anonymous: TestClient;
const mismatches: string[] = [];
let cases = 0;

const client = (who: Identity | 'other'): TestClient => (who === 'anonymous' ? anonymous : users[who]);

/** One case: `ok` says whether the response is what the tables expect; `expected` is said in the report. */
function check(label: string, res: TestResponse, ok: (status: number) => boolean, expected: string): void {
  cases += 1;
  if (!ok(res.status)) mismatches.push(`${label}: got ${res.status} ${res.text.slice(0, 160)}, expected ${expected}`);
}
const expectStatus = (label: string, res: TestResponse, status: number) =>
  check(label, res, (s) => s === status, String(status));
function expectListed(label: string, listed: boolean, expected: boolean): void {
  cases += 1;
  if (listed !== expected)
    mismatches.push(`${label}: ${listed ? 'listed' : 'not listed'}, expected ${expected ? 'listed' : 'left out'}`);
}

beforeAll(async () => {
  server = await startTestServer();
  users = await createCrmUsers(server);
  anonymous = server.client();
});

afterAll(async () => {
  recordFigure({ part: 'permissions', name: 'route × identity cases', value: cases, unit: 'cases' });
  await server?.stop();
});

describe('permissions', () => {
  it('every route answers every identity as its declared access says', async () => {
    const routes = server.runtime.container.getAll<HttpRouter>(HTTP_ROUTER).flatMap((r) => r.routes());
    expect(routes.length).toBeGreaterThan(60);
    const guarded = routes.filter((route) => route.access !== 'public');
    // Public routes (sign-in, registration, health, the demo credentials) are open by definition; signing out
    // would end the identities' sessions, so they are left out here (the host and CSRF checks cover them).
    for (const route of guarded) {
      const path = route.path.replace(':pipeline', 'default').replace(/:\w+/g, MISSING_ID);
      for (const who of IDENTITIES) {
        const res = await client(who).request(
          route.method.toUpperCase(),
          path,
          route.method === 'get' ? undefined : {},
        );
        const label = `${route.method.toUpperCase()} ${route.path} as ${who}`;
        if (who === 'anonymous') expectStatus(label, res, 401);
        else if (!allows(route, who))
          check(label, res, (s) => s === 403 && res.body?.error?.code === 'AUTH.FORBIDDEN', '403 AUTH.FORBIDDEN');
        else check(label, res, (s) => s !== 401 && s !== 403 && s < 500, 'past the role check (not 401, 403 or 5xx)');
      }
    }
    // The users are still signed in and unchanged: nothing above had an effect on them.
    for (const role of ROLES)
      expectStatus(`GET /api/user as ${role} after the matrix`, await client(role).get('/api/user'), 200);
  });

  it('contacts, deals, activities and notes follow the table for owners and not owners', async () => {
    // A note's rules are its author's, whoever owns the contact it is written on.
    const noteContact = (await users.admin.post('/api/crm/contacts', { name: 'Perm note contact' })).body as {
      id: number;
    };
    const records = {
      contact: {
        path: '/api/crm/contacts',
        body: { name: 'Perm contact' },
        change: { notes: 'changed' },
      },
      deal: { path: '/api/crm/deals', body: { title: 'Perm deal' }, change: { probability: 30 } },
      activity: {
        path: '/api/crm/activities',
        body: { subject: 'Perm activity' },
        change: { priority: 'high' },
      },
      note: {
        path: '/api/crm/notes',
        body: { kind: 'note', body: 'Perm note', contactId: noteContact.id },
        change: { body: 'changed' },
      },
    } as const;
    for (const [resource, spec] of Object.entries(records) as [CrmResource, (typeof records)[keyof typeof records]][]) {
      for (const role of ROLES) {
        for (const mine of [true, false]) {
          const ownerKey = mine ? role : 'other';
          const readable = expectedAllowed(role, resource, 'read', mine);
          const made = await client(ownerKey).post(spec.path, spec.body);
          if (made.status !== 201) throw new Error(`could not make a ${resource}: ${made.status} ${made.text}`);
          const id = made.body.id as number;
          const label = `${resource} ${mine ? 'own' : "someone else's"} as ${role}`;
          const writes = (action: 'update' | 'delete', ok: number) =>
            !readable ? 404 : expectedAllowed(role, resource, action, mine) ? ok : 403;
          expectStatus(`GET ${label}`, await client(role).get(`${spec.path}/${id}`), readable ? 200 : 404);
          const list = await client(role).get(`${spec.path}?limit=200`);
          expectListed(
            `list of ${resource}s: ${label}`,
            list.body.items.some((r: { id: number }) => r.id === id),
            readable,
          );
          expectStatus(
            `PATCH ${label}`,
            await client(role).patch(`${spec.path}/${id}`, spec.change),
            writes('update', 200),
          );
          expectStatus(`DELETE ${label}`, await client(role).delete(`${spec.path}/${id}`), writes('delete', 204));
        }
      }
    }
  });

  it('templates: everyone reads and uses them, only admins write them', async () => {
    const contact = (
      await users.other.post('/api/crm/contacts', { name: 'Template target', email: 'target@example.com' })
    ).body;
    for (const role of ROLES) {
      const template = (
        await users.admin.post('/api/crm/templates', { name: `T ${role}`, subject: 'Hi {{contact_name}}', body: 'B' })
      ).body;
      const rule = (action: 'read' | 'update' | 'delete', ok: number) =>
        EXPECTED_PERMISSIONS.template[action][role] === 'no' ? 403 : ok;
      const path = `/api/crm/templates/${template.id}`;
      expectStatus(`GET template as ${role}`, await client(role).get(path), rule('read', 200));
      expectStatus(
        `render template as ${role}`,
        await client(role).post(`${path}/render`, { contactId: contact.id }),
        rule('read', 200),
      );
      expectStatus(
        `use template as ${role}`,
        await client(role).post(`${path}/use`, { contactId: contact.id, channel: 'copy' }),
        rule('read', 200),
      );
      expectStatus(
        `PATCH template as ${role}`,
        await client(role).patch(path, { name: `by ${role}` }),
        rule('update', 200),
      );
      expectStatus(`DELETE template as ${role}`, await client(role).delete(path), rule('delete', 204));
    }
  });

  it('saved reports: the author’s until shared, then read-only for the team; an admin may delete a shared one', async () => {
    const definition = { entity: 'deals', measure: 'valueSum', groupBy: 'owner', periodDays: null, chart: 'bar' };
    // Employees have no reports at all (the route matrix checks their 403); the developer and the admin write them.
    const authors = { developer: 'admin', admin: 'developer' } as const;
    for (const role of ['developer', 'admin'] as const) {
      for (const [author, shared] of [
        [role, false],
        [authors[role], false],
        [authors[role], true],
      ] as const) {
        const report = (
          await client(author).post('/api/crm/saved-reports', { name: `R ${author} ${shared}`, definition, shared })
        ).body;
        const mine = author === role;
        const label = `${shared ? 'shared' : 'private'} report of ${mine ? 'mine' : 'someone else'} as ${role}`;
        const visible = mine || shared;
        const path = `/api/crm/saved-reports/${report.id}`;
        expectStatus(`GET ${label}`, await client(role).get(path), visible ? 200 : 404);
        expectStatus(`GET result of ${label}`, await client(role).get(`${path}/result`), visible ? 200 : 404);
        const list = await client(role).get('/api/crm/saved-reports?limit=100');
        expectListed(
          `list of saved reports: ${label}`,
          list.body.items.some((r: { id: number }) => r.id === report.id),
          visible,
        );
        expectStatus(
          `PATCH ${label}`,
          await client(role).patch(path, { name: 'renamed' }),
          !visible ? 404 : mine ? 200 : 403,
        );
        expectStatus(
          `DELETE ${label}`,
          await client(role).delete(path),
          !visible ? 404 : mine || role === 'admin' ? 204 : 403,
        );
      }
    }
  });

  it('lists, timelines, search and the dashboard leave out private activities and other people’s notifications', async () => {
    const word = `zq${Math.random().toString(36).slice(2, 10)}`;
    const contact = (await users.other.post('/api/crm/contacts', { name: `Contact ${word}` })).body;
    const activity = (
      await users.other.post('/api/crm/activities', { subject: `Private ${word}`, contactId: contact.id })
    ).body;
    const [notification] = await server.runtime.db
      .knex('notifications')
      .insert({
        userId: users.ids.other,
        kind: 'activity.reminder',
        title: `Reminder ${word}`,
        body: word,
        dedupeKey: `perm-${word}`,
        createdAt: new Date(),
      })
      .returning('id');
    const notificationId = Number((notification as { id: number }).id ?? notification);

    for (const role of ROLES) {
      const sees = expectedAllowed(role, 'activity', 'read', false);
      const isActivity = (e: { entityType: string; entityId: number }) =>
        e.entityType === 'activity' && e.entityId === activity.id;
      const activities = (await client(role).get('/api/crm/activities?limit=200')).body.items;
      expectListed(
        `activities list as ${role}`,
        activities.some((a: { id: number }) => a.id === activity.id),
        sees,
      );
      const timeline = (await client(role).get('/api/crm/timeline?limit=100')).body.items;
      expectListed(`team timeline as ${role}`, timeline.some(isActivity), sees);
      const contactTimeline = (await client(role).get(`/api/crm/contacts/${contact.id}/timeline?limit=100`)).body.items;
      expectListed(`contact timeline as ${role}`, contactTimeline.some(isActivity), sees);
      const search = (await client(role).get(`/api/crm/search?q=${word}`)).body;
      expectListed(
        `search as ${role}`,
        search.activities.some((a: { id: number }) => a.id === activity.id),
        sees,
      );
      expectListed(
        `search finds the public contact as ${role}`,
        search.contacts.some((c: { id: number }) => c.id === contact.id),
        true,
      );
      const recent = (await client(role).get('/api/dashboard')).body.recentActivity;
      expectListed(`dashboard recent activity as ${role}`, recent.some(isActivity), sees);

      const notifications = (await client(role).get('/api/notifications?limit=100')).body.items;
      expectListed(
        `notifications as ${role}`,
        notifications.some((n: { id: number }) => n.id === notificationId),
        false,
      );
      expectStatus(
        `mark someone else's notification read as ${role}`,
        await client(role).post(`/api/notifications/${notificationId}/read`),
        404,
      );
    }
    const own = (await users.other.get('/api/notifications?limit=100')).body.items;
    expectListed(
      'notifications as their owner',
      own.some((n: { id: number }) => n.id === notificationId),
      true,
    );
    const events = await users.admin.get('/api/admin/security-events?limit=50');
    expectStatus('security events as admin', events, 200);
  });

  it('has no mismatch', () => {
    expect(mismatches).toEqual([]);
    expect(cases).toBeGreaterThan(300);
  });
});

function allows(route: RouteDefinition, role: Role): boolean {
  return route.access === 'signed-in' || (route.access !== 'public' && route.access.includes(role));
}
