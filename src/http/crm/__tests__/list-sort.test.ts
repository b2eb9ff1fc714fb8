import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_PRIORITIES, ACTIVITY_SORTS } from '../../../domain/activities/activity';
import { DEAL_SORTS as DEAL_COLUMNS } from '../../../domain/deals/deal';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();
const SOURCE = 'sort-test';
const SORTS = ['name', 'email', 'company', 'status', 'score', 'source', 'createdAt', 'updatedAt', 'customFields.rank'];

type Row = { id: number; name: string; score: number; email: string | null; customFields: Record<string, unknown> };

/** Every page of the list (the contacts of this test, or with `list` another one's), in order. */
async function pages(query: string, limit: number, list = `/api/crm/contacts?source=${SOURCE}`): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) {
    const after: string = cursor ? `&cursor=${cursor}` : '';
    const res = await crm.users.admin.get(`${list}&${query}&limit=${limit}${after}`);
    expect(res.status, res.text).toBe(200);
    rows.push(...res.body.items);
    cursor = res.body.nextCursor as string | null;
    if (!cursor) return rows;
  }
  throw new Error('the pages never ended');
}

/**
 * The property every sorted list keeps: in any of `sorts`, either way, at any page size up to `maxLimit`, its pages
 * list exactly what one page of 100 lists (all `rows` of it): no row repeated or skipped, ties and empty values
 * included.
 */
async function pagesLikeOnePage(
  sorts: readonly string[],
  rows: number,
  maxLimit: number,
  numRuns: number,
  list?: string,
) {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...sorts),
      fc.constantFrom('asc', 'desc'),
      fc.integer({ min: 1, max: maxLimit }),
      async (sort, order, limit) => {
        const whole = (await pages(`sort=${sort}&order=${order}`, 100, list)).map((r) => r.id);
        expect(whole).toHaveLength(rows);
        expect((await pages(`sort=${sort}&order=${order}`, limit, list)).map((r) => r.id)).toEqual(whole);
      },
    ),
    { numRuns },
  );
}

