import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeAt,
  baseUrl,
  chooseLanguage,
  chooseTheme,
  DEMO,
  downloadedText,
  expectAccessible,
  launchBrowser,
  newPage,
  screenshot,
  settled,
  signIn,
  toastLocator,
  uniqueName,
  type Language,
  type Theme,
} from './support/browser';
import { startSeededServer, type RunningServer } from './support/server';

interface Contact {
  id: number;
  name: string;
  email: string;
}

let browser: Browser;
let admin: Page;
const tag = uniqueName('lgpd');
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  await signIn(admin, DEMO.admin, { to: '/settings?tab=privacy' });
});
afterAll(async () => {
  await browser?.close();
});

/** Data is made through the API (as the page's signed-in user), not by clicking. */
async function post<T = any>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { data, headers: { origin: baseUrl() } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

const dialog = (page: Page) => page.getByRole('dialog');
const pad = (n: number) => String(n).padStart(2, '0');
/** dd/MM/yyyy, as the screens write a day. */
const day = (date: Date) => `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
const inDays = (days: number) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
};

const LOOKS: [Language, Theme][] = (['pt', 'en'] as const).flatMap((language) =>
  (['light', 'dark', 'matrix'] as const).map((theme): [Language, Theme] => [language, theme]),
);

/** Each language in each theme, chosen with the top bar's controls: a screenshot each, axe where the suite checks. */
async function everyLook(page: Page, name: string, ready: (language: Language) => Locator) {
  try {
    for (const [language, theme] of LOOKS) {
      await chooseLanguage(page, language);
      await chooseTheme(page, theme);
      await ready(language).waitFor();
      await settled(page);
      await screenshot(page, `${name}-${language}-${theme}-1280`);
      if (axeAt(1280, theme, language)) await expectAccessible(page, `${name} ${language} ${theme}`);
    }
  } finally {
    // Back to Portuguese and light even when a look failed: the next test shares the page and reads Portuguese.
    await chooseLanguage(page, 'pt').catch(() => undefined);
    await chooseTheme(page, 'light').catch(() => undefined);
  }
}

describe('privacy (LGPD)', () => {
  it('logs an access request, downloads the export and the report, anonymizes the contact and shows its tombstone', async () => {
    const email = `helena.${tag}@example.com`;
    const contact = await post<Contact>(admin, '/api/crm/contacts', {
      name: `Helena Prado ${tag}`,
      email,
      phone: '(11) 91234-5678',
      position: 'Compradora',
    });
    await post(admin, '/api/crm/deals', { title: `Renovação ${tag}`, value: '1800', contactId: contact.id });

    await admin.getByRole('tab', { name: 'Privacidade', selected: true }).waitFor();
    await admin.getByRole('heading', { name: 'O que o Funil guarda sobre uma pessoa' }).waitFor();
    await admin.getByText('Use “Anonimizar contato” na solicitação').waitFor();

    // The request, logged through the dialog: the contact found with the lookup, the deadline 15 days ahead.
    await admin.getByRole('button', { name: 'Registrar solicitação' }).click();
    const form = dialog(admin);
    await form.getByRole('heading', { name: 'Registrar solicitação' }).waitFor();
    const due = inDays(15);
    expect(await form.getByLabel('Prazo').inputValue()).toBe(
      `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}`,
    );
    await form.getByRole('button', { name: 'Registrar solicitação' }).click();
    await form.getByText('Escolha o contato').waitFor();
    await form.getByText('Obrigatório').waitFor();
    await admin.locator('#privacy-request-contactId-search').fill(contact.name);
    await admin.locator('#privacy-request-contactId').click();
    await admin.getByRole('option', { name: contact.name }).click();
    expect(await admin.locator('#privacy-request-kind').textContent()).toBe('Acesso aos dados');
    await form.getByLabel('Quem pediu').fill('Helena Prado, por e-mail');
    await form.getByLabel('Observação').fill('Pediu uma cópia de tudo o que temos.');
    await screenshot(admin, 'privacy-request-form-pt-light-1280');
    await expectAccessible(admin, 'privacy request form');
    await form.getByRole('button', { name: 'Registrar solicitação' }).click();
    await toastLocator(admin).getByText('Solicitação registrada').waitFor();
    await form.waitFor({ state: 'detached' });

    const row = admin.getByTestId('privacy-request').filter({ hasText: contact.name });
    await row.waitFor();
    expect(await row.getByTestId('privacy-request-status').textContent()).toBe('Aberta');
    expect(await row.getByTestId('privacy-request-due').textContent()).toBe(`Prazo: ${day(due)}`);
    await row.getByText('Solicitado por Helena Prado, por e-mail').waitFor();
    expect(await row.getByRole('link', { name: contact.name }).getAttribute('href')).toBe(
      `/crm/contacts/${contact.id}`,
    );

    // What Funil holds about her: a JSON file, and a report a person reads.
    const [json] = await Promise.all([
      admin.waitForEvent('download'),
      row.getByRole('link', { name: 'Baixar JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/\.json$/);
    const exported = await downloadedText(json);
    expect(exported).toContain(contact.name);
    expect(exported).toContain(email);
    expect((JSON.parse(exported) as { contact: { name: string; email: string } }).contact).toMatchObject({
      name: contact.name,
      email,
    });
    const [report] = await Promise.all([
      admin.waitForEvent('download'),
      row.getByRole('link', { name: 'Baixar relatório' }).click(),
    ]);
    expect(report.suggestedFilename()).toMatch(/\.html$/);
    const html = await downloadedText(report);
    expect(html).toContain(contact.name);
    expect(html).toContain(email);

    // The exports are in the record of operations, in words, with who did them.
    const audit = admin.getByTestId('privacy-audit-entry');
    await admin.reload();
    await audit.filter({ hasText: 'Dados do titular exportados (relatório)' }).first().waitFor();
    await audit.filter({ hasText: 'Solicitação registrada (Acesso aos dados)' }).first().waitFor();
    expect(await audit.first().textContent()).toContain(DEMO.admin.name);

    // The CSV of the record, for Excel, in the screen's language.
    const [csv] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('link', { name: 'Exportar CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    expect(await downloadedText(csv)).toContain(DEMO.admin.name);

    await everyLook(admin, 'privacy-settings', (language) =>
      admin.getByRole('heading', {
        name: language === 'pt' ? 'Solicitações dos titulares' : 'Data subject requests',
      }),
    );

    // Anonymized from the request, after saying what changes and that it cannot be undone.
    await row.getByRole('button', { name: 'Anonimizar contato' }).click();
    const confirm = dialog(admin);
    await confirm.getByRole('heading', { name: `Anonimizar ${contact.name}?` }).waitFor();
    await confirm.getByTestId('anonymize-counts').getByText('1 negócio', { exact: true }).waitFor();
    await confirm.getByText('Isso não pode ser desfeito.').waitFor();
    const anonymize = confirm.getByRole('button', { name: 'Anonimizar', exact: true });
    expect(await anonymize.isDisabled()).toBe(true);
    await confirm.getByLabel('Entendo que os dados pessoais deste contato serão apagados para sempre.').click();
    expect(await anonymize.isEnabled()).toBe(true);
    await settled(admin);
    await screenshot(admin, 'privacy-anonymize-pt-light-1280');
    await expectAccessible(admin, 'anonymize dialog');
    await anonymize.click();
    await toastLocator(admin).getByText('Contato anonimizado').waitFor();
    await confirm.waitFor({ state: 'detached' });

    // The request is completed, and its person is no longer named.
    const done = admin
      .getByTestId('privacy-request')
      .filter({ hasText: 'Helena Prado, por e-mail' })
      .filter({ hasText: 'Contato anonimizado' });
    await done.getByTestId('privacy-request-status').getByText('Concluída').waitFor();
    expect(await admin.getByTestId('privacy-request').filter({ hasText: contact.name }).count()).toBe(0);
    const stored = await (await admin.request.get(`/api/crm/contacts/${contact.id}`)).json();
    expect(stored).toMatchObject({ name: 'Contato anonimizado', email: null, phone: null });
    expect(stored.anonymizedAt).not.toBeNull();

    // Its page: the tombstone, no edit, no template, nothing to record.
    await done.getByRole('link', { name: 'Contato anonimizado' }).click();
    await admin.waitForURL(`**/crm/contacts/${contact.id}`);
    const banner = admin.getByTestId('contact-anonymized');
    await banner.waitFor();
    expect(await banner.textContent()).toBe(
      `Contato anonimizado em ${day(new Date())}: os dados pessoais foram removidos (LGPD) e não podem mais ser alterados.`,
    );
    await admin.getByRole('heading', { name: 'Contato anonimizado', level: 1 }).waitFor();
    const actions = admin.getByRole('group', { name: 'Ações rápidas' });
    await actions.getByRole('button', { name: 'Nova atividade' }).waitFor();
    expect(await actions.getByRole('button', { name: /^(Editar|Ver ficha)$/ }).count()).toBe(0);
    expect(await actions.getByRole('button', { name: 'Usar modelo' }).count()).toBe(0);
    const privacy = admin.getByTestId('contact-privacy');
    expect(await privacy.getByRole('button', { name: 'Registrar base legal' }).isDisabled()).toBe(true);
    expect(await privacy.getByRole('button', { name: /^Registrar (consentimento|revogação) para/ }).count()).toBe(0);
    // The server says the same to anyone who tries.
    const change = await admin.request.patch(`/api/crm/contacts/${contact.id}`, {
      data: { name: 'Helena' },
      headers: { origin: baseUrl() },
    });
    expect(change.status()).toBe(409);
    await settled(admin);
    await screenshot(admin, 'contact-anonymized-pt-light-1280');
    await expectAccessible(admin, 'anonymized contact');
    await chooseLanguage(admin, 'en');
    await chooseTheme(admin, 'dark');
    await banner.getByText(`Contact anonymized on ${day(new Date())}`).waitFor();
    await settled(admin);
    await screenshot(admin, 'contact-anonymized-en-dark-1280');
    await chooseLanguage(admin, 'pt');
    await chooseTheme(admin, 'light');
  });

  it('shows consents and the legal basis on the contact page, and a revoked WhatsApp keeps the template off it', async () => {
    const contact = await post<Contact>(admin, '/api/crm/contacts', {
      name: `Otávio Lins ${tag}`,
      email: `otavio.${tag}@example.com`,
      phone: '(21) 99876-1234',
    });
    const consents = `/api/privacy/contacts/${contact.id}/consents`;
    await post(admin, consents, { channel: 'email', granted: true, text: 'Aceito receber propostas por e-mail.' });
    await post(admin, consents, { channel: 'whatsapp', granted: true, text: 'Pode me chamar no WhatsApp.' });
    await post(admin, consents, { channel: 'whatsapp', granted: false, text: 'Respondeu “pare”.' });
    await post(admin, `/api/privacy/contacts/${contact.id}/legal-basis`, { legalBasis: 'legitimate_interest' });
    const template = await post<{ id: number; name: string }>(admin, '/api/crm/templates', {
      name: `Retorno ${tag}`,
      category: 'follow_up',
      subject: 'Retorno',
      body: 'Olá {{contact_name}}, tudo bem?',
    });
    // The server refuses the revoked channel itself.
    const refused = await admin.request.post(`/api/crm/templates/${template.id}/use`, {
      data: { contactId: contact.id, channel: 'whatsapp' },
      headers: { origin: baseUrl() },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.code).toBe('PRIVACY.CONSENT_REVOKED');

    await admin.goto(`/crm/contacts/${contact.id}`);
    const privacy = admin.getByTestId('contact-privacy');
    const channel = (name: string) => privacy.locator(`[data-testid="contact-consent"][data-channel="${name}"]`);
    await channel('whatsapp').getByText('Revogado').waitFor();
    const today = day(new Date());
    expect(await channel('whatsapp').textContent()).toContain(`desde ${today}`);
    await channel('email').getByText('Consentido').waitFor();
    await channel('phone').getByText('Não registrado').waitFor();
    expect(await privacy.getByTestId('contact-legal-basis-value').textContent()).toBe('Legítimo interesse');
    await privacy.getByText(`Registrada por ${DEMO.admin.name} em ${today}`).waitFor();

    // A consent recorded on the page: what the person was shown is required.
    await privacy.getByRole('button', { name: 'Registrar consentimento para Telefone' }).click();
    const form = dialog(admin);
    await form.getByRole('heading', { name: 'Consentimento para Telefone' }).waitFor();
    await form.getByRole('button', { name: 'Registrar consentimento' }).click();
    await form.getByText('Descreva o que foi apresentado ao contato').waitFor();
    await form.getByLabel('O que foi apresentado ao contato').fill('Autorizou ligações na reunião de 10/03.');
    await form.getByRole('button', { name: 'Registrar consentimento' }).click();
    await toastLocator(admin).getByText('Consentimento para Telefone registrado').waitFor();
    await channel('phone').getByText('Consentido').waitFor();

    // A new legal basis, the earlier one kept on the server.
    await privacy.getByRole('button', { name: 'Registrar base legal' }).click();
    await dialog(admin).getByRole('heading', { name: 'Registrar base legal' }).waitFor();
    await admin.locator('#legal-basis-legalBasis').click();
    await admin.getByRole('option', { name: 'Execução de contrato' }).click();
    await dialog(admin).getByLabel('Justificativa (opcional)').fill('Contrato de licença assinado.');
    await dialog(admin).getByRole('button', { name: 'Registrar', exact: true }).click();
    await toastLocator(admin).getByText('Base legal registrada').waitFor();
    await privacy.getByTestId('contact-legal-basis-value').getByText('Execução de contrato').waitFor();
    await privacy.getByText('Contrato de licença assinado.').waitFor();

    // The template: WhatsApp is off, with why beside it; e-mail is offered.
    await admin.getByRole('button', { name: 'Usar modelo' }).click();
    await admin.locator('#template-use-template').click();
    await admin.getByRole('option', { name: template.name, exact: true }).click();
    await dialog(admin).getByTestId('template-body').getByText(`Olá ${contact.name}, tudo bem?`).waitFor();
    const reason = `O contato revogou o consentimento para WhatsApp em ${today}.`;
    await dialog(admin).getByText(reason).waitFor();
    const whatsapp = dialog(admin).getByRole('button', { name: 'Abrir no WhatsApp' });
    expect(await whatsapp.isDisabled()).toBe(true);
    expect(await whatsapp.getAttribute('title')).toBe(reason);
    await expect.poll(() => dialog(admin).getByRole('button', { name: 'Abrir no e-mail' }).isEnabled()).toBe(true);
    await settled(admin);
    await screenshot(admin, 'privacy-template-revoked-pt-light-1280');
    await expectAccessible(admin, 'template with a revoked channel');
    await admin.keyboard.press('Escape');
    await dialog(admin).waitFor({ state: 'detached' });

    await everyLook(admin, 'contact-privacy', (language) =>
      privacy.getByRole('heading', { name: language === 'pt' ? 'Privacidade' : 'Privacy' }),
    );
  });

  it('shows the server’s refusal when the page did not know of a revocation yet', async () => {
    const contact = await post<Contact>(admin, '/api/crm/contacts', {
      name: `Rita Campos ${tag}`,
      email: `rita.${tag}@example.com`,
      phone: '(31) 99123-4567',
    });
    await post(admin, `/api/privacy/contacts/${contact.id}/consents`, {
      channel: 'email',
      granted: false,
      text: null,
    });
    const template = await post<{ id: number; name: string }>(admin, '/api/crm/templates', {
      name: `Convite ${tag}`,
      category: 'follow_up',
      subject: 'Convite',
      body: 'Olá {{contact_name}}.',
    });
    // The page's first read of the consents comes from before the revocation.
    await admin.route(
      `**/api/privacy/contacts/${contact.id}/consents`,
      async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { state: object };
        await route.fulfill({ response: answer, json: { ...body, state: { ...body.state, email: null } } });
      },
      { times: 1 },
    );
    await admin.goto(`/crm/contacts/${contact.id}`);
    await admin.getByTestId('contact-privacy').getByText('Não registrado').first().waitFor();
    await admin.getByRole('button', { name: 'Usar modelo' }).click();
    await admin.locator('#template-use-template').click();
    await admin.getByRole('option', { name: template.name, exact: true }).click();
    const email = dialog(admin).getByRole('button', { name: 'Abrir no e-mail' });
    await expect.poll(() => email.isEnabled()).toBe(true);
    await email.click();
    await toastLocator(admin)
      .getByText(
        'O contato revogou o consentimento para este canal. Registre um novo consentimento antes de escrever para ele.',
      )
      .waitFor();
    // Read again after the refusal: the channel is off now, with why.
    await dialog(admin)
      .getByText(`O contato revogou o consentimento para e-mail em ${day(new Date())}.`)
      .waitFor();
    expect(await email.isDisabled()).toBe(true);
  });

  describe('retention', () => {
    // A server of its own: the rules are global, and its two leads are three years old (SQL, before it starts).
    let server: RunningServer;
    let page: Page;
    const OLD = ['Bruna Teles', 'Caio Ventura'];
    beforeAll(async () => {
      server = await startSeededServer('privacy-retention', async (knex) => {
        for (const name of OLD)
          await knex.raw(
            `INSERT INTO contacts (name, email, status, created_at, updated_at)
             VALUES (?, ?, 'lead', now() - interval '3 years', now() - interval '3 years')`,
            [name, `${name.split(' ')[0]!.toLowerCase()}.${tag}@example.com`],
          );
      });
      page = await newPage(browser, { baseURL: server.baseUrl });
      await signIn(page, DEMO.admin, { to: '/settings?tab=privacy' });
    });
    afterAll(async () => {
      await page?.context().close();
      await server?.stop();
    });

    it('turns a rule on with its period, lists the old leads, keeps one and anonymizes the other after a confirmation', async () => {
      const section = page.getByTestId('privacy-retention');
      await section.getByRole('heading', { name: 'Retenção' }).waitFor();
      await section.getByText('Nada é anonimizado sem a confirmação de um administrador nesta tela.').waitFor();
      await section.getByText('Nenhum contato aguardando decisão').waitFor();
      const result = section.getByTestId('retention-scan-result');
      const checkNow = section.getByRole('button', { name: 'Verificar agora' });
      await checkNow.click();
      await result.getByText('Nenhuma regra ligada: nada foi verificado.').waitFor();

      // The period: refused outside 1–600 with the field's error, saved on Enter; then the rule turned on.
      const rule = section.getByRole('group', { name: 'Leads inativos' });
      const months = rule.getByLabel('Período (meses)');
      const active = rule.getByRole('checkbox', { name: 'Ligada' });
      expect(await months.inputValue()).toBe('24');
      expect(await active.getAttribute('aria-checked')).toBe('false');
      await months.fill('0');
      await months.blur();
      await rule.getByText('Informe um número inteiro de meses, de 1 a 600.').waitFor();
      expect(await months.getAttribute('aria-invalid')).toBe('true');
      await months.fill('12');
      await months.press('Enter');
      await toastLocator(page).getByText('Regra “Leads inativos” salva').waitFor();
      expect(await rule.getByText('Informe um número inteiro').count()).toBe(0);
      await rule.getByText(/^Alterada em /).waitFor();
      await active.click();
      await expect.poll(() => active.getAttribute('aria-checked')).toBe('true');
      await page.reload();
      await months.waitFor();
      expect(await months.inputValue()).toBe('12');
      expect(await active.getAttribute('aria-checked')).toBe('true');
      expect(
        await section
          .getByRole('group', { name: 'Contatos de negócios perdidos' })
          .getByRole('checkbox')
          .getAttribute('aria-checked'),
      ).toBe('false');
      const audit = page.getByTestId('privacy-audit-entry');
      await audit.filter({ hasText: 'Regra de retenção alterada (Leads inativos: ligada, 12 meses)' }).waitFor();

      // Check now lists both (only listed: nothing anonymized), and again finds nothing new.
      await checkNow.click();
      await result.getByText('2 contatos listados').waitFor();
      const rows = section.getByTestId('retention-candidate');
      await expect.poll(() => rows.count()).toBe(2);
      const old = new Date();
      old.setFullYear(old.getFullYear() - 3);
      const bruna = rows.filter({ hasText: OLD[0] });
      const cells = await bruna.getByRole('cell').allTextContents();
      expect(cells.slice(1)).toEqual([OLD[0], 'Leads inativos', 'Lead', day(old), day(new Date())]);
      const ids = await Promise.all(
        OLD.map(async (name) =>
          Number((await rows.filter({ hasText: name }).getByRole('link').getAttribute('href'))!.split('/').pop()),
        ),
      );
      expect((await (await page.request.get(`/api/crm/contacts/${ids[1]}`)).json()).anonymizedAt).toBeNull();
      await checkNow.click();
      await result.getByText('Nenhum contato novo listado').waitFor();

      await bruna.getByRole('checkbox', { name: `Selecionar ${OLD[0]}` }).click();
      await section.getByText('1 selecionado').waitFor();
      await section.scrollIntoViewIfNeeded();
      await everyLook(page, 'privacy-retention', (language) =>
        section.getByRole('heading', { name: language === 'pt' ? 'Retenção' : 'Retention' }),
      );

      // Kept: off the list (listed again only after a whole period), in the record of operations.
      await section.getByRole('button', { name: 'Manter', exact: true }).click();
      await toastLocator(page).getByText('1 contato mantido').waitFor();
      await expect.poll(() => rows.count()).toBe(1);
      await audit.filter({ hasText: 'Contato mantido na retenção (Leads inativos)' }).waitFor();

      // Anonymized after the confirmation: how many, that it cannot be undone, the box ticked.
      const all = section.getByRole('checkbox', { name: 'Selecionar todos' });
      await all.click();
      expect(await all.getAttribute('aria-checked')).toBe('true');
      await section.getByRole('button', { name: 'Anonimizar', exact: true }).click();
      const confirm = dialog(page);
      await confirm.getByRole('heading', { name: 'Anonimizar 1 contato?' }).waitFor();
      await confirm.getByText('Isso não pode ser desfeito.').waitFor();
      const anonymize = confirm.getByRole('button', { name: 'Anonimizar 1 contato' });
      expect(await anonymize.isDisabled()).toBe(true);
      await confirm.getByLabel('Entendo que os dados pessoais deste contato serão apagados para sempre.').click();
      expect(await anonymize.isEnabled()).toBe(true);
      await settled(page);
      await screenshot(page, 'privacy-retention-anonymize-pt-light-1280');
      await expectAccessible(page, 'retention anonymize dialog');
      await anonymize.click();
      await toastLocator(page).getByText('1 contato anonimizado').waitFor();
      await confirm.waitFor({ state: 'detached' });
      await section.getByText('Nenhum contato aguardando decisão').waitFor();
      await audit.filter({ hasText: 'Contato anonimizado' }).first().waitFor();

      const kept = await (await page.request.get(`/api/crm/contacts/${ids[0]}`)).json();
      expect(kept).toMatchObject({ name: OLD[0], anonymizedAt: null });
      const gone = await (await page.request.get(`/api/crm/contacts/${ids[1]}`)).json();
      expect(gone).toMatchObject({ name: 'Contato anonimizado', email: null });
      await page.goto(`/crm/contacts/${ids[1]}`);
      await page
        .getByTestId('contact-anonymized')
        .getByText(`Contato anonimizado em ${day(new Date())}`)
        .waitFor();
    });
  });

  it('keeps the requests and the record of operations to admins', async () => {
    const employee = await newPage(browser);
    await signIn(employee, DEMO.employee);
    for (const path of ['/api/privacy/requests', '/api/privacy/audit', '/api/privacy/retention/rules'])
      expect((await employee.request.get(path)).status(), path).toBe(403);
    await employee.goto('/settings?tab=privacy');
    await employee.getByText('Seu perfil não dá acesso a esta tela.', { exact: false }).waitFor();
    expect(await employee.getByRole('tab', { name: 'Privacidade' }).count()).toBe(0);
    await employee.context().close();
  });
});
