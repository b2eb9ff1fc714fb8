import { describe, expect, it } from 'vitest';
import { uniqueName, type TestClient } from '../../../../tests/support/test-server';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const newCompany = async (client: TestClient = crm.users.employee): Promise<number> => {
  const res = await client.post('/api/crm/companies', { name: uniqueName('Empresa') });
  expect(res.status).toBe(201);
  return res.body.id;
};

const newContact = async (fields: object, client: TestClient = crm.users.employee): Promise<number> =>
  (await client.post('/api/crm/contacts', { name: uniqueName('Pessoa'), ...fields })).body.id;

const newDeal = async (fields: object, client: TestClient = crm.users.employee): Promise<number> => {
  const res = await client.post('/api/crm/deals', { title: uniqueName('Negócio'), ...fields });
  expect(res.status).toBe(201);
  return res.body.id;
};

const summaryOf = async (companyId: number, client: TestClient = crm.users.employee) =>
  client.get(`/api/crm/companies/${companyId}/summary`);

const ids = (body: { items: { id: number }[] }) => body.items.map((item) => item.id);

describe("a company's deal totals (GET /api/crm/companies/:id/summary)", () => {
  it('counts and sums its deals by stage kind, follows moves to won and lost, and leaves out other companies', async () => {
    const company = await newCompany();
    const other = await newCompany();
    expect((await summaryOf(company)).body).toEqual({
      open: { count: 0, value: '0.00' },
      won: { count: 0, value: '0.00' },
      lost: { count: 0, value: '0.00' },
    });

    const a = await newDeal({ companyId: company, value: '1000.10' });
    const b = await newDeal({ companyId: company, value: '2000.20' });
    const c = await newDeal({ companyId: company, value: '300.00' });
    await newDeal({ companyId: other, value: '99999.00' });
    await newDeal({ value: '5.00' });
    expect((await summaryOf(company)).body).toEqual({
      open: { count: 3, value: '3300.30' },
      won: { count: 0, value: '0.00' },
      lost: { count: 0, value: '0.00' },
    });

    expect((await crm.users.employee.post(`/api/crm/deals/${a}/move`, { stage: 'won' })).status).toBe(200);
    expect(
      (await crm.users.employee.post(`/api/crm/deals/${b}/move`, { stage: 'lost', lostReason: 'price' })).status,
    ).toBe(200);
    expect((await summaryOf(company)).body).toEqual({
      open: { count: 1, value: '300.00' },
      won: { count: 1, value: '1000.10' },
      lost: { count: 1, value: '2000.20' },
    });

    // Won is the stage's kind, whatever its name.
    const signed = await crm.users.admin.post('/api/crm/pipeline-stages/default', {
      stage: uniqueName('Assinado'),
      kind: 'won',
    });
    expect(signed.status).toBe(201);
    expect((await crm.users.employee.post(`/api/crm/deals/${c}/move`, { stage: signed.body.stage })).status).toBe(200);
    const after = (await summaryOf(company)).body;
    expect(after).toEqual({
      open: { count: 0, value: '0.00' },
      won: { count: 2, value: '1300.10' },
      lost: { count: 1, value: '2000.20' },
    });
    expect((await summaryOf(other)).body.open).toEqual({ count: 1, value: '99999.00' });
  });

  it("is read by whoever reads the company (an employee reads another's), and is a 404 for no company", async () => {
    const theirs = await newCompany(crm.users.other);
    await newDeal({ companyId: theirs, value: '10.00' }, crm.users.other);
    for (const client of [crm.users.employee, crm.users.developer, crm.users.admin]) {
      const res = await summaryOf(theirs, client);
      expect(res.status).toBe(200);
      expect(res.body.open).toEqual({ count: 1, value: '10.00' });
    }
    const missing = await summaryOf(2_000_000);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('COMPANY.NOT_FOUND');
    expect((await summaryOf(-1)).status).toBe(400);
    expect((await crm.server.client().get(`/api/crm/companies/${theirs}/summary`)).status).toBe(401);
  });
});

