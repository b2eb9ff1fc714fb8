import { describe, expect, it } from 'vitest';
import type { ImportMapping, ImportMode, ImportOwners } from '../../../domain/contact-imports/contact-import';
import type { ContactImportRepository } from '../../../domain/contact-imports/contact-imports.ports';
import { importBatchSize, type ContactImportsService } from '../../../domain/contact-imports/contact-imports.service';
import {
  CONTACT_IMPORTS_SERVICE,
  CONTACT_IMPORT_REPOSITORY,
} from '../../../domain/contact-imports/contact-imports.tokens';
import type { Role } from '../../../domain/users/user';
import { useTestRuntime } from '../../../main/__tests__/test-runtime';
import { inBackground } from '../../db/background-work';

// The import job (the service's run, as the worker calls it) on files written here: what each batch writes.
const app = useTestRuntime();
const knex = () => app.runtime.db.knex;

async function importFile(
  csv: string,
  mapping: ImportMapping,
  mode: ImportMode,
  owners: ImportOwners = {},
  viewer?: { id: number; role: Role },
) {
  viewer ??= await app.viewer();
  const repository = app.get<ContactImportRepository>(CONTACT_IMPORT_REPOSITORY);
  const created = await repository.create({
    createdBy: viewer.id,
    createdByRole: viewer.role,
    fileName: 'contacts.csv',
    mapping,
    mode,
    ownerId: owners.ownerId ?? null,
    ownerIds: owners.ownerIds ?? null,
    privacy: null,
  });
  // As an upload arrives: in parts of 64 KB.
  const bytes = Buffer.from(csv);
  await repository.storeFile(
    created.id,
    (async function* parts() {
      for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
    })(),
  );
  const service = app.get<ContactImportsService>(CONTACT_IMPORTS_SERVICE);
  // As the worker runs it: on the background pool, whose statements the API's few seconds do not cut (a loaded CI
  // machine once took longer than them for one batch here).
  const run = (id: number) => inBackground(() => service.run(id));
  return { id: created.id, viewer, service: Object.assign(Object.create(service) as ContactImportsService, { run }) };
}

const contactsByEmail = (pattern: string) =>
  knex()('contacts')
    .whereRaw('lower(email) like ?', [pattern])
    .orderBy('id')
    .select('id', 'name', 'email', 'status', 'score', 'tags', 'ownerId', 'createdBy');

/** Runs the job with the insert of the contact named `failing` failing, as a crash would stop it there. */
async function runStoppingAt(failing: string, job: Awaited<ReturnType<typeof importFile>>) {
  await knex().raw(`CREATE OR REPLACE FUNCTION test_stop_import() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    IF NEW.name = '${failing}' THEN RAISE EXCEPTION 'import stopped by the test'; END IF; RETURN NEW; END $$`);
  await knex().raw(
    'CREATE TRIGGER test_stop_import BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION test_stop_import()',
  );
  try {
    await expect(job.service.run(job.id)).rejects.toThrow(/import stopped by the test/);
  } finally {
    await knex().raw('DROP TRIGGER test_stop_import ON contacts');
  }
}

