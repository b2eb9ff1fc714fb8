import type { Knex } from 'knex';
import { p99Row, signIn, spawnFunil } from '../http/load';
import type { Scenario } from '../http/scenarios';
import { bundleServers, type BenchServer } from '../http/servers';
import { seedBrazilianContacts } from '../support/brazilian-contacts';
import { prepareBenchDatabase as prepare } from '../support/crm-data';
import type { BenchContext, BenchRow, BenchSection } from '../support/section';

const CONNECTIONS = 32;

const KINDS = [
  'Padaria',
  'Comércio',
  'Construtora',
  'Auto Peças',
  'Farmácia',
  'Mercado',
  'Transportes',
  'Clínica',
  'Escola',
  'Ótica',
  'Café',
  'Tecidos',
  'Móveis',
  'Agropecuária',
  'Tecnologia',
  'Consultoria',
];
const WORDS = [
  'São Jorge',
  'Horizonte',
  'Ipiranga',
  'Aurora',
  'Cerrado',
  'Bom Preço',
  'Vida',
  'Pão Quente',
  'Santa Luzia',
  'Nordeste',
  'Paulista',
  'Gaúcha',
  'Mineira',
  'Atlântico',
  'Boa Vista',
  'Esperança',
  'Primavera',
  'Sol Nascente',
  'Três Irmãos',
  'Conceição',
];
const SUFFIXES = [' Ltda', ' Ltda', ' ME', ' EIRELI', ' S.A.', ''];
const SEGMENTS = ['Varejo', 'Serviços', 'Indústria', 'Saúde', 'Educação', 'Alimentação', 'Logística', 'Agronegócio'];
const CITIES: [string, string][] = [
  ['São Paulo', 'SP'],
  ['Campinas', 'SP'],
  ['Rio de Janeiro', 'RJ'],
  ['Belo Horizonte', 'MG'],
  ['Curitiba', 'PR'],
  ['Porto Alegre', 'RS'],
  ['Salvador', 'BA'],
  ['Recife', 'PE'],
  ['Fortaleza', 'CE'],
  ['Belém', 'PA'],
  ['Goiânia', 'GO'],
  ['Florianópolis', 'SC'],
];

const pick = (list: readonly string[], salt: number) =>
  `(?::text[])[1 + abs(hashint8(g::bigint * 8 + ${salt}) % ${list.length})]`;

/**
 * `count` companies with Brazilian names ("Padaria Horizonte Ltda", one in sixteen a padaria), each with a unique
 * CNPJ (eight-digit root from the row, branch 0001 to 0003), segment, size, e-mail domain, phone, city and UF, a tag in
 * four, owned in turn by `ownerIds`, inserted by the database itself. Their ids follow one another from the answer.
 */
async function seedCompanies(knex: Knex, count: number, ownerIds: number[]): Promise<number> {
  const [{ first }] = (
    await knex.raw(
      `WITH made AS (
        INSERT INTO companies (name, cnpj, segment, size, email_domain, phone, city, uf, tags, owner_id, created_by,
                               created_at, updated_at)
        SELECT n.kind || ' ' || n.word || n.suffix,
               lpad(((g::bigint * 7919) % 100000000)::text, 8, '0') || lpad((1 + g % 3)::text, 4, '0') ||
                 lpad((g % 97)::text, 2, '0'),
               n.segment, (array['micro','small','medium','large'])[1 + g % 4],
               lower(translate(replace(n.word, ' ', ''), 'áâãàéêíóôõúçÁÂÃÀÉÊÍÓÔÕÚÇ', 'aaaaeeiooouc')) || g || '.com.br',
               '+55 ' || (11 + g % 80) || ' 3' || lpad(((g::bigint * 104729) % 10000000)::text, 7, '0'),
               (?::text[])[1 + g % ?], (?::text[])[1 + g % ?],
               CASE WHEN g % 4 = 0 THEN array['cliente'] ELSE '{}' END,
               (?::int[])[1 + g % ?], (?::int[])[1 + g % ?],
               now() - (g % 700) * interval '1 hour', now() - (g % 700) * interval '1 hour'
        FROM generate_series(1, ?) g,
             LATERAL (SELECT ${pick(KINDS, 1)} AS kind, ${pick(WORDS, 2)} AS word, ${pick(SUFFIXES, 3)} AS suffix,
                             ${pick(SEGMENTS, 4)} AS segment) n
        RETURNING id
      ) SELECT min(id) AS first FROM made`,
      [
        CITIES.map(([city]) => city),
        CITIES.length,
        CITIES.map(([, uf]) => uf),
        CITIES.length,
        ownerIds,
        ownerIds.length,
        ownerIds,
        ownerIds.length,
        count,
        KINDS,
        WORDS,
        SUFFIXES,
        SEGMENTS,
      ],
    )
  ).rows as { first: number }[];
  return first;
}

