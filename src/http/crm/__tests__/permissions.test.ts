import { beforeAll, describe, expect, it } from 'vitest';
import type { CrmAction, CrmResource } from '../../../domain/crm/crm-access';
import { EXPECTED_PERMISSIONS, expectedAllowed } from '../../../domain/crm/__tests__/expected-permissions';
import { ROLES, type Role } from '../../../domain/users/user';
import type { TestClient } from '../../../../tests/support/test-server';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const actor = (role: Role): { client: TestClient } => ({ client: crm.users[role] });

/** The contact the notes are written on (someone else's: a note's rules are its author's, not its contact's). */
let noteContactId = 0;
beforeAll(async () => {
  noteContactId = (await crm.users.admin.post('/api/crm/contacts', { name: 'Perm note contact' })).body.id as number;
});

// How to make a record of each kind as `client`, owned by (or assigned to) that same user.
const RECORDS = {
  contact: {
    path: '/api/crm/contacts',
    body: { name: 'Perm contact' },
    change: { notes: 'changed' },
  },
  company: { path: '/api/crm/companies', body: { name: 'Perm company' }, change: { segment: 'changed' } },
  deal: { path: '/api/crm/deals', body: { title: 'Perm deal' }, change: { probability: 30 } },
  activity: {
    path: '/api/crm/activities',
    body: { subject: 'Perm activity' },
    change: { priority: 'high' },
  },
  note: {
    path: '/api/crm/notes',
    get body() {
      return { kind: 'note', body: 'Perm note', contactId: noteContactId };
    },
    change: { body: 'changed' },
  },
} as const;

const expected = (allowed: boolean, readable: boolean, ok: number) => (!readable ? 404 : allowed ? ok : 403);

// The expected statuses come from the matrix written out by hand, not from the table the routes apply.
describe('the permission table, record by record', () => {
  for (const [resource, spec] of Object.entries(RECORDS) as [
    keyof typeof RECORDS,
    (typeof RECORDS)[keyof typeof RECORDS],
  ][]) {
    for (const role of ROLES) {
      for (const mine of [true, false]) {
        it(`${resource}: ${role} on ${mine ? 'their own' : "someone else's"} record follows the table`, async () => {
          const { client } = actor(role);
          const owner = mine ? crm.users[role] : crm.users.other;
          const make = async () => (await owner.post(spec.path, spec.body)).body as { id: number };
          const allowed = (action: CrmAction) => expectedAllowed(role, resource, action, mine);
          const readable = allowed('read');

          const created = await client.post(spec.path, spec.body);
          expect(created.status).toBe(expectedAllowed(role, resource, 'create', true) ? 201 : 403);

          const target = await make();
          expect((await client.get(`${spec.path}/${target.id}`)).status).toBe(readable ? 200 : 404);
          const listed = (await client.get(`${spec.path}?limit=200`)).body.items.some(
            (r: { id: number }) => r.id === target.id,
          );
          expect(listed).toBe(readable);
          expect((await client.patch(`${spec.path}/${target.id}`, spec.change)).status).toBe(
            expected(allowed('update'), readable, 200),
          );
          expect((await client.delete(`${spec.path}/${target.id}`)).status).toBe(
            expected(allowed('delete'), readable, 204),
          );
        });
      }
    }
  }

  it('templates, pipeline stages, the timeline, the API document and goals follow the table for every role', async () => {
    const template = (await crm.users.admin.post('/api/crm/templates', { name: 'T', subject: 'S', body: 'B' })).body;
    const status = (resource: CrmResource, role: Role, action: CrmAction, ok: number) =>
      EXPECTED_PERMISSIONS[resource][action][role] === 'no' ? 403 : ok;
    for (const role of ROLES) {
      const { client } = actor(role);
      expect((await client.get('/api/crm/templates')).status, role).toBe(status('template', role, 'read', 200));
      expect((await client.get(`/api/crm/templates/${template.id}`)).status, role).toBe(
        status('template', role, 'read', 200),
      );
      expect((await client.post('/api/crm/templates', { name: role, subject: 'S', body: 'B' })).status, role).toBe(
        status('template', role, 'create', 201),
      );
      expect((await client.patch(`/api/crm/templates/${template.id}`, { name: `by ${role}` })).status, role).toBe(
        status('template', role, 'update', 200),
      );

      // Pipelines follow their stages' rule: everyone reads them, an admin writes them.
      const pipeline = `p-${role}`;
      expect((await client.get('/api/crm/pipelines')).status, role).toBe(status('pipelineStage', role, 'read', 200));
      const made = await client.post('/api/crm/pipelines', { key: pipeline, name: `P ${role}` });
      expect(made.status, role).toBe(status('pipelineStage', role, 'create', 201));
      if (made.status !== 201)
        expect((await crm.users.admin.post('/api/crm/pipelines', { key: pipeline, name: `P ${role}` })).status).toBe(
          201,
        );
      expect((await client.patch(`/api/crm/pipelines/${pipeline}`, { name: `P ${role}!` })).status, role).toBe(
        status('pipelineStage', role, 'update', 200),
      );
      expect((await client.get(`/api/crm/pipeline-stages/${pipeline}`)).status, role).toBe(
        status('pipelineStage', role, 'read', 200),
      );
      const stage = await client.post(`/api/crm/pipeline-stages/${pipeline}`, { stage: 'one' });
      expect(stage.status, role).toBe(status('pipelineStage', role, 'create', 201));
      const existing =
        stage.status === 201
          ? stage.body
          : (await crm.users.admin.post(`/api/crm/pipeline-stages/${pipeline}`, { stage: 'one' })).body;
      expect(
        (await client.patch(`/api/crm/pipeline-stages/${pipeline}/${existing.id}`, { color: '#000000' })).status,
        role,
      ).toBe(status('pipelineStage', role, 'update', 200));
      expect((await client.delete(`/api/crm/pipeline-stages/${pipeline}/${existing.id}`)).status, role).toBe(
        status('pipelineStage', role, 'delete', 204),
      );
      expect((await client.delete(`/api/crm/pipelines/${pipeline}`)).status, role).toBe(
        status('pipelineStage', role, 'delete', 204),
      );

      expect((await client.get('/api/crm/timeline')).status, role).toBe(status('timeline', role, 'read', 200));
      expect((await client.get('/api/openapi.json')).status, role).toBe(status('apiDocument', role, 'read', 200));
      expect((await client.get('/api/crm/goals')).status, role).toBe(status('goal', role, 'read', 200));
      expect((await client.request('PUT', '/api/crm/goals?month=2026-11', { items: [] })).status, role).toBe(
        status('goal', role, 'update', 200),
      );
    }
    expect((await crm.users.developer.delete(`/api/crm/templates/${template.id}`)).status).toBe(403);
    expect((await crm.users.admin.delete(`/api/crm/templates/${template.id}`)).status).toBe(204);
  });

  it('refuses everything to anonymous callers', async () => {
    const anonymous = crm.server.client();
    for (const path of [
      '/api/crm/contacts',
      '/api/crm/companies',
      '/api/crm/deals',
      '/api/crm/activities',
      '/api/crm/templates',
      '/api/crm/timeline',
      '/api/crm/pipeline-stages/default',
    ]) {
      const res = await anonymous.get(path);
      expect(res.status, path).toBe(401);
    }
  });
});
