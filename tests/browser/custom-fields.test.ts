import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeAt,
  chooseLanguage,
  DEMO,
  expectAccessible,
  inEveryLook,
  launchBrowser,
  newPage,
  screenshot,
  settled,
  signIn,
  toastLocator,
} from './support/browser';
import { startSeededServer, type RunningServer } from './support/server';

// Custom fields (issue 27) in the record forms and pages. A server of its own: a required contact field would stop
// every other file's new contacts on the shared one.
let server: RunningServer;
let browser: Browser;
let admin: Page;

interface Field {
  id: number;
  key: string;
  updatedAt: string;
}

async function call<T>(page: Page, method: 'post' | 'patch' | 'delete', url: string, data?: object): Promise<T> {
  const res = await page.request[method](url, { data, headers: { origin: server.baseUrl } });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json().catch(() => null)) as T;
}

const dialog = (page: Page) => page.getByRole('dialog');
/** A form control by its field's path: ids are `<form>-customFields.<key>`, with a dot no CSS id selector takes. */
const control = (page: Page, form: string, key: string): Locator => page.locator(`[id="${form}-customFields.${key}"]`);
const messageOf = (page: Page, form: string, key: string): Locator =>
  page.locator(`[id="${form}-customFields.${key}-message"]`);

const option = (key: string, pt: string, en: string) => ({ key, label: { pt, en } });

