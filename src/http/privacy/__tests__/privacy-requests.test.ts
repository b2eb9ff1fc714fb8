import { describe, expect, it } from 'vitest';
import { expectErrorShape, useCrmServer } from '../../crm/__tests__/crm-test-kit';

const crm = useCrmServer();
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** A person with one record of every kind Funil keeps about someone; answers their ids. */
async function seedPerson(name: string) {
  const { admin, employee } = crm.users;
  const tag = unique();
  const email = `titular-${tag}@exemplo.com.br`;
  const phone = `+55 11 9${tag.slice(-8)}`;
  const company = (await admin.post('/api/crm/companies', { name: `Empresa ${tag}` })).body;
  const contact = (
    await admin.post('/api/crm/contacts', {
      name,
      email,
      phone,
      companyId: company.id,
      position: 'Diretora',
      notes: `${name} prefere ligações pela manhã`,
    })
  ).body;
  expect(contact.id).toBeGreaterThan(0);
  const id = contact.id as number;
  await admin.post(`/api/privacy/contacts/${id}/legal-basis`, { legalBasis: 'contract', note: 'Contrato 2026/17' });
  await admin.post(`/api/privacy/contacts/${id}/consents`, {
    channel: 'email',
    granted: true,
    text: 'Aceito e-mails.',
  });
  const deal = (await employee.post('/api/crm/deals', { title: `Proposta ${name}`, contactId: id, value: '12500.50' }))
    .body;
  // A second deal where they are one of the people, not its contact.
  const other = (await admin.post('/api/crm/contacts', { name: `Colega ${tag}` })).body;
  const shared = (await employee.post('/api/crm/deals', { title: `Expansão ${tag}`, contactId: other.id })).body;
  const people = await employee.put(`/api/crm/deals/${shared.id}/contacts`, {
    items: [
      { contactId: other.id, role: 'decision_maker', primary: true },
      { contactId: id, role: 'influencer', primary: false },
    ],
  });
  expect(people.status, people.text).toBe(200);
  const activity = (
    await employee.post('/api/crm/activities', { subject: `Ligar para ${name}`, contactId: id, dealId: deal.id })
  ).body;
  const note = (
    await employee.post('/api/crm/notes', { kind: 'call', body: `Conversei com ${name} (${email})`, contactId: id })
  ).body;
  const template = (await admin.post('/api/crm/templates', { name: `Boas-vindas ${tag}`, subject: 'Oi', body: 'Olá' }))
    .body;
  const used = await employee.post(`/api/crm/templates/${template.id}/use`, { contactId: id, channel: 'email' });
  expect(used.status, used.text).toBe(200);
  // A web form's submission and an import that updated them, as those features store them.
  const [form] = await crm
    .knex('leadForms')
    .insert({
      name: `Site ${tag}`,
      slug: `site-${tag}`,
      fields: JSON.stringify([{ field: 'name', required: true }]),
      createdBy: crm.users.ids.admin,
    })
    .returning('id');
  await crm.knex('leadFormSubmissions').insert({
    formId: form.id,
    contactId: id,
    created: true,
    values: JSON.stringify({ name, email }),
    consent: true,
    consentText: 'Aceito e-mails.',
    address: '203.0.113.9',
    userAgent: 'Firefox',
  });
  const [imported] = await crm
    .knex('contactImports')
    .insert({
      createdBy: crm.users.ids.admin,
      createdByRole: 'admin',
      fileName: `clientes-${tag}.csv`,
      mapping: '{}',
      mode: 'update',
      status: 'completed',
    })
    .returning('id');
  await crm
    .knex('contactImportUpdates')
    .insert({ importId: imported.id, contactId: id, before: { position: 'Gerente' } });
  await crm.knex('crmTimeline').insert({
    entityType: 'contact',
    entityId: id,
    entityName: name,
    action: 'updated',
    contactId: id,
    importId: imported.id,
    changes: JSON.stringify([{ field: 'position', oldValue: 'Gerente', newValue: 'Diretora' }]),
  });
  return { id, email, phone, company, deal, shared, activity, note, template, importId: imported.id as number };
}