describe('contact import batches', () => {
  it('imports the rest of a batch around a refused row, reports that row with its reason, and reads a repeated email in the same batch as the same contact', async () => {
    const csv = [
      'Name,E-mail,Score,Tags',
      'Ana,ana@batch.example,10,"vip;a ""quoted"" tag;back\\slash, with comma"',
      'Bruno,bruno@batch.example,200,',
      'Ana Maria,ANA@batch.example,,',
      'Carla,,,',
    ].join('\n');
    const mapping: ImportMapping = { Name: 'name', 'E-mail': 'email', Score: 'score', Tags: 'tags' };

    const update = await importFile(csv, mapping, 'update');
    await update.service.run(update.id);
    const done = await update.service.get(update.viewer, update.id);
    expect(done).toMatchObject({
      status: 'completed',
      totalRows: 4,
      rowsDone: 4,
      counts: { created: 2, updated: 1, skipped: 0, rejected: 1 },
    });
    // The later row's values on the contact the earlier one creates; the refused row writes nothing.
    expect(await contactsByEmail('%@batch.example')).toEqual([
      {
        id: expect.any(Number),
        name: 'Ana Maria',
        email: 'ANA@batch.example',
        status: 'lead',
        score: 10,
        tags: ['vip', 'a "quoted" tag', 'back\\slash', 'with comma'],
        ownerId: update.viewer.id,
        createdBy: update.viewer.id,
      },
    ]);
    const carla = await knex()('contacts').where({ name: 'Carla' }).first();
    expect(carla).toMatchObject({ email: null, status: 'lead', score: 0, tags: [], ownerId: update.viewer.id });
    expect(await update.service.rejections(update.viewer, update.id)).toEqual([
      {
        rowNumber: 2,
        reason: 'score: must be a whole number from 0 to 100',
        cells: { Name: 'Bruno', 'E-mail': 'bruno@batch.example', Score: '200', Tags: '' },
      },
    ]);
    // Each contact created has its 'created' entry naming the import, under its stored name.
    const entries = await knex()('crmTimeline')
      .where({ importId: update.id })
      .orderBy('entityId')
      .select('entityType', 'entityName', 'action', 'contactId', 'entityId', 'userId');
    expect(entries).toEqual([
      expect.objectContaining({
        entityType: 'contact',
        action: 'created',
        entityName: 'Ana Maria',
        userId: update.viewer.id,
      }),
      expect.objectContaining({
        entityType: 'contact',
        action: 'created',
        entityName: 'Carla',
        contactId: carla.id,
        entityId: carla.id,
      }),
    ]);

    // Skip mode: the repeat is left alone, and the contact from the earlier run counts as a duplicate too.
    const skip = await importFile(csv.replaceAll('batch.example', 'skip.example'), mapping, 'skip');
    await skip.service.run(skip.id);
    expect((await skip.service.get(skip.viewer, skip.id)).counts).toEqual({
      created: 2,
      updated: 0,
      skipped: 1,
      rejected: 1,
    });
    expect((await contactsByEmail('%@skip.example')).map((c) => c.name)).toEqual(['Ana']);
  });

  it('reads an email of an earlier batch as a duplicate, also while that batch is still being written beside it', async () => {
    const rows = 1_200;
    const size = importBatchSize(rows);
    // The second batch's first hundred rows repeat the first batch's emails, in another case.
    const email = (i: number) =>
      i > size && i <= size + 100 ? `PERSON${i - size}@twice.example` : `person${i}@twice.example`;
    const csv = ['Name,E-mail', ...Array.from({ length: rows }, (_, i) => `Person ${i + 1},${email(i + 1)}`)].join(
      '\n',
    );
    for (const mode of ['skip', 'update'] as const) {
      await knex()('contacts').whereRaw('lower(email) like ?', ['%@twice.example']).delete();
      const job = await importFile(csv, { Name: 'name', 'E-mail': 'email' }, mode);
      await job.service.run(job.id);
      const done = await job.service.get(job.viewer, job.id);
      expect(done.counts).toEqual({
        created: rows - 100,
        updated: mode === 'update' ? 100 : 0,
        skipped: mode === 'skip' ? 100 : 0,
        rejected: 0,
      });
      const contacts = await contactsByEmail('%@twice.example');
      expect(contacts).toHaveLength(rows - 100);
      expect(contacts.find((c) => c.email.toLowerCase() === 'person1@twice.example')?.name).toBe(
        mode === 'update' ? `Person ${size + 1}` : 'Person 1',
      );
    }
  });

  it('resumes with the rows no committed batch holds when a run stops midway: every row once, counts and timeline once', async () => {
    const rows = 1_200;
    const csv = [
      'Name,E-mail',
      ...Array.from({ length: rows }, (_, i) => `Person ${i + 1},person${i + 1}@resume.example`),
    ].join('\n');
    const size = importBatchSize(rows);
    const job = await importFile(csv, { Name: 'name', 'E-mail': 'email' }, 'skip');
    // The first batch fails on one of its rows, as a crash would stop it. On PostgreSQL the second batch is written
    // beside it and commits: the run stops with a gap before the rows done, which the next run fills.
    await runStoppingAt('Person 200', job);
    const writers = app.get<ContactImportRepository>(CONTACT_IMPORT_REPOSITORY).writers();
    writers.release();
    const written = writers.count > 1 ? size : 0;
    expect(await job.service.get(job.viewer, job.id)).toMatchObject({
      status: 'running',
      rowsDone: written,
      counts: { created: written },
    });
    expect((await contactsByEmail('%@resume.example')).map((c) => c.name)).toEqual(
      Array.from({ length: written }, (_, i) => `Person ${size + i + 1}`),
    );

    await job.service.run(job.id);
    expect(await job.service.get(job.viewer, job.id)).toMatchObject({
      status: 'completed',
      rowsDone: rows,
      counts: { created: rows, updated: 0, skipped: 0, rejected: 0 },
    });
    const emails = (await contactsByEmail('%@resume.example')).map((c) => c.email);
    expect(emails).toHaveLength(rows);
    expect(new Set(emails).size).toBe(rows);
    const [{ n }] = await knex()('crmTimeline').where({ importId: job.id, action: 'created' }).count({ n: '*' });
    expect(Number(n)).toBe(rows);
    // A run after the end does nothing.
    await job.service.run(job.id);
    expect(await contactsByEmail('%@resume.example')).toHaveLength(rows);
  });

  it('gives the contacts to the people of ownerIds in turn by row number, the same when a run resumes midway, and reads an owner column by username or name', async () => {
    const admin = await app.viewer('admin');
    const people = [await app.viewer(), await app.viewer(), await app.viewer()];
    const ownerIds = people.map((p) => p.id);
    const rows = 1_200;
    const csv = [
      'Name,E-mail',
      ...Array.from({ length: rows }, (_, i) => `Person ${i + 1},person${i + 1}@deal.example`),
    ].join('\n');
    const job = await importFile(csv, { Name: 'name', 'E-mail': 'email' }, 'skip', { ownerIds }, admin);
    await runStoppingAt('Person 300', job);
    app.get<ContactImportRepository>(CONTACT_IMPORT_REPOSITORY).writers().release();
    await job.service.run(job.id);
    const owners = (await contactsByEmail('%@deal.example')).map((c) => [
      Number(/\d+/.exec(c.email)![0]),
      c.ownerId,
      c.createdBy,
    ]);
    expect(owners).toHaveLength(rows);
    for (const [n, ownerId, createdBy] of owners)
      expect([ownerId, createdBy]).toEqual([ownerIds[(n - 1) % 3], admin.id]);

    // people[1] is "user<n>" named "User <n>": found by either, case and accents aside; an unknown one refuses its row.
    const [second] = await knex()('users').where({ id: people[1].id }).select('username', 'name');
    const column = [
      'Name,E-mail,Responsável',
      `Ana,ana@column.example,${second.username.toUpperCase()}`,
      `Bia,bia@column.example,${second.name.toLowerCase()}`,
      'Caio,caio@column.example,Ninguém',
      'Dora,dora@column.example,',
    ].join('\n');
    const byColumn = await importFile(
      column,
      { Name: 'name', 'E-mail': 'email', Responsável: 'owner' },
      'skip',
      {},
      admin,
    );
    await byColumn.service.run(byColumn.id);
    expect((await contactsByEmail('%@column.example')).map((c) => [c.name, c.ownerId])).toEqual([
      ['Ana', people[1].id],
      ['Bia', people[1].id],
      ['Dora', admin.id],
    ]);
    expect(await byColumn.service.rejections(admin, byColumn.id)).toMatchObject([
      { rowNumber: 3, reason: 'owner: no active user is "Ninguém"' },
    ]);
  });

  it('imports a file kept in several slices whole (a character cut between slices included), and drops the slices once it ends', async () => {
    // 2,000 rows of about 650 bytes: 1.3 MB, two slices of the stored file; two-byte characters throughout.
    const rows = 2_000;
    const notes = (i: number) => `${i % 2 ? 'x' : ''}${'ã'.repeat(320)}`;
    const csv = [
      'Name,E-mail,Notes',
      ...Array.from({ length: rows }, (_, i) => `Pessoa ${i + 1},pessoa${i + 1}@slices.example,${notes(i + 1)}`),
    ].join('\r\n');
    expect(Buffer.byteLength(csv)).toBeGreaterThan(1024 * 1024);
    const job = await importFile(csv, { Name: 'name', 'E-mail': 'email', Notes: 'notes' }, 'skip');
    const [{ slices }] = await knex()('contactImportFileSlices').where({ importId: job.id }).count({ slices: '*' });
    expect(Number(slices)).toBe(2);
    await job.service.run(job.id);
    expect(await job.service.get(job.viewer, job.id)).toMatchObject({
      status: 'completed',
      totalRows: rows,
      rowsDone: rows,
      counts: { created: rows, rejected: 0 },
    });
    // Each row's own notes (batches written side by side on PostgreSQL commit in any order: compared by row).
    const stored = await knex()('contacts')
      .whereRaw('lower(email) like ?', ['%@slices.example'])
      .select('email', 'name', 'notes');
    const byRow = new Map(stored.map((c) => [Number(/\d+/.exec(c.email)![0]), c]));
    expect(byRow.size).toBe(rows);
    expect(
      Array.from({ length: rows }, (_, i) => byRow.get(i + 1)).every(
        (c, i) => c?.name === `Pessoa ${i + 1}` && c.notes === notes(i + 1),
      ),
    ).toBe(true);
    expect(await knex()('contactImportFileSlices').where({ importId: job.id })).toEqual([]);
  });
});
