import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/infrastructure/db/database';
import { migrateLatest } from '../../src/infrastructure/db/migrator';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { down, linkContactsToCompanies, up } from '../20261128100000_link_contacts_to_companies';

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

const CITIES = ['São João', 'Ribeirão Preto', 'Florianópolis', 'Maceió', 'Goiânia', 'Belém', 'Niterói', 'Cuiabá'];

/** 200 companies as typed 4 ways each (800 texts): as named, upper case, lower case with extra white space, no accents. */
function spellings(group: number): string[] {
  const name = `Construção ${CITIES[group % CITIES.length]} Nº ${group}`;
  return [
    name,
    name.toUpperCase(),
    `  ${name.toLowerCase().replace(/ /g, ' \t ')}  `,
    name.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
  ];
}

describe('linking contacts to companies', () => {
  it('makes one company per text up to case, accents and spacing, reuses one that exists, links every contact, and does nothing the second time', async () => {
    // As before: contacts with free text, no company_id.
    await down(db.knex);
    // Text t is spelling t / 200 of company t % 200.
    const texts = [0, 1, 2, 3].flatMap((v) => Array.from({ length: 200 }, (_, group) => spellings(group)[v]));
    expect(new Set(texts).size).toBe(800);
    // Contact i has text i % 800: the first two spellings of a company get 13 contacts, the other two 12.
    const rows = Array.from({ length: 10_000 }, (_, i) => {
      const text = texts[i % 800];
      return { name: `Pessoa ${i}`, company: text };
    });
    // Company 7's accent-less spelling gets three more: the most frequent, it names the company.
    for (let i = 0; i < 3; i++) rows.push({ name: `Extra ${i}`, company: spellings(7)[3] });
    // No company: none, nothing but white space.
    rows.push({ name: 'Sem empresa', company: null as unknown as string }, { name: 'Espaços', company: '   ' });
    for (let i = 0; i < rows.length; i += 1000) await db.knex('contacts').insert(rows.slice(i, i + 1000));
    // An existing company already has company 3's name, in its own spelling.
    const [existing] = await db.knex('companies').insert({ name: 'CONSTRUCAO  Maceio nº 3' }).returning('id');
    const companiesBefore = Number((await db.knex('companies').count({ n: '*' }))[0].n);

    const started = Date.now();
    const counts = await up(db.knex);
    const elapsed = Date.now() - started;

    expect(counts).toEqual({ companiesCreated: 199, companiesReused: 1, contactsLinked: 10_003 });
    const companiesAfter = Number((await db.knex('companies').count({ n: '*' }))[0].n);
    expect(companiesAfter - companiesBefore).toBe(199);
    const unlinked = await db.knex('contacts').whereNull('companyId').orderBy('name').select('name', 'company');
    expect(unlinked.filter((c) => c.name === 'Sem empresa' || c.name === 'Espaços')).toEqual([
      { name: 'Espaços', company: null },
      { name: 'Sem empresa', company: null },
    ]);
    expect(unlinked.filter((c) => c.name.startsWith('Pessoa') || c.name.startsWith('Extra'))).toEqual([]);

    // Every spelling of a company is linked to that one company, which shows its name.
    const byCompany = await db.knex.raw(`
      SELECT c.company_id, co.name, count(*)::int AS people, count(DISTINCT c.company)::int AS names
      FROM contacts c JOIN companies co ON co.id = c.company_id GROUP BY c.company_id, co.name`);
    expect(byCompany.rows).toHaveLength(200);
    for (const row of byCompany.rows) expect(row.names).toBe(1);
    const companyOf = async (name: string) =>
      db
        .knex('contacts')
        .join('companies', 'companies.id', 'contacts.companyId')
        .where('contacts.name', name)
        .first('companies.id', 'companies.name', 'contacts.company');
    // Company 5: spellings 0 and 1 have 13 contacts each, the first seen names it.
    expect(await companyOf('Pessoa 5')).toMatchObject({ name: spellings(5)[0], company: spellings(5)[0] });
    expect((await companyOf('Pessoa 605'))!.name).toBe(spellings(5)[0]);
    // Company 7: the accent-less spelling is the most used.
    expect((await companyOf('Pessoa 7'))!.name).toBe(spellings(7)[3]);
    // Company 3: the company that was there.
    expect(await companyOf('Pessoa 403')).toEqual({
      id: existing.id,
      name: 'CONSTRUCAO  Maceio nº 3',
      company: 'CONSTRUCAO  Maceio nº 3',
    });
    const people = byCompany.rows.map((r: { people: number }) => r.people).sort((a: number, b: number) => a - b);
    expect(people[0]).toBe(50);
    expect(people[people.length - 1]).toBe(53);

    // Found by its company's name, as before.
    const found = await db
      .knex('contacts')
      .whereRaw('search_text like lower(funil_unaccent(?))', ['%Construção Cuiabá Nº 7'])
      .count({ n: '*' });
    expect(Number(found[0].n)).toBe(53);

    // Again: nothing to create or link, nothing changed.
    const before = await db.knex('contacts').orderBy('id').select('id', 'companyId', 'company');
    expect(await linkContactsToCompanies(db.knex)).toEqual({
      companiesCreated: 0,
      companiesReused: 0,
      contactsLinked: 0,
    });
    expect(Number((await db.knex('companies').count({ n: '*' }))[0].n)).toBe(companiesAfter);
    expect(await db.knex('contacts').orderBy('id').select('id', 'companyId', 'company')).toEqual(before);
    console.info(`linked 10,005 contacts to 200 companies in ${elapsed} ms`);
  });

  it('keeps a contact’s company text equal to its company’s name: on link, on rename, on unlink and when the company is deleted', async () => {
    const [acme] = await db.knex('companies').insert({ name: 'Acme' }).returning('id');
    const [contact] = await db
      .knex('contacts')
      .insert({ name: 'Ana', companyId: acme.id, company: 'typed' })
      .returning(['id', 'company']);
    expect(contact.company).toBe('Acme');
    await db.knex('companies').where({ id: acme.id }).update({ name: 'Acme Brasil' });
    const read = () => db.knex('contacts').where({ id: contact.id }).first('companyId', 'company', 'searchText');
    expect(await read()).toMatchObject({ companyId: acme.id, company: 'Acme Brasil' });
    expect((await read())!.searchText).toContain('acme brasil');
    await db.knex('contacts').where({ id: contact.id }).update({ company: 'free text' });
    expect((await read())!.company).toBe('Acme Brasil');
    await db.knex('companies').where({ id: acme.id }).delete();
    expect(await read()).toMatchObject({ companyId: null, company: null });
  });
});
