import { describe, expect, it } from 'vitest';
import { expectErrorShape, useCrmServer } from '../../crm/__tests__/crm-test-kit';

const crm = useCrmServer();

async function newContact(name = 'Consentida') {
  const res = await crm.users.admin.post('/api/crm/contacts', { name, email: `${Date.now()}-${Math.random()}@x.test` });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

describe('a contact’s consents (LGPD)', () => {
  it('are recorded channel by channel, never changed: the latest record is the channel’s state', async () => {
    const id = await newContact();
    const path = `/api/privacy/contacts/${id}/consents`;
    const empty = await crm.users.employee.get(path);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ items: [], state: { email: null, whatsapp: null, phone: null } });

    const granted = await crm.users.employee.post(path, {
      channel: 'email',
      granted: true,
      text: 'Aceito receber novidades por e-mail.',
    });
    expect(granted.status, granted.text).toBe(201);
    expect(granted.body).toMatchObject({
      contactId: id,
      channel: 'email',
      granted: true,
      source: 'manual',
      recordedBy: crm.users.ids.employee,
    });
    expect(granted.body.address).toMatch(/^10\./);
    await crm.users.employee.post(path, { channel: 'whatsapp', granted: true, text: 'Pode me chamar no WhatsApp.' });
    // Someone else takes the call that says "stop e-mailing me".
    const revoked = await crm.users.developer.post(path, { channel: 'email', granted: false });
    expect(revoked.status, revoked.text).toBe(201);

    const listed = await crm.users.admin.get(path);
    expect(listed.body.items.map((c: { channel: string; granted: boolean }) => [c.channel, c.granted])).toEqual([
      ['email', false],
      ['whatsapp', true],
      ['email', true],
    ]);
    expect(listed.body.state.email).toMatchObject({ granted: false });
    expect(listed.body.state.whatsapp).toMatchObject({ granted: true });
    expect(listed.body.state.phone).toBeNull();
    expect(listed.body.items[0].recordedByName).toBeTruthy();

    // Append-only: the database itself refuses to change a record.
    await expect(crm.knex('contactConsents').where({ id: granted.body.id }).update({ granted: false })).rejects.toThrow(
      /append-only/,
    );
    const unchanged = await crm.knex('contactConsents').where({ id: granted.body.id }).first();
    expect(unchanged.granted).toBe(true);
  });

  it('are recorded by an integration with an API key as the API’s, in the key owner’s name', async () => {
    const id = await newContact();
    const key = (await crm.users.employee.post('/api/user/api-keys', { name: 'newsletter', scope: 'write' })).body
      .secret as string;
    const res = await fetch(`${crm.server.url}/api/privacy/contacts/${id}/consents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'email', granted: false, source: 'manual' }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ source: 'api', recordedBy: crm.users.ids.employee, granted: false });
  });

  it('refuse what is not a consent, naming the field, and write nothing', async () => {
    const id = await newContact();
    const path = `/api/privacy/contacts/${id}/consents`;
    for (const [body, field] of [
      [{ channel: 'sms', granted: true, text: 'x' }, 'channel'],
      [{ channel: 'email', text: 'x' }, 'granted'],
      [{ channel: 'email', granted: true }, 'text'],
      [{ channel: 'email', granted: true, text: 'x', source: 'form' }, 'source'],
      [{ channel: 'email', granted: true, text: 'x', when: 'now' }, 'when'],
    ] as const) {
      const res = await crm.users.employee.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body);
      expect(res.body.error.details[0].path).toBe(field);
    }
    expect((await crm.users.employee.get(path)).body.items).toEqual([]);
    const missing = await crm.users.employee.post('/api/privacy/contacts/999999/consents', {
      channel: 'email',
      granted: false,
    });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'CONTACT.NOT_FOUND']);
  });

  it('follow the person when contacts are merged, and go only with the contact itself', async () => {
    const keep = await newContact('Fica');
    const gone = await newContact('Sai');
    await crm.users.admin.post(`/api/privacy/contacts/${gone}/consents`, { channel: 'phone', granted: false });
    const merged = await crm.users.admin.post('/api/crm/contacts/merge', {
      keepId: keep,
      mergeIds: [gone],
      fields: {},
    });
    expect(merged.status, merged.text).toBe(200);
    const state = (await crm.users.admin.get(`/api/privacy/contacts/${keep}/consents`)).body.state;
    expect(state.phone).toMatchObject({ granted: false });
    expect((await crm.users.admin.delete(`/api/crm/contacts/${keep}`)).status).toBe(204);
    expect(await crm.knex('contactConsents').where({ contactId: keep })).toEqual([]);
  });
});