/** One request after another, each timed (ms): how long a person waits for the page, not a load figure. */
async function sequential(url: string, path: string, headers: Record<string, string>, times: number) {
  const ms: number[] = [];
  let body: { items: unknown[]; nextCursor: string | null } | undefined;
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    const res = await fetch(url + path, { headers });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    body = (await res.json()) as typeof body;
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)]!, max: ms.at(-1)!, body: body! };
}

/**
 * Issue 26: companies as records at scale. (1) The companies list, its search (a common word, a CNPJ typed with its
 * punctuation) and filters, and a company's people, at 100,000 companies and 1,000,000 contacts (each contact in one
 * of them), under 32 connections, against the contacts' target (p99 under 100 ms). (2) Finding likely duplicates at
 * 100,000 contacts (20,000 companies of five people on average; one contact in 200 entered again with its e-mail in
 * capitals, one in 200 with its phone written without the country code; similar names in a company are what they
 * are in the data): the first page of groups, and walking every page, timed one request at a time; likewise for the
 * companies' duplicates at 100,000 companies.
 */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const companies = Number(process.env.BENCH_COMPANIES ?? (ctx.quick ? 5_000 : 100_000));
  const contacts = Number(process.env.BENCH_COMPANY_CONTACTS ?? (ctx.quick ? 20_000 : 1_000_000));
  const dupContacts = ctx.quick ? 10_000 : 100_000;
  const seconds = ctx.quick ? 2 : 10;
  const bundle = await bundleServers();
  const rows: BenchRow[] = [];
  const details: Record<string, unknown> = {};
  let funil: BenchServer | undefined;
  try {
    let rareCnpj = '';
    let busyCompany = 0;
    const db = await prepare(ctx, 'companies', async (knex, owners) => {
      const first = await seedCompanies(knex, companies, owners);
      await seedBrazilianContacts(knex, contacts, owners, { first, count: companies });
      const [row] = (await knex.raw('SELECT cnpj FROM companies WHERE id = ?', [first + Math.floor(companies / 3)]))
        .rows as { cnpj: string }[];
      const c = row!.cnpj;
      rareCnpj = `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
      busyCompany = (
        (await knex.raw('SELECT company_id FROM contacts GROUP BY 1 ORDER BY count(*) DESC LIMIT 1')).rows as {
          company_id: number;
        }[]
      )[0]!.company_id;
    });
    try {
      funil = await spawnFunil(bundle.funil, { databaseUrl: db.url, seed: {} });
      const headers = await signIn(funil.url);
      const scenarios: [string, string][] = [
        ['companies, first page', '/api/crm/companies?limit=50'],
        ['companies search, common word ("Padaria")', '/api/crm/companies?search=Padaria&limit=50'],
        [
          `companies search, a CNPJ as typed ("${rareCnpj}")`,
          `/api/crm/companies?search=${encodeURIComponent(rareCnpj)}&limit=50`,
        ],
        [
          'companies filtered by UF and segment',
          `/api/crm/companies?uf=SP&segment=${encodeURIComponent('saúde')}&limit=50`,
        ],
        ["a company's people (the company with the most)", `/api/crm/contacts?companyId=${busyCompany}&limit=50`],
        ['contacts search, common term ("João"), with company names', '/api/crm/contacts?search=Jo%C3%A3o&limit=50'],
      ];
      for (const [name, path] of scenarios) {
        const scenario: Scenario = { name, kind: 'read', method: 'GET', paths: [path], shape: '' };
        rows.push(await p99Row(funil, scenario, headers, CONNECTIONS, seconds, name));
      }
      const companyDuplicates = await sequential(funil.url, '/api/crm/duplicates/companies?limit=20', headers, 5);
      rows.push(
        duplicateRow(
          `companies' duplicates, first page of 20, at ${companies.toLocaleString('en')} companies`,
          companyDuplicates,
        ),
      );
    } finally {
      await funil?.stop().catch(() => undefined);
      funil = undefined;
      await db.drop();
    }

    const dupDb = await prepare(ctx, 'duplicates', async (knex, owners) => {
      const first = await seedCompanies(knex, dupContacts / 5, owners);
      await seedBrazilianContacts(knex, dupContacts, owners, { first, count: dupContacts / 5 });
      // Entered twice: the e-mail in capitals, or the phone without +55.
      await knex.raw(`INSERT INTO contacts (name, email, company_id, owner_id)
        SELECT name, upper(email), company_id, owner_id FROM contacts WHERE id % 200 = 0`);
      await knex.raw(`INSERT INTO contacts (name, phone, company_id, owner_id)
        SELECT split_part(name, ' ', 1) || ' ' || split_part(name, ' ', 2), substr(phone, 5), company_id, owner_id
          FROM contacts WHERE id % 200 = 100`);
    });
    try {
      funil = await spawnFunil(bundle.funil, { databaseUrl: dupDb.url, seed: {} });
      const headers = await signIn(funil.url);
      const firstPage = await sequential(funil.url, '/api/crm/duplicates/contacts?limit=20', headers, 5);
      rows.push(
        duplicateRow(
          `contacts' duplicates, first page of 20, at ${dupContacts.toLocaleString('en')} contacts`,
          firstPage,
        ),
      );
      // Every page, as someone working through the whole list would read them.
      const started = performance.now();
      let cursor: string | null = null;
      let pages = 0;
      const reasons: Record<string, number> = {};
      do {
        const page = await sequential(
          funil.url,
          `/api/crm/duplicates/contacts?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
          headers,
          1,
        );
        for (const group of page.body.items as { reason: string }[])
          reasons[group.reason] = (reasons[group.reason] ?? 0) + 1;
        cursor = page.body.nextCursor;
        pages += 1;
      } while (cursor);
      const walk = performance.now() - started;
      details.duplicateGroups = reasons;
      // A measure without a target: the issue sets one for the first page only.
      rows.push({
        measure: `contacts' duplicates, every page of 200, one after another: ${Math.round(walk / 1000)} s for ${pages} pages (${Object.entries(
          reasons,
        )
          .map(([reason, n]) => `${n} groups by ${reason}`)
          .join(', ')})`,
        values: { 'req/s': '', 'p50 ms': '', 'p99 ms': Math.round(walk / pages), 'CPU ms/req': '', failures: 0 },
      });
    } finally {
      await funil?.stop().catch(() => undefined);
      await dupDb.drop();
    }
    return {
      title: `Companies at ${companies.toLocaleString('en')} companies and ${contacts.toLocaleString('en')} contacts, and finding duplicates (PostgreSQL)`,
      setup: [
        `PostgreSQL (a database of its own), ${companies} companies with Brazilian names, CNPJs, cities and segments, and ${contacts} contacts with Brazilian names, each in one of them, seeded by SQL`,
        'Funil as a child process (NODE_ENV=production, job workers off)',
        `autocannon, ${CONNECTIONS} connections, ${seconds} s after a 1 s warm-up; duplicates timed one request at a time (median of 5; "p99 ms" there is the slowest)`,
        `Duplicates of contacts on another database: ${dupContacts} contacts in ${dupContacts / 5} companies, 1 in 200 entered again with the e-mail in capitals and 1 in 200 with the phone without +55`,
      ],
      rows,
      details,
    };
  } finally {
    bundle.cleanup();
  }
}

/** A duplicates page as a person waits for it: the target of issue 26, the first page in under 2 s. */
function duplicateRow(measure: string, timing: { median: number; max: number; body: { items: unknown[] } }): BenchRow {
  return {
    measure: `${measure} (${timing.body.items.length} groups)`,
    values: {
      'req/s': '',
      'p50 ms': Math.round(timing.median),
      'p99 ms': Math.round(timing.max),
      'CPU ms/req': '',
      failures: 0,
    },
    target: { text: 'first page in under 2 s', met: timing.max < 2000 },
  };
}
