import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeAt,
  baseUrl,
  chooseLanguage,
  chooseTheme,
  DEMO,
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

interface StoredForm {
  id: number;
  name: string;
  slug: string;
  fields: { field: string; required: boolean }[];
  consentText: string | null;
  ownerIds: number[];
  thankYou: string | null;
  embed: { url: string; script: string; html: string };
}

/** A customer's website on this machine: another port, so another origin than the app's. */
async function startSite() {
  let body = '';
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<html lang="pt-BR"><body><h1>Site do cliente</h1>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    /** The snippet its page carries. */
    paste: (snippet: string) => (body = snippet),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const PREFIX = 'Formulário de teste ';
let browser: Browser;
let site: Awaited<ReturnType<typeof startSite>>;
let admin: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite();
  admin = await newPage(browser);
  await signIn(admin, DEMO.admin, { to: '/settings?tab=forms' });
});
afterAll(async () => {
  // This file's forms do not stay on the shared server (their contacts do, as they would).
  if (admin) {
    for (const { id, name } of await storedForms())
      if (name.startsWith(PREFIX))
        await admin.request.delete(`/api/admin/forms/${id}`, { headers: { origin: baseUrl() } });
  }
  await site?.close();
  await browser?.close();
});

const dialog = (page: Page) => page.getByRole('dialog');
const storedForms = async () =>
  ((await (await admin.request.get('/api/admin/forms')).json()) as { items: StoredForm[] }).items;
const fieldOrder = (page: Page) =>
  dialog(page)
    .getByTestId('lead-form-field')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-field')));