describe("a company's notes and activities", () => {
  it("writes a note on the company and lists the company's, its people's and its deals' notes, newest first, page by page", async () => {
    const company = await newCompany();
    const person = await newContact({ companyId: company });
    const deal = await newDeal({ companyId: company });
    const elsewhere = await newContact({});

    const onCompany = await crm.users.employee.post('/api/crm/notes', {
      kind: 'call',
      body: 'Liguei para a recepção',
      companyId: company,
    });
    expect(onCompany.status).toBe(201);
    expect(onCompany.body).toMatchObject({ companyId: company, contactId: null, dealId: null, kind: 'call' });
    const onPerson = (
      await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: 'Pessoa', contactId: person })
    ).body.id;
    const onDeal = (await crm.users.other.post('/api/crm/notes', { kind: 'note', body: 'Negócio', dealId: deal })).body
      .id;
    await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: 'Fora', contactId: elsewhere });

    // Everyone reads notes: another employee sees the company's three.
    const all = await crm.users.other.get(`/api/crm/notes?company=${company}`);
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([onDeal, onPerson, onCompany.body.id]);

    const first = await crm.users.employee.get(`/api/crm/notes?company=${company}&limit=2`);
    expect(ids(first.body)).toEqual([onDeal, onPerson]);
    const second = await crm.users.employee.get(
      `/api/crm/notes?company=${company}&limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(ids(second.body)).toEqual([onCompany.body.id]);
    expect(second.body.nextCursor).toBeNull();
  });

  it('finds a note on a company in the search, with the company it opens', async () => {
    const company = await newCompany();
    const word = `q${Date.now().toString(36)}zz`;
    const note = (
      await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: `Orçamento ${word}`, companyId: company })
    ).body;
    const found = await crm.users.other.get(`/api/crm/search?q=${word}`);
    expect(found.status).toBe(200);
    expect(found.body.notes).toEqual([
      expect.objectContaining({ id: note.id, contactId: null, dealId: null, companyId: company }),
    ]);
    expect(found.body.notes[0].companyName).toMatch(/^Empresa/);
  });

  it('refuses a note on a company that does not exist with a 400 naming companyId', async () => {
    const res = await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: 'x', companyId: 2_000_000 });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(['companyId']);
    const bad = await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: 'x', companyId: 'acme' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toContain('companyId');
  });

  it("schedules an activity with the company and lists the company's, its people's and deals' activities as the viewer may see them", async () => {
    const company = await newCompany();
    const person = await newContact({ companyId: company });
    const deal = await newDeal({ companyId: company });
    const post = (client: TestClient, body: object) => client.post('/api/crm/activities', { type: 'call', ...body });

    const withCompany = await post(crm.users.employee, { subject: 'Ligar para a empresa', companyId: company });
    expect(withCompany.status).toBe(201);
    expect(withCompany.body).toMatchObject({ companyId: company, contactId: null, dealId: null });
    expect(withCompany.body.companyName).toMatch(/^Empresa/);
    const withPerson = (await post(crm.users.employee, { subject: 'Pessoa', contactId: person })).body.id;
    const withDeal = (await post(crm.users.employee, { subject: 'Negócio', dealId: deal })).body.id;
    const theirs = (await post(crm.users.other, { subject: 'Do outro', contactId: person })).body.id;
    await post(crm.users.employee, { subject: 'Fora', contactId: await newContact({}) });

    const mine = await crm.users.employee.get(`/api/crm/activities?company=${company}`);
    expect(ids(mine.body)).toEqual([withDeal, withPerson, withCompany.body.id]);
    const admin = await crm.users.admin.get(`/api/crm/activities?company=${company}`);
    expect(ids(admin.body)).toEqual([theirs, withDeal, withPerson, withCompany.body.id]);
    const counts = await crm.users.employee.get(`/api/crm/activities/counts?company=${company}`);
    expect(counts.body).toEqual({ pending: 3, completed: 0 });

    const unknown = await post(crm.users.employee, { subject: 'x', companyId: 2_000_000 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.map((d: { path: string }) => d.path)).toEqual(['companyId']);
  });

  it("deletes the company's notes with it; its activities stay, without the company", async () => {
    const company = await newCompany();
    const note = (await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: 'Some', companyId: company }))
      .body.id;
    const activity = (
      await crm.users.employee.post('/api/crm/activities', { type: 'task', subject: 'Fica', companyId: company })
    ).body.id;
    expect((await crm.users.employee.delete(`/api/crm/companies/${company}`)).status).toBe(204);
    expect((await crm.users.employee.get(`/api/crm/notes/${note}`)).status).toBe(404);
    const kept = await crm.users.employee.get(`/api/crm/activities/${activity}`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ subject: 'Fica', companyId: null, companyName: null });
  });

  it("moves the merged company's notes and activities to the kept one", async () => {
    const keep = await newCompany();
    const gone = await newCompany();
    const note = (await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: 'Da outra', companyId: gone }))
      .body.id;
    const activity = (
      await crm.users.employee.post('/api/crm/activities', { type: 'task', subject: 'Da outra', companyId: gone })
    ).body.id;
    const merged = await crm.users.employee.post('/api/crm/companies/merge', { keepId: keep, mergeIds: [gone] });
    expect(merged.status).toBe(200);
    expect((await crm.users.employee.get(`/api/crm/notes/${note}`)).body.companyId).toBe(keep);
    expect((await crm.users.employee.get(`/api/crm/activities/${activity}`)).body.companyId).toBe(keep);
    expect(ids((await crm.users.employee.get(`/api/crm/notes?company=${keep}`)).body)).toEqual([note]);
    const history = (await crm.users.employee.get(`/api/crm/companies/${keep}/timeline`)).body.items;
    expect(history.filter((e: { entityType: string }) => e.entityType === 'note')).toEqual([
      expect.objectContaining({ entityId: note, note: expect.objectContaining({ body: 'Da outra' }) }),
    ]);
  });

  it("shows a note written on the company in the company's history, with the note as it is now; not its people's", async () => {
    const company = await newCompany();
    const person = await newContact({ companyId: company });
    const own = (
      await crm.users.employee.post('/api/crm/notes', { kind: 'call', body: 'Ligação à empresa', companyId: company })
    ).body;
    await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: 'Da pessoa', contactId: person });
    await crm.users.employee.patch(`/api/crm/notes/${own.id}`, { body: 'Ligação à empresa, revista' });

    const history = (await crm.users.employee.get(`/api/crm/companies/${company}/timeline`)).body.items;
    expect(history.map((e: { entityType: string; action: string }) => [e.entityType, e.action])).toEqual([
      ['note', 'created'],
      ['company', 'created'],
    ]);
    expect(history[0]).toMatchObject({ entityId: own.id, note: { body: 'Ligação à empresa, revista', kind: 'call' } });
  });
});
