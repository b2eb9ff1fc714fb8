import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/infrastructure/db/database';
import { migrateLatest, migrateRollbackAll } from '../../src/infrastructure/db/migrator';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { MIGRATIONS } from '../index';

const TABLES = ['users', 'sessions', 'contacts', 'deals', 'activities', 'email_templates', 'pipeline_stages'];

let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await createTestDatabase({ empty: true });
  db = await openDatabase({ url: testDb.url, dataDir: testDb.embeddedDataDir });
});

afterAll(async () => {
  await db.close();
  await testDb.drop();
});

async function tables(): Promise<string[]> {
  const rows = await db
    .knex('information_schema.tables')
    .where({ tableSchema: 'public' })
    .select({ name: 'tableName' });
  return rows.map((r: { name: string }) => r.name);
}

describe('migrations', () => {
  it('go up, down and up again', async () => {
    expect(await migrateLatest(db.knex)).toEqual(MIGRATIONS.map(([name]) => name));
    expect(await tables()).toEqual(expect.arrayContaining(TABLES));

    await migrateRollbackAll(db.knex);
    const afterDown = await tables();
    for (const table of TABLES) expect(afterDown).not.toContain(table);

    await migrateLatest(db.knex);
    expect(await tables()).toEqual(expect.arrayContaining(TABLES));
    // Running again on an up-to-date schema changes nothing (a second start is safe).
    expect(await migrateLatest(db.knex)).toEqual([]);
  });

  it('seed the default pipeline with ordered stages, including won and lost, and the five sample templates', async () => {
    const stages = await db.knex('pipelineStages').where({ pipeline: 'default' }).orderBy('order');
    expect(stages.map((s) => s.kind)).toContain('won');
    expect(stages.map((s) => s.kind)).toContain('lost');
    expect(stages.map((s) => s.order)).toEqual([...stages.map((s) => s.order)].sort((a, b) => a - b));
    for (const s of stages) expect(s.color).toMatch(/^#[0-9A-F]{6}$/i);
    const templates = await db.knex('emailTemplates').select('category', 'body');
    expect(templates.map((t) => t.category).sort()).toEqual([
      'follow_up',
      'marketing',
      'meeting',
      'proposal',
      'welcome',
    ]);
    for (const t of templates) expect(t.body).toMatch(/\{\{\w+\}\}/);
  });

  it('enforce the enumerations and ranges in the database itself', async () => {
    const user = { username: 'constraint-check', password: 'x', name: 'C', initials: 'CC' };
    await expect(db.knex('users').insert({ ...user, role: 'superuser' })).rejects.toThrow(/users_role_check/);
    await expect(db.knex('users').insert({ ...user, initials: 'abcd' })).rejects.toThrow(/users_initials_check/);
    await expect(db.knex('users').insert({ ...user, initials: 'ab' })).rejects.toThrow(/users_initials_check/);
    const [{ id, role, lastAccess }] = await db.knex('users').insert(user).returning(['id', 'role', 'lastAccess']);
    expect(role).toBe('employee');
    expect(lastAccess).toBeInstanceOf(Date);
    await expect(db.knex('users').insert({ ...user, username: 'CONSTRAINT-CHECK' })).rejects.toThrow(
      /users_username_lower_unique/,
    );

    await expect(db.knex('contacts').insert({ name: 'A', status: 'friend' })).rejects.toThrow(/contacts_status_check/);
    const [contact] = await db.knex('contacts').insert({ name: 'A' }).returning('*');
    expect(contact).toMatchObject({ status: 'lead', score: 0, tags: [], customFields: {} });

    await expect(db.knex('deals').insert({ title: 'D', stage: 'prospecting', probability: 101 })).rejects.toThrow(
      /deals_probability_check/,
    );
    await expect(db.knex('deals').insert({ title: 'D', stage: 'no-such-stage' })).rejects.toThrow(/deals_stage_fk/);
    await expect(
      db.knex('deals').insert({ title: 'D', stage: 'prospecting', value: '10000000000.00' }),
    ).rejects.toThrow(/overflow/i);
    const [deal] = await db
      .knex('deals')
      .insert({ title: 'D', stage: 'prospecting', value: '9999999999.99', ownerId: id })
      .returning('*');
    expect(deal).toMatchObject({ value: '9999999999.99', currency: 'BRL', pipeline: 'default', probability: 0 });
    // A stage that still holds deals cannot be deleted.
    await expect(
      db.knex('pipelineStages').where({ pipeline: 'default', stage: 'prospecting' }).delete(),
    ).rejects.toThrow(/deals_stage_fk/);

    await expect(db.knex('activities').insert({ subject: 'S', type: 'visit' })).rejects.toThrow(
      /activities_type_check/,
    );
    await expect(db.knex('activities').insert({ subject: 'S', priority: 'asap' })).rejects.toThrow(
      /activities_priority_check/,
    );
    await expect(db.knex('activities').insert({ subject: 'S', duration: 0 })).rejects.toThrow(
      /activities_duration_check/,
    );
    await expect(db.knex('activities').insert({ subject: 'S', status: 'completed' })).rejects.toThrow(
      /activities_completed_check/,
    );
    const [activity] = await db.knex('activities').insert({ subject: 'S', assignedTo: id }).returning('*');
    expect(activity).toMatchObject({ type: 'task', status: 'pending', priority: 'normal' });

    // Deleting a user keeps the CRM records, without an owner.
    await db.knex('users').where({ id }).delete();
    expect((await db.knex('deals').where({ id: deal.id }).first()).ownerId).toBeNull();
    expect((await db.knex('activities').where({ id: activity.id }).first()).assignedTo).toBeNull();
  });
});
