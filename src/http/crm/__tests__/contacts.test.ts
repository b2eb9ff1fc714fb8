import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

describe('contacts', () => {
  it('creates with defaults, ignores createdBy, and reads back the full record', async () => {
    const res = await crm.users.employee.post('/api/crm/contacts', {
      name: 'Ana Souza',
      email: 'ana@example.com',
      createdBy: crm.users.ids.admin,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Ana Souza',
      email: 'ana@example.com',
      status: 'lead',
      score: 0,
      tags: [],
      customFields: {},
      ownerId: crm.users.ids.employee,
      createdBy: crm.users.ids.employee,
    });
    expect(res.body.ownerName).toMatch(/^Name employee/);
    const read = await crm.users.other.get(`/api/crm/contacts/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it('lists every column of the table in a record, but the stored search text and E.164 phone', async () => {
    await crm.users.admin.post('/api/crm/contacts', { name: 'Zyxw Colunas' });
    const list = await crm.users.admin.get('/api/crm/contacts?search=Zyxw');
    expect(list.status).toBe(200);
    const { rows } = await crm.knex.raw(
      "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'contacts'",
    );
    const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    const expected = (rows as { name: string }[])
      .map((row) => row.name)
      .filter((name) => !['search_text', 'phone_e164'].includes(name))
      .map(camel);
    expect(expected).toContain('anonymizedAt');
    expect(Object.keys(list.body.items[0]).sort()).toEqual([...expected, 'ownerName'].sort());
    const page = await crm.users.admin.get('/api/crm/contacts?limit=1');
    expect(Object.keys(page.body.items[0]).sort()).toEqual([...expected, 'ownerName'].sort());
  });

  it('creates with every field given, no owner, and its created entry on the timeline', async () => {
    const company = (await crm.users.employee.post('/api/crm/companies', { name: 'Campos Ltda' })).body;
    for (const field of [
      { key: 'cnpj', label: { pt: 'CNPJ', en: 'CNPJ' }, type: 'text' },
      { key: 'segment', label: { pt: 'Segmento', en: 'Segment' }, type: 'select', options: ['varejo'] },
    ])
      expect((await crm.users.admin.post('/api/crm/fields', { entity: 'contact', ...field })).status).toBe(201);
    const body = {
      name: 'Bia Campos',
      email: 'bia@example.com',
      phone: '+55 21 3333-4444',
      companyId: company.id,
      position: 'CEO',
      source: 'Feira',
      status: 'customer',
      score: 77,
      tags: ['ouro', 'rj "sul"'],
      notes: 'Prefers e-mail',
      customFields: { cnpj: '12.345', segment: 'varejo' },
      ownerId: null,
    };
    const res = await crm.users.employee.post('/api/crm/contacts', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...body,
      company: 'Campos Ltda',
      ownerName: null,
      createdBy: crm.users.ids.employee,
    });
    expect((await crm.users.other.get(`/api/crm/contacts/${res.body.id}`)).body).toEqual(res.body);
    const timeline = (await crm.users.other.get(`/api/crm/contacts/${res.body.id}/timeline`)).body.items;
    expect(timeline).toEqual([
      expect.objectContaining({
        entityType: 'contact',
        entityId: res.body.id,
        action: 'created',
        entityName: 'Bia Campos',
        changes: [],
        bulk: false,
      }),
    ]);
    expect(timeline[0].userName).toBe((await crm.users.employee.get('/api/user')).body.name);
  });

  it('refuses unknown fields and lists every failing field', async () => {
    const res = await crm.users.employee.post('/api/crm/contacts', {
      name: '',
      status: 'vip',
      score: 101,
      hacker: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('REQUEST.VALIDATION_FAILED');
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'hacker',
      'name',
      'score',
      'status',
    ]);
  });

  it('maps a reference to a missing user to a 400 naming ownerId', async () => {
    const res = await crm.users.employee.post('/api/crm/contacts', { name: 'Ghost owner', ownerId: 999999 });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'ownerId' })]);
  });

  it('searches name, email, company and phone ignoring case and accents, % and _ literally', async () => {
    const make = (body: object) => crm.users.admin.post('/api/crm/contacts', body);
    const company = (await crm.users.admin.post('/api/crm/companies', { name: 'Açaí 100% Natural' })).body;
    const a = (await make({ name: 'José Álvares', companyId: company.id })).body;
    const b = (await make({ name: 'Maria', email: 'maria_x@example.com' })).body;
    const c = (await make({ name: 'Mariaz', email: 'mariaXx@example.com', phone: '+55 11 98765-4321' })).body;
    const ids = async (q: string) =>
      (await crm.users.employee.get(`/api/crm/contacts?search=${encodeURIComponent(q)}`)).body.items.map(
        (x: { id: number }) => x.id,
      );
    expect(await ids('jose alvares')).toEqual([a.id]);
    expect(await ids('ACAI')).toEqual([a.id]);
    expect(await ids('100%')).toEqual([a.id]);
    expect(await ids('0% n')).toEqual([a.id]);
    expect(await ids('%')).toEqual([a.id]);
    expect(await ids('maria_')).toEqual([b.id]);
    expect(await ids('98765')).toEqual([c.id]);
  });

  it('pages a search newest first, whether the text is common among the newest contacts or rare, with the other filters', async () => {
    // 1,100 contacts: "Quixaba" in one in eight (common among the newest, so walked), "Xerém 77" in a few (looked up by
    // its rare word), and a status on every other one; every page must be what the plain LIKE ordered by id gives.
    await crm.knex.raw(
      `INSERT INTO contacts (name, email, status) SELECT
         CASE WHEN g % 8 = 0 THEN 'Quixaba ' || g WHEN g % 300 = 0 THEN 'Xerém 77 ' || g ELSE 'Filler ' || g END,
         'p' || g || '@exemplo.com.br', CASE WHEN g % 2 = 0 THEN 'customer' ELSE 'lead' END
       FROM generate_series(1, 1100) g`,
    );
    const pages = async (query: string) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const res: { body: { items: { id: number }[]; nextCursor: string | null } } = await crm.users.employee.get(
          `/api/crm/contacts?limit=50&${query}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...res.body.items.map((x) => x.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      return seen;
    };
    const like = (text: string, status?: string) =>
      crm
        .knex('contacts')
        .whereRaw('search_text like ?', [`%${text}%`])
        .modify((q) => status && q.where({ status }))
        .orderBy('id', 'desc')
        .pluck('id');
    const quixaba = await pages('search=QUIXABA');
    expect(quixaba).toHaveLength(137);
    expect(quixaba).toEqual(await like('quixaba'));
    expect(await pages('search=quixaba&status=lead')).toEqual(await like('quixaba', 'lead'));
    expect(await pages(`search=${encodeURIComponent('xerem 77')}`)).toEqual(await like('xerem 77'));
    expect(await pages(`search=${encodeURIComponent('77@exemplo')}`)).toEqual(await like('77@exemplo'));
    expect(await pages('search=Quixaba%201')).toEqual(await like('quixaba 1'));
    expect(await pages('search=0%40')).toEqual(await like('0@'));
  });

  it('serves the search from the trigram index', async () => {
    const plan = await crm.knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { rows } = await trx.raw(
        `EXPLAIN SELECT id FROM contacts WHERE search_text LIKE lower(funil_unaccent(?))`,
        ['%souza%'],
      );
      return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('contacts_search_trgm_index');
  });

  it('filters by status, tag and owner', async () => {
    const tagged = (
      await crm.users.other.post('/api/crm/contacts', { name: 'Tagged', tags: ['vip', 'sp'], status: 'customer' })
    ).body;
    const list = async (q: string) =>
      (await crm.users.employee.get(`/api/crm/contacts?${q}`)).body.items.map((x: { id: number }) => x.id);
    expect(await list('tag=vip')).toEqual([tagged.id]);
    expect(await list(`owner=${crm.users.ids.other}&status=customer`)).toEqual([tagged.id]);
    expect(await list(`owner=${crm.users.ids.other}&status=lead`)).toEqual([]);
  });

  it('filters by source and a score range, both ends included, and refuses an upside-down range', async () => {
    const make = async (name: string, source: string, score: number) =>
      (await crm.users.employee.post('/api/crm/contacts', { name, source, score })).body.id;
    const [low, mid, high] = [
      await make('Score low', 'Feira 2026', 10),
      await make('Score mid', 'Feira 2026', 50),
      await make('Score high', 'Site', 90),
    ];
    const list = async (q: string) =>
      (await crm.users.employee.get(`/api/crm/contacts?${q}`)).body.items.map((x: { id: number }) => x.id);
    expect(await list('source=Feira%202026')).toEqual([mid, low]);
    expect(await list('source=Feira%202026&scoreMin=50')).toEqual([mid]);
    expect((await list('scoreMin=50&scoreMax=90')).filter((id: number) => [low, mid, high].includes(id))).toEqual([
      high,
      mid,
    ]);
    expect((await list('scoreMax=10')).filter((id: number) => [low, mid, high].includes(id))).toEqual([low]);
    const upsideDown = await crm.users.employee.get('/api/crm/contacts?scoreMin=60&scoreMax=40');
    expect(upsideDown.status).toBe(400);
    expect(upsideDown.body.error.details).toEqual([expect.objectContaining({ path: 'query.scoreMax' })]);
    const plan = await crm.knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { rows } = await trx.raw(
        'EXPLAIN SELECT id FROM contacts WHERE lower(funil_unaccent(source)) = lower(funil_unaccent(?)) ORDER BY id DESC LIMIT 51',
        ['Site'],
      );
      return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('contacts_source_folded_index');
  });

  it('lets owners and admins change or delete, and others only read', async () => {
    const created = (await crm.users.employee.post('/api/crm/contacts', { name: 'Owned' })).body;
    expect((await crm.users.other.patch(`/api/crm/contacts/${created.id}`, { name: 'Stolen' })).status).toBe(403);
    expect((await crm.users.developer.delete(`/api/crm/contacts/${created.id}`)).status).toBe(403);
    expect((await crm.users.employee.patch(`/api/crm/contacts/${created.id}`, { name: 'Mine' })).body.name).toBe(
      'Mine',
    );
    expect((await crm.users.admin.patch(`/api/crm/contacts/${created.id}`, { status: 'prospect' })).body.status).toBe(
      'prospect',
    );
    expect((await crm.users.other.delete(`/api/crm/contacts/${created.id}`)).status).toBe(403);
    expect((await crm.users.employee.delete(`/api/crm/contacts/${created.id}`)).status).toBe(204);
    expect((await crm.users.employee.get(`/api/crm/contacts/${created.id}`)).status).toBe(404);
    const row = await crm.knex('contacts').where({ id: created.id }).first();
    expect(row).toBeUndefined();
  });

  it('answers 409 with the current row when the record changed since it was read', async () => {
    const created = (await crm.users.employee.post('/api/crm/contacts', { name: 'Versioned' })).body;
    const first = await crm.users.employee.patch(`/api/crm/contacts/${created.id}`, {
      name: 'First',
      updatedAt: created.updatedAt,
    });
    expect(first.status).toBe(200);
    const stale = await crm.users.admin.patch(`/api/crm/contacts/${created.id}`, {
      name: 'Second',
      updatedAt: created.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('RESOURCE.CONFLICT');
    expect(stale.body.error.details.current).toMatchObject({
      id: created.id,
      name: 'First',
      updatedAt: first.body.updatedAt,
    });
    expect((await crm.users.employee.get(`/api/crm/contacts/${created.id}`)).body.name).toBe('First');
  });

  it('pages with a cursor without gaps or repeats while rows are inserted', async () => {
    for (let i = 0; i < 7; i++)
      await crm.users.admin.post('/api/crm/contacts', { name: `Paged ${i}`, source: 'paging' });
    const seen: number[] = [];
    let cursor: string | null = null;
    let inserted = 0;
    do {
      const res: { body: { items: { id: number }[]; nextCursor: string | null; total?: number } } =
        await crm.users.employee.get(`/api/crm/contacts?limit=3&includeTotal=true${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.body.total).toBeGreaterThan(0);
      seen.push(...res.body.items.map((x) => x.id));
      cursor = res.body.nextCursor;
      if (inserted++ < 3) await crm.users.admin.post('/api/crm/contacts', { name: `Inserted meanwhile ${inserted}` });
    } while (cursor);
    const before = await crm.knex('contacts').where('id', '<=', seen[0]).orderBy('id', 'desc').pluck('id');
    expect(seen).toEqual(before);
    expect((await crm.users.employee.get('/api/crm/contacts')).body.total).toBeUndefined();
    expect((await crm.users.employee.get('/api/crm/contacts?limit=201')).status).toBe(400);
    expect((await crm.users.employee.get('/api/crm/contacts?cursor=abc')).status).toBe(400);
  });
});