describe('web-to-lead forms (settings, admin)', () => {
  it('builds a form, publishes it on another site where a visitor becomes a contact of its owner, logs it, pauses and deletes it', async () => {
    const name = uniqueName(PREFIX);
    const slug = name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
    const consentText = 'Aceito receber contato comercial por e-mail e telefone.';
    const thankYou = 'Obrigado! Um vendedor fala com você em breve.';
    await admin.getByRole('tab', { name: 'Formulários', selected: true }).waitFor();
    await admin.getByRole('button', { name: 'Novo formulário' }).click();
    const form = dialog(admin);
    await form.getByRole('heading', { name: 'Novo formulário' }).waitFor();

    // Checked before anything is sent; the address follows the name until it is typed.
    await form.getByRole('button', { name: 'Criar formulário' }).click();
    // The name's and the address's messages.
    await expect
      .poll(() =>
        form
          .getByRole('alert')
          .filter({ hasText: /^Obrigatório$/ })
          .count(),
      )
      .toBe(2);
    await form.getByLabel('Nome do formulário').fill(name);
    expect(await form.getByLabel('Endereço', { exact: true }).inputValue()).toBe(slug);

    // Name and e-mail come first, required and fixed; the phone is added, moved up and back.
    expect(await fieldOrder(admin)).toEqual(['name', 'email']);
    const nameRow = form.getByTestId('lead-form-field').first();
    expect(await nameRow.getByRole('checkbox', { name: 'Obrigatório' }).isDisabled()).toBe(true);
    expect(await nameRow.getByRole('button', { name: 'Remover Nome' }).isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Adicionar campo' }).click();
    await admin.getByRole('menuitem', { name: 'Telefone' }).click();
    expect(await fieldOrder(admin)).toEqual(['name', 'email', 'phone']);
    // Its own labels, which move with it.
    const phoneRow = form.getByTestId('lead-form-field').nth(2);
    await phoneRow.getByLabel('Rótulo em português').fill('Seu telefone');
    await phoneRow.getByLabel('Rótulo em inglês').fill('Your phone');
    await form.getByRole('button', { name: 'Mover Telefone para cima' }).click();
    expect(await fieldOrder(admin)).toEqual(['name', 'phone', 'email']);
    const moved = form.getByTestId('lead-form-field').nth(1);
    expect(await moved.getByLabel('Rótulo em português').inputValue()).toBe('Seu telefone');
    expect(await form.getByTestId('lead-form-field').nth(2).getByLabel('Rótulo em português').inputValue()).toBe('');
    // The focus follows the row moved, so the next press moves it again.
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Mover Telefone para cima');
    await form.getByRole('button', { name: 'Mover Telefone para baixo' }).click();
    expect(await fieldOrder(admin)).toEqual(['name', 'email', 'phone']);
    await form.getByRole('button', { name: 'Adicionar campo' }).click();
    await admin.getByRole('menuitem', { name: 'Cargo' }).click();
    expect(await fieldOrder(admin)).toEqual(['name', 'email', 'phone', 'position']);
    await form.getByRole('button', { name: 'Remover Cargo' }).click();
    expect(await fieldOrder(admin)).toEqual(['name', 'email', 'phone']);

    await form.getByLabel('Texto de consentimento').fill(consentText);
    const owners = form.getByRole('group', { name: 'Quem recebe os leads' });
    await owners.getByRole('checkbox', { name: 'Fernanda Vendas' }).click();
    await owners.getByRole('checkbox', { name: 'Diego Desenvolvedor' }).click();
    await form.getByLabel('Mensagem de agradecimento').fill(thankYou);
    // A site that is not an origin is refused on its box.
    await form.getByLabel('Sites que podem enviar').fill('www.site.com.br');
    await form.getByRole('button', { name: 'Criar formulário' }).click();
    await form.getByText('"www.site.com.br" não é um site').waitFor();
    await form.getByLabel('Sites que podem enviar').fill('');
    await screenshot(admin, 'lead-form-new-pt-light-1280');
    await expectAccessible(admin, 'new lead form');
    await form.getByRole('button', { name: 'Criar formulário' }).click();
    await toastLocator(admin).getByText(`Formulário "${name}" criado e publicado`).waitFor();

    const row = admin.getByTestId('lead-form').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByTestId('lead-form-status').textContent()).toBe('Publicado');
    expect(await row.getByTestId('lead-form-path').textContent()).toBe(`/f/${slug}`);
    expect(await row.getByTestId('lead-form-submission-count').textContent()).toBe('Nenhum envio');
    await expect.poll(() => row.getByTestId('lead-form-owners').textContent()).toMatch(/^Leads em turnos: /);
    expect(await row.getByTestId('lead-form-owners').textContent()).toContain('Fernanda Vendas');
    expect(await row.getByTestId('lead-form-owners').textContent()).toContain('Diego Desenvolvedor');
    const stored = (await storedForms()).find((f) => f.name === name)!;
    expect(stored).toMatchObject({
      slug,
      consentText,
      thankYou,
      fields: [
        { field: 'name', required: true },
        { field: 'email', required: true },
        { field: 'phone', required: false, label: { pt: 'Seu telefone', en: 'Your phone' } },
      ],
    });
    const users = (
      (await (await admin.request.get('/api/admin/users?limit=200')).json()) as {
        items: { id: number; name: string }[];
      }
    ).items;
    const idOf = (person: string) => users.find((user) => user.name === person)!.id;
    expect([...stored.ownerIds].sort()).toEqual([idOf('Fernanda Vendas'), idOf('Diego Desenvolvedor')].sort());

    // Another form cannot take its address: the server's 409 lands on the address, translated.
    await admin.getByRole('button', { name: 'Novo formulário' }).click();
    await dialog(admin).getByLabel('Nome do formulário').fill(`${PREFIX}outro`);
    await dialog(admin).getByLabel('Endereço', { exact: true }).fill(slug);
    await dialog(admin).getByRole('button', { name: 'Criar formulário' }).click();
    await dialog(admin).getByText('Outro formulário já usa este endereço.').waitFor();
    await dialog(admin).getByRole('button', { name: 'Cancelar' }).click();
    await admin
      .getByRole('dialog', { name: 'Descartar alterações?' })
      .getByRole('button', { name: 'Descartar' })
      .click();
    await dialog(admin).waitFor({ state: 'detached' });

    // The embed view: the script to paste, said to be the one to use.
    await row.getByRole('button', { name: 'Publicar' }).click();
    const embed = dialog(admin);
    await embed.getByRole('heading', { name: `Publicar "${name}"` }).waitFor();
    const scriptSection = embed.getByTestId('lead-form-embed-script');
    expect(await scriptSection.textContent()).toContain('Recomendado');
    const script = (await scriptSection.getByTestId('lead-form-snippet').textContent())!;
    expect(script).toBe(stored.embed.script);
    // Its copy button puts it on the clipboard as shown.
    await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await scriptSection.getByRole('button', { name: 'Copiar o script' }).click();
    await toastLocator(admin).getByText('Copiado', { exact: true }).waitFor();
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(script);
    expect(script).toContain(`data-funil-form="${slug}"`);
    expect(script).toContain(`${baseUrl()}/f/${slug}/embed.js`);
    expect(await embed.getByTestId('lead-form-embed-url').getByTestId('lead-form-snippet').textContent()).toBe(
      `${baseUrl()}/f/${slug}`,
    );
    expect(await embed.getByTestId('lead-form-embed-html').getByTestId('lead-form-snippet').textContent()).toContain(
      `<form method="post" action="${baseUrl()}/f/${slug}"`,
    );
    await embed.getByRole('button', { name: 'Pronto' }).click();

    // The customer's site, in a browser signed in nowhere: the script draws the form, which is sent after a person's
    // pace (the server refuses one sent within 3 s of being shown).
    site.paste(script);
    const visitorContext = await browser.newContext({ locale: 'pt-BR' });
    const visitor = await visitorContext.newPage();
    await visitor.goto(site.url);
    await visitor.getByRole('heading', { name: 'Site do cliente' }).waitFor();
    const leadForm = visitor.locator('form.funil-form');
    await leadForm.getByRole('button', { name: 'Enviar' }).waitFor();
    const shownAt = Date.now();
    const email = `${slug}@cliente.test`;
    // Labelled in the page's language, required ones marked.
    await leadForm.getByRole('textbox', { name: 'Nome *', exact: true }).fill('Lead do Site');
    await leadForm.getByRole('textbox', { name: 'E-mail *', exact: true }).fill(email);
    await leadForm.getByRole('textbox', { name: 'Seu telefone', exact: true }).fill('(11) 98765-4321');
    await leadForm.getByRole('checkbox', { name: consentText }).check();
    await visitor.waitForTimeout(Math.max(0, 3_100 - (Date.now() - shownAt)));
    await leadForm.getByRole('button', { name: 'Enviar' }).click();
    await visitor.getByRole('status').filter({ hasText: thankYou }).waitFor();

    // The contact, made in the name of the first owner in turn, from the form.
    const found = (await (await admin.request.get(`/api/crm/contacts?search=${encodeURIComponent(email)}`)).json()) as {
      items: { id: number; name: string; email: string; phone: string; ownerId: number; source: string }[];
    };
    expect(found.items).toHaveLength(1);
    const contact = found.items[0];
    expect(contact).toMatchObject({ name: 'Lead do Site', email, phone: '(11) 98765-4321', source: name });
    expect(contact.ownerId).toBe(stored.ownerIds[0]);
    const ownerName = users.find((user) => user.id === contact.ownerId)!.name;

    // The log: the contact linked, new, with consent, and who got it.
    await row.getByRole('button', { name: 'Envios' }).click();
    const log = dialog(admin);
    await log.getByRole('heading', { name: `Envios de "${name}"` }).waitFor();
    const entry = log.getByTestId('lead-form-submission');
    await expect.poll(() => entry.count()).toBe(1);
    const link = entry.getByRole('link', { name: 'Lead do Site' });
    expect(await link.getAttribute('href')).toBe(`/crm/contacts/${contact.id}`);
    expect(await entry.getByTestId('submission-kind').textContent()).toBe('Contato novo');
    expect(await entry.getByTestId('submission-consent').textContent()).toBe('Sim');
    expect(await entry.getByTestId('submission-owner').textContent()).toBe(ownerName);
    await screenshot(admin, 'lead-form-submissions-pt-light-1280');
    await expectAccessible(admin, 'lead form submissions');
    // Refreshing the log reads the list again, with its count.
    await log.getByRole('button', { name: 'Atualizar' }).click();
    await expect.poll(() => row.getByTestId('lead-form-submission-count').textContent()).toBe('1 envio');
    await link.click();
    await admin.waitForURL((url) => url.pathname === `/crm/contacts/${contact.id}`);
    await admin.getByRole('heading', { name: 'Lead do Site' }).waitFor();
    await admin.goBack();
    await row.waitFor();

    // Paused: the site's script is a 404 and draws nothing.
    await row.getByRole('button', { name: 'Pausar' }).click();
    await toastLocator(admin).getByText('Formulário pausado').waitFor();
    await expect.poll(() => row.getByTestId('lead-form-status').textContent()).toBe('Pausado');
    // Chromium drops the answer before the page sees it (a JSON 404 to a script: ERR_BLOCKED_BY_ORB); either way the
    // script does not run, and the address answers 404.
    const scriptUrl = `${stored.embed.url}/embed.js`;
    const scriptOutcome = new Promise<string>((resolve) => {
      visitor.on('response', (r) => r.url() === scriptUrl && resolve(`status ${r.status()}`));
      visitor.on('requestfailed', (r) => r.url() === scriptUrl && resolve(`failed ${r.failure()?.errorText}`));
    });
    await visitor.reload();
    expect(await scriptOutcome).toMatch(/^(status 404|failed net::ERR_BLOCKED_BY_ORB)$/);
    expect((await visitorContext.request.get(scriptUrl)).status()).toBe(404);
    await visitor.getByRole('heading', { name: 'Site do cliente' }).waitFor();
    expect(await visitor.locator('form').count()).toBe(0);
    await visitorContext.close();

    await lookAtTheTab(name);

    // Deleted, after a confirmation that says its contacts stay; they do.
    await row.getByRole('button', { name: `Excluir o formulário ${name}` }).click();
    const confirm = dialog(admin);
    expect(await confirm.textContent()).toContain('Os contatos que ele criou continuam no CRM');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await toastLocator(admin).getByText('Formulário excluído').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await storedForms()).some((f) => f.id === stored.id)).toBe(false);
    expect((await admin.request.get(`/api/crm/contacts/${contact.id}`)).status()).toBe(200);
  });

  it('is not for employees: no tab, and the API answers 403', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.employee, { to: '/settings?tab=forms' });
    await page.getByRole('heading', { name: 'Sem acesso' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Formulários' }).count()).toBe(0);
    expect((await page.request.get('/api/admin/forms')).status()).toBe(403);
    const create = await page.request.post('/api/admin/forms', {
      data: {
        name: 'Do funcionário',
        slug: 'do-funcionario',
        fields: [
          { field: 'name', required: true },
          { field: 'email', required: true },
        ],
      },
      headers: { origin: baseUrl() },
    });
    expect(create.status()).toBe(403);
    await page.context().close();
  });
});

