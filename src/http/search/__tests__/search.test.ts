import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useCrmServer } from '../../crm/__tests__/crm-test-kit';

const crm = useCrmServer();

/**
 * A word no other record holds, in lowercase letters only (so prefix and word-start rules apply): ten random
 * letters (a unique name's letters alone repeated within a millisecond, and one test found another's contact).
 */
const token = () => `q${Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}x`;
const search = (client: typeof crm.users.admin, q: string, extra = '') =>
  client.get(`/api/crm/search?q=${encodeURIComponent(q)}${extra}`);
const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('GET /api/crm/search', () => {
  it('finds contacts, deals, activities and templates ignoring case and accents, each in its group', async () => {
    const word = token();
    const company = (await crm.users.employee.post('/api/crm/companies', { name: 'Açaí Ltda' })).body;
    const contact = (
      await crm.users.employee.post('/api/crm/contacts', { name: `Joãozinho Gonçalves ${word}`, companyId: company.id })
    ).body;
    const deal = (
      await crm.users.employee.post('/api/crm/deals', {
        title: `Instalação ${word}`,
        value: '1200.50',
        contactId: contact.id,
      })
    ).body;
    const activity = (
      await crm.users.employee.post('/api/crm/activities', {
        subject: `Ligar à Conceição ${word}`,
        type: 'call',
        contactId: contact.id,
      })
    ).body;
    const template = (
      await crm.users.admin.post('/api/crm/templates', { name: `Promoção ${word}`, subject: 'Olá', body: 'Oi' })
    ).body;

    const res = await search(crm.users.admin, `GONCALVES ${word}`);
    expect(res.status).toBe(200);
    expect(ids(res.body.contacts)).toEqual([contact.id]);
    expect(res.body.contacts[0]).toEqual({
      id: contact.id,
      name: `Joãozinho Gonçalves ${word}`,
      company: 'Açaí Ltda',
      email: null,
      phone: null,
    });

    const all = (await search(crm.users.admin, word)).body;
    expect(ids(all.contacts)).toEqual([contact.id]);
    expect(all.deals).toEqual([
      {
        id: deal.id,
        title: `Instalação ${word}`,
        stage: deal.stage,
        value: '1200.50',
        currency: 'BRL',
        contactName: contact.name,
      },
    ]);
    expect(all.activities).toEqual([
      {
        id: activity.id,
        subject: `Ligar à Conceição ${word}`,
        type: 'call',
        status: 'pending',
        dueDate: null,
        contactName: contact.name,
      },
    ]);
    expect(all.templates).toEqual([{ id: template.id, name: `Promoção ${word}`, subject: 'Olá', category: null }]);

    expect(ids((await search(crm.users.admin, `instalacao ${word}`)).body.deals)).toEqual([deal.id]);
    expect(ids((await search(crm.users.admin, `conceicao ${word}`)).body.activities)).toEqual([activity.id]);
    expect(ids((await search(crm.users.admin, `promoçao ${word}`)).body.templates)).toEqual([template.id]);
    // The company is searched too (as in the contact list), with its accents typed or not.
    expect(ids((await search(crm.users.admin, `acai`)).body.contacts)).toContain(contact.id);
  });

  it('puts names that start with the text first, then those with a word starting with it, then the rest; newest first within each', async () => {
    const word = token();
    const make = async (name: string) =>
      (await crm.users.employee.post('/api/crm/contacts', { name })).body.id as number;
    const olderPrefix = await make(`${word} Primeiro`);
    const inside = await make(`Meio${word}fim`);
    const wordStart = await make(`Alguém ${word}`);
    const newerPrefix = await make(`${word}ão Segundo`);
    const res = await search(crm.users.employee, word);
    expect(ids(res.body.contacts)).toEqual([newerPrefix, olderPrefix, wordStart, inside]);
  });

  it('answers at most limit hits per kind (5 unless asked), newest first', async () => {
    const word = token();
    const created: number[] = [];
    for (let i = 0; i < 7; i++)
      created.push((await crm.users.employee.post('/api/crm/contacts', { name: `${word} ${i}` })).body.id);
    expect(ids((await search(crm.users.employee, word)).body.contacts)).toEqual(created.slice(2).reverse());
    expect(ids((await search(crm.users.employee, word, '&limit=2')).body.contacts)).toEqual(created.slice(5).reverse());
    expect((await search(crm.users.employee, word, '&limit=10')).body.contacts).toHaveLength(7);
  });

  it('shows each user the activities their list shows them, and templates only to admins and developers', async () => {
    const word = token();
    const mine = (await crm.users.employee.post('/api/crm/activities', { subject: `Visita ${word}` })).body;
    const assignedToMe = (
      await crm.users.other.post('/api/crm/activities', {
        subject: `Retorno ${word}`,
        assignedTo: crm.users.ids.employee,
      })
    ).body;
    const othersOwn = (await crm.users.other.post('/api/crm/activities', { subject: `Privada ${word}` })).body;
    await crm.users.admin.post('/api/crm/templates', { name: `Modelo ${word}`, subject: 'Oi', body: 'Oi' });

    const employee = (await search(crm.users.employee, word)).body;
    expect(ids(employee.activities).sort()).toEqual([mine.id, assignedToMe.id].sort());
    expect(employee.templates).toEqual([]);
    expect(ids((await search(crm.users.other, word)).body.activities).sort()).toEqual(
      [assignedToMe.id, othersOwn.id].sort(),
    );
    expect(ids((await search(crm.users.developer, word)).body.activities)).toEqual([]);
    expect((await search(crm.users.developer, word)).body.templates).toHaveLength(1);
    expect(ids((await search(crm.users.admin, word)).body.activities).sort()).toEqual(
      [mine.id, assignedToMe.id, othersOwn.id].sort(),
    );
  });

  it('finds a contact by its phone however it is pasted, with the phone as typed', async () => {
    const n = String(randomInt(10_000_000, 100_000_000));
    const contact = (
      await crm.users.employee.post('/api/crm/contacts', {
        name: `Fone ${token()}`,
        phone: `(61) 9${n.slice(0, 4)}-${n.slice(4)}`,
      })
    ).body;
    for (const q of [
      `9${n.slice(0, 4)}-${n.slice(4)}`,
      `619${n}`,
      `+55 61 9${n.slice(0, 4)}-${n.slice(4)}`,
      `9${n}`,
      `(61) 9${n.slice(0, 4)}-${n.slice(4)}`,
    ]) {
      const res = await search(crm.users.other, q);
      expect(res.status, q).toBe(200);
      expect(res.body.contacts, q).toEqual([
        { id: contact.id, name: contact.name, company: null, email: null, phone: contact.phone },
      ]);
    }
  });

  it('takes % and _ as themselves', async () => {
    const word = token();
    const percent = (await crm.users.employee.post('/api/crm/contacts', { name: `${word} 100% certo` })).body.id;
    await crm.users.employee.post('/api/crm/contacts', { name: `${word} 100 certo` });
    expect(ids((await search(crm.users.employee, `${word} 100%`)).body.contacts)).toEqual([percent]);
    expect((await search(crm.users.employee, `${word}_`)).body.contacts).toEqual([]);
  });

  it('refuses bad input with 400 naming the field, and callers who are not signed in with 401', async () => {
    for (const [query, path] of [
      ['', 'query.q'],
      ['q=', 'query.q'],
      ['q=%20%20', 'query.q'],
      [`q=${'a'.repeat(101)}`, 'query.q'],
      ['q=ana&limit=0', 'query.limit'],
      ['q=ana&limit=11', 'query.limit'],
      ['q=ana&limit=x', 'query.limit'],
    ] as const) {
      const res = await crm.users.employee.get(`/api/crm/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
    }
    expect((await crm.server.client().get('/api/crm/search?q=ana')).status).toBe(401);
  });
});
