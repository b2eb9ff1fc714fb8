import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const duplicates = async (query: Record<string, string>) => {
  const res = await crm.users.employee.get(`/api/crm/contacts/duplicates?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  return res.body.items as { id: number; name: string; reasons: string[] }[];
};

describe('GET /api/crm/contacts/duplicates', () => {
  it('finds the same email (any case), the same phone (any formatting) and a very similar name, with the reasons', async () => {
    const joao = (
      await crm.users.other.post('/api/crm/contacts', {
        name: 'João da Silva Pereira',
        email: 'Joao.Silva@Example.com',
        phone: '+55 (11) 98765-4321',
      })
    ).body;
    await crm.users.other.post('/api/crm/contacts', {
      name: 'Maria Oliveira',
      email: 'maria@example.com',
      phone: '21 3333-4444',
    });

    expect(await duplicates({ email: 'joao.silva@example.COM' })).toEqual([
      expect.objectContaining({ id: joao.id, reasons: ['email'] }),
    ]);
    expect(await duplicates({ phone: '11 98765 4321' })).toEqual([
      expect.objectContaining({ id: joao.id, reasons: ['phone'] }),
    ]);
    expect(await duplicates({ name: 'joao da silva pereira' })).toEqual([
      expect.objectContaining({ id: joao.id, reasons: ['name'] }),
    ]);
    expect(
      await duplicates({ name: 'Joao Silva Pereira', phone: '(11) 98765-4321', email: 'other@example.com' }),
    ).toEqual([expect.objectContaining({ id: joao.id, name: 'João da Silva Pereira', reasons: ['phone', 'name'] })]);
    // Not the same person: a different name, email and phone; short names and empty fields find nothing.
    expect(await duplicates({ name: 'Pedro Alvares', email: 'pedro@example.com', phone: '31 2222-1111' })).toEqual([]);
    expect(await duplicates({ name: 'Jo', email: '', phone: '' })).toEqual([]);
    // Editing João: he is no duplicate of himself.
    expect(await duplicates({ email: 'joao.silva@example.com', excludeId: String(joao.id) })).toEqual([]);
  });

  it('is not taken for a contact id, and refuses unknown parameters', async () => {
    expect((await crm.users.employee.get('/api/crm/contacts/duplicates?nickname=x')).status).toBe(400);
    const plan = await crm.knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { rows } = await trx.raw(
        "EXPLAIN SELECT id FROM contacts WHERE funil_phone_key(phone) = funil_phone_key('11 98765 4321')",
      );
      return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('contacts_phone_key_index');
  });
});