/**
 * The tab, the dialog (editing the form) and the embed view in each language and in the light and dark themes, at
 * 1280 and 390 px, with a second form published beside the paused one.
 */
async function lookAtTheTab(name: string) {
  const other = await admin.request.post('/api/admin/forms', {
    data: {
      name: `${PREFIX}orçamento`,
      slug: `orcamento-${Date.now().toString(36)}`,
      fields: [
        { field: 'name', required: true, label: { pt: 'Seu nome', en: 'Your name' } },
        { field: 'email', required: true },
        { field: 'position', required: false },
        { field: 'notes', required: false },
      ],
      redirectUrl: 'https://www.cliente.com.br/obrigado',
      allowedOrigins: ['https://www.cliente.com.br', 'https://loja.cliente.com.br'],
    },
    headers: { origin: baseUrl() },
  });
  expect(other.status()).toBe(201);
  await admin.reload();
  const row = admin.getByTestId('lead-form').filter({ hasText: name });
  await row.waitFor();
  const looks: [Language, Theme][] = [
    ['pt', 'light'],
    ['pt', 'dark'],
    ['en', 'light'],
    ['en', 'dark'],
  ];
  for (const width of [1280, 390]) {
    await admin.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    for (const [language, theme] of looks) {
      await chooseLanguage(admin, language);
      await chooseTheme(admin, theme);
      await settled(admin);
      const look = `${language}-${theme}-${width}`;
      const axe = axeAt(width, theme, language);
      await screenshot(admin, `lead-forms-settings-${look}`);
      if (axe) await expectAccessible(admin, `lead forms ${look}`);

      await row
        .getByRole('button', { name: language === 'pt' ? `Editar o formulário ${name}` : `Edit the form ${name}` })
        .click();
      await dialog(admin).getByTestId('lead-form-field').first().waitFor();
      // The whole dialog in the picture: it scrolls inside itself on a screen's height.
      await admin.setViewportSize({ width, height: 2000 });
      await screenshot(admin, `lead-form-dialog-${look}`);
      if (axe) await expectAccessible(admin, `lead form dialog ${look}`);
      await admin.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await dialog(admin)
        .getByRole('button', { name: language === 'pt' ? 'Cancelar' : 'Cancel' })
        .click();
      await dialog(admin).waitFor({ state: 'detached' });

      await row.getByRole('button', { name: language === 'pt' ? 'Publicar' : 'Embed' }).click();
      await dialog(admin).getByTestId('lead-form-embed-script').waitFor();
      await admin.setViewportSize({ width, height: 1400 });
      await screenshot(admin, `lead-form-embed-${look}`);
      if (axe) await expectAccessible(admin, `lead form embed ${look}`);
      await admin.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await dialog(admin)
        .getByRole('button', { name: language === 'pt' ? 'Pronto' : 'Done' })
        .click();
      await dialog(admin).waitFor({ state: 'detached' });
    }
  }
  await admin.setViewportSize({ width: 1280, height: 800 });
  await chooseLanguage(admin, 'pt');
  await chooseTheme(admin, 'light');
  await admin.request.delete(`/api/admin/forms/${((await other.json()) as { id: number }).id}`, {
    headers: { origin: baseUrl() },
  });
  await admin.reload();
  await row.waitFor();
}
