import { describe, expect, it } from 'vitest';
import { expectErrorShape, useCrmServer } from '../../crm/__tests__/crm-test-kit';

const crm = useCrmServer();
let addresses = 0;

/** A site's page sending the form, from an address of its own (each test its own rate bucket). */
async function send(
  slug: string,
  body: Record<string, unknown> | string,
  options: { origin?: string; address?: string; type?: string } = {},
) {
  const json = typeof body !== 'string';
  const res = await fetch(`${crm.server.url}/f/${slug}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': options.type ?? (json ? 'application/json' : 'application/x-www-form-urlencoded'),
      'x-forwarded-for': options.address ?? `203.0.113.${++addresses % 250}`,
      ...(options.origin && { origin: options.origin }),
    },
    body: json ? JSON.stringify(body) : body,
  });
  const text = await res.text();
  // A JSON answer, or an HTML page (kept as text).
  let parsed: { error?: { code: string; details: { path: string }[] } } & Record<string, unknown>;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = {};
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

const LONG_AGO = () => Date.now() - 60_000;

async function newForm(extra: Record<string, unknown> = {}) {
  const slug = `contato-${Math.random().toString(36).slice(2, 10)}`;
  const res = await crm.users.admin.post('/api/admin/forms', {
    name: `Site ${slug}`,
    slug,
    fields: [
      { field: 'name', required: true },
      { field: 'email', required: true, label: { pt: 'Seu e-mail', en: 'Your e-mail' } },
      { field: 'phone', required: false },
      { field: 'notes', required: false },
    ],
    consentText: 'Aceito receber contato comercial da Funil.',
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; slug: string; name: string; embed: { url: string; script: string; html: string } };
}

const contactsByEmail = (email: string) => crm.knex('contacts').whereRaw('lower(email) = lower(?)', [email]);

describe('web-to-lead forms, as an admin builds them', () => {
  it('are built by admins only, need a name and an e-mail, a free slug and fields that exist', async () => {
    const form = await newForm();
    expect(form.embed.url).toBe(`${crm.server.url}/f/${form.slug}`);
    expect(form.embed.script).toContain(`${form.embed.url}/embed.js`);
    expect(form.embed.html).toContain(`action="${form.embed.url}"`);
    expect(form.embed.html).toContain('name="website"');
    const base = {
      name: 'X',
      slug: 'outro-form',
      fields: [
        { field: 'name', required: true },
        { field: 'email', required: true },
      ],
    };
    expect((await crm.users.employee.post('/api/admin/forms', base)).status).toBe(403);
    for (const [body, path, status] of [
      [{ ...base, slug: form.slug }, 'slug', 409],
      [
        {
          ...base,
          fields: [
            { field: 'name', required: true },
            { field: 'phone', required: true },
          ],
        },
        'fields',
        400,
      ],
      [
        {
          ...base,
          fields: [
            { field: 'name', required: true },
            { field: 'email', required: false },
          ],
        },
        'fields',
        400,
      ],
      [
        { ...base, fields: [...base.fields, { field: 'customFields.nao_existe', required: false }] },
        'fields.2.field',
        400,
      ],
      [{ ...base, fields: [...base.fields, { field: 'password', required: false }] }, 'fields.2.field', 400],
      [{ ...base, slug: 'Com Espaço' }, 'slug', 400],
      [{ ...base, ownerIds: [999_999] }, 'ownerIds.0', 400],
      [{ ...base, allowedOrigins: ['https://site.com.br/pagina'] }, 'allowedOrigins.0', 400],
    ] as const) {
      const res = await crm.users.admin.post('/api/admin/forms', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expectErrorShape(res.body);
      expect(res.body.error.details?.[0]?.path, JSON.stringify(body)).toBe(path);
    }
  });
});

describe('a form sent from a site', () => {
  it('makes a lead owned by each owner in turn, with its history "from form X", a task to answer it and the consent kept', async () => {
    const form = await newForm({ ownerIds: [crm.users.ids.employee, crm.users.ids.developer] });
    const owners: number[] = [];
    for (const n of [1, 2, 3]) {
      const email = `lead${n}-${form.slug}@site.test`;
      const res = await send(
        form.slug,
        { name: `Lead ${n}`, email, phone: '(11) 98765-4321', consent: true, website: '', _t: LONG_AGO() },
        { origin: 'https://www.cliente.com.br' },
      );
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ ok: true });
      const [contact] = await contactsByEmail(email);
      expect(contact).toMatchObject({ name: `Lead ${n}`, source: form.name, phone: '(11) 98765-4321' });
      owners.push(contact.ownerId);
    }
    expect(owners).toEqual([crm.users.ids.employee, crm.users.ids.developer, crm.users.ids.employee]);

    const [first] = await contactsByEmail(`lead1-${form.slug}@site.test`);
    const history = await crm.users.employee.get(`/api/crm/contacts/${first.id}/timeline`);
    expect(history.body.items).toContainEqual(
      expect.objectContaining({ action: 'created', formName: form.name, userId: crm.users.ids.employee }),
    );
    const tasks = await crm.knex('activities').where({ contactId: first.id });
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ type: 'task', priority: 'high', assignedTo: crm.users.ids.employee });
    expect(tasks[0].subject).toContain('Lead 1');
    const submissions = await crm.users.admin.get(`/api/admin/forms/${form.id}/submissions`);
    expect(submissions.body.items).toHaveLength(3);
    expect(submissions.body.items[2]).toMatchObject({ contactId: first.id, created: true, consent: true });
    const [kept] = await crm.knex('leadFormSubmissions').where({ contactId: first.id });
    expect(kept).toMatchObject({
      consent: true,
      consentText: 'Aceito receber contato comercial da Funil.',
      origin: 'https://www.cliente.com.br',
    });
    expect(kept.address).toMatch(/203\.0\.113\./);
    // The consent given is the contact's consent to e-mail, recorded as the form's.
    const consents = await crm.users.admin.get(`/api/privacy/contacts/${first.id}/consents`);
    expect(consents.body.state.email).toMatchObject({ granted: true });
    expect(consents.body.items[0]).toMatchObject({
      channel: 'email',
      source: 'form',
      text: 'Aceito receber contato comercial da Funil.',
      recordedBy: crm.users.ids.employee,
    });
  });

  it('updates the contact that has the e-mail (case aside) instead of making another', async () => {
    const form = await newForm();
    const email = `volta-${form.slug}@site.test`;
    expect((await send(form.slug, { name: 'Primeira Vez', email, _t: LONG_AGO() })).status).toBe(201);
    const again = await send(form.slug, {
      name: 'Primeira Vez',
      email: email.toUpperCase(),
      phone: '21 99999-0000',
      notes: 'Quero uma proposta',
      _t: LONG_AGO(),
    });
    expect(again.status, again.text).toBe(201);
    const found = await contactsByEmail(email);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ phone: '21 99999-0000', notes: 'Quero uma proposta' });
    const [latest] = (await crm.users.admin.get(`/api/admin/forms/${form.id}/submissions`)).body.items;
    expect(latest).toMatchObject({ created: false, consent: false, contactId: found[0].id });
    // No box ticked, no consent recorded.
    const consents = await crm.users.admin.get(`/api/privacy/contacts/${found[0].id}/consents`);
    expect(consents.body.items).toEqual([]);
  });

  it('answers a bot that filled the hidden field as if it worked, and keeps nothing; refuses one faster than a person', async () => {
    const form = await newForm();
    const email = `bot-${form.slug}@spam.test`;
    const caught = await send(form.slug, { name: 'Bot', email, website: 'http://spam.test', _t: LONG_AGO() });
    expect(caught.status).toBe(201);
    expect(await contactsByEmail(email)).toEqual([]);
    const fast = await send(form.slug, { name: 'Rápido', email, _t: Date.now() - 500 });
    expect([fast.status, fast.body.error?.code]).toEqual([400, 'FORM.TOO_FAST']);
    expect(await contactsByEmail(email)).toEqual([]);
    const submissions = await crm.users.admin.get(`/api/admin/forms/${form.id}/submissions`);
    expect(submissions.body.items).toEqual([]);
  });

  it('refuses what is not the form: unknown fields, missing or malformed values, other media, bodies past 16 KB', async () => {
    const form = await newForm();
    for (const [body, path] of [
      [{ name: 'A', email: 'a@b.test', password: 'x' }, 'password'],
      [{ name: 'A' }, 'email'],
      [{ email: 'a@b.test' }, 'name'],
      [{ name: 'A', email: 'not an e-mail' }, 'email'],
      [{ name: 'A', email: 'a@b.test', phone: 'call me' }, 'phone'],
    ] as const) {
      const res = await send(form.slug, { ...body, _t: LONG_AGO() });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body);
      expect(res.body.error?.details[0].path, JSON.stringify(body)).toBe(path);
    }
    expect((await send(form.slug, 'x', { type: 'text/plain' })).status).toBe(415);
    const huge = await send(form.slug, { name: 'A', email: 'a@b.test', notes: 'x'.repeat(20_000) });
    expect(huge.status).toBe(413);
    expect((await send('nao-existe', { name: 'A', email: 'a@b.test' })).status).toBe(404);
    await crm.users.admin.patch(`/api/admin/forms/${form.id}`, { active: false });
    expect((await send(form.slug, { name: 'A', email: 'a@b.test' })).status).toBe(404);
  });

  it('as a plain HTML form: a thank-you page, or the redirect it names; its errors are a page too', async () => {
    const form = await newForm({ thankYou: 'Valeu! Falamos em breve.' });
    const email = `html-${form.slug}@site.test`;
    const page = await send(form.slug, `name=Ana+HTML&email=${encodeURIComponent(email)}&consent=true&website=`);
    expect(page.status).toBe(201);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('Valeu! Falamos em breve.');
    expect(await contactsByEmail(email)).toHaveLength(1);
    const bad = await send(form.slug, 'name=Ana&email=nope');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('<p role="alert">');

    const redirecting = await newForm({ redirectUrl: 'https://www.cliente.com.br/obrigado' });
    const moved = await send(redirecting.slug, `name=Bia&email=bia-${redirecting.slug}%40site.test`);
    expect([moved.status, moved.headers.get('location')]).toEqual([303, 'https://www.cliente.com.br/obrigado']);
  });

  it('is sent only from the sites it lists, which may read its answers', async () => {
    const form = await newForm({ allowedOrigins: ['https://www.cliente.com.br'] });
    const other = await send(form.slug, { name: 'A', email: `o-${form.slug}@x.test` }, { origin: 'https://evil.test' });
    expect([other.status, other.body.error?.code]).toEqual([403, 'FORM.ORIGIN_NOT_ALLOWED']);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const listed = await send(
      form.slug,
      { name: 'A', email: `l-${form.slug}@x.test` },
      { origin: 'https://www.cliente.com.br' },
    );
    expect(listed.status).toBe(201);
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://www.cliente.com.br');
    const preflight = await fetch(`${crm.server.url}/f/${form.slug}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://www.cliente.com.br', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  it('takes 10 a minute from one address', async () => {
    const form = await newForm();
    const address = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await send(form.slug, { name: 'Lote', email: `lote${i}@x.test`, _t: LONG_AGO() }, { address })).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("fills the contacts' custom fields it asks for, typed as their fields", async () => {
    const field = await crm.users.admin.post('/api/crm/fields', {
      entity: 'contact',
      key: 'segmentoDeMercado',
      label: { pt: 'Segmento', en: 'Segment' },
      type: 'select',
      options: ['varejo', 'industria'],
    });
    expect(field.status, field.text).toBe(201);
    const seats = await crm.users.admin.post('/api/crm/fields', {
      entity: 'contact',
      key: 'licencas',
      label: { pt: 'Licenças', en: 'Seats' },
      type: 'number',
    });
    expect(seats.status, seats.text).toBe(201);
    const form = await newForm({
      fields: [
        { field: 'name', required: true },
        { field: 'email', required: true },
        { field: 'customFields.segmentoDeMercado', required: true, label: { pt: 'Seu segmento', en: 'Your segment' } },
        { field: 'customFields.licencas', required: false },
      ],
    });
    const email = `custom-${form.slug}@site.test`;
    const sent = await send(
      form.slug,
      `name=Custom&email=${encodeURIComponent(email)}&customFields.segmentoDeMercado=varejo&customFields.licencas=12`,
    );
    expect(sent.status, sent.text).toBe(201);
    const [contact] = await contactsByEmail(email);
    expect(contact.customFields).toEqual({ segmentoDeMercado: 'varejo', licencas: 12 });
    const missing = await send(form.slug, { name: 'Sem', email: `sem-${form.slug}@x.test`, _t: LONG_AGO() });
    expect([missing.status, missing.body.error?.details[0].path]).toEqual([400, 'customFields.segmentoDeMercado']);
    const wrong = await send(form.slug, {
      name: 'Errado',
      email: `errado-${form.slug}@x.test`,
      'customFields.segmentoDeMercado': 'agro',
    });
    expect(wrong.status).toBe(400);
    // Drawn as their types ask, with their own labels when the form gives none.
    const html = await (await fetch(form.embed.url, { headers: { accept: 'text/html' } })).text();
    expect(html).toMatch(/<select [^>]*name="customFields.segmentoDeMercado" required>/);
    expect(html).toContain('<option value="varejo">varejo</option>');
    expect(html).toContain('Seu segmento *');
    expect(html).toMatch(
      /<label for="[^"]+">Licenças<\/label><br><input [^>]*name="customFields.licencas" type="number"/,
    );
    await crm.users.admin.delete(`/api/crm/fields/${field.body.id}`);
    await crm.users.admin.delete(`/api/crm/fields/${seats.body.id}`);
  });

  it('is published as a page with the form and as a script any site may load', async () => {
    const form = await newForm();
    const page = await fetch(form.embed.url, { headers: { accept: 'text/html', 'accept-language': 'en' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Your e-mail');
    expect(html).toMatch(/name="_t" value="\d+"/);
    expect(html).toContain('Aceito receber contato comercial da Funil.');
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self';");
    const redirecting = await newForm({ redirectUrl: 'https://www.cliente.com.br/obrigado' });
    const redirectPage = await fetch(redirecting.embed.url, { headers: { accept: 'text/html' } });
    // The browser may follow the 303 to the site after sending.
    expect(redirectPage.headers.get('content-security-policy')).toContain(
      "form-action 'self' https://www.cliente.com.br;",
    );
    const script = await fetch(`${form.embed.url}/embed.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(script.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(`${form.embed.url}/embed.js`, {
      headers: { 'if-none-match': script.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await script.text()).toContain(form.embed.url);
  });
});
