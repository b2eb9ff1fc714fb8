import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../tests/support/test-server';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const newContact = async (name: string, client: TestClient = crm.users.employee): Promise<number> =>
  (await client.post('/api/crm/contacts', { name })).body.id;

const newDeal = async (body: object, client: TestClient = crm.users.employee) =>
  (await client.post('/api/crm/deals', { title: 'People deal', ...body })).body;

const put = (client: TestClient, path: string, body: object) => client.request('PUT', path, body);

const paths = (body: { error: { details: { path: string }[] } }) => body.error.details.map((d) => d.path);

describe('the people in a deal', () => {
  it('puts people with roles, one primary first, in the answer, the deal read again and the list; contactId follows', async () => {
    const ana = await newContact('Ana Decisora');
    const bruno = await newContact('Bruno Técnico');
    const deal = await newDeal({});
    expect(deal).toMatchObject({ contacts: [], contactId: null, companyId: null, companyName: null });

    const saved = await put(crm.users.employee, `/api/crm/deals/${deal.id}/contacts`, {
      items: [
        { contactId: bruno, role: 'technical', primary: false },
        { contactId: ana, role: 'decision_maker', primary: true },
      ],
      updatedAt: deal.updatedAt,
    });
    expect(saved.status).toBe(200);
    const people = [
      { id: ana, name: 'Ana Decisora', role: 'decision_maker', primary: true },
      { id: bruno, name: 'Bruno Técnico', role: 'technical', primary: false },
    ];
    expect(saved.body).toMatchObject({ contacts: people, contactId: ana, contactName: 'Ana Decisora' });
    expect((await crm.users.developer.get(`/api/crm/deals/${deal.id}`)).body.contacts).toEqual(people);
    const listed = (await crm.users.developer.get(`/api/crm/deals?contactId=${bruno}`)).body.items;
    expect(listed).toEqual([expect.objectContaining({ id: deal.id, contacts: people })]);

    // Ana leaves, Bruno becomes the primary one: the old primary's id goes with her.
    const swapped = await put(crm.users.employee, `/api/crm/deals/${deal.id}/contacts`, {
      items: [{ contactId: bruno, role: 'influencer', primary: true }],
    });
    expect(swapped.body).toMatchObject({
      contactId: bruno,
      contacts: [{ id: bruno, name: 'Bruno Técnico', role: 'influencer', primary: true }],
    });
    // Nobody primary: people without a contactId.
    const none = await put(crm.users.employee, `/api/crm/deals/${deal.id}/contacts`, {
      items: [{ contactId: ana, role: 'user' }],
    });
    expect(none.body).toMatchObject({
      contactId: null,
      contactName: null,
      contacts: [{ id: ana, role: 'user', primary: false }],
    });
    const empty = await put(crm.users.employee, `/api/crm/deals/${deal.id}/contacts`, { items: [] });
    expect(empty.body).toMatchObject({ contactId: null, contacts: [] });
  });

  it('records one timeline entry per change of people, with the people before and after', async () => {
    const carla = await newContact('Carla Financeira');
    const deal = await newDeal({});
    await put(crm.users.employee, `/api/crm/deals/${deal.id}/contacts`, {
      items: [{ contactId: carla, role: 'financial', primary: true }],
    });
    const timeline = (await crm.users.employee.get(`/api/crm/deals/${deal.id}/timeline`)).body.items;
    const updates = timeline.filter((e: { action: string }) => e.action === 'updated');
    expect(updates).toHaveLength(1);
    expect(updates[0].changes).toEqual(
      expect.arrayContaining([
        {
          field: 'contacts',
          oldValue: [],
          newValue: [{ id: carla, name: 'Carla Financeira', role: 'financial', primary: true }],
        },
        { field: 'contactId', oldValue: null, newValue: carla },
      ]),
    );
  });

  it('saves the people with the deal in one request on create and on change: all of it or, on a bad person, nothing', async () => {
    const ana = await newContact('Ana Junto');
    const bruno = await newContact('Bruno Junto');
    const created = await crm.users.employee.post('/api/crm/deals', {
      title: 'Com pessoas',
      value: '1500.00',
      contacts: [
        { contactId: bruno, role: 'technical' },
        { contactId: ana, role: 'decision_maker', primary: true },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      contactId: ana,
      contacts: [
        { id: ana, name: 'Ana Junto', role: 'decision_maker', primary: true },
        { id: bruno, name: 'Bruno Junto', role: 'technical', primary: false },
      ],
    });

    // A change and new people in one request: one timeline entry with both.
    const changed = await crm.users.employee.patch(`/api/crm/deals/${created.body.id}`, {
      title: 'Com pessoas (revisto)',
      contacts: [{ contactId: bruno, role: 'influencer', primary: true }],
      updatedAt: created.body.updatedAt,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      title: 'Com pessoas (revisto)',
      contactId: bruno,
      contacts: [{ id: bruno, role: 'influencer', primary: true }],
    });
    const updates = (await crm.users.employee.get(`/api/crm/deals/${created.body.id}/timeline`)).body.items.filter(
      (e: { action: string }) => e.action === 'updated',
    );
    expect(updates).toHaveLength(1);
    expect(updates[0].changes.map((c: { field: string }) => c.field)).toEqual(
      expect.arrayContaining(['title', 'contacts', 'contactId']),
    );

    // A person who is no contact: a 400 naming it, and neither the deal nor the change is saved.
    const deals = async () => Number((await crm.knex('deals').count({ n: '*' }))[0].n);
    const before = await deals();
    const refused = await crm.users.employee.post('/api/crm/deals', {
      title: 'Não salva',
      contacts: [
        { contactId: ana, role: 'user' },
        { contactId: 999_999, role: 'user' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(paths(refused.body)).toEqual(['contacts.1.contactId']);
    expect(await deals()).toBe(before);
    const refusedChange = await crm.users.employee.patch(`/api/crm/deals/${created.body.id}`, {
      title: 'Também não',
      contacts: [{ contactId: 999_999, role: 'user' }],
    });
    expect(paths(refusedChange.body)).toEqual(['contacts.0.contactId']);
    expect((await crm.users.employee.get(`/api/crm/deals/${created.body.id}`)).body.title).toBe(
      'Com pessoas (revisto)',
    );

    const twoPrimaries = await crm.users.employee.post('/api/crm/deals', {
      title: 'Dois principais',
      contacts: [
        { contactId: ana, primary: true },
        { contactId: bruno, primary: true },
      ],
    });
    expect([twoPrimaries.status, paths(twoPrimaries.body)]).toEqual([400, ['primary']]);
    const both = await crm.users.employee.post('/api/crm/deals', {
      title: 'Os dois campos',
      contactId: ana,
      contacts: [{ contactId: ana, primary: true }],
    });
    expect(both.status).toBe(400);
    expect(await deals()).toBe(before);
  });

  it('refuses two primaries naming primary, an unknown contact naming its item, a contact twice and an unknown role', async () => {
    const a = await newContact('Twice A');
    const b = await newContact('Twice B');
    const deal = await newDeal({});
    const putItems = (items: object[]) => put(crm.users.employee, `/api/crm/deals/${deal.id}/contacts`, { items });

    const twoPrimaries = await putItems([
      { contactId: a, role: 'user', primary: true },
      { contactId: b, role: 'user', primary: true },
    ]);
    expect(twoPrimaries.status).toBe(400);
    expect(paths(twoPrimaries.body)).toEqual(['primary']);

    const unknown = await putItems([
      { contactId: a, role: 'user' },
      { contactId: 987654, role: 'user' },
    ]);
    expect(unknown.status).toBe(400);
    expect(paths(unknown.body)).toEqual(['items.1.contactId']);

    const duplicate = await putItems([
      { contactId: a, role: 'user' },
      { contactId: a, role: 'other' },
    ]);
    expect(duplicate.status).toBe(400);
    expect(paths(duplicate.body)).toEqual(['items.1']);

    const role = await putItems([{ contactId: a, role: 'boss' }]);
    expect(role.status).toBe(400);
    expect(paths(role.body)).toEqual(['items.0.role']);
    expect((await putItems([{ role: 'user' }])).status).toBe(400);
    expect((await put(crm.users.employee, `/api/crm/deals/${deal.id}/contacts`, {})).status).toBe(400);

    // Nothing of those was written.
    expect((await crm.users.employee.get(`/api/crm/deals/${deal.id}`)).body.contacts).toEqual([]);
    expect((await put(crm.users.employee, '/api/crm/deals/987654/contacts', { items: [] })).status).toBe(404);
  });

  it('lets only who may change the deal change its people, and a stale version is a 409', async () => {
    const person = await newContact('Guarded person');
    const deal = await newDeal({});
    const items = [{ contactId: person, role: 'influencer', primary: true }];
    for (const client of [crm.users.other, crm.users.developer]) {
      const refused = await put(client, `/api/crm/deals/${deal.id}/contacts`, { items });
      expect(refused.status).toBe(403);
    }
    expect((await crm.users.employee.get(`/api/crm/deals/${deal.id}`)).body.contacts).toEqual([]);
    const byAdmin = await put(crm.users.admin, `/api/crm/deals/${deal.id}/contacts`, { items });
    expect(byAdmin.status).toBe(200);
    const stale = await put(crm.users.employee, `/api/crm/deals/${deal.id}/contacts`, {
      items: [],
      updatedAt: deal.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect((await crm.users.employee.get(`/api/crm/deals/${deal.id}`)).body.contacts).toHaveLength(1);
  });

  it('makes a contactId given on create or change the primary link, keeping the one before in the deal', async () => {
    const first = await newContact('First primary');
    const second = await newContact('Second primary');
    const deal = await newDeal({ contactId: first });
    expect(deal.contacts).toEqual([{ id: first, name: 'First primary', role: 'other', primary: true }]);

    const changed = await crm.users.employee.patch(`/api/crm/deals/${deal.id}`, { contactId: second });
    expect(changed.body.contactId).toBe(second);
    expect(changed.body.contacts).toEqual([
      { id: second, name: 'Second primary', role: 'other', primary: true },
      { id: first, name: 'First primary', role: 'other', primary: false },
    ]);
    // Back to the first: its role is kept, it is primary again.
    await put(crm.users.employee, `/api/crm/deals/${deal.id}/contacts`, {
      items: [
        { contactId: first, role: 'technical' },
        { contactId: second, role: 'other', primary: true },
      ],
    });
    const back = await crm.users.employee.patch(`/api/crm/deals/${deal.id}`, { contactId: first });
    expect(back.body.contacts).toEqual([
      { id: first, name: 'First primary', role: 'technical', primary: true },
      { id: second, name: 'Second primary', role: 'other', primary: false },
    ]);
    const cleared = await crm.users.employee.patch(`/api/crm/deals/${deal.id}`, { contactId: null });
    expect(cleared.body.contactId).toBeNull();
    expect(cleared.body.contacts.map((c: { primary: boolean }) => c.primary)).toEqual([false, false]);
  });

  it('takes a company on create and change (400 naming companyId when there is none) and filters by it', async () => {
    const company = (await crm.users.employee.post('/api/crm/companies', { name: 'Acme Deals Ltda' })).body;
    const deal = await newDeal({ companyId: company.id });
    expect(deal).toMatchObject({ companyId: company.id, companyName: 'Acme Deals Ltda' });
    const other = await newDeal({});
    const missing = await crm.users.employee.post('/api/crm/deals', { title: 'x', companyId: 987654 });
    expect(missing.status).toBe(400);
    expect(paths(missing.body)).toEqual(['companyId']);
    const patched = await crm.users.employee.patch(`/api/crm/deals/${other.id}`, { companyId: 987654 });
    expect(paths(patched.body)).toEqual(['companyId']);

    const ids = async (q: string) =>
      (await crm.users.developer.get(`/api/crm/deals?${q}`)).body.items.map((d: { id: number }) => d.id);
    expect(await ids(`companyId=${company.id}`)).toEqual([deal.id]);
    await crm.users.employee.patch(`/api/crm/deals/${other.id}`, { companyId: company.id });
    // The history names the company.
    const [latest] = (await crm.users.employee.get(`/api/crm/deals/${other.id}/timeline`)).body.items;
    expect(latest.changes).toEqual([{ field: 'companyName', oldValue: null, newValue: 'Acme Deals Ltda' }]);
    expect(await ids(`companyId=${company.id}`)).toEqual([other.id, deal.id]);
    await crm.users.employee.patch(`/api/crm/deals/${deal.id}`, { companyId: null });
    expect(await ids(`companyId=${company.id}`)).toEqual([other.id]);
  });

  it("finds a contact's deals through the links, primary or not, by contactId and by the board's contact", async () => {
    const person = await newContact('In three deals');
    const primary = await newDeal({ contactId: person });
    const secondary = await newDeal({});
    await put(crm.users.employee, `/api/crm/deals/${secondary.id}/contacts`, {
      items: [{ contactId: person, role: 'user' }],
    });
    await newDeal({});
    const ids = async (q: string) =>
      (await crm.users.developer.get(`/api/crm/deals?${q}`)).body.items.map((d: { id: number }) => d.id);
    expect(await ids(`contactId=${person}`)).toEqual([secondary.id, primary.id]);
    expect(await ids(`contact=${person}`)).toEqual([secondary.id, primary.id]);
    const summary = (await crm.users.developer.get(`/api/crm/pipeline-stages/default/summary?contact=${person}`)).body;
    expect(summary.items.reduce((n: number, s: { dealCount: number }) => n + s.dealCount, 0)).toBe(2);
    expect((await crm.users.developer.get(`/api/crm/deals?contact=${person}&contactId=${person}`)).status).toBe(400);
  });

  it('loses a deleted contact from its deals (no primary left when it was) and a deleted deal its links', async () => {
    const leaving = await newContact('Leaving');
    const staying = await newContact('Staying');
    const deal = await newDeal({});
    await put(crm.users.employee, `/api/crm/deals/${deal.id}/contacts`, {
      items: [
        { contactId: leaving, role: 'decision_maker', primary: true },
        { contactId: staying, role: 'user' },
      ],
    });
    expect((await crm.users.employee.delete(`/api/crm/contacts/${leaving}`)).status).toBe(204);
    const after = (await crm.users.employee.get(`/api/crm/deals/${deal.id}`)).body;
    expect(after).toMatchObject({
      contactId: null,
      contactName: null,
      contacts: [{ id: staying, name: 'Staying', role: 'user', primary: false }],
    });
    expect((await crm.users.employee.get(`/api/crm/deals?contactId=${leaving}`)).body.items).toEqual([]);

    expect((await crm.users.employee.delete(`/api/crm/deals/${deal.id}`)).status).toBe(204);
    expect(await crm.knex('deal_contacts').where({ dealId: deal.id })).toEqual([]);
    expect((await crm.users.employee.get(`/api/crm/deals?contactId=${staying}`)).body.items).toEqual([]);
  });

  it("fills a template with a deal the contact is in without being its primary person, not with another's", async () => {
    const primary = await newContact('Template primary');
    const second = await newContact('Template second');
    const outsider = await newContact('Template outsider');
    const deal = await newDeal({ title: 'Template deal', contactId: primary });
    await put(crm.users.employee, `/api/crm/deals/${deal.id}/contacts`, {
      items: [
        { contactId: primary, role: 'decision_maker', primary: true },
        { contactId: second, role: 'user' },
      ],
    });
    const template = (
      await crm.users.admin.post('/api/crm/templates', { name: 'People', subject: '{{deal_title}}', body: 'x' })
    ).body;
    const render = (contactId: number) =>
      crm.users.employee.post(`/api/crm/templates/${template.id}/render`, { contactId, dealId: deal.id });
    const rendered = await render(second);
    expect(rendered.status).toBe(200);
    expect(rendered.body.subject).toBe('Template deal');
    const refused = await render(outsider);
    expect(refused.status).toBe(400);
    expect(paths(refused.body)).toEqual(['dealId']);
  });

  it('reads a page of deals and their people in one statement', async () => {
    const person = await newContact('Counted');
    for (let i = 0; i < 3; i++) await newDeal({ contactId: person });
    const statements: string[] = [];
    const count = (query: { sql: string }) => statements.push(query.sql);
    crm.knex.on('query', count);
    try {
      const page = await crm.users.developer.get(`/api/crm/deals?contactId=${person}&limit=3`);
      expect(page.body.items).toHaveLength(3);
    } finally {
      crm.knex.off('query', count);
    }
    expect(statements.filter((sql) => sql.includes('deal_contacts'))).toHaveLength(1);
  });
});
