import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { MIGRATIONS } from '../../migrations';
import { restoreDatabase } from '../../src/infrastructure/operations/database-operations';
import type { BackupManifest } from '../../src/infrastructure/operations/snapshot';
import { readCrmRecords, signInEveryone } from '../fixtures/backups/crm-records';
import { createRestoreTarget, type RestoreTarget } from '../support/restore-target';

// Upgrades (issue 30): a backup taken by an earlier release (tests/fixtures/backups, made by make-fixture.ts) restores
// into the current code, every newer migration applies, and the API answers what it answered then.

const fixtures = path.resolve(__dirname, '../fixtures/backups');
const FIXTURE = path.join(fixtures, 'funil-0.1.0.funil-backup');
const answered = JSON.parse(readFileSync(path.join(fixtures, 'funil-0.1.0.answers.json'), 'utf8'));
const manifest = JSON.parse(gunzipSync(readFileSync(FIXTURE)).toString('utf8').split('\n', 1)[0])
  .manifest as BackupManifest;

let target: RestoreTarget | undefined;
afterAll(() => target?.drop());

it('has rows in every table of its schema', () => {
  const empty = Object.entries(manifest.tables).filter(([, sum]) => sum.rows === 0);
  expect(empty).toEqual([]);
});

it('restores the earlier release backup, migrates it forward, and the API answers the same records', async () => {
  target = await createRestoreTarget();
  const db = await target.open();
  try {
    const report = await restoreDatabase(db, FIXTURE);
    const newer = MIGRATIONS.map(([name]) => name).filter((name) => !manifest.migrations.includes(name));
    expect(report.migrated).toEqual(newer);
  } finally {
    await db.close();
  }
  const server = await target.start();
  try {
    const admin = await signInEveryone(() => server.client());
    const answers = await readCrmRecords(admin);
    // Newer code may answer more fields; what was answered must be answered the same.
    expect(answers).toMatchObject(answered);
    expect(answers.deals.length).toBe(answered.deals.length);
  } finally {
    await server.stop();
  }
});