describe('GET /api/crm/contacts?sort=&order=', () => {
  beforeAll(async () => {
    const field = await crm.users.admin.post('/api/crm/fields', {
      entity: 'contact',
      key: 'rank',
      label: { pt: 'Posição', en: 'Rank' },
      type: 'number',
    });
    expect(field.status).toBe(201);
    // Ties and empty values in every column: few names, scores and ranks, some without an e-mail or a rank.
    const names = ['Ana', 'álvaro', 'Bruno', 'ana', 'Zé', 'Érica'];
    const made = Array.from({ length: 45 }, (_, i) => ({
      name: names[i % names.length],
      email: i % 4 === 0 ? null : `p${i % 7}@sort.example`,
      score: (i * 7) % 5,
      status: ['lead', 'customer', 'prospect'][i % 3],
      source: SOURCE,
      created_at: new Date(Date.UTC(2026, 0, 1 + (i % 6))),
      custom_fields: JSON.stringify(i % 3 === 0 ? {} : { rank: (i % 4) * 1.5 }),
    }));
    await crm.knex('contacts').insert(made);
  });

  it('orders by a column, text with case and accents ignored, empty values last either way, ties by id', async () => {
    const byName = await pages('sort=name&order=asc', 100);
    expect([...new Set(byName.map((c) => c.name.toLowerCase()))]).toEqual(['álvaro', 'ana', 'bruno', 'érica', 'zé']);
    const byScore = await pages('sort=score&order=desc', 100);
    for (let i = 1; i < byScore.length; i++) {
      const [a, b] = [byScore[i - 1], byScore[i]];
      expect(a.score > b.score || (a.score === b.score && a.id > b.id)).toBe(true);
    }
    for (const order of ['asc', 'desc']) {
      const byRank = await pages(`sort=customFields.rank&order=${order}`, 100);
      const ranks = byRank.map((c) => c.customFields.rank as number | undefined);
      const firstEmpty = ranks.indexOf(undefined);
      expect(firstEmpty).toBeGreaterThan(0);
      expect(ranks.slice(firstEmpty).every((r) => r === undefined)).toBe(true);
      const valued = ranks.slice(0, firstEmpty) as number[];
      expect(valued).toEqual([...valued].sort((a, b) => (order === 'asc' ? a - b : b - a)));
      const emails = (await pages(`sort=email&order=${order}`, 100)).map((c) => c.email);
      expect(emails.slice(emails.indexOf(null)).every((e) => e === null)).toBe(true);
    }
  });

  it("pages a custom field's order through the index made with the field (the key bound as the list binds it)", async () => {
    const plan = await crm.knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const explained = await trx.raw(
        `EXPLAIN SELECT id FROM contacts WHERE ((contacts.custom_fields ->> ?::text)::numeric) IS NOT NULL
           ORDER BY ((contacts.custom_fields ->> ?::text)::numeric) asc, contacts.id asc LIMIT 51`,
        ['rank', 'rank'],
      );
      return (explained.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('contacts_cf_rank_sort');
  });

  it('pages any order with any page size exactly as one page lists it: no row repeated or skipped', async () => {
    await pagesLikeOnePage(SORTS, 45, 13, 25);
  });

  it('refuses an unknown column, a field of no contact, a bad order or a cursor made for another order, naming it', async () => {
    const refused = async (query: string, path: string) => {
      const res = await crm.users.admin.get(`/api/crm/contacts?${query}`);
      expect([res.status, res.body.error?.details?.[0]?.path], query).toEqual([400, path]);
    };
    await refused('sort=password', 'query.sort');
    await refused('sort=customFields.nothing', 'sort');
    await refused('sort=name&order=up', 'query.order');
    const first = await crm.users.admin.get(`/api/crm/contacts?source=${SOURCE}&sort=name&limit=5`);
    await refused(`source=${SOURCE}&sort=score&limit=5&cursor=${first.body.nextCursor}`, 'query.cursor');
    await refused(`source=${SOURCE}&sort=name&order=desc&limit=5&cursor=${first.body.nextCursor}`, 'query.cursor');
    await refused(`source=${SOURCE}&sort=name&limit=5&cursor=bm9wZQ`, 'query.cursor');
  });
});

describe('GET /api/crm/companies?sort=&order=', () => {
  const TAG = 'sort-test';
  const COMPANY_SORTS = ['name', 'segment', 'size', 'city', 'uf', 'createdAt', 'updatedAt', 'customFields.tier'];
  const list = `/api/crm/companies?tag=${TAG}`;

  beforeAll(async () => {
    const field = await crm.users.admin.post('/api/crm/fields', {
      entity: 'company',
      key: 'tier',
      label: { pt: 'Categoria', en: 'Tier' },
      type: 'select',
      options: ['ouro', 'prata'],
    });
    expect(field.status).toBe(201);
    const names = ['Padaria', 'álamo', 'Bazar', 'padaria', 'Zebu'];
    await crm.knex('companies').insert(
      Array.from({ length: 30 }, (_, i) => ({
        name: names[i % names.length],
        segment: i % 3 === 0 ? null : ['Varejo', 'serviços'][i % 2],
        size: i % 4 === 0 ? null : ['micro', 'small', 'large'][i % 3],
        city: i % 5 === 0 ? null : ['São Paulo', 'Belém', 'Curitiba'][i % 3],
        uf: i % 5 === 0 ? null : ['SP', 'PA', 'PR'][i % 3],
        tags: [TAG],
        created_at: new Date(Date.UTC(2026, 0, 1 + (i % 4))),
        custom_fields: JSON.stringify(i % 2 === 0 ? { tier: ['ouro', 'prata'][i % 4 === 0 ? 0 : 1] } : {}),
      })),
    );
  });

  it('pages any order with any page size exactly as one page lists it, empty values last', async () => {
    const byName = await pages('sort=name', 100, list);
    expect([...new Set(byName.map((c) => c.name.toLowerCase()))]).toEqual(['álamo', 'bazar', 'padaria', 'zebu']);
    await pagesLikeOnePage(COMPANY_SORTS, 30, 11, 15, list);
    const cities = (await pages('sort=city&order=desc', 100, list)).map(
      (c) => (c as unknown as { city: string | null }).city,
    );
    expect(cities.slice(cities.indexOf(null)).every((c) => c === null)).toBe(true);
  });
});

describe('GET /api/crm/deals?sort=&order=', () => {
  const DEAL_SORTS = [...DEAL_COLUMNS, 'customFields.seats'];
  const list = '/api/crm/deals?search=Ordem';

  beforeAll(async () => {
    const field = await crm.users.admin.post('/api/crm/fields', {
      entity: 'deal',
      key: 'seats',
      label: { pt: 'Licenças', en: 'Seats' },
      type: 'number',
    });
    expect(field.status).toBe(201);
    const titles = ['Ordem Beta', 'ordem alfa', 'Ordem Ômega', 'Ordem beta'];
    await crm.knex('deals').insert(
      Array.from({ length: 28 }, (_, i) => ({
        title: titles[i % titles.length],
        pipeline: 'default',
        stage: i % 5 === 0 ? 'won' : 'proposal',
        value: ((i % 6) * 1000.5).toFixed(2),
        probability: (i % 3) * 25,
        expected_close_date: i % 4 === 0 ? null : `2026-12-${String(1 + (i % 9)).padStart(2, '0')}`,
        closed_at: i % 5 === 0 ? new Date(Date.UTC(2026, 10, 1 + (i % 3))) : null,
        custom_fields: JSON.stringify(i % 3 === 0 ? {} : { seats: i % 4 }),
      })),
    );
  });

  it('pages any order with any page size exactly as one page lists it; the board order keeps its own', async () => {
    await pagesLikeOnePage(DEAL_SORTS, 28, 9, 15, list);
    const byValue = (await pages('sort=value&order=desc', 100, list)).map((d) =>
      Number((d as unknown as { value: string }).value),
    );
    expect(byValue).toEqual([...byValue].sort((a, b) => b - a));
    const refused = await crm.users.admin.get(`${list}&sort=value&order=position`);
    expect([refused.status, refused.body.error.details[0].path]).toEqual([400, 'query.order']);
    const board = await crm.users.admin.get(`${list}&stage=proposal&order=position&limit=5`);
    expect(board.status).toBe(200);
  });
});

describe('GET /api/crm/activities?sort=&order=', () => {
  let list: string;

  beforeAll(async () => {
    const contact = await crm.users.admin.post('/api/crm/contacts', { name: 'Ordem das atividades' });
    expect(contact.status).toBe(201);
    list = `/api/crm/activities?contact=${contact.body.id}`;
    const subjects = ['Ligar Beta', 'ligar alfa', 'Ligar Ômega', 'Ligar beta'];
    const priorities = ['urgent', 'low', 'high', 'normal'];
    const types = ['call', 'email', 'meeting', 'task'];
    await crm.knex('activities').insert(
      Array.from({ length: 26 }, (_, i) => ({
        subject: subjects[i % subjects.length],
        type: types[i % 3],
        priority: priorities[i % priorities.length],
        status: i % 4 === 0 ? 'completed' : 'pending',
        due_date: i % 5 === 0 ? null : new Date(Date.UTC(2026, 11, 1 + (i % 7), 9)),
        completed_at: i % 4 === 0 ? new Date(Date.UTC(2026, 10, 1 + (i % 3))) : null,
        contact_id: contact.body.id,
        assigned_to: crm.users.ids.admin,
        created_by: crm.users.ids.admin,
      })),
    );
  });

  it('pages any order with any page size exactly as one page lists it; priority by rank; the tabs keep theirs', async () => {
    await pagesLikeOnePage(ACTIVITY_SORTS, 26, 9, 15, list);
    const ranks = (await pages('sort=priority&order=desc', 100, list)).map((a) =>
      ACTIVITY_PRIORITIES.indexOf((a as unknown as { priority: (typeof ACTIVITY_PRIORITIES)[number] }).priority),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(ranks[0]).toBe(ACTIVITY_PRIORITIES.indexOf('urgent'));
    const refused = await crm.users.admin.get(`${list}&sort=subject&order=due`);
    expect([refused.status, refused.body.error.details[0].path]).toEqual([400, 'query.order']);
    const unsorted = await crm.users.admin.get(`${list}&order=asc`);
    expect([unsorted.status, unsorted.body.error.details[0].path]).toEqual([400, 'query.order']);
    const unknown = await crm.users.admin.get(`${list}&sort=contactName`);
    expect([unknown.status, unknown.body.error.details[0].path]).toEqual([400, 'query.sort']);
    const todo = await crm.users.admin.get(`${list}&status=pending&order=due&limit=5`);
    expect(todo.status).toBe(200);
  });
});