beforeAll(async () => {
  [server, browser] = await Promise.all([startSeededServer('custom-fields'), launchBrowser()]);
  admin = await newPage(browser, { baseURL: server.baseUrl });
  await signIn(admin, DEMO.admin, { to: '/profile' });
  await call(admin, 'post', '/api/crm/fields', {
    entity: 'contact',
    key: 'customerCode',
    label: { pt: 'Código do cliente', en: 'Customer code' },
    type: 'text',
    required: true,
  });
  const contactFields = [
    {
      key: 'segment',
      label: { pt: 'Segmento', en: 'Segment' },
      type: 'select',
      options: [option('retail', 'Varejo', 'Retail'), option('industry', 'Indústria', 'Industry')],
    },
    { key: 'budget', label: { pt: 'Orçamento', en: 'Budget' }, type: 'currency' },
    { key: 'firstMeeting', label: { pt: 'Primeira reunião', en: 'First meeting' }, type: 'date' },
    { key: 'newsletter', label: { pt: 'Recebe newsletter', en: 'Gets the newsletter' }, type: 'checkbox' },
    {
      key: 'channels',
      label: { pt: 'Canais', en: 'Channels' },
      type: 'multiSelect',
      options: [option('email', 'E-mail', 'E-mail'), option('whatsapp', 'WhatsApp', 'WhatsApp')],
    },
  ];
  for (const field of contactFields) await call(admin, 'post', '/api/crm/fields', { entity: 'contact', ...field });
  await call(admin, 'post', '/api/crm/fields', {
    entity: 'deal',
    key: 'contractMonths',
    label: { pt: 'Meses de contrato', en: 'Contract months' },
    type: 'number',
  });
  await call(admin, 'post', '/api/crm/fields', {
    entity: 'deal',
    key: 'salesChannel',
    label: { pt: 'Canal de venda', en: 'Sales channel' },
    type: 'select',
    options: [option('online', 'Online', 'Online'), option('store', 'Loja', 'Store')],
  });
  await call(admin, 'post', '/api/crm/fields', {
    entity: 'company',
    key: 'tier',
    label: { pt: 'Porte do cliente', en: 'Customer tier' },
    type: 'select',
    options: [option('small', 'Pequeno', 'Small'), option('large', 'Grande', 'Large')],
  });
  await call(admin, 'post', '/api/crm/fields', {
    entity: 'company',
    key: 'website2',
    label: { pt: 'Loja virtual', en: 'Online shop' },
    type: 'url',
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const byId = (page: Page, id: string): Locator => page.locator(`[id="${id}"]`);

describe('custom fields in Settings', () => {
  it('an admin adds a choice field to deals with its options, retires an option and then the field, and restores it', async () => {
    await admin.goto('/settings?tab=fields&entity=deal');
    await admin.getByText('Meses de contrato').waitFor();
    await admin.getByRole('button', { name: 'Novo campo' }).click();
    await dialog(admin).getByRole('heading', { name: 'Novo campo de negócio' }).waitFor();
    await dialog(admin).getByLabel('Nome em português').first().fill('Forma de pagamento');
    await dialog(admin).getByLabel('Nome em inglês').first().fill('Payment method');
    // The key follows the Portuguese label until someone types one.
    expect(await byId(admin, 'custom-field-key').inputValue()).toBe('formaDePagamento');
    await byId(admin, 'custom-field-type').click();
    await admin.getByRole('option', { name: 'Lista (uma opção)' }).click();
    const addOption = dialog(admin).getByRole('button', { name: 'Adicionar opção' });
    if ((await byId(admin, 'custom-field-options.0.label.pt').count()) === 0) await addOption.click();
    await byId(admin, 'custom-field-options.0.label.pt').fill('Boleto');
    await byId(admin, 'custom-field-options.0.label.en').fill('Bank slip');
    await addOption.click();
    await byId(admin, 'custom-field-options.1.label.pt').fill('Cartão de crédito');
    await byId(admin, 'custom-field-options.1.label.en').fill('Credit card');
    expect(await byId(admin, 'custom-field-options.1.key').inputValue()).toBe('cartaoDeCredito');
    await dialog(admin).getByRole('button', { name: 'Criar campo' }).click();
    await toastLocator(admin).getByText('Campo “Forma de pagamento” criado').waitFor();
    await dialog(admin).waitFor({ state: 'detached' });

    const stored = async () =>
      (
        (await (await admin.request.get('/api/crm/fields?entity=deal&includeRetired=true')).json()) as {
          items: { key: string; retired: boolean; options: { key: string; retired: boolean }[] }[];
        }
      ).items.find((field) => field.key === 'formaDePagamento');
    expect((await stored())?.options.map((o) => [o.key, o.retired])).toEqual([
      ['boleto', false],
      ['cartaoDeCredito', false],
    ]);

    // Its first option retired: kept for the deals that chose it, offered no more.
    await admin.getByRole('button', { name: 'Editar Forma de pagamento' }).click();
    await dialog(admin).getByRole('button', { name: 'Arquivar a opção Boleto' }).click();
    await dialog(admin).getByRole('button', { name: 'Salvar' }).click();
    await toastLocator(admin).getByText('Campo “Forma de pagamento” salvo').waitFor();
    await expect.poll(async () => (await stored())?.options.map((o) => o.retired)).toEqual([true, false]);

    // The field retired, then restored.
    await admin.getByRole('button', { name: 'Arquivar Forma de pagamento' }).click();
    await dialog(admin).getByRole('button', { name: 'Arquivar' }).click();
    await toastLocator(admin).getByText('Campo “Forma de pagamento” arquivado').waitFor();
    await expect.poll(async () => (await stored())?.retired).toBe(true);
    await admin.getByRole('button', { name: 'Restaurar Forma de pagamento' }).click();
    await toastLocator(admin).getByText('Campo “Forma de pagamento” restaurado').waitFor();
    await expect.poll(async () => (await stored())?.retired).toBe(false);
  });

  it('looks right in pt/en, three themes, 1280/390 px (screenshots, axe)', async () => {
    await inEveryLook(
      browser,
      { baseURL: server.baseUrl, storageState: await admin.context().storageState() },
      async (page) => {
        await page.goto('/settings?tab=fields');
        await page.getByText('customerCode').waitFor();
      },
      async (page, { language, theme, width }) => {
        await settled(page);
        await screenshot(page, `custom-fields-settings-${language}-${theme}-${width}`);
        if (axeAt(width, theme, language)) await expectAccessible(page, `settings ${language} ${theme} ${width}`);
      },
    );
  });
});

describe('custom fields in the forms', () => {
  it('creates a contact with every kind of field: checked in Portuguese first, then saved and shown under its labels', async () => {
    await admin.goto('/crm/contacts');
    await admin.getByRole('button', { name: 'Novo contato' }).click();
    await dialog(admin).getByRole('heading', { name: 'Novo contato' }).waitFor();
    await control(admin, 'contact', 'customerCode').waitFor();
    await dialog(admin).getByText('Obrigatórios: o nome e os campos marcados com “Obrigatório”.').waitFor();
    // In the fields' order, under their Portuguese labels.
    const labels = await dialog(admin)
      .locator('[data-custom-field] label')
      .evaluateAll((elements) => elements.map((element) => element.textContent));
    expect(labels.slice(0, 5)).toEqual([
      'Código do cliente',
      'Segmento',
      'Orçamento',
      'Primeira reunião',
      'Recebe newsletter',
    ]);

    await admin.locator('#contact-name').fill('Helena Campos');
    await control(admin, 'contact', 'budget').fill('mil reais');
    await admin.getByRole('button', { name: 'Criar contato' }).click();
    await messageOf(admin, 'contact', 'customerCode').getByText('Obrigatório').waitFor();
    expect(await messageOf(admin, 'contact', 'budget').textContent()).toBe('Informe um valor em reais, ex.: 1.500,00');
    expect(await control(admin, 'contact', 'customerCode').getAttribute('aria-invalid')).toBe('true');

    await control(admin, 'contact', 'customerCode').fill('C-0042');
    await control(admin, 'contact', 'budget').fill('12.500,50');
    await control(admin, 'contact', 'firstMeeting').fill('2026-03-09');
    await control(admin, 'contact', 'segment').click();
    await admin.getByRole('option', { name: 'Indústria' }).click();
    await control(admin, 'contact', 'newsletter').click();
    await dialog(admin).getByRole('group', { name: 'Canais' }).getByText('WhatsApp').click();
    const created = admin.waitForResponse(
      (res) => res.url().endsWith('/api/crm/contacts') && res.request().method() === 'POST',
    );
    await admin.getByRole('button', { name: 'Criar contato' }).click();
    const saved = (await (await created).json()) as { id: number; customFields: Record<string, unknown> };
    expect(saved.customFields).toEqual({
      customerCode: 'C-0042',
      budget: '12500.50',
      firstMeeting: '2026-03-09',
      segment: 'industry',
      newsletter: true,
      channels: ['whatsapp'],
    });
    await toastLocator(admin).getByText('Contato criado com sucesso').waitFor();

    // The page shows each value under its label, as people read them; in English, the English labels.
    await admin.goto(`/crm/contacts/${saved.id}`);
    const details = admin.locator('main dl');
    const value = (label: string) =>
      details.locator('div', { has: admin.locator('dt', { hasText: label }) }).locator('dd');
    await value('Segmento').getByText('Indústria').waitFor();
    expect(await value('Orçamento').textContent()).toMatch(/R\$\s12\.500,50/);
    expect(await value('Primeira reunião').textContent()).toBe('09/03/2026');
    expect(await value('Recebe newsletter').textContent()).toBe('Sim');
    expect(await value('Canais').textContent()).toBe('WhatsApp');
    expect(await value('Código do cliente').textContent()).toBe('C-0042');
    await chooseLanguage(admin, 'en');
    await value('Segment').getByText('Industry').waitFor();
    expect(await value('Gets the newsletter').textContent()).toBe('Yes');
    await chooseLanguage(admin, 'pt');
  });

  it('puts the server’s refusal under the field: a field retired while the dialog was open', async () => {
    const contact = await call<{ id: number }>(admin, 'post', '/api/crm/contacts', {
      name: 'Otávio Reis',
      customFields: { customerCode: 'C-0100' },
    });
    const extra = await call<Field>(admin, 'post', '/api/crm/fields', {
      entity: 'contact',
      key: 'region',
      label: { pt: 'Região', en: 'Region' },
      type: 'text',
    });
    await admin.goto(`/crm/contacts/${contact.id}`);
    await admin.getByRole('button', { name: 'Editar', exact: true }).click();
    await control(admin, 'contact', 'region').fill('Sudeste');
    // Meanwhile an admin retires it: the save is refused, naming it, and nothing of the contact changes.
    await call(admin, 'delete', `/api/crm/fields/${extra.id}`);
    const answer = admin.waitForResponse(
      (res) => res.url().includes(`/api/crm/contacts/${contact.id}`) && res.request().method() === 'PATCH',
    );
    await admin.getByRole('button', { name: 'Salvar alterações' }).click();
    expect((await answer).status()).toBe(400);
    await messageOf(admin, 'contact', 'region')
      .getByText(/retired/)
      .waitFor();
    const stored = await (await admin.request.get(`/api/crm/contacts/${contact.id}`)).json();
    expect(stored.customFields).toEqual({ customerCode: 'C-0100' });
  });

  it('saves a deal’s number field and a company’s address field from their dialogs', async () => {
    await admin.goto('/crm/pipeline');
    await admin.getByRole('button', { name: 'Novo negócio' }).click();
    await dialog(admin).getByLabel('Título').fill('Contrato anual da Gráfica');
    await control(admin, 'deal', 'contractMonths').fill('abc');
    await dialog(admin).getByRole('button', { name: 'Criar negócio' }).click();
    expect(await messageOf(admin, 'deal', 'contractMonths').textContent()).toBe('Informe um número');
    await control(admin, 'deal', 'contractMonths').fill('24');
    const deal = admin.waitForResponse(
      (res) => res.url().endsWith('/api/crm/deals') && res.request().method() === 'POST',
    );
    await dialog(admin).getByRole('button', { name: 'Criar negócio' }).click();
    expect(((await (await deal).json()) as { customFields: object }).customFields).toEqual({ contractMonths: 24 });

    const company = await call<{ id: number }>(admin, 'post', '/api/crm/companies', { name: 'Gráfica Aurora' });
    await admin.goto(`/crm/companies/${company.id}`);
    await admin.getByRole('button', { name: 'Editar', exact: true }).click();
    await control(admin, 'company', 'website2').fill('aurora');
    await dialog(admin).getByRole('button', { name: 'Salvar alterações' }).click();
    expect(await messageOf(admin, 'company', 'website2').textContent()).toBe(
      'Informe um endereço que comece com http:// ou https://',
    );
    await control(admin, 'company', 'website2').fill('https://loja.aurora.com.br');
    await dialog(admin).getByRole('button', { name: 'Salvar alterações' }).click();
    await dialog(admin).waitFor({ state: 'detached' });
    const details = admin.locator('main dl');
    await details.getByText('https://loja.aurora.com.br').waitFor();
  });

  it('filters the contacts by a choice field from the filter bar, kept in the URL through a reload', async () => {
    await admin.goto('/crm/contacts');
    await admin.getByText('Otávio Reis').waitFor();
    await admin.locator('#contacts-field-segment').click();
    await admin.getByRole('option', { name: 'Segmento: Indústria' }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('customFields.segment')).toBe('industry');
    await admin.getByText('Helena Campos').waitFor();
    await expect.poll(() => admin.getByText('Otávio Reis').count()).toBe(0);
    // The chip says what is filtered, too.
    await admin.getByRole('button', { name: /Segmento: Indústria/ }).waitFor();
    await admin.reload();
    await admin.getByText('Helena Campos').waitFor();
    expect(await admin.getByText('Otávio Reis').count()).toBe(0);
    expect(await admin.locator('#contacts-field-segment').textContent()).toBe('Segmento: Indústria');
    await settled(admin);
    await screenshot(admin, 'custom-fields-contacts-filtered-pt-light-1280');
  });

  it('sets a field on the selected contacts at once: checked as in the form, a required one never emptied', async () => {
    await admin.goto('/crm/contacts?customFields.segment=industry');
    await admin.getByRole('checkbox', { name: 'Selecionar Helena Campos', exact: true }).click();
    const bar = admin.getByTestId('selection-bar');
    await bar.getByRole('button', { name: 'Campos' }).click();
    await admin.getByRole('menuitem', { name: 'Orçamento' }).click();
    await dialog(admin).getByRole('heading', { name: 'Orçamento de 1 contato' }).waitFor();
    await control(admin, 'bulk-field', 'budget').fill('muito');
    await dialog(admin).getByRole('button', { name: 'Aplicar a 1 contato' }).click();
    await messageOf(admin, 'bulk-field', 'budget').waitFor();
    await control(admin, 'bulk-field', 'budget').fill('1.234,50');
    const answer = admin.waitForResponse((res) => res.url().endsWith('/api/crm/contacts/bulk'));
    await dialog(admin).getByRole('button', { name: 'Aplicar a 1 contato' }).click();
    expect((await answer).status()).toBe(200);
    await toastLocator(admin).getByText('1 contato alterado').waitFor();
    const found = await admin.request.get('/api/crm/contacts?search=Helena%20Campos');
    const helena = (
      (await found.json()) as { items: { id: number; name: string; customFields: Record<string, unknown> }[] }
    ).items.find((c) => c.name === 'Helena Campos')!;
    expect(helena.customFields).toMatchObject({ budget: '1234.50', segment: 'industry' });

    // Left empty, a required field is refused before anything is sent.
    await admin.getByRole('checkbox', { name: 'Selecionar Helena Campos', exact: true }).click();
    await bar.getByRole('button', { name: 'Campos' }).click();
    await admin.getByRole('menuitem', { name: 'Código do cliente' }).click();
    await dialog(admin).getByRole('button', { name: 'Aplicar a 1 contato' }).click();
    expect(await messageOf(admin, 'bulk-field', 'customerCode').textContent()).toBe('Obrigatório');
    await dialog(admin).getByRole('button', { name: 'Cancelar' }).click();
    // Back as the pinning test below expects it.
    await call(admin, 'patch', `/api/crm/contacts/${helena.id}`, { customFields: { budget: '12500.50' } });
  });

  it('orders the contacts by a column or a custom field, either way, as the API does, kept in the URL', async () => {
    await admin.goto('/crm/contacts');
    await admin.getByTestId('contact-card').first().waitFor();
    const names = () => admin.getByTestId('contact-card-name').allTextContents();
    const apiNames = async (query: string) =>
      (
        (await (await admin.request.get(`/api/crm/contacts?${query}&limit=50`)).json()) as { items: { name: string }[] }
      ).items.map((c) => c.name);
    await admin.locator('#contacts-sort').click();
    await admin.getByRole('option', { name: 'Nome', exact: true }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('sort')).toBe('name');
    const byName = await apiNames('sort=name');
    await expect.poll(async () => (await names()).slice(0, 5)).toEqual(byName.slice(0, 5));
    await admin.getByRole('button', { name: /Ordem crescente/ }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('order')).toBe('desc');
    const byNameDesc = await apiNames('sort=name&order=desc');
    await expect.poll(async () => (await names()).slice(0, 5)).toEqual(byNameDesc.slice(0, 5));

    await admin.locator('#contacts-sort').click();
    await admin.getByRole('option', { name: 'Orçamento', exact: true }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('sort')).toBe('customFields.budget');
    const byBudget = await apiNames('sort=customFields.budget&order=desc');
    expect(byBudget[0]).toBe('Helena Campos');
    await expect.poll(async () => (await names()).slice(0, 3)).toEqual(byBudget.slice(0, 3));
    await admin.reload();
    await expect.poll(async () => (await names()).slice(0, 3)).toEqual(byBudget.slice(0, 3));
    expect(await admin.locator('#contacts-sort').textContent()).toBe('Orçamento');
    await settled(admin);
    await screenshot(admin, 'custom-fields-contacts-sorted-pt-light-1280');
  });

  it('filters the board by a deal choice field: its cards and its column totals alike, kept in the URL', async () => {
    await call(admin, 'post', '/api/crm/deals', {
      title: 'Venda na loja',
      value: '300.00',
      stage: 'proposal',
      customFields: { salesChannel: 'store' },
    });
    await call(admin, 'post', '/api/crm/deals', {
      title: 'Venda pelo site',
      value: '900.00',
      stage: 'proposal',
      customFields: { salesChannel: 'online' },
    });
    await admin.goto('/crm/pipeline');
    await admin.getByText('Venda pelo site').waitFor();
    await admin.locator('#board-field-salesChannel').click();
    await admin.getByRole('option', { name: 'Canal de venda: Loja' }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('customFields.salesChannel')).toBe('store');
    await expect.poll(() => admin.getByText('Venda pelo site').count()).toBe(0);
    await admin.getByText('Venda na loja').waitFor();
    await expect.poll(() => admin.getByTestId('total-open').textContent()).toContain('300,00');
  });

  it('filters the companies by a choice field from their filter bar, with its chip', async () => {
    await call(admin, 'post', '/api/crm/companies', { name: 'Atacado Grande', customFields: { tier: 'large' } });
    await call(admin, 'post', '/api/crm/companies', { name: 'Quitanda Pequena', customFields: { tier: 'small' } });
    await admin.goto('/crm/companies');
    await admin.getByText('Quitanda Pequena').waitFor();
    await admin.locator('#companies-field-tier').click();
    await admin.getByRole('option', { name: 'Porte do cliente: Grande' }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('customFields.tier')).toBe('large');
    await expect.poll(() => admin.getByText('Quitanda Pequena').count()).toBe(0);
    await admin.getByText('Atacado Grande').waitFor();
    await admin.getByRole('button', { name: /Porte do cliente: Grande/ }).waitFor();
  });

  it('orders the companies by a column, descending, as the API does, kept in the URL', async () => {
    await admin.goto('/crm/companies');
    await admin.getByTestId('companies-total').getByText(/^\d/).waitFor();
    await admin.locator('#companies-sort').click();
    await admin.getByRole('option', { name: 'Nome', exact: true }).click();
    await admin.getByRole('button', { name: /Ordem crescente/ }).click();
    await expect.poll(() => new URL(admin.url()).search).toBe('?sort=name&order=desc');
    const api = (
      (await (await admin.request.get('/api/crm/companies?sort=name&order=desc&limit=50')).json()) as {
        items: { name: string }[];
      }
    ).items.map((c) => c.name);
    const cards = admin.getByTestId('company-card-name');
    await expect.poll(async () => (await cards.allTextContents()).slice(0, 3)).toEqual(api.slice(0, 3));
  });

  it('pins two contact fields to the cards from Settings, where a third waits for a place', async () => {
    await admin.goto('/settings?tab=fields');
    await admin.getByRole('button', { name: 'Mostrar Segmento nos cartões' }).click();
    await toastLocator(admin).getByText('“Segmento” aparece nos cartões').waitFor();
    await admin.getByRole('button', { name: 'Mostrar Orçamento nos cartões' }).click();
    await toastLocator(admin).getByText('“Orçamento” aparece nos cartões').waitFor();
    const third = admin.getByRole('button', { name: 'Mostrar Canais nos cartões' });
    await expect.poll(() => third.isDisabled()).toBe(true);
    expect(await third.getAttribute('title')).toBe('Dois campos já aparecem nos cartões: tire um antes');
    expect(await admin.getByRole('button', { name: 'Mostrar Segmento nos cartões' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await admin.goto('/crm/contacts');
    const pinned = admin.locator('article', { hasText: 'Helena Campos' }).getByTestId('pinned-fields');
    await pinned.getByText('Indústria').waitFor();
    expect(await pinned.innerText()).toMatch(/^Segmento:\s*Indústria\s*Orçamento:\s*R\$\s12\.500,50$/);
    // A contact without those values shows no such lines.
    expect(await admin.locator('article', { hasText: 'Otávio Reis' }).getByTestId('pinned-fields').count()).toBe(0);
    await settled(admin);
    await screenshot(admin, 'custom-fields-pinned-cards-pt-light-1280');
  });

  it('looks right in the contact form with its fields, in pt/en, three themes, 1280/390 px (screenshots, axe)', async () => {
    await inEveryLook(
      browser,
      { baseURL: server.baseUrl, storageState: await admin.context().storageState() },
      async (page) => {
        await page.goto('/crm/contacts');
      },
      // The dialog opened in each look (a click on the top bar's controls would close it): sent empty, so that the
      // required fields' messages show in each theme's colours, then closed.
      async (page, { language, theme, width }) => {
        const en = language === 'en';
        await page.getByRole('button', { name: en ? 'New contact' : 'Novo contato' }).click();
        await control(page, 'contact', 'customerCode').waitFor();
        await page.getByRole('button', { name: en ? 'Create contact' : 'Criar contato' }).click();
        await messageOf(page, 'contact', 'customerCode').waitFor();
        // The dialog scrolls: its added fields in view.
        await control(page, 'contact', 'customerCode').scrollIntoViewIfNeeded();
        await settled(page);
        await screenshot(page, `custom-fields-contact-form-${language}-${theme}-${width}`);
        if (axeAt(width, theme, language)) await expectAccessible(page, `contact form ${language} ${theme} ${width}`);
        await page.keyboard.press('Escape');
        await dialog(page).waitFor({ state: 'detached' });
      },
    );
  });
});
