import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  DEMO,
  expectAccessible,
  launchBrowser,
  newPage,
  screenshot,
  signIn,
  toastLocator,
  uniqueName,
  type Language,
  type Theme,
} from './support/browser';

let browser: Browser;
let admin: Page;
/** Every name this file makes shares the tag, so a search for it shows only this run's templates. */
const tag = uniqueName('tpl');
let contact: { id: number; name: string };
let deal: { id: number; title: string };
let proposal: { id: number; name: string };
let meeting: { id: number; name: string };

/** Data is made through the API (as the page's signed-in user), not by clicking. */
async function post<T = { id: number; name: string }>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { data, headers: { origin: baseUrl() } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

const dialog = (page: Page) => page.getByRole('dialog');
const cards = (page: Page) => page.getByTestId('template-card');
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

async function pickOption(page: Page, trigger: string, option: string): Promise<void> {
  await page.locator(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  await signIn(admin, DEMO.admin);
  const company = await post(admin, '/api/crm/companies', { name: 'Souza & Cia' });
  contact = await post(admin, '/api/crm/contacts', {
    name: `Carla ${tag}`,
    email: 'carla@example.com',
    phone: '(21) 99876-5432',
    companyId: company.id,
  });
  deal = await post(admin, '/api/crm/deals', { title: `Plano anual ${tag}`, value: '4200.00', contactId: contact.id });
  proposal = await post(admin, '/api/crm/templates', {
    name: `Proposta ${tag}`,
    category: 'proposal',
    subject: 'Proposta: {{deal_title}}',
    body: 'Olá {{contact_name}},\n\nSegue a proposta de {{deal_value}} para a {{company}}.\n\n{{user_name}}',
  });
  meeting = await post(admin, '/api/crm/templates', {
    name: `Reunião ${tag}`,
    category: 'meeting',
    subject: `Agenda ${tag}`,
    body: 'Até {{meeting_date}}, {{contact_name}}.',
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('templates screen', () => {
  it('searches by name or subject (accents ignored) and filters by category, both kept in the URL', async () => {
    await admin.goto('/crm/templates');
    await card(admin, 'Boas-vindas').waitFor();
    await admin.getByRole('searchbox', { name: 'Buscar por nome ou assunto' }).fill(tag.toUpperCase());
    await admin.waitForURL((url) => url.searchParams.get('q') === tag.toUpperCase());
    await expect.poll(() => cards(admin).count()).toBe(2);
    await pickOption(admin, '#templates-category', 'Proposta');
    await admin.waitForURL((url) => url.searchParams.get('category') === 'proposal');
    await expect.poll(() => cards(admin).count()).toBe(1);
    await card(admin, proposal.name).waitFor();
    // The seeded samples count as found by subject, accents ignored.
    await admin.goto('/crm/templates?q=reuniao%20confirmada');
    await expect.poll(() => cards(admin).allInnerTexts()).toEqual([expect.stringContaining('Confirmação de reunião')]);
    await admin.reload();
    await card(admin, 'Confirmação de reunião').waitFor();
    expect(await admin.getByRole('searchbox').inputValue()).toBe('reuniao confirmada');
  });

  it('previews a template with its variables marked, filled from a contact and its deal', async () => {
    await admin.goto(`/crm/templates?q=${tag}`);
    await card(admin, proposal.name)
      .getByRole('button', { name: `Visualizar ${proposal.name}` })
      .click();
    await admin.waitForURL((url) => url.searchParams.get('template') === String(proposal.id));
    const preview = dialog(admin);
    await preview.getByRole('heading', { name: proposal.name }).waitFor();
    expect(await preview.locator('mark').allTextContents()).toEqual([
      '{{deal_title}}',
      '{{contact_name}}',
      '{{deal_value}}',
      '{{company}}',
      '{{user_name}}',
    ]);
    await admin.locator('#template-fill-contact-search').fill(tag);
    await pickOption(admin, '#template-fill-contact', `${contact.name} (Souza & Cia)`);
    await expect.poll(() => admin.getByTestId('filled-subject').textContent()).toBe(`Proposta: ${deal.title}`);
    await expect
      .poll(() => admin.getByTestId('filled-body').textContent())
      .toContain('Segue a proposta de R$\u00a04.200,00 para a Souza & Cia.');
    await expectAccessible(admin, 'preview filled');
    // The link opens the same preview.
    await admin.goto(`/crm/templates?template=${meeting.id}`);
    await dialog(admin).getByRole('heading', { name: meeting.name }).waitFor();
    await admin.keyboard.press('Escape');
    await admin.waitForURL((url) => !url.searchParams.has('template'));
    // Nothing was counted by previewing.
    expect((await (await admin.request.get(`/api/crm/templates/${proposal.id}`)).json()).usageCount).toBe(0);
  });

  it('lets an admin create a template: variables offered after {{, an unknown one flagged before saving', async () => {
    const name = `Novo ${tag}`;
    await admin.goto(`/crm/templates?q=${tag}`);
    await admin.getByRole('button', { name: 'Novo modelo' }).click();
    await admin.locator('#template-name').fill(name);
    const subject = admin.locator('#template-subject');
    await subject.pressSequentially('Oi {{cont');
    const listbox = admin.getByRole('listbox', { name: 'Variáveis' });
    await listbox.getByRole('option', { name: /contact_name/ }).waitFor();
    await expect.poll(() => subject.getAttribute('aria-activedescendant')).toBe('template-subject-variable-0');
    await admin.keyboard.press('Enter');
    await expect.poll(() => subject.inputValue()).toBe('Oi {{contact_name}}');
    const body = admin.locator('#template-body');
    await body.fill('Visitamos a {{compny}} amanhã.');
    await admin.getByTestId('unknown-variables').filter({ hasText: 'Variável desconhecida: {{compny}}' }).waitFor();
    await expectAccessible(admin, 'editor with an unknown variable');
    await admin.getByRole('button', { name: 'Criar modelo' }).click();
    await admin.locator('#template-body-message').filter({ hasText: '{{compny}}' }).waitFor();
    expect(await dialog(admin).count()).toBe(1);
    await body.fill('Visitamos a {{company}} amanhã.');
    await expect.poll(() => admin.getByTestId('unknown-variables').count()).toBe(0);
    await admin.getByRole('button', { name: 'Criar modelo' }).click();
    await toastLocator(admin).filter({ hasText: 'Modelo criado' }).waitFor();
    await card(admin, name).filter({ hasText: '{{company}}' }).filter({ hasText: 'Nunca usado' }).waitFor();

    // Deactivate, then delete (confirmed).
    await card(admin, name)
      .getByRole('button', { name: `Desativar ${name}` })
      .click();
    await card(admin, name).getByTestId('template-status').filter({ hasText: 'Inativo' }).waitFor();
    await card(admin, name)
      .getByRole('button', { name: `Excluir ${name}` })
      .click();
    await dialog(admin).getByRole('button', { name: 'Excluir modelo' }).click();
    await card(admin, name).waitFor({ state: 'detached' });
  });

  it('shows others no edit controls, and the server refuses their writes', async () => {
    const developer = await newPage(browser);
    await signIn(developer, DEMO.developer, { to: `/crm/templates?q=${tag}` });
    await card(developer, proposal.name)
      .getByRole('button', { name: `Visualizar ${proposal.name}` })
      .waitFor();
    expect(await developer.getByRole('button', { name: /^(Novo modelo|Editar|Desativar|Excluir)/ }).count()).toBe(0);
    const employee = await newPage(browser);
    await signIn(employee, DEMO.employee);
    const headers = { origin: baseUrl() };
    for (const page of [developer, employee]) {
      expect(
        (
          await page.request.post('/api/crm/templates', { data: { name: 'x', subject: 'x', body: 'x' }, headers })
        ).status(),
      ).toBe(403);
      expect(
        (await page.request.patch(`/api/crm/templates/${proposal.id}`, { data: { name: 'x' }, headers })).status(),
      ).toBe(403);
      expect((await page.request.delete(`/api/crm/templates/${proposal.id}`, { headers })).status()).toBe(403);
    }
    await developer.context().close();
    await employee.context().close();
  });

  it('counts a use from a contact’s page and writes it to the contact’s history', async () => {
    const employee = await newPage(browser);
    await employee.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await employee
      .context()
      .route('https://wa.me/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
      );
    await signIn(employee, DEMO.employee, { to: `/crm/contacts/${contact.id}` });
    await employee.getByRole('button', { name: 'Usar modelo' }).click();
    await pickOption(employee, '#template-use-template', proposal.name);
    await expect.poll(() => employee.getByTestId('template-subject').textContent()).toBe(`Proposta: ${deal.title}`);
    const body = (await employee.getByTestId('template-body').textContent()) ?? '';
    await employee.getByRole('button', { name: 'Copiar texto' }).click();
    await employee.getByTestId('template-sent').filter({ hasText: 'Mensagem copiada' }).waitFor();
    expect(await employee.evaluate(() => navigator.clipboard.readText())).toBe(body);
    await employee.getByRole('button', { name: 'Fechar' }).last().click();
    await employee
      .getByTestId('timeline-entry')
      .filter({ hasText: `copiou o modelo “${proposal.name}”` })
      .waitFor();

    await employee.getByRole('button', { name: 'Usar modelo' }).click();
    await pickOption(employee, '#template-use-template', proposal.name);
    await expect.poll(() => employee.getByTestId('template-subject').textContent()).toBe(`Proposta: ${deal.title}`);
    const [whatsapp] = await Promise.all([
      employee.waitForEvent('popup'),
      employee.getByRole('button', { name: 'Abrir no WhatsApp' }).click(),
    ]);
    await whatsapp.waitForURL(/^https:\/\/wa\.me\//);
    const link = new URL(whatsapp.url());
    expect(link.pathname).toBe('/5521998765432');
    expect(link.searchParams.get('text')).toBe(body);
    await whatsapp.close();
    await dialog(employee).getByRole('link', { name: 'Abrir de novo' }).waitFor();
    await employee.keyboard.press('Escape');
    await employee
      .getByTestId('timeline-entry')
      .filter({ hasText: `enviou o modelo “${proposal.name}” pelo WhatsApp` })
      .waitFor();

    await admin.goto(`/crm/templates?q=${tag}`);
    await card(admin, proposal.name)
      .getByTestId('template-usage')
      .filter({ hasText: /^Usado 2 vezes · último uso em \d\d\/\d\d\/\d{4} \d\d:\d\d$/ })
      .waitFor();
    await employee.context().close();
  });

  it('looks right in each language, theme and width (screenshots, axe)', async () => {
    const languages: Language[] = ['pt', 'en'];
    const themes: Theme[] = ['light', 'dark', 'matrix'];
    const page = admin;
    for (const language of languages) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
        for (const theme of themes) {
          await page.evaluate(
            ({ language, theme }) => {
              localStorage.setItem('language', language);
              localStorage.setItem('theme', theme);
            },
            { language, theme },
          );
          const name = `${language}-${theme}-${width}`;
          await page.goto(`/crm/templates?q=${tag}`);
          await card(page, proposal.name).waitFor();
          await page.getByTestId('templates-total').filter({ hasText: /\d/ }).waitFor();
          // The screen's own content (the shared top bar is the layout's business).
          const overflow = await page.evaluate(() => {
            const main = document.querySelector('main');
            return main ? main.scrollWidth - main.clientWidth : 0;
          });
          expect(overflow, `templates-list-${name} overflows horizontally`).toBeLessThanOrEqual(0);
          await screenshot(page, `templates-list-${name}`);
          await card(page, proposal.name).getByRole('heading').getByRole('button').click();
          await page.getByTestId('preview-body').waitFor();
          await screenshot(page, `templates-preview-${name}`);
          await page.keyboard.press('Escape');
          await dialog(page).waitFor({ state: 'detached' });
          await card(page, proposal.name)
            .getByRole('button', { name: language === 'pt' ? `Editar ${proposal.name}` : `Edit ${proposal.name}` })
            .click();
          await page.locator('#template-body').waitFor();
          await screenshot(page, `templates-editor-${name}`);
          if (theme === 'light') {
            await expectAccessible(page, `editor ${name}`);
            await page.keyboard.press('Escape');
            await dialog(page).waitFor({ state: 'detached' });
            await expectAccessible(page, `list ${name}`);
          } else {
            await page.keyboard.press('Escape');
            await dialog(page).waitFor({ state: 'detached' });
          }
        }
      }
    }
    await page.evaluate(() => localStorage.removeItem('theme'));
  });
});
