import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

/** Eight digits no other test's contact has: a mobile's last eight. */
const eight = () => String(randomInt(10_000_000, 100_000_000));
const ids = (items: { id: number }[]) => items.map((item) => item.id);
const list = async (query: string) => {
  const res = await crm.users.employee.get(`/api/crm/contacts?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const found = async (search: string, extra = '') =>
  ids((await list(`search=${encodeURIComponent(search)}${extra}`)).items);

describe('searching contacts by phone as people paste it', () => {
  it('finds "(61) 93729-5260" by any way it is written, and only it', async () => {
    const n = eight();
    const [a, b] = [n.slice(0, 4), n.slice(4)];
    const contact = (await crm.users.admin.post('/api/crm/contacts', { name: 'Fone Colado', phone: `(61) 9${a}-${b}` }))
      .body;
    // Another DDD, the same number: found by the digits both end with, not by the full number.
    const elsewhere = (
      await crm.users.admin.post('/api/crm/contacts', { name: 'Outro DDD', phone: `+55 21 9${a}-${b}` })
    ).body;
    expect(contact.phone).toBe(`(61) 9${a}-${b}`);

    for (const typed of [
      `619${n}`,
      `+55 61 9${a}-${b}`,
      `+55 (61) 9${a} ${b}`,
      `5561 9${n}`,
      `0 61 9${n}`,
      `(61) 9${a}-${b}`,
    ]) {
      expect(await found(typed), typed).toEqual([contact.id]);
    }
    for (const typed of [`9${a}-${b}`, `9${n}`, `${n}`, `${a.slice(1)}-${b}`])
      expect(await found(typed), typed).toEqual([elsewhere.id, contact.id]);
    // With the other filters, and as the first page's total counts it.
    const page = await list(`search=${encodeURIComponent(`9${n}`)}&owner=${crm.users.ids.admin}&includeTotal=true`);
    expect({ ids: ids(page.items), total: page.total }).toEqual({ ids: [elsewhere.id, contact.id], total: 2 });
    expect(await found(`9${n}`, '&status=customer')).toEqual([]);
    // Six digits are a phone; five are only text, which "9xxxx-xxxx" does not hold without its hyphen.
    expect(await found(`${a.slice(2)}${b}`)).toEqual([elsewhere.id, contact.id]);
    expect(await found(`${a.slice(3)}${b}`)).toEqual([]);
  });

  it('finds an old 8-digit mobile by its ninth digit and the other way round, landlines and foreign numbers by their digits', async () => {
    const n = eight().slice(1);
    const old = (
      await crm.users.admin.post('/api/crm/contacts', {
        name: 'Celular Antigo',
        phone: `(61) 9${n.slice(0, 3)}-${n.slice(3)}`,
      })
    ).body;
    expect(await found(`61 99${n}`)).toEqual([old.id]);
    expect(await found(`+55 61 9 9${n.slice(0, 3)}-${n.slice(3)}`)).toEqual([old.id]);
    expect(await found(`(61) 9${n.slice(0, 3)}-${n.slice(3)}`)).toEqual([old.id]);

    const renewed = (await crm.users.admin.post('/api/crm/contacts', { name: 'Celular Novo', phone: `+55 62 98${n}` }))
      .body;
    // Typed as it was before the ninth digit.
    expect(await found(`(62) 8${n.slice(0, 3)}-${n.slice(3)}`)).toEqual([renewed.id]);

    const landline = (
      await crm.users.admin.post('/api/crm/contacts', { name: 'Fixo', phone: `(61) 3${n.slice(0, 3)}-${n.slice(3)}` })
    ).body;
    expect(await found(`613${n}`)).toEqual([landline.id]);
    expect(await found(`+55 61 3${n}`)).toEqual([landline.id]);

    const foreign = (
      await crm.users.admin.post('/api/crm/contacts', {
        name: 'Foreign',
        phone: `+1 (415) ${n.slice(0, 3)}-${n.slice(3)}`,
      })
    ).body;
    expect(await found(`415${n}`)).toEqual([foreign.id]);
    expect(await found(`+1 415 ${n}`)).toEqual([foreign.id]);
    expect(await found(`1-415-${n.slice(0, 3)}-${n.slice(3)}`)).toEqual([foreign.id]);
  });

  it('applies the same match to a bulk change by filter', async () => {
    const n = eight();
    const contact = (
      await crm.users.employee.post('/api/crm/contacts', {
        name: 'Em Massa',
        phone: `(61) 9${n.slice(0, 4)}-${n.slice(4)}`,
      })
    ).body;
    const bulk = await crm.users.employee.post('/api/crm/contacts/bulk', {
      filter: { search: `+55 61 9${n}` },
      action: 'update',
      status: 'prospect',
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.body).toMatchObject({ changed: 1, refused: [] });
    expect((await crm.users.employee.get(`/api/crm/contacts/${contact.id}`)).body.status).toBe('prospect');
  });

  it('serves the phone match from its index', async () => {
    const plan = await crm.knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { rows } = await trx.raw(
        "EXPLAIN SELECT id FROM contacts WHERE funil_phone_suffix_key(phone_e164, phone) ~>=~ '0625927391' AND funil_phone_suffix_key(phone_e164, phone) ~<~ '0625927391:'",
      );
      return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('contacts_phone_suffix_index');
  });

  it('refuses a phone with letters with a 400 naming phone, on create and update, and keeps any way of writing a number', async () => {
    for (const phone of ['não tem', 'joao@exemplo.com', '61 3322-1100 ramal 2']) {
      const created = await crm.users.employee.post('/api/crm/contacts', { name: 'Sem Fone', phone });
      expect(created.status, phone).toBe(400);
      expect(created.body.error.details).toEqual([
        expect.objectContaining({ path: 'phone', message: 'phone must be a phone number, without letters' }),
      ]);
    }
    const contact = (
      await crm.users.employee.post('/api/crm/contacts', { name: 'Com Fone', phone: '+55 (61) 3322.1100' })
    ).body;
    expect(contact.phone).toBe('+55 (61) 3322.1100');
    const updated = await crm.users.employee.patch(`/api/crm/contacts/${contact.id}`, { phone: 'telefone' });
    expect(updated.status).toBe(400);
    expect(updated.body.error.details).toEqual([expect.objectContaining({ path: 'phone' })]);
    for (const phone of ['0800 123 4567', '123', '', null]) {
      const res = await crm.users.employee.patch(`/api/crm/contacts/${contact.id}`, { phone });
      expect(res.status, String(phone)).toBe(200);
    }
  });
});
