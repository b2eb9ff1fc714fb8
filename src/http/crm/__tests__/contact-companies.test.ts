import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const newCompany = async (name: string) => {
  const res = await crm.users.employee.post('/api/crm/companies', { name });
  expect(res.status).toBe(201);
  return res.body.id as number;
};

describe("a contact's company", () => {
  it('is set by companyId, answered with its name, changed and cleared; the timeline shows the names', async () => {
    const acme = await newCompany('Acme Brasil');
    const beta = await newCompany('Beta Ltda');
    const created = await crm.users.employee.post('/api/crm/contacts', { name: 'Com Empresa', companyId: acme });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ companyId: acme, company: 'Acme Brasil' });
    const id = created.body.id as number;
    expect((await crm.users.other.get(`/api/crm/contacts/${id}`)).body).toMatchObject({
      companyId: acme,
      company: 'Acme Brasil',
    });

    const moved = await crm.users.employee.patch(`/api/crm/contacts/${id}`, { companyId: beta });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ companyId: beta, company: 'Beta Ltda' });
    const cleared = await crm.users.employee.patch(`/api/crm/contacts/${id}`, { companyId: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ companyId: null, company: null });

    const timeline = (await crm.users.employee.get(`/api/crm/contacts/${id}/timeline`)).body.items as {
      action: string;
      changes: unknown[];
    }[];
    expect(timeline.map((e) => [e.action, e.changes])).toEqual([
      ['updated', [{ field: 'company', oldValue: 'Beta Ltda', newValue: null }]],
      ['updated', [{ field: 'company', oldValue: 'Acme Brasil', newValue: 'Beta Ltda' }]],
      ['created', []],
    ]);
  });

  it('refuses a companyId no company has with a 400 naming companyId, on create and on update', async () => {
    const created = await crm.users.employee.post('/api/crm/contacts', { name: 'Sem Empresa', companyId: 999_999 });
    expect(created.status).toBe(400);
    expect(created.body.error.details).toEqual([expect.objectContaining({ path: 'companyId' })]);
    const id = (await crm.users.employee.post('/api/crm/contacts', { name: 'Sem Empresa' })).body.id as number;
    const updated = await crm.users.employee.patch(`/api/crm/contacts/${id}`, { companyId: 999_999 });
    expect(updated.status).toBe(400);
    expect(updated.body.error.details).toEqual([expect.objectContaining({ path: 'companyId' })]);
    expect((await crm.users.employee.get(`/api/crm/contacts/${id}`)).body.companyId).toBeNull();
    const text = await crm.users.employee.patch(`/api/crm/contacts/${id}`, { companyId: 'Acme' });
    expect(text.status).toBe(400);
    expect(text.body.error.details).toEqual([expect.objectContaining({ path: 'companyId' })]);
  });

  it('refuses company written as text with a 400 naming company that points to companyId, and changes nothing', async () => {
    const created = await crm.users.employee.post('/api/crm/contacts', { name: 'Texto', company: 'Acme' });
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe('REQUEST.VALIDATION_FAILED');
    expect(created.body.error.details).toEqual([
      expect.objectContaining({ path: 'company', message: expect.stringContaining('companyId') }),
    ]);
    const id = (await crm.users.employee.post('/api/crm/contacts', { name: 'Texto' })).body.id as number;
    for (const company of ['Acme', null, '']) {
      const updated = await crm.users.employee.patch(`/api/crm/contacts/${id}`, { company, position: 'CEO' });
      expect(updated.status).toBe(400);
      expect(updated.body.error.details).toEqual([
        expect.objectContaining({ path: 'company', message: expect.stringContaining('companyId') }),
      ]);
    }
    expect((await crm.users.employee.get(`/api/crm/contacts/${id}`)).body).toMatchObject({
      company: null,
      position: null,
    });
  });

  it("lists a company's people with the companyId filter, newest first, with the other filters", async () => {
    const gama = await newCompany('Gama Filtro');
    const delta = await newCompany('Delta Filtro');
    const make = async (name: string, companyId: number | null, status = 'lead') =>
      (await crm.users.employee.post('/api/crm/contacts', { name, companyId, status })).body.id as number;
    const g1 = await make('Gama 1', gama);
    await make('Delta 1', delta);
    const g2 = await make('Gama 2', gama, 'customer');
    await make('Ninguém', null);
    const list = async (query: string) =>
      (await crm.users.other.get(`/api/crm/contacts?${query}`)).body.items.map((c: { id: number }) => c.id);
    expect(await list(`companyId=${gama}`)).toEqual([g2, g1]);
    expect(await list(`companyId=${gama}&status=customer`)).toEqual([g2]);
    expect(await list(`companyId=${gama}&limit=1`)).toEqual([g2]);
    const bad = await crm.users.other.get('/api/crm/contacts?companyId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ path: 'query.companyId' })]);
  });

  it("shows the company's new name after it is renamed, and finds the contact by it; deleting the company unlinks", async () => {
    const company = await newCompany('Velho Nome Ltda');
    const id = (await crm.users.employee.post('/api/crm/contacts', { name: 'Renomeada', companyId: company })).body
      .id as number;
    const renamed = await crm.users.employee.patch(`/api/crm/companies/${company}`, { name: 'Nome Novo Ltda' });
    expect(renamed.status).toBe(200);
    expect((await crm.users.employee.get(`/api/crm/contacts/${id}`)).body).toMatchObject({
      companyId: company,
      company: 'Nome Novo Ltda',
    });
    const search = async (q: string) =>
      (await crm.users.employee.get(`/api/crm/contacts?search=${encodeURIComponent(q)}`)).body.items.map(
        (c: { id: number }) => c.id,
      );
    expect(await search('nome novo')).toEqual([id]);
    expect(await search('velho nome')).toEqual([]);

    expect((await crm.users.employee.delete(`/api/crm/companies/${company}`)).status).toBe(204);
    expect((await crm.users.employee.get(`/api/crm/contacts/${id}`)).body).toMatchObject({
      companyId: null,
      company: null,
    });
  });
});
