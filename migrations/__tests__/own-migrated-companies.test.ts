import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/infrastructure/db/database';
import { migrateLatest } from '../../src/infrastructure/db/migrator';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { up } from '../20261128120000_own_migrated_companies';

let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = await openDatabase({ url: testDb.url, dataDir: testDb.embeddedDataDir });
  await migrateLatest(db.knex);
});

afterAll(async () => {
  await db.close();
  await testDb.drop();
});

const user = async (username: string, disabled = false): Promise<number> => {
  const [{ id }] = await db
    .knex('users')
    .insert({ username, password: 'x', name: username, initials: 'U', disabledAt: disabled ? new Date() : null })
    .returning('id');
  return id;
};

const company = async (name: string, fields: { ownerId?: number; createdBy?: number } = {}): Promise<number> => {
  const [{ id }] = await db
    .knex('companies')
    .insert({ name, ...fields })
    .returning('id');
  return id;
};

/** Contacts of `companyId`, one per owner given, in that order (the first is the oldest). */
const people = (companyId: number, owners: (number | null)[]) =>
  db.knex('contacts').insert(owners.map((ownerId, i) => ({ name: `Pessoa ${companyId}-${i}`, companyId, ownerId })));

const ownerOf = async (id: number) => (await db.knex('companies').where({ id }).first('ownerId')).ownerId;

describe('owning the companies made from free text', () => {
  it("gives each unowned company nobody made the owner of most of its people (active users; ties: the oldest person's), and does nothing the second time", async () => {
    const [ana, bruno, carla] = [await user('ana_owner'), await user('bruno_owner'), await user('carla_off', true)];
    const most = await company('Maioria Ana');
    await people(most, [bruno, ana, ana, null]);
    const disabledMost = await company('Maioria desativada');
    await people(disabledMost, [carla, carla, bruno]);
    const tie = await company('Empate');
    await people(tie, [bruno, ana]);
    const nobody = await company('Sem pessoas');
    const onlyDisabled = await company('Só desativada');
    await people(onlyDisabled, [carla]);
    // Made through the API or an import (a creator), its owner cleared on purpose: left as it is.
    const made = await company('Feita por alguém', { createdBy: ana });
    await people(made, [bruno]);
    const owned = await company('Já tem dono', { ownerId: carla });
    await people(owned, [ana, ana]);

    expect(await up(db.knex)).toEqual({ companiesOwned: 3 });
    expect(await ownerOf(most)).toBe(ana);
    expect(await ownerOf(disabledMost)).toBe(bruno);
    expect(await ownerOf(tie)).toBe(bruno);
    expect(await ownerOf(nobody)).toBeNull();
    expect(await ownerOf(onlyDisabled)).toBeNull();
    expect(await ownerOf(made)).toBeNull();
    expect(await ownerOf(owned)).toBe(carla);

    expect(await up(db.knex)).toEqual({ companiesOwned: 0 });
  });
});