const requestFor = async (contactId: number, kind = 'access') => {
  const res = await crm.users.admin.post('/api/privacy/requests', { contactId, kind, requesterName: 'A própria' });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; dueAt: string; createdAt: string; status: string };
};

describe('data subjects’ requests (LGPD)', () => {
  it('are logged by admins with a 15-day deadline, changed with a history, and refused to everyone else', async () => {
    const { id } = (await crm.users.admin.post('/api/crm/contacts', { name: 'Requerente' })).body;
    const request = await requestFor(id);
    expect(request).toMatchObject({ contactId: id, contactName: 'Requerente', kind: 'access', status: 'open' });
    const days = (Date.parse(request.dueAt) - Date.parse(request.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(15, 1);

    for (const client of [crm.users.employee, crm.users.developer]) {
      expect((await client.get('/api/privacy/requests')).status).toBe(403);
      expect(
        (await client.post('/api/privacy/requests', { contactId: id, kind: 'access', requesterName: 'X' })).status,
      ).toBe(403);
      expect((await client.get('/api/privacy/audit')).status).toBe(403);
      expect((await client.post(`/api/privacy/contacts/${id}/anonymize`, {})).status).toBe(403);
    }
    const bad = await crm.users.admin.post('/api/privacy/requests', {
      contactId: id,
      kind: 'erase',
      requesterName: 'X',
    });
    expect(bad.status).toBe(400);
    expectErrorShape(bad.body);
    expect(bad.body.error.details[0].path).toBe('kind');
    const missing = await crm.users.admin.post('/api/privacy/requests', {
      contactId: 99_999_999,
      kind: 'access',
      requesterName: 'X',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('CONTACT.NOT_FOUND');

    const due = '2027-01-10T12:00:00.000Z';
    const changed = await crm.users.admin.patch(`/api/privacy/requests/${request.id}`, {
      status: 'completed',
      dueAt: due,
      note: 'Enviado por e-mail',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ status: 'completed', dueAt: due, note: 'Enviado por e-mail' });
    expect(changed.body.completedAt).toBeTruthy();
    const reopened = await crm.users.admin.patch(`/api/privacy/requests/${request.id}`, { status: 'in_progress' });
    expect(reopened.body.completedAt).toBeNull();

    const read = (await crm.users.admin.get(`/api/privacy/requests/${request.id}`)).body;
    expect(read.history.map((h: { action: string }) => h.action)).toEqual([
      'request.updated',
      'request.updated',
      'request.created',
    ]);
    expect(read.history[1].detail).toMatchObject({ status: { from: 'open', to: 'completed' } });
    expect(read.history[2]).toMatchObject({ userId: crm.users.ids.admin, userName: expect.any(String) });
    const listed = (await crm.users.admin.get(`/api/privacy/requests?contactId=${id}`)).body.items;
    expect(listed.map((r: { id: number }) => r.id)).toEqual([request.id]);
    expect((await crm.users.admin.get('/api/privacy/requests/99999999')).body.error.code).toBe(
      'PRIVACY.REQUEST_NOT_FOUND',
    );
  });

  it('answer an access request with every kind of record tied to the person, as JSON and as a page in Portuguese', async () => {
    const person = await seedPerson('Helena Titular');
    const request = await requestFor(person.id);
    const res = await crm.users.admin.get(`/api/privacy/requests/${request.id}/export`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="?titular-\d+-solicitacao-\d+\.json/);
    const data = res.body;
    expect(data.contact).toMatchObject({
      id: person.id,
      name: 'Helena Titular',
      email: person.email,
      position: 'Diretora',
    });
    expect(data.company).toMatchObject({ id: person.company.id });
    expect(data.legalBases).toEqual([expect.objectContaining({ basis: 'contract', note: 'Contrato 2026/17' })]);
    expect(data.consents).toEqual([expect.objectContaining({ channel: 'email', granted: true })]);
    expect(data.deals.map((d: { id: number }) => d.id).sort()).toEqual([person.deal.id, person.shared.id].sort());
    expect(data.deals.find((d: { id: number }) => d.id === person.shared.id).role).toBe('influencer');
    expect(data.activities).toEqual([expect.objectContaining({ id: person.activity.id })]);
    expect(data.notes).toEqual([expect.objectContaining({ id: person.note.id })]);
    expect(data.timeline.length).toBeGreaterThanOrEqual(4);
    expect(data.timeline.map((t: { entityType: string }) => t.entityType)).toEqual(
      expect.arrayContaining(['contact', 'deal', 'activity', 'note', 'template']),
    );
    expect(data.formSubmissions).toEqual([
      expect.objectContaining({ values: expect.objectContaining({ email: person.email }) }),
    ]);
    expect(data.importRows).toEqual([
      expect.objectContaining({ importId: person.importId, before: { position: 'Gerente' } }),
    ]);
    expect(data.templateMessages).toEqual([
      expect.objectContaining({ templateId: person.template.id, channel: 'email' }),
    ]);
    expect(data.privacyRequests.map((r: { id: number }) => r.id)).toEqual([request.id]);

    const page = await crm.users.admin.get(`/api/privacy/requests/${request.id}/report`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('Seus dados no Funil');
    expect(page.text).toContain('Helena Titular');
    for (const title of ['Consentimentos', 'Negócios', 'Atividades', 'Anotações', 'Histórico', 'Formulários enviados'])
      expect(page.text).toContain(title);
    expect(page.text).not.toMatch(/<script/i);

    const history = (await crm.users.admin.get(`/api/privacy/requests/${request.id}`)).body.history;
    expect(history.filter((h: { action: string }) => h.action === 'subject.exported')).toHaveLength(2);
    expect(history[0].detail).toMatchObject({ format: 'html', deals: 2, consents: 1 });
  });
});

describe('anonymization (LGPD)', () => {
  it('replaces the person everywhere with a tombstone, keeps report figures, and cannot be undone', async () => {
    const name = `Joana Anonimizável ${unique()}`;
    const person = await seedPerson(name);
    // Someone with the same e-mail: a duplicate pair before, none after.
    await crm.users.admin.post('/api/crm/contacts', { name: 'Outra pessoa', email: person.email });
    const duplicatesOf = async () =>
      (await crm.users.admin.get(`/api/crm/contacts/duplicates?email=${encodeURIComponent(person.email)}`)).body.items;
    expect((await duplicatesOf()).map((c: { id: number }) => c.id)).toContain(person.id);
    const reports = async () => (await crm.users.admin.get('/api/crm/reports?period=30')).body;
    const stages = async () => (await crm.users.admin.get('/api/crm/pipeline-stages/sales/summary')).body;
    const before = { reports: await reports(), stages: await stages() };

    const summary = await crm.users.admin.get(`/api/privacy/contacts/${person.id}/summary`);
    expect(summary.body).toMatchObject({ deals: 2, activities: 1, notes: 1, consents: 1, anonymizedAt: null });
    const request = await requestFor(person.id, 'deletion');
    // An integration fed by a webhook is told, so it can drop the person too.
    const hook = await crm.users.admin.post('/api/admin/webhooks', {
      url: 'http://localhost:9/funil',
      events: ['contact.updated'],
    });
    expect(hook.status, hook.text).toBe(201);
    const res = await crm.users.admin.post(`/api/privacy/contacts/${person.id}/anonymize`, { requestId: request.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      deals: 1,
      activities: 1,
      notes: 1,
      formSubmissions: 1,
      importRows: 1,
      consents: 1,
    });

    const contact = (await crm.users.admin.get(`/api/crm/contacts/${person.id}`)).body;
    expect(contact).toMatchObject({
      name: 'Contato anonimizado',
      email: null,
      phone: null,
      position: null,
      notes: null,
      companyId: null,
      customFields: {},
    });
    expect(contact.anonymizedAt).toBeTruthy();
    // Gone from search, the export and duplicates.
    const search = await crm.users.admin.get(`/api/crm/contacts?search=${encodeURIComponent(name)}`);
    expect(search.body.items).toEqual([]);
    const palette = await crm.users.admin.get(`/api/crm/search?q=${encodeURIComponent(person.email)}`);
    expect(palette.body.contacts.map((c: { id: number }) => c.id)).not.toContain(person.id);
    const csv = await crm.users.admin.get('/api/crm/contacts/export');
    expect(csv.text).not.toContain(`${person.id},Contato anonimizado`);
    expect(csv.text).not.toContain(name);
    expect((await duplicatesOf()).map((c: { id: number }) => c.id)).not.toContain(person.id);
    // Their records keep their figures, without their name.
    const deal = (await crm.users.admin.get(`/api/crm/deals/${person.deal.id}`)).body;
    expect(deal).toMatchObject({ title: 'Proposta Contato anonimizado', value: '12500.50' });
    expect((await crm.users.admin.get(`/api/crm/activities/${person.activity.id}`)).body.subject).toBe(
      'Ligar para Contato anonimizado',
    );
    expect((await crm.users.admin.get(`/api/crm/notes/${person.note.id}`)).body.body).toBe(
      'Conversei com Contato anonimizado (Contato anonimizado)',
    );
    const timeline = JSON.stringify(await crm.knex('crmTimeline').where({ contactId: person.id }));
    expect(timeline).not.toContain(name);
    expect(timeline).not.toContain(person.email);
    const kept = JSON.stringify(await crm.knex('leadFormSubmissions').where({ contactId: person.id }));
    expect(kept).not.toContain(person.email);
    expect(await crm.knex('contactImportUpdates').where({ contactId: person.id })).toEqual([]);
    const told = await crm
      .knex('webhookEvents')
      .where({ type: 'contact.updated' })
      .whereRaw("data->>'id' = ?", [String(person.id)]);
    expect(told).toHaveLength(1);
    expect(told[0].data.record).toMatchObject({ name: 'Contato anonimizado', email: null, phone: null });
    expect(JSON.stringify(told[0].data)).not.toContain(person.email);
    await crm.users.admin.delete(`/api/admin/webhooks/${hook.body.id}`);
    expect(await reports()).toEqual(before.reports);
    expect(await stages()).toEqual(before.stages);

    // Never twice, never edited back, and the request it answered is completed with its history.
    const again = await crm.users.admin.post(`/api/privacy/contacts/${person.id}/anonymize`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('PRIVACY.ALREADY_ANONYMIZED');
    const edit = await crm.users.admin.patch(`/api/crm/contacts/${person.id}`, { name });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe('PRIVACY.ALREADY_ANONYMIZED');
    const answered = (await crm.users.admin.get(`/api/privacy/requests/${request.id}`)).body;
    expect(answered.status).toBe('completed');
    expect(answered.history.map((h: { action: string }) => h.action)).toEqual([
      'request.updated',
      'subject.anonymized',
      'request.created',
    ]);
  });

  it('leaves nothing half-done when a fault stops it midway', async () => {
    const name = `Rita Interrompida ${unique()}`;
    const person = await seedPerson(name);
    // The last statement (the contact's own row) fails: every change before it must be rolled back.
    await crm.knex.raw(`CREATE FUNCTION zz_fail_anonymize() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.anonymized_at IS NOT NULL THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN NEW; END $$`);
    await crm.knex.raw(`CREATE TRIGGER zz_fail_anonymize BEFORE UPDATE ON contacts
      FOR EACH ROW EXECUTE FUNCTION zz_fail_anonymize()`);
    try {
      const res = await crm.users.admin.post(`/api/privacy/contacts/${person.id}/anonymize`, {});
      expect(res.status).toBe(500);
      expect(res.text).not.toContain('injected fault');
    } finally {
      await crm.knex.raw('DROP TRIGGER zz_fail_anonymize ON contacts');
      await crm.knex.raw('DROP FUNCTION zz_fail_anonymize()');
    }
    expect((await crm.users.admin.get(`/api/crm/deals/${person.deal.id}`)).body.title).toBe(`Proposta ${name}`);
    expect((await crm.users.admin.get(`/api/crm/notes/${person.note.id}`)).body.body).toContain(name);
    expect((await crm.users.admin.get(`/api/crm/contacts/${person.id}`)).body).toMatchObject({
      name,
      anonymizedAt: null,
    });
    expect(await crm.knex('contactImportUpdates').where({ contactId: person.id })).toHaveLength(1);
    expect(await crm.knex('privacyAudit').where({ contactId: person.id, action: 'subject.anonymized' })).toEqual([]);
    const done = await crm.users.admin.post(`/api/privacy/contacts/${person.id}/anonymize`, {});
    expect(done.status, done.text).toBe(200);
  });
});

describe('deletion at the person’s request (LGPD)', () => {
  it('anonymizes, then deletes the contact: its deals and figures stay, nothing names them, the request is completed', async () => {
    const name = `Paula Apagável ${unique()}`;
    const person = await seedPerson(name);
    const stages = async () => (await crm.users.admin.get('/api/crm/pipeline-stages/sales/summary')).body;
    const before = await stages();
    const request = await requestFor(person.id, 'deletion');
    const res = await crm.users.admin.post(`/api/privacy/contacts/${person.id}/erase`, { requestId: request.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ deals: 1, activities: 1 });
    expect((await crm.users.admin.get(`/api/crm/contacts/${person.id}`)).status).toBe(404);
    const deal = (await crm.users.admin.get(`/api/crm/deals/${person.deal.id}`)).body;
    expect(deal).toMatchObject({ title: 'Proposta Contato anonimizado', value: '12500.50', contactId: null });
    expect((await crm.users.admin.get(`/api/crm/activities/${person.activity.id}`)).status).toBe(200);
    expect(await stages()).toEqual(before);
    const everything = JSON.stringify(
      await crm.knex('crmTimeline').where({ entityId: person.id, entityType: 'contact' }),
    );
    expect(everything).toContain('"action":"deleted"');
    expect(everything).not.toContain(name);
    const answered = (await crm.users.admin.get(`/api/privacy/requests/${request.id}`)).body;
    expect(answered).toMatchObject({ status: 'completed', contactId: null });
    expect(answered.history.map((h: { action: string }) => h.action)).toEqual([
      'subject.deleted',
      'request.updated',
      'subject.anonymized',
      'request.created',
    ]);
    expect((await crm.users.employee.post(`/api/privacy/contacts/${person.deal.id}/erase`, {})).status).toBe(403);
  });
});

describe('the record of operations (LGPD)', () => {
  it('keeps privacy actions and bulk reads of personal data, append-only, exportable for Excel', async () => {
    const { id } = (await crm.users.admin.post('/api/crm/contacts', { name: 'Auditada' })).body;
    await crm.users.employee.post(`/api/privacy/contacts/${id}/consents`, { channel: 'whatsapp', granted: false });
    expect((await crm.users.employee.get('/api/crm/contacts/export?status=lead')).status).toBe(200);
    const key = (await crm.users.employee.post('/api/user/api-keys', { name: 'planilha', scope: 'read' })).body;
    const byKey = await fetch(`${crm.server.url}/api/crm/contacts?limit=5`, {
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(byKey.status).toBe(200);

    const entries = (await crm.users.admin.get('/api/privacy/audit?limit=20')).body.items as {
      action: string;
      userId: number;
      apiKeyName: string | null;
      contactId: number | null;
      detail: Record<string, unknown>;
      address: string | null;
    }[];
    expect(entries[0]).toMatchObject({
      action: 'contacts.listed_by_api_key',
      userId: crm.users.ids.employee,
      apiKeyName: 'planilha',
    });
    expect(entries[1]).toMatchObject({
      action: 'contacts.exported',
      detail: { query: expect.objectContaining({ status: 'lead' }) },
    });
    expect(entries[1].address).toBeTruthy();
    expect(entries[2]).toMatchObject({
      action: 'consent.recorded',
      contactId: id,
      detail: { channel: 'whatsapp', granted: false },
    });

    await expect(crm.knex('privacyAudit').update({ action: 'x' })).rejects.toThrow(/append-only/);
    await expect(crm.knex('privacyAudit').delete()).rejects.toThrow(/append-only/);
    await expect(crm.knex.raw('TRUNCATE privacy_audit')).rejects.toThrow(/append-only/);

    const file = await crm.users.admin.get('/api/privacy/audit/export?format=excel&lang=pt');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('privacy-audit.csv');
    const [header, first] = file.text.split(/\r?\n/);
    expect(header).toBe('\uFEFFNº;Quando;Pessoa;Chave de API;Endereço;Operação;Contato;Solicitação;Detalhe');
    expect(first).toMatch(/^\d+;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/);
    // The export itself is recorded.
    expect((await crm.users.admin.get('/api/privacy/audit?limit=1')).body.items[0].action).toBe('audit.exported');
  });
});

describe('legal basis and channels (LGPD)', () => {
  it('records a contact’s legal basis append-only, and blocks a template on a channel whose consent was revoked', async () => {
    const { id } = (await crm.users.admin.post('/api/crm/contacts', { name: 'Base', email: `b${unique()}@x.test` }))
      .body;
    const bad = await crm.users.employee.post(`/api/privacy/contacts/${id}/legal-basis`, { legalBasis: 'whim' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('legalBasis');
    const recorded = await crm.users.employee.post(`/api/privacy/contacts/${id}/legal-basis`, {
      legalBasis: 'legitimate_interest',
      note: 'Cliente ativo',
    });
    expect(recorded.status, recorded.text).toBe(201);
    expect(recorded.body).toMatchObject({
      basis: 'legitimate_interest',
      source: 'manual',
      recordedBy: crm.users.ids.employee,
    });
    const state = (await crm.users.employee.get(`/api/privacy/contacts/${id}/consents`)).body;
    expect(state.legalBasis).toMatchObject({ basis: 'legitimate_interest', note: 'Cliente ativo' });
    await expect(
      crm.knex('contactLegalBases').where({ id: recorded.body.id }).update({ basis: 'consent' }),
    ).rejects.toThrow(/append-only/);

    const template = (
      await crm.users.admin.post('/api/crm/templates', { name: `T${unique()}`, subject: 'Oi', body: 'Olá' })
    ).body;
    const use = () =>
      crm.users.employee.post(`/api/crm/templates/${template.id}/use`, { contactId: id, channel: 'email' });
    expect((await use()).status).toBe(200);
    await crm.users.employee.post(`/api/privacy/contacts/${id}/consents`, { channel: 'email', granted: false });
    const blocked = await use();
    expect(blocked.status).toBe(409);
    expect(blocked.body.error).toMatchObject({ code: 'PRIVACY.CONSENT_REVOKED', details: { channel: 'email' } });
    // Copying the text is no message sent: it stays open.
    expect(
      (await crm.users.employee.post(`/api/crm/templates/${template.id}/use`, { contactId: id, channel: 'copy' }))
        .status,
    ).toBe(200);
    await crm.users.employee.post(`/api/privacy/contacts/${id}/consents`, {
      channel: 'email',
      granted: true,
      text: 'Pode me mandar e-mails de novo.',
    });
    expect((await use()).status).toBe(200);
  });
});
