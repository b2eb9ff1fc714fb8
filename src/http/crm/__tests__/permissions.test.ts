import { describe, expect, it } from 'vitest';
import { CRM_PERMISSIONS, can, type CrmResource, type Viewer } from '../../../domain/crm/crm-access';
import { ROLES, type Role } from '../../../domain/users/user';
import type { TestClient } from '../../../../tests/support/test-server';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const actor = (role: Role): { client: TestClient; viewer: Viewer } => ({
  client: crm.users[role],
  viewer: { id: crm.users.ids[role], role },
});

// How to make a record of each kind as `client`, owned by (or assigned to) that same user.
const RECORDS = {
  contact: {
    path: '/api/crm/contacts',
    body: { name: 'Perm contact' },
    change: { notes: 'changed' },
    ownerField: 'ownerId',
  },
  deal: { path: '/api/crm/deals', body: { title: 'Perm deal' }, change: { probability: 30 }, ownerField: 'ownerId' },
  activity: {
    path: '/api/crm/activities',
    body: { subject: 'Perm activity' },
    change: { priority: 'high' },
    ownerField: 'assignedTo',
  },
} as const;

const expected = (allowed: boolean, readable: boolean, ok: number) => (!readable ? 404 : allowed ? ok : 403);

describe('the permission table, record by record', () => {
  for (const [resource, spec] of Object.entries(RECORDS) as [
    keyof typeof RECORDS,
    (typeof RECORDS)[keyof typeof RECORDS],
  ][]) {
    for (const role of ROLES) {
      for (const mine of [true, false]) {
        it(`${resource}: ${role} on ${mine ? 'their own' : "someone else's"} record follows the table`, async () => {
          const { client, viewer } = actor(role);
          const owner = mine ? crm.users[role] : crm.users.other;
          const ownerId = mine ? viewer.id : crm.users.ids.other;
          const make = async () => (await owner.post(spec.path, spec.body)).body as { id: number };
          const record = {
            ownerId: spec.ownerField === 'ownerId' ? ownerId : undefined,
            assignedTo: spec.ownerField === 'assignedTo' ? ownerId : undefined,
            createdBy: ownerId,
          };
          const readable = can(viewer, resource, 'read', record);

          const created = await client.post(spec.path, spec.body);
          expect(created.status).toBe(can(viewer, resource, 'create') ? 201 : 403);

          const target = await make();
          expect((await client.get(`${spec.path}/${target.id}`)).status).toBe(readable ? 200 : 404);
          const listed = (await client.get(`${spec.path}?limit=200`)).body.items.some(
            (r: { id: number }) => r.id === target.id,
          );
          expect(listed).toBe(readable);
          expect((await client.patch(`${spec.path}/${target.id}`, spec.change)).status).toBe(
            expected(can(viewer, resource, 'update', record), readable, 200),
          );
          expect((await client.delete(`${spec.path}/${target.id}`)).status).toBe(
            expected(can(viewer, resource, 'delete', record), readable, 204),
          );
        });
      }
    }
  }

  it('templates, pipeline stages, the timeline and the API document follow the table for every role', async () => {
    const template = (await crm.users.admin.post('/api/crm/templates', { name: 'T', subject: 'S', body: 'B' })).body;
    const status = (resource: CrmResource, role: Role, action: 'read' | 'create' | 'update' | 'delete', ok: number) =>
      CRM_PERMISSIONS[resource][action][role] === 'none' ? 403 : ok;
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

      const pipeline = `p-${role}`;
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

      expect((await client.get('/api/crm/timeline')).status, role).toBe(status('timeline', role, 'read', 200));
      expect((await client.get('/api/openapi.json')).status, role).toBe(status('apiDocument', role, 'read', 200));
    }
    expect((await crm.users.developer.delete(`/api/crm/templates/${template.id}`)).status).toBe(403);
    expect((await crm.users.admin.delete(`/api/crm/templates/${template.id}`)).status).toBe(204);
  });

  it('refuses everything to anonymous callers', async () => {
    const anonymous = crm.server.client();
    for (const path of [
      '/api/crm/contacts',
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
