import { describe, expect, it } from 'vitest';
import { expectErrorShape, useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const ids = (body: { items: { id: number }[] }) => body.items.map((x) => x.id);

describe('companies', () => {
  it('creates with every field, formats the CNPJ, reads back the same record, and writes the created entry', async () => {
    const body = {
      name: 'Açaí do Norte Ltda',
      cnpj: '11222333000181',
      tradeName: 'Açaí do Norte',
      segment: 'Alimentos',
      size: 'small',
      website: 'https://acai.example.com',
      emailDomain: 'Acai.Example.com',
      phone: '+55 91 3222-1111',
      cep: '66010000',
      street: 'Av. Presidente Vargas',
      number: '100',
      city: 'Belém',
      uf: 'pa',
      tags: ['norte', 'vip'],
      notes: 'Compra no segundo semestre',
      createdBy: crm.users.ids.admin,
    };
    const res = await crm.users.employee.post('/api/crm/companies', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Açaí do Norte Ltda',
      cnpj: '11.222.333/0001-81',
      emailDomain: 'acai.example.com',
      cep: '66010-000',
      uf: 'PA',
      tags: ['norte', 'vip'],
      ownerId: crm.users.ids.employee,
      createdBy: crm.users.ids.employee,
    });
    expect(res.body.ownerName).toMatch(/^Name employee/);
    expect(res.body).not.toHaveProperty('searchText');
    const read = await crm.users.other.get(`/api/crm/companies/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    // The list as it opens (its own prepared statement) shows the same record: formatted CNPJ, owner, no search text.
    const listed = await crm.users.other.get('/api/crm/companies?limit=1');
    expect(listed.body.items).toEqual([res.body]);
    expect((await crm.knex('companies').where({ id: res.body.id }).first()).cnpj).toBe('11222333000181');

    const timeline = await crm.users.other.get(`/api/crm/companies/${res.body.id}/timeline`);
    expect(timeline.status).toBe(200);
    expect(timeline.body.items).toEqual([
      expect.objectContaining({
        entityType: 'company',
        entityId: res.body.id,
        action: 'created',
        entityName: 'Açaí do Norte Ltda',
        contactId: null,
        changes: [],
      }),
    ]);
  });

  it('stores a formatted and a bare CNPJ alike, and takes the alphanumeric CNPJ', async () => {
    const formatted = await crm.users.employee.post('/api/crm/companies', {
      name: 'Formatted',
      cnpj: '11.444.777/0001-61',
    });
    expect(formatted.status).toBe(201);
    expect(formatted.body.cnpj).toBe('11.444.777/0001-61');
    const bare = await crm.users.employee.post('/api/crm/companies', { name: 'Bare', cnpj: '11444777000161' });
    expect(bare.status).toBe(409);
    expect(bare.body.error.code).toBe('COMPANY.CNPJ_TAKEN');
    expect(bare.body.error.details).toEqual([expect.objectContaining({ path: 'cnpj' })]);

    const alpha = await crm.users.employee.post('/api/crm/companies', { name: 'Alfa', cnpj: '12.abc.345/01de-35' });
    expect(alpha.status).toBe(201);
    expect(alpha.body.cnpj).toBe('12.ABC.345/01DE-35');
    expect((await crm.knex('companies').where({ id: alpha.body.id }).first()).cnpj).toBe('12ABC34501DE35');

    const none = await crm.users.employee.post('/api/crm/companies', { name: 'Sem CNPJ', cnpj: '' });
    expect(none.body.cnpj).toBeNull();
    const alsoNone = await crm.users.employee.post('/api/crm/companies', { name: 'Sem CNPJ 2', cnpj: null });
    expect(alsoNone.body.cnpj).toBeNull();

    // An empty CNPJ clears it, and frees it for another company; the alphanumeric one is found however typed.
    const cleared = await crm.users.employee.patch(`/api/crm/companies/${formatted.body.id}`, { cnpj: '' });
    expect(cleared.body.cnpj).toBeNull();
    expect((await crm.users.employee.post('/api/crm/companies', { name: 'Bare', cnpj: '11444777000161' })).status).toBe(
      201,
    );
    const found = await crm.users.employee.get(`/api/crm/companies?search=${encodeURIComponent('12.abc.345/01')}`);
    expect(found.body.items.map((c: { id: number }) => c.id)).toEqual([alpha.body.id]);
  });

  it('refuses an invalid CNPJ with a 400 naming cnpj and writes nothing', async () => {
    const before = await crm.knex('companies').count({ n: '*' }).first();
    const timelineBefore = await crm.knex('crm_timeline').where({ entity_type: 'company' }).count({ n: '*' }).first();
    for (const cnpj of ['11.222.333/0001-80', '1122233300018', '00000000000000', '12.ABC.345/01DE-36', 'abc']) {
      const res = await crm.users.employee.post('/api/crm/companies', { name: 'Invalid', cnpj });
      expect(res.status, cnpj).toBe(400);
      expectErrorShape(res.body);
      expect(res.body.error.code).toBe('REQUEST.VALIDATION_FAILED');
      expect(res.body.error.details, cnpj).toEqual([expect.objectContaining({ path: 'cnpj' })]);
    }
    expect(await crm.knex('companies').count({ n: '*' }).first()).toEqual(before);
    expect(await crm.knex('crm_timeline').where({ entity_type: 'company' }).count({ n: '*' }).first()).toEqual(
      timelineBefore,
    );

    const company = (await crm.users.employee.post('/api/crm/companies', { name: 'Patch me' })).body;
    const patched = await crm.users.employee.patch(`/api/crm/companies/${company.id}`, { cnpj: '11.222.333/0001-82' });
    expect(patched.status).toBe(400);
    expect(patched.body.error.details).toEqual([expect.objectContaining({ path: 'cnpj' })]);
    expect((await crm.users.employee.get(`/api/crm/companies/${company.id}`)).body.cnpj).toBeNull();
  });

  it('answers 409 naming cnpj when another company has it, on create and on update', async () => {
    const first = (await crm.users.employee.post('/api/crm/companies', { name: 'First', cnpj: '12345678000195' })).body;
    const second = (await crm.users.employee.post('/api/crm/companies', { name: 'Second' })).body;
    const taken = await crm.users.employee.patch(`/api/crm/companies/${second.id}`, { cnpj: '12.345.678/0001-95' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('COMPANY.CNPJ_TAKEN');
    expect(taken.body.error.details).toEqual([expect.objectContaining({ path: 'cnpj' })]);
    expect((await crm.users.employee.get(`/api/crm/companies/${second.id}`)).body.cnpj).toBeNull();
    // Its own CNPJ again is no conflict.
    const same = await crm.users.employee.patch(`/api/crm/companies/${first.id}`, { cnpj: '12.345.678/0001-95' });
    expect(same.status).toBe(200);
  });

  it('refuses unknown fields and bad values, naming each', async () => {
    const res = await crm.users.employee.post('/api/crm/companies', {
      name: '',
      size: 'huge',
      uf: 'XX',
      cep: '1234',
      website: 'ftp://x',
      hacker: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'cep',
      'hacker',
      'name',
      'size',
      'uf',
      'website',
    ]);
    const ghost = await crm.users.employee.post('/api/crm/companies', { name: 'Ghost owner', ownerId: 999999 });
    expect(ghost.status).toBe(400);
    expect(ghost.body.error.details).toEqual([expect.objectContaining({ path: 'ownerId' })]);
  });

  it('updates with its changes on the timeline, 409 on a stale updatedAt, and deletes', async () => {
    const created = (await crm.users.employee.post('/api/crm/companies', { name: 'Versioned', city: 'Recife' })).body;
    const first = await crm.users.employee.patch(`/api/crm/companies/${created.id}`, {
      name: 'Versioned SA',
      cnpj: '45.997.418/0001-53',
      updatedAt: created.updatedAt,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'Versioned SA', cnpj: '45.997.418/0001-53', city: 'Recife' });
    // Someone who read the first version is told of the change, with the company as it is now, and writes nothing.
    const stale = await crm.users.admin.patch(`/api/crm/companies/${created.id}`, {
      size: 'large',
      updatedAt: created.updatedAt,
    });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'RESOURCE.CONFLICT']);
    expect(stale.body.error.details.current).toEqual(first.body);
    expect((await crm.users.employee.get(`/api/crm/companies/${created.id}`)).body.name).toBe('Versioned SA');

    const timeline = (await crm.users.employee.get(`/api/crm/companies/${created.id}/timeline`)).body.items;
    expect(timeline.map((e: { action: string }) => e.action)).toEqual(['updated', 'created']);
    expect(timeline[0].changes).toEqual([
      { field: 'name', oldValue: 'Versioned', newValue: 'Versioned SA' },
      { field: 'cnpj', oldValue: null, newValue: '45.997.418/0001-53' },
    ]);

    expect((await crm.users.employee.delete(`/api/crm/companies/${created.id}`)).status).toBe(204);
    expect((await crm.users.employee.get(`/api/crm/companies/${created.id}`)).status).toBe(404);
    expect((await crm.users.employee.get(`/api/crm/companies/${created.id}/timeline`)).status).toBe(404);
    expect(await crm.knex('companies').where({ id: created.id }).first()).toBeUndefined();
    const gone = await crm.users.employee.patch(`/api/crm/companies/${created.id}`, { name: 'x' });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('COMPANY.NOT_FOUND');
  });

  it('lets owners and admins change or delete, and others only read, as contacts', async () => {
    const created = (await crm.users.employee.post('/api/crm/companies', { name: 'Owned' })).body;
    expect((await crm.users.other.get(`/api/crm/companies/${created.id}`)).status).toBe(200);
    expect((await crm.users.other.patch(`/api/crm/companies/${created.id}`, { name: 'Stolen' })).status).toBe(403);
    expect((await crm.users.developer.delete(`/api/crm/companies/${created.id}`)).status).toBe(403);
    expect((await crm.users.other.get(`/api/crm/companies/${created.id}/timeline`)).body.items).toHaveLength(1);
    expect((await crm.users.employee.patch(`/api/crm/companies/${created.id}`, { name: 'Mine' })).body.name).toBe(
      'Mine',
    );
    expect((await crm.users.admin.patch(`/api/crm/companies/${created.id}`, { size: 'large' })).body.size).toBe(
      'large',
    );
    // Given to someone else, its creator still may change it (the 'own' rule: owner or creator).
    const given = await crm.users.admin.patch(`/api/crm/companies/${created.id}`, { ownerId: crm.users.ids.other });
    expect(given.body.ownerId).toBe(crm.users.ids.other);
    expect((await crm.users.other.patch(`/api/crm/companies/${created.id}`, { notes: 'now mine' })).status).toBe(200);
    expect((await crm.users.developer.delete(`/api/crm/companies/${created.id}`)).status).toBe(403);
    expect((await crm.users.other.delete(`/api/crm/companies/${created.id}`)).status).toBe(204);
    expect((await crm.server.client().get('/api/crm/companies')).status).toBe(401);
  });

  it('filters by search (CNPJ with or without punctuation), segment, owner, tag, city and UF', async () => {
    const make = async (client: typeof crm.users.admin, body: object) =>
      (await client.post('/api/crm/companies', body)).body.id as number;
    const a = await make(crm.users.other, {
      name: 'Pão de Queijo Mineiro',
      segment: 'Alimentação',
      city: 'Belo Horizonte',
      uf: 'MG',
      tags: ['filtro-x'],
    });
    const b = await make(crm.users.other, {
      name: 'Ferragens 100% Sul',
      cnpj: '00.000.001/0001-36',
      tradeName: 'Ferrasul',
      segment: 'alimentacao',
      city: 'Porto Alegre',
      uf: 'RS',
      emailDomain: 'ferrasul.example.com',
      tags: ['filtro-x', 'filtro-y'],
    });
    const c = await make(crm.users.employee, { name: 'Terceira', segment: 'Serviços', city: 'belo horizonte' });
    const list = async (q: string) => {
      const res = await crm.users.employee.get(`/api/crm/companies?limit=200&${q}`);
      expect(res.status, q).toBe(200);
      return ids(res.body).filter((id) => [a, b, c].includes(id));
    };
    expect(await list('search=pao%20de%20QUEIJO')).toEqual([a]);
    expect(await list('search=ferrasul')).toEqual([b]);
    expect(await list('search=100%25')).toEqual([b]);
    expect(await list(`search=${encodeURIComponent('00.000.001/0001')}`)).toEqual([b]);
    expect(await list('search=000000010001')).toEqual([b]);
    expect(await list('search=porto%20alegre')).toEqual([b]);
    expect(await list('segment=ALIMENTA%C3%87%C3%83O')).toEqual([b, a]);
    expect(await list('city=Belo%20Horizonte')).toEqual([c, a]);
    expect(await list('uf=rs')).toEqual([b]);
    expect(await list('tag=filtro-x')).toEqual([b, a]);
    expect(await list('tag=filtro-y')).toEqual([b]);
    expect(await list(`owner=${crm.users.ids.other}&segment=alimentacao`)).toEqual([b, a]);
    expect(await list(`owner=${crm.users.ids.employee}&segment=servicos`)).toEqual([c]);
    expect(await list(`owner=${crm.users.ids.employee}&segment=alimentacao`)).toEqual([]);
    expect((await crm.users.employee.get('/api/crm/companies?uf=XX')).status).toBe(400);
  });

  it('pages with a cursor without gaps or repeats while rows are inserted', async () => {
    for (let i = 0; i < 7; i++) await crm.users.admin.post('/api/crm/companies', { name: `Paged ${i}`, tags: ['pg'] });
    const walk = async (query: string, insert: boolean) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      let inserted = 0;
      do {
        const res: { body: { items: { id: number }[]; nextCursor: string | null; total?: number } } =
          await crm.users.employee.get(
            `/api/crm/companies?limit=3&includeTotal=true&${query}${cursor ? `&cursor=${cursor}` : ''}`,
          );
        expect(res.body.total).toBeGreaterThan(0);
        seen.push(...ids(res.body));
        cursor = res.body.nextCursor;
        if (insert && inserted++ < 3)
          await crm.users.admin.post('/api/crm/companies', { name: `Inserted meanwhile ${inserted}`, tags: ['pg'] });
      } while (cursor);
      return seen;
    };
    const all = await walk('', true);
    expect(all).toEqual(await crm.knex('companies').where('id', '<=', all[0]).orderBy('id', 'desc').pluck('id'));
    const tagged = await walk('tag=pg', false);
    expect(tagged).toEqual(await crm.knex('companies').whereRaw("tags @> '{pg}'").orderBy('id', 'desc').pluck('id'));
    expect(tagged).toHaveLength(10);
    expect((await crm.users.employee.get('/api/crm/companies?limit=201')).status).toBe(400);
    expect((await crm.users.employee.get('/api/crm/companies?cursor=abc')).status).toBe(400);
  });

  it('serves its search and filters from the indexes the migration made', async () => {
    const plan = async (sql: string, bindings: string[]) =>
      crm.knex.transaction(async (trx) => {
        await trx.raw('SET LOCAL enable_seqscan = off');
        const { rows } = await trx.raw(`EXPLAIN ${sql}`, bindings);
        return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      });
    expect(
      await plan('SELECT id FROM companies WHERE search_text LIKE lower(funil_unaccent(?))', ['%queijo%']),
    ).toContain('companies_search_trgm_index');
    expect(
      await plan(
        'SELECT id FROM companies WHERE lower(funil_unaccent(segment)) = lower(funil_unaccent(?)) ORDER BY id DESC LIMIT 51',
        ['Alimentos'],
      ),
    ).toContain('companies_segment_folded_index');
    expect(
      await plan(
        'SELECT id FROM companies WHERE lower(funil_unaccent(city)) = lower(funil_unaccent(?)) ORDER BY id DESC LIMIT 51',
        ['Recife'],
      ),
    ).toContain('companies_city_folded_index');
    expect(await plan('SELECT id FROM companies WHERE cnpj = ?', ['11222333000181'])).toContain(
      'companies_cnpj_unique',
    );
  });
});
