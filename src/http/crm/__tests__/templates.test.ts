import { describe, expect, it } from 'vitest';
import { TEMPLATE_MAX_LENGTH } from '../templates.schemas';
import { expectErrorShape, useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

type Template = {
  id: number;
  name: string;
  category: string | null;
  usageCount: number;
  lastUsedAt: string | null;
  updatedAt: string;
};

describe('templates', () => {
  it('lists the seeded templates first with their variables; search ignores case and accents; category and active filter', async () => {
    const res = await crm.users.developer.get('/api/crm/templates?includeTotal=true');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(res.body.items.map((t: Template) => t.category)).toEqual([
      'welcome',
      'follow_up',
      'meeting',
      'proposal',
      'marketing',
    ]);
    const welcome = res.body.items[0];
    expect(welcome).toMatchObject({
      variables: ['contact_name', 'company', 'user_name'],
      usageCount: 0,
      lastUsedAt: null,
    });
    // Employees use templates from a contact's page, so they read them too.
    expect((await crm.users.employee.get('/api/crm/templates')).status).toBe(200);
    expect((await crm.users.employee.get(`/api/crm/templates/${welcome.id}`)).status).toBe(200);
    const search = async (query: string) =>
      (await crm.users.admin.get(`/api/crm/templates?${query}`)).body.items.map((t: Template) => t.category);
    expect(await search('search=proposta')).toEqual(['proposal']);
    expect(await search('search=CONFIRMACAO')).toEqual(['meeting']);
    expect(await search(`search=${encodeURIComponent('reunião confirmada')}`)).toEqual(['meeting']);
    expect(await search('search=50%25')).toEqual([]);
    expect(await search('category=marketing')).toEqual(['marketing']);
    const inactive = (
      await crm.users.admin.post('/api/crm/templates', {
        name: 'Old promo',
        subject: 'Promo',
        body: 'Hi',
        category: 'marketing',
        isActive: false,
      })
    ).body;
    expect(await search('category=marketing&active=true')).toEqual(['marketing']);
    expect(
      (await crm.users.admin.get('/api/crm/templates?category=marketing&active=false')).body.items.map(
        (t: Template) => t.id,
      ),
    ).toEqual([inactive.id]);
    const page = await crm.users.admin.get('/api/crm/templates?limit=2');
    const next = await crm.users.admin.get(`/api/crm/templates?limit=2&cursor=${page.body.nextCursor}`);
    expect(next.body.items.map((t: Template) => t.category)).toEqual(['meeting', 'proposal']);
  });

  it('serves the known variables, each with where its value comes from', async () => {
    const res = await crm.users.employee.get('/api/crm/templates/variables');
    expect(res.status).toBe(200);
    expect(res.body.items).toContainEqual({ name: 'contact_name', source: 'contact' });
    expect(res.body.items).toContainEqual({ name: 'deal_value', source: 'deal' });
    expect(res.body.items).toContainEqual({ name: 'meeting_date', source: 'typed' });
  });

  it('is written by admins only', async () => {
    const body = {
      name: 'Promo',
      subject: 'Hi {{contact_name}}',
      body: 'Offer for {{ company }} by {{user_name}}',
      category: 'marketing',
    };
    expect((await crm.users.developer.post('/api/crm/templates', body)).status).toBe(403);
    expect((await crm.users.employee.post('/api/crm/templates', body)).status).toBe(403);
    const created = await crm.users.admin.post('/api/crm/templates', { ...body, createdBy: 99 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...body,
      isActive: true,
      createdBy: crm.users.ids.admin,
      variables: ['contact_name', 'company', 'user_name'],
    });
    expect((await crm.users.developer.patch(`/api/crm/templates/${created.body.id}`, { isActive: false })).status).toBe(
      403,
    );
    expect((await crm.users.employee.patch(`/api/crm/templates/${created.body.id}`, { isActive: false })).status).toBe(
      403,
    );
    const updated = await crm.users.admin.patch(`/api/crm/templates/${created.body.id}`, {
      isActive: false,
      updatedAt: created.body.updatedAt,
    });
    expect(updated.body.isActive).toBe(false);
    expect(
      (
        await crm.users.admin.patch(`/api/crm/templates/${created.body.id}`, {
          name: 'Stale',
          updatedAt: created.body.updatedAt,
        })
      ).status,
    ).toBe(409);
    expect((await crm.users.developer.delete(`/api/crm/templates/${created.body.id}`)).status).toBe(403);
    expect((await crm.users.employee.delete(`/api/crm/templates/${created.body.id}`)).status).toBe(403);
    expect((await crm.users.admin.delete(`/api/crm/templates/${created.body.id}`)).status).toBe(204);
    expect((await crm.users.admin.get(`/api/crm/templates/${created.body.id}`)).status).toBe(404);
    expect(
      (await crm.users.admin.post('/api/crm/templates', { name: 'x' })).body.error.details
        .map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body', 'subject']);
  });

  it('refuses unknown variables with a 400 naming the field and the variable, and writes nothing', async () => {
    const before = (await crm.users.admin.get('/api/crm/templates?includeTotal=true')).body.total;
    const res = await crm.users.admin.post('/api/crm/templates', {
      name: 'Typo',
      subject: 'Hi {{contact_nme}}',
      body: 'From {{user_name}} at {{ compny }}',
    });
    expect(res.status).toBe(400);
    expectErrorShape(res.body);
    expect(res.body.error.code).toBe('TEMPLATE.UNKNOWN_VARIABLE');
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ path: 'subject', message: expect.stringContaining('{{contact_nme}}') }),
      expect.objectContaining({ path: 'body', message: expect.stringContaining('{{compny}}') }),
    ]);
    expect((await crm.users.admin.get('/api/crm/templates?includeTotal=true')).body.total).toBe(before);
    const created = (
      await crm.users.admin.post('/api/crm/templates', {
        name: 'Fine',
        subject: 'Hi {{contact_name}}',
        body: 'Meet on {{meeting_date}}',
      })
    ).body;
    const patch = await crm.users.admin.patch(`/api/crm/templates/${created.id}`, { body: 'Meet on {{meeting_day}}' });
    expect(patch.status).toBe(400);
    expect(patch.body.error.details).toEqual([
      expect.objectContaining({ path: 'body', message: expect.stringContaining('{{meeting_day}}') }),
    ]);
    expect((await crm.users.admin.get(`/api/crm/templates/${created.id}`)).body.body).toBe('Meet on {{meeting_date}}');
  });

  it('renders from a contact and its deal, escaping what it inserts as html, as written as text, counting nothing', async () => {
    const company = (await crm.users.employee.post('/api/crm/companies', { name: 'ACME <img src=x>\nBcc: x@evil' }))
      .body;
    const contact = (
      await crm.users.employee.post('/api/crm/contacts', { name: '<b>Zé</b> & "Co"', companyId: company.id })
    ).body;
    const deal = (
      await crm.users.employee.post('/api/crm/deals', {
        title: 'Plano',
        value: '1500.00',
        contactId: contact.id,
        expectedCloseDate: '2026-12-31',
      })
    ).body;
    const template = (
      await crm.users.admin.post('/api/crm/templates', {
        name: 'R',
        subject: '{{company}}: {{deal_title}}',
        body: '<p>{{contact_name}} {{deal_value}} {{expected_close_date}} {{meeting_date}} {{position}}</p>',
      })
    ).body;
    const res = await crm.users.developer.post(`/api/crm/templates/${template.id}/render`, {
      contactId: contact.id,
      dealId: deal.id,
      values: { meeting_date: '01/12 <10h>' },
    });
    expect(res.status).toBe(200);
    expect(res.body.subject).toBe('ACME &lt;img src=x&gt; Bcc: x@evil: Plano');
    expect(res.body.body).toBe(
      '<p>&lt;b&gt;Zé&lt;/b&gt; &amp; &quot;Co&quot; R$\u00a01.500,00 31/12/2026 01/12 &lt;10h&gt; {{position}}</p>',
    );
    expect(res.body.missing).toEqual(['position']);
    const text = await crm.users.employee.post(`/api/crm/templates/${template.id}/render`, {
      contactId: contact.id,
      dealId: deal.id,
      format: 'text',
    });
    expect(text.body.body).toBe('<p><b>Zé</b> & "Co" R$\u00a01.500,00 31/12/2026 {{meeting_date}} {{position}}</p>');
    expect(text.body.subject).toBe('ACME <img src=x> Bcc: x@evil: Plano');
    expect(
      (await crm.users.developer.post(`/api/crm/templates/${template.id}/render`, { contactId: 999999 })).status,
    ).toBe(404);
    const otherContact = (await crm.users.employee.post('/api/crm/contacts', { name: 'Other' })).body;
    const wrongDeal = await crm.users.employee.post(`/api/crm/templates/${template.id}/render`, {
      contactId: otherContact.id,
      dealId: deal.id,
    });
    expect(wrongDeal.status).toBe(400);
    expect(wrongDeal.body.error.details[0].path).toBe('dealId');
    expect((await crm.users.admin.get(`/api/crm/templates/${template.id}`)).body.usageCount).toBe(0);
  });

  it('counts a use and writes it to the contact’s timeline, in one transaction', async () => {
    const company = (await crm.users.employee.post('/api/crm/companies', { name: 'Loja <1>' })).body;
    const contact = (
      await crm.users.employee.post('/api/crm/contacts', {
        name: 'Ana & Cia',
        email: 'ana@example.com',
        phone: '(11) 98765-4321',
        companyId: company.id,
      })
    ).body;
    const welcome = (await crm.users.employee.get('/api/crm/templates?category=welcome')).body.items[0] as Template;
    const used = await crm.users.employee.post(`/api/crm/templates/${welcome.id}/use`, {
      contactId: contact.id,
      channel: 'email',
    });
    expect(used.status).toBe(200);
    expect(used.body.subject).toBe('Bem-vindo(a), Ana & Cia!');
    expect(used.body.body).toContain('Obrigado pelo interesse na Loja <1>.');
    expect(used.body.template).toMatchObject({ id: welcome.id, usageCount: 1, updatedAt: welcome.updatedAt });
    expect(Date.parse(used.body.template.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    const again = await crm.users.developer.post(`/api/crm/templates/${welcome.id}/use`, {
      contactId: contact.id,
      channel: 'whatsapp',
    });
    expect(again.body.template.usageCount).toBe(2);
    expect((await crm.users.admin.get(`/api/crm/templates/${welcome.id}`)).body.usageCount).toBe(2);

    const timeline = (await crm.users.other.get(`/api/crm/contacts/${contact.id}/timeline`)).body.items;
    const uses = timeline.filter((e: { entityType: string }) => e.entityType === 'template');
    expect(uses).toHaveLength(2);
    expect(uses[0]).toMatchObject({
      action: 'used',
      entityId: welcome.id,
      entityName: welcome.name,
      contactId: contact.id,
      changes: [{ field: 'channel', oldValue: null, newValue: 'whatsapp' }],
    });
    expect(uses[1].changes).toEqual([{ field: 'channel', oldValue: null, newValue: 'email' }]);
    // A use is no change of a record: the dashboard's recent changes leave it out.
    const recent = (await crm.users.employee.get('/api/dashboard')).body.recentActivity;
    expect(recent.some((e: { entityType: string }) => e.entityType === 'template')).toBe(false);

    // When the timeline cannot be written, the count is not kept either.
    await crm.knex.raw(
      `CREATE FUNCTION test_refuse_template_use() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`,
    );
    await crm.knex.raw(
      `CREATE TRIGGER test_refuse_template_use BEFORE INSERT ON crm_timeline FOR EACH ROW WHEN (NEW.entity_type = 'template') EXECUTE FUNCTION test_refuse_template_use()`,
    );
    try {
      expect(
        (
          await crm.users.employee.post(`/api/crm/templates/${welcome.id}/use`, {
            contactId: contact.id,
            channel: 'copy',
          })
        ).status,
      ).toBe(500);
    } finally {
      await crm.knex.raw('DROP TRIGGER test_refuse_template_use ON crm_timeline');
      await crm.knex.raw('DROP FUNCTION test_refuse_template_use()');
    }
    expect((await crm.users.admin.get(`/api/crm/templates/${welcome.id}`)).body.usageCount).toBe(2);
  });

  it('refuses a use that could not be sent, counting nothing', async () => {
    const bare = (await crm.users.employee.post('/api/crm/contacts', { name: 'No channels' })).body;
    const reachable = (await crm.users.employee.post('/api/crm/contacts', { name: 'Bia', email: 'bia@example.com' }))
      .body;
    const templates = (await crm.users.employee.get('/api/crm/templates?active=true')).body.items as Template[];
    const meeting = templates.find((t) => t.category === 'meeting')!;
    const welcome = templates.find((t) => t.category === 'welcome')!;
    const use = (id: number, body: object) => crm.users.employee.post(`/api/crm/templates/${id}/use`, body);

    const noEmail = await use(welcome.id, { contactId: bare.id, channel: 'email' });
    expect([noEmail.status, noEmail.body.error.code, noEmail.body.error.details[0].path]).toEqual([
      400,
      'TEMPLATE.NO_RECIPIENT',
      'channel',
    ]);
    expect((await use(welcome.id, { contactId: reachable.id, channel: 'whatsapp' })).body.error.code).toBe(
      'TEMPLATE.NO_RECIPIENT',
    );
    const missing = await use(meeting.id, { contactId: reachable.id, channel: 'copy' });
    expect([missing.status, missing.body.error.code]).toEqual([400, 'TEMPLATE.MISSING_VALUES']);
    expect(missing.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'values.meeting_date',
      'values.deal_title',
    ]);
    expect((await use(welcome.id, { contactId: reachable.id, channel: 'fax' })).status).toBe(400);
    expect((await use(welcome.id, { contactId: reachable.id })).body.error.details[0].path).toBe('channel');

    const inactive = (
      await crm.users.admin.post('/api/crm/templates', { name: 'Retired', subject: 'Hi', body: 'Bye', isActive: false })
    ).body;
    const refused = await use(inactive.id, { contactId: reachable.id, channel: 'copy' });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'TEMPLATE.INACTIVE']);

    const counts = (await crm.users.admin.get('/api/crm/templates?limit=200')).body.items as Template[];
    for (const id of [meeting.id, inactive.id]) expect(counts.find((t) => t.id === id)!.usageCount).toBe(0);
    const history = (await crm.users.employee.get(`/api/crm/contacts/${reachable.id}/timeline`)).body.items;
    expect(history.filter((e: { entityType: string }) => e.entityType === 'template')).toEqual([]);

    const filled = await use(meeting.id, {
      contactId: reachable.id,
      channel: 'copy',
      values: { meeting_date: '02/12 10h', deal_title: 'Consultoria' },
    });
    expect(filled.status).toBe(200);
    expect(filled.body.subject).toBe('Reunião confirmada: 02/12 10h');
  });

  it('accepts the largest template the schema allows within the body size limit, however it is escaped', async () => {
    // The worst case for the size of the request: every character written as a \uXXXX escape (6 bytes), as
    // encoders that keep to ASCII do. Then one character more in the body is a 400 naming the body, not a 413.
    const escaped = (length: number) => '\\u00e9'.repeat(length);
    const json = (bodyLength: number) =>
      `{"name":"${escaped(TEMPLATE_MAX_LENGTH.name)}","subject":"${escaped(TEMPLATE_MAX_LENGTH.subject)}",` +
      `"body":"${escaped(bodyLength)}","category":"${escaped(TEMPLATE_MAX_LENGTH.category)}","isActive":false}`;
    expect(Buffer.byteLength(json(TEMPLATE_MAX_LENGTH.body))).toBeGreaterThan(99_000);
    const created = await crm.users.admin.post('/api/crm/templates', json(TEMPLATE_MAX_LENGTH.body));
    expect(created.status).toBe(201);
    expect(created.body.body).toBe('é'.repeat(TEMPLATE_MAX_LENGTH.body));
    expect(
      (await crm.users.admin.patch(`/api/crm/templates/${created.body.id}`, JSON.parse(json(TEMPLATE_MAX_LENGTH.body))))
        .status,
    ).toBe(200);
    const tooLong = await crm.users.admin.post('/api/crm/templates', json(TEMPLATE_MAX_LENGTH.body + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details.map((d: { path: string }) => d.path)).toEqual(['body']);
  });
});
