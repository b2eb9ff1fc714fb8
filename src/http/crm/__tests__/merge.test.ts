import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../tests/support/test-server';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const create = async (path: string, body: object, client: TestClient = crm.users.employee) => {
  const res = await client.post(`/api/crm/${path}`, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
};
const contact = (body: object, client?: TestClient) => create('contacts', body, client);
const company = (body: object, client?: TestClient) => create('companies', body, client);
const put = (client: TestClient, path: string, body: object) => client.request('PUT', path, body);
const paths = (body: { error: { details: { path: string }[] } }) => body.error.details.map((d) => d.path);

/** Every group of a duplicates list, page after page of `limit`. */
async function allGroups(path: string, limit = 1, client: TestClient = crm.users.developer) {
  const groups: { reason: string; key: string; confidence: number; members: { id: number }[] }[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: { items: typeof groups; nextCursor: string | null } } = await client.get(
      `/api/crm/duplicates/${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.status).toBe(200);
    groups.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return groups;
}

describe('merging contacts', () => {
  it('keeps the chosen values, moves every deal, person link, activity, note and history entry, and deletes the others', async () => {
    const acme = await company({ name: 'Acme Merge' });
    const keep = await contact({ name: 'Ana Souza', email: 'ana@acme.test', tags: ['vip'], notes: null });
    const twin = await contact({
      name: 'Ana S.',
      email: 'ana.souza@acme.test',
      phone: '+55 11 98888-7777',
      companyId: acme.id,
      tags: ['sp', 'vip'],
      notes: 'Prefers WhatsApp',
    });
    const third = await contact({ name: 'Ana Souza (old)', position: 'Buyer' });
    // A deal with the kept person and the twin (the twin primary), one with the twin alone, one with the third.
    const both = await create('deals', { title: 'Both', contactId: twin.id });
    const withBoth = await put(crm.users.employee, `/api/crm/deals/${both.id}/contacts`, {
      items: [
        { contactId: twin.id, role: 'decision_maker', primary: true },
        { contactId: keep.id, role: 'technical', primary: false },
      ],
    });
    expect(withBoth.status).toBe(200);
    const twinsDeal = await create('deals', { title: 'Twin only', contactId: twin.id });
    const thirdsDeal = await create('deals', { title: 'Third only', contactId: third.id });
    const activity = await create('activities', { type: 'call', subject: 'Call Ana', contactId: third.id });
    const note = await create('notes', { kind: 'note', body: 'Met at the fair', contactId: twin.id });

    const res = await crm.users.employee.post('/api/crm/contacts/merge', {
      keepId: keep.id,
      mergeIds: [twin.id, third.id],
      fields: { email: twin.id, name: keep.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: keep.id,
      name: 'Ana Souza',
      email: 'ana.souza@acme.test',
      // Empty on the kept one: taken from the first merged record that has it.
      phone: '+55 11 98888-7777',
      companyId: acme.id,
      company: 'Acme Merge',
      position: 'Buyer',
      notes: 'Prefers WhatsApp',
      tags: ['vip', 'sp'],
    });
    expect((await crm.users.employee.get(`/api/crm/contacts/${twin.id}`)).status).toBe(404);
    expect((await crm.users.employee.get(`/api/crm/contacts/${third.id}`)).status).toBe(404);

    const deal = async (id: number) => (await crm.users.employee.get(`/api/crm/deals/${id}`)).body;
    expect((await deal(both.id)).contacts).toEqual([
      { id: keep.id, name: 'Ana Souza', role: 'technical', primary: true },
    ]);
    expect((await deal(both.id)).contactId).toBe(keep.id);
    expect((await deal(twinsDeal.id)).contacts).toEqual([
      { id: keep.id, name: 'Ana Souza', role: 'other', primary: true },
    ]);
    expect((await deal(thirdsDeal.id)).contactId).toBe(keep.id);
    expect((await crm.users.employee.get(`/api/crm/activities/${activity.id}`)).body.contactId).toBe(keep.id);
    expect((await crm.users.employee.get(`/api/crm/notes/${note.id}`)).body.contactId).toBe(keep.id);
    const ofContact = await crm.users.employee.get(`/api/crm/deals?contactId=${keep.id}`);
    expect(ofContact.body.items.map((d: { id: number }) => d.id).sort()).toEqual(
      [both.id, twinsDeal.id, thirdsDeal.id].sort(),
    );

    // The kept one's history: the merge (naming the merged records and the replaced values), and theirs.
    const timeline = (await crm.users.other.get(`/api/crm/contacts/${keep.id}/timeline?limit=200`)).body.items;
    const merged = timeline.find((e: { action: string }) => e.action === 'merged');
    expect(merged).toMatchObject({ entityType: 'contact', entityId: keep.id, entityName: 'Ana Souza' });
    expect(merged.changes).toEqual(
      expect.arrayContaining([
        {
          field: 'merged',
          oldValue: [
            { id: twin.id, name: 'Ana S.' },
            { id: third.id, name: 'Ana Souza (old)' },
          ],
          newValue: null,
        },
        { field: 'email', oldValue: 'ana@acme.test', newValue: 'ana.souza@acme.test' },
        { field: 'company', oldValue: null, newValue: 'Acme Merge' },
      ]),
    );
    const created = timeline.filter(
      (e: { action: string; entityType: string }) => e.action === 'created' && e.entityType === 'contact',
    );
    expect(created.map((e: { entityName: string }) => e.entityName).sort()).toEqual(
      ['Ana S.', 'Ana Souza', 'Ana Souza (old)'].sort(),
    );

    // Merging one already merged: 404, nothing changes.
    const again = await crm.users.employee.post('/api/crm/contacts/merge', { keepId: keep.id, mergeIds: [twin.id] });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('CONTACT.NOT_FOUND');
  });

  it('refuses a request that names itself, a field it does not merge or a record not in the merge, with 400s naming them', async () => {
    const a = await contact({ name: 'Bad Input A' });
    const b = await contact({ name: 'Bad Input B' });
    const cases: [object, string][] = [
      [{ keepId: a.id, mergeIds: [a.id] }, 'mergeIds'],
      [{ keepId: a.id, mergeIds: [] }, 'mergeIds'],
      [{ keepId: a.id, mergeIds: [b.id, b.id] }, 'mergeIds'],
      [{ keepId: a.id, mergeIds: [b.id], fields: { createdAt: b.id } }, 'fields.createdAt'],
      [{ keepId: a.id, mergeIds: [b.id], fields: { email: 999_999 } }, 'fields.email'],
      [{ keepId: 'x', mergeIds: [b.id] }, 'keepId'],
    ];
    for (const [body, path] of cases) {
      const res = await crm.users.employee.post('/api/crm/contacts/merge', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(paths(res.body)).toContain(path);
    }
    expect((await crm.users.employee.get(`/api/crm/contacts/${b.id}`)).status).toBe(200);
  });

  it("lets an employee merge only their own records (403), an admin anyone's; an unknown id is a 404", async () => {
    const mine = await contact({ name: 'Perm Mine' });
    const theirs = await contact({ name: 'Perm Theirs' }, crm.users.other);
    const refused = await crm.users.employee.post('/api/crm/contacts/merge', {
      keepId: mine.id,
      mergeIds: [theirs.id],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('AUTH.FORBIDDEN');
    expect((await crm.users.employee.get(`/api/crm/contacts/${theirs.id}`)).status).toBe(200);
    const unknown = await crm.users.admin.post('/api/crm/contacts/merge', { keepId: mine.id, mergeIds: [2_000_000] });
    expect(unknown.status).toBe(404);
    const byAdmin = await crm.users.admin.post('/api/crm/contacts/merge', { keepId: mine.id, mergeIds: [theirs.id] });
    expect(byAdmin.status).toBe(200);
    expect((await crm.users.employee.get(`/api/crm/contacts/${theirs.id}`)).status).toBe(404);
  });

  it('leaves nothing half-merged when the database fails in the middle of a merge', async () => {
    const keep = await contact({ name: 'Fault Keep' });
    const gone = await contact({ name: 'Fault Gone', email: 'fault@gone.test' });
    const deal = await create('deals', { title: 'Fault deal', contactId: gone.id });
    await create('activities', { type: 'task', subject: 'Fault task', contactId: gone.id });
    // The fault: deleting the merged contact fails, after its deals, links and activities were already moved.
    await crm.knex.raw(`
      CREATE FUNCTION funil_test_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected fault'; END $$`);
    await crm.knex.raw(
      `CREATE TRIGGER funil_test_refuse_delete BEFORE DELETE ON contacts FOR EACH ROW
       WHEN (OLD.name = 'Fault Gone') EXECUTE FUNCTION funil_test_refuse_delete()`,
    );
    try {
      const res = await crm.users.employee.post('/api/crm/contacts/merge', {
        keepId: keep.id,
        mergeIds: [gone.id],
        fields: { email: gone.id },
      });
      expect(res.status).toBe(500);
      expect(res.text).not.toContain('injected fault');
    } finally {
      await crm.knex.raw('DROP TRIGGER funil_test_refuse_delete ON contacts');
      await crm.knex.raw('DROP FUNCTION funil_test_refuse_delete()');
    }
    expect((await crm.users.employee.get(`/api/crm/deals/${deal.id}`)).body).toMatchObject({
      contactId: gone.id,
      contacts: [expect.objectContaining({ id: gone.id, primary: true })],
    });
    expect(await crm.knex('activities').where({ contactId: gone.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect((await crm.users.employee.get(`/api/crm/contacts/${keep.id}`)).body.email).toBeNull();
    const timeline = (await crm.users.employee.get(`/api/crm/contacts/${keep.id}/timeline`)).body.items;
    expect(timeline.map((e: { action: string }) => e.action)).toEqual(['created']);
    // And then it merges.
    const res = await crm.users.employee.post('/api/crm/contacts/merge', { keepId: keep.id, mergeIds: [gone.id] });
    expect(res.status).toBe(200);
  });

  it('gives the kept contact the value of the record chosen for each field, whatever the choices (property)', async () => {
    const values = {
      name: fc.constantFrom('Prop Ana', 'Prop Ana Souza', 'Prop Bia'),
      email: fc.constantFrom(null, 'prop1@x.test', 'prop2@x.test'),
      position: fc.constantFrom(null, 'Buyer', 'CEO'),
      status: fc.constantFrom('lead', 'customer'),
      score: fc.integer({ min: 0, max: 100 }),
      tags: fc.uniqueArray(fc.constantFrom('p1', 'p2', 'p3'), { maxLength: 2 }),
    };
    const fields = Object.keys(values) as (keyof typeof values)[];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record(values), { minLength: 3, maxLength: 3 }),
        fc.array(fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }), {
          minLength: fields.length,
          maxLength: fields.length,
        }),
        async (records, picks) => {
          const made: ({ id: number; tags: string[] } & Record<string, unknown>)[] = [];
          for (const r of records) made.push(await contact(r));
          const [keep, ...merged] = made as [(typeof made)[number], ...typeof made];
          const chosen = Object.fromEntries(
            fields.flatMap((f, i) => (picks[i] === undefined ? [] : [[f, made[picks[i]!]!.id]])),
          );
          const res = await crm.users.employee.post('/api/crm/contacts/merge', {
            keepId: keep.id,
            mergeIds: merged.map((m) => m.id),
            fields: chosen,
          });
          expect(res.status).toBe(200);
          const kept = (await crm.users.employee.get(`/api/crm/contacts/${keep.id}`)).body;
          const byId = (id: number) => made.find((m) => m.id === id);
          for (const field of fields) {
            if (chosen[field] !== undefined) expect(kept[field]).toEqual(byId(chosen[field])![field]);
            else if (field === 'tags') expect(new Set(kept.tags)).toEqual(new Set(made.flatMap((m) => m.tags)));
            else if (keep[field] !== null) expect(kept[field]).toEqual(keep[field]);
            else expect(kept[field]).toEqual(merged.find((m) => m[field] !== null)?.[field] ?? null);
          }
          for (const m of merged) expect((await crm.users.employee.get(`/api/crm/contacts/${m.id}`)).status).toBe(404);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('merging companies', () => {
  it("moves the people and deals to the kept company, takes the chosen CNPJ, and records the merge on the kept one's timeline", async () => {
    const keep = await company({ name: 'Padaria Merge', city: 'Recife' });
    const other = await company({ name: 'Padaria Merge Ltda', cnpj: '11.444.777/0001-61', emailDomain: 'pm.test' });
    const person = await contact({ name: 'Person of other', companyId: other.id });
    const deal = await create('deals', { title: 'Deal of other', companyId: other.id });
    const res = await crm.users.employee.post('/api/crm/companies/merge', {
      keepId: keep.id,
      mergeIds: [other.id],
      fields: { cnpj: other.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: keep.id,
      name: 'Padaria Merge',
      cnpj: '11.444.777/0001-61',
      emailDomain: 'pm.test',
      city: 'Recife',
    });
    expect((await crm.users.employee.get(`/api/crm/companies/${other.id}`)).status).toBe(404);
    expect((await crm.users.employee.get(`/api/crm/contacts/${person.id}`)).body).toMatchObject({
      companyId: keep.id,
      company: 'Padaria Merge',
    });
    expect((await crm.users.employee.get(`/api/crm/deals/${deal.id}`)).body.companyId).toBe(keep.id);
    const timeline = (await crm.users.employee.get(`/api/crm/companies/${keep.id}/timeline`)).body.items;
    expect(timeline[0]).toMatchObject({ action: 'merged', entityType: 'company', entityId: keep.id });
    expect(timeline[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'merged', oldValue: [{ id: other.id, name: 'Padaria Merge Ltda' }], newValue: null },
        { field: 'cnpj', oldValue: null, newValue: '11.444.777/0001-61' },
      ]),
    );
    // The merged company's history is the kept one's now.
    expect(timeline.filter((e: { action: string }) => e.action === 'created')).toHaveLength(2);
  });
});

describe('likely duplicates', () => {
  it('groups contacts by e-mail, phone and similar names in one company, surest first, page by page, until dismissed', async () => {
    const firm = await company({ name: 'Dup Firm' });
    const e1 = await contact({ name: 'Carlos Lima', email: 'Carlos@Dup.test' });
    const e2 = await contact({ name: 'C. Lima', email: 'carlos@dup.test' });
    const p1 = await contact({ name: 'Maria Phone', phone: '(11) 97777-6666' });
    const p2 = await contact({ name: 'Mary P', phone: '+55 11 97777-6666' });
    const n1 = await contact({ name: 'João Pereira da Silva', companyId: firm.id });
    const n2 = await contact({ name: 'Joao Pereira Silva', companyId: firm.id });
    // Alike names in different companies, or none, are no pair.
    await contact({ name: 'João Pereira da Silva' });
    await contact({ name: 'Zélia Unrelated', companyId: firm.id });

    const groups = await allGroups('contacts', 1);
    const ours = groups.filter((g) => g.members.some((m) => [e1.id, p1.id, n1.id].includes(m.id)));
    expect(ours.map((g) => [g.reason, g.members.map((m) => m.id).sort()])).toEqual([
      ['email', [e1.id, e2.id]],
      ['phone', [p1.id, p2.id]],
      ['name', [n1.id, n2.id]],
    ]);
    expect(ours[0]).toMatchObject({ key: 'carlos@dup.test', confidence: 1 });
    expect(ours[2]!.confidence).toBeGreaterThan(0.5);
    expect(ours[2]!.confidence).toBeLessThan(0.8);
    // Confidence never rises down the list, and no group shows twice.
    const confidences = groups.map((g) => g.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    expect(new Set(groups.map((g) => `${g.reason}:${g.key}:${g.members.map((m) => m.id)}`)).size).toBe(groups.length);
    expect(await allGroups('contacts', 50)).toEqual(groups);

    // "Not a duplicate" is remembered for the pair; merging takes a group away too.
    const dismissed = await crm.users.employee.post('/api/crm/duplicates/contacts/dismiss', { ids: [p1.id, p2.id] });
    expect(dismissed.status).toBe(204);
    await crm.users.employee.post('/api/crm/contacts/merge', { keepId: n1.id, mergeIds: [n2.id] });
    const after = (await allGroups('contacts', 50)).filter((g) =>
      g.members.some((m) => [e1.id, p1.id, n1.id].includes(m.id)),
    );
    expect(after.map((g) => g.reason)).toEqual(['email']);
  });

  it('groups companies by CNPJ root, e-mail domain and name without case, accents, punctuation or legal form', async () => {
    const root1 = await company({ name: 'Matriz Root', cnpj: '11.222.333/0001-81' });
    const root2 = await company({ name: 'Filial Root', cnpj: '11.222.333/0002-62' });
    const d1 = await company({ name: 'Domain One', emailDomain: 'samedomain.test' });
    const d2 = await company({ name: 'Domain Two', emailDomain: 'SameDomain.test' });
    const n1 = await company({ name: 'Açaí & Cia Ltda.' });
    const n2 = await company({ name: 'acai cia' });
    const n3 = await company({ name: 'ACAÍ CIA S.A.' });
    const ours = (await allGroups('companies', 2)).filter((g) =>
      g.members.some((m) => [root1.id, d1.id, n1.id].includes(m.id)),
    );
    expect(ours.map((g) => [g.reason, g.members.map((m) => m.id)])).toEqual([
      ['cnpjRoot', [root1.id, root2.id]],
      ['emailDomain', [d1.id, d2.id]],
      ['name', [n1.id, n2.id, n3.id]],
    ]);
    expect(ours[0]!.key).toBe('11222333');

    const bad = await crm.users.employee.get('/api/crm/duplicates/companies?cursor=notOurs');
    expect(bad.status).toBe(400);
    expect(paths(bad.body)).toEqual(['query.cursor']);
  });
});
