import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeAt,
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

// Saved views of the contacts (issue 27): a table with chosen columns, a filter and an order saved under a name,
// reloaded, shared, opened by another person as their default, and kept when its custom field is retired. A server of
// its own: the contacts' custom field shows in every other file's tables and exports.
let server: RunningServer;
let browser: Browser;
let admin: Page;
let employee: Page;

async function call<T>(page: Page, method: 'post' | 'patch' | 'delete', url: string, data?: object): Promise<T> {
  const res = await page.request[method](url, { data, headers: { origin: server.baseUrl } });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json().catch(() => null)) as T;
}

const viewsMenu = (page: Page) => page.getByTestId('views-menu');
const headers = (page: Page) => page.getByRole('columnheader').allTextContents();
// The first cell is the row's checkbox; the name comes next.
const names = (page: Page) => page.locator('[data-testid="table-row"] [role="cell"]:nth-child(2)').allTextContents();
const modified = (page: Page) => page.getByTestId('view-modified');
let fieldId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startSeededServer('saved-views'), launchBrowser()]);
  admin = await newPage(browser, { baseURL: server.baseUrl });
  employee = await newPage(browser, { baseURL: server.baseUrl });
  await signIn(admin, DEMO.admin, { to: '/profile' });
  fieldId = (
    await call<{ id: number }>(admin, 'post', '/api/crm/fields', {
      entity: 'contact',
      key: 'regiao',
      label: { pt: 'Região', en: 'Region' },
      type: 'select',
      options: [
        { key: 'sul', label: { pt: 'Sul', en: 'South' } },
        { key: 'norte', label: { pt: 'Norte', en: 'North' } },
      ],
    })
  ).id;
  const people = [
    { name: 'Bruna Sul', status: 'lead', customFields: { regiao: 'sul' } },
    { name: 'Ana Norte', status: 'lead', customFields: { regiao: 'norte' } },
    { name: 'Caio Sul', status: 'lead', customFields: { regiao: 'sul' } },
    { name: 'Davi Cliente', status: 'customer', customFields: { regiao: 'sul' } },
  ];
  for (const person of people)
    await call(admin, 'post', '/api/crm/contacts', { ...person, tags: ['visoes'], email: `${person.name[0]}@ex.com` });
  await signIn(employee, DEMO.employee, { to: '/crm/contacts?tag=visoes&status=lead' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('saved views of the contacts', () => {
  it('saves a table with chosen columns, a filter and an order; reloads it whole; tells a change apart', async () => {
    const page = employee;
    await page.getByRole('button', { name: 'Tabela' }).click();
    await expect.poll(() => names(page)).toHaveLength(3);
    // Hide the phone, move the region next to the name, order by region.
    await page.getByTestId('columns-menu').click();
    await page.getByLabel('Telefone', { exact: true }).click();
    for (let i = 0; i < 7; i++) await page.getByRole('button', { name: 'Mover Região para cima' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('columnheader', { name: 'Região' }).getByRole('button').click();
    await expect
      .poll(() => headers(page))
      .toEqual([
        'Seleção',
        'Nome',
        'Região',
        'E-mail',
        'Empresa',
        'Status',
        'Pontuação',
        'Origem',
        'Responsável',
        'Última atualização',
      ]);
    await expect.poll(() => names(page)).toEqual(['Ana Norte', 'Bruna Sul', 'Caio Sul']);

    await viewsMenu(page).click();
    await page.getByRole('menuitem', { name: 'Salvar como nova visão…' }).click();
    await page.getByLabel('Nome da visão').fill('Leads por região');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await toastLocator(page).getByText('Visão salva').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toMatch(/^\d+$/);
    await expect.poll(() => viewsMenu(page).textContent()).toBe('Leads por região');

    await page.reload();
    await expect.poll(() => viewsMenu(page).textContent()).toBe('Leads por região');
    await expect.poll(() => names(page)).toEqual(['Ana Norte', 'Bruna Sul', 'Caio Sul']);
    expect((await headers(page)).slice(1, 4)).toEqual(['Nome', 'Região', 'E-mail']);
    expect(await modified(page).count()).toBe(0);

    // A filter changed: modified; discarded: the view again.
    await page.goto(`${page.url()}&source=site`);
    await modified(page).waitFor();
    await viewsMenu(page).click();
    await page.getByRole('menuitem', { name: 'Descartar alterações' }).click();
    await modified(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('source')).toBe(false);

    // A column widened with the keyboard on its header's edge, saved into the view.
    const edge = page.getByTestId('resize-customFields.regiao');
    const before = (await page.getByRole('columnheader', { name: 'Região' }).boundingBox())!.width;
    await edge.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await modified(page).waitFor();
    await expect
      .poll(async () => (await page.getByRole('columnheader', { name: 'Região' }).boundingBox())!.width)
      .toBe(Math.round(before) + 32);
    await viewsMenu(page).click();
    await page.getByRole('menuitem', { name: 'Salvar alterações na visão' }).click();
    await modified(page).waitFor({ state: 'detached' });
    await page.reload();
    await expect
      .poll(async () => (await page.getByRole('columnheader', { name: 'Região' }).boundingBox())?.width)
      .toBe(Math.round(before) + 32);
  });

  it('shared, another person opens it from the menu, makes it their default and lands on it', async () => {
    await viewsMenu(employee).click();
    await employee.getByRole('menuitem', { name: 'Compartilhar com a equipe' }).click();
    await toastLocator(employee).getByText('Visão compartilhada com a equipe').waitFor();

    const other = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(other, DEMO.developer, { to: '/crm/contacts' });
    await viewsMenu(other).click();
    await other.getByText('Compartilhadas pela equipe').waitFor();
    await other.getByRole('menuitemradio', { name: 'Leads por região' }).click();
    await expect.poll(() => names(other)).toEqual(['Ana Norte', 'Bruna Sul', 'Caio Sul']);
    // Not theirs: they cannot change or delete it, but they can make it theirs to open with.
    await viewsMenu(other).click();
    expect(await other.getByRole('menuitem', { name: 'Excluir visão' }).count()).toBe(0);
    await other.getByRole('menuitem', { name: 'Abrir a lista com esta visão' }).click();
    await toastLocator(other).getByText('A lista passa a abrir com esta visão').waitFor();
    await other.goto('/crm/contacts');
    await expect.poll(() => viewsMenu(other).textContent()).toBe('Leads por região');
    await expect.poll(() => names(other)).toEqual(['Ana Norte', 'Bruna Sul', 'Caio Sul']);
    await other.context().close();
  });

  it('keeps the view when its field is retired: opened with a notice, and saved without it', async () => {
    await call(admin, 'delete', `/api/crm/fields/${fieldId}`);
    await employee.reload();
    const notice = employee.getByTestId('stale-view');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('customFields.regiao');
    // The rest of the view still holds: the filter, the table, the other columns (newest first without its order).
    await expect.poll(() => names(employee).then((n) => n.sort())).toEqual(['Ana Norte', 'Bruna Sul', 'Caio Sul']);
    expect(await headers(employee)).not.toContain('Região');
    await notice.getByRole('button', { name: 'Salvar a visão sem essa parte' }).click();
    await notice.waitFor({ state: 'detached' });
    // The URL follows the saved view: nothing left to call a change.
    await modified(employee).waitFor({ state: 'detached' });
    await expect.poll(() => new URL(employee.url()).searchParams.get('columns')).not.toContain('regiao');
  });

  it('in pt/en, three themes, 1280/390 px, with the menu open; axe clean', async () => {
    await call(admin, 'patch', `/api/crm/fields/${fieldId}`, { retired: false });
    const url = employee.url();
    await inEveryLook(
      browser,
      { baseURL: server.baseUrl, storageState: await employee.context().storageState() },
      async (page) => {
        await page.goto(url);
        await expect.poll(() => names(page)).toHaveLength(3);
      },
      async (page, { language, theme, width }) => {
        await viewsMenu(page).click();
        await page.getByRole('menu').waitFor();
        await settled(page);
        await screenshot(page, `saved-views-${language}-${theme}-${width}`);
        if (axeAt(width, theme, language)) await expectAccessible(page, `saved views ${language} ${theme} ${width}`);
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });
      },
    );
  });
});

describe('the contacts table, changed in place', () => {
  it('saves a cell, shows a refusal under it, and says when someone else changed the contact first', async () => {
    const page = admin;
    await page.goto('/crm/contacts?tag=visoes&layout=table&sort=name');
    await expect.poll(() => names(page)).toHaveLength(4);
    const cell = (label: string) => page.getByRole('button', { name: `${label}:` });
    /** What a cell shows, after the field and record its name starts with. */
    const shown = async (label: string) => (await cell(label).textContent())!.replace(`${label}: `, '');
    const control = (label: string) => page.getByRole('textbox', { name: label, exact: true });

    // A refusal stays under the control, which says it is invalid; a good value is saved.
    await cell('E-mail de Ana Norte').click();
    await control('E-mail de Ana Norte').fill('ana-sem-arroba');
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Informe um e-mail válido');
    expect(await control('E-mail de Ana Norte').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'contacts-table-cell-error-pt-light-1280');
    await expectAccessible(page, 'contacts table cell error');
    await control('E-mail de Ana Norte').fill('ana@norte.com.br');
    await page.keyboard.press('Enter');
    await expect.poll(() => shown('E-mail de Ana Norte')).toBe('ana@norte.com.br');
    const stored = await (await page.request.get('/api/crm/contacts?search=Ana%20Norte')).json();
    expect(stored.items[0].email).toBe('ana@norte.com.br');

    // Escape puts the value back; a status is chosen from its list and saved at once.
    await cell('Pontuação de Ana Norte').click();
    await page.getByRole('spinbutton', { name: 'Pontuação de Ana Norte' }).fill('150');
    await page.keyboard.press('Enter');
    await alert.waitFor();
    await page.keyboard.press('Escape');
    await alert.waitFor({ state: 'detached' });
    expect(await shown('Pontuação de Ana Norte')).toBe('0');
    await cell('Status de Ana Norte').click();
    await page.getByRole('combobox', { name: 'Status de Ana Norte' }).selectOption('customer');
    await expect.poll(() => shown('Status de Ana Norte')).toBe('Cliente');

    // A custom field's cell: a choice among its options, merged into the contact's values; empty clears it.
    await cell('Região de Bruna Sul').click();
    await page.getByRole('combobox', { name: 'Região de Bruna Sul' }).selectOption('norte');
    await expect.poll(() => shown('Região de Bruna Sul')).toBe('Norte');
    const bruna = (await (await page.request.get('/api/crm/contacts?search=Bruna%20Sul')).json()).items[0];
    expect(bruna.customFields).toEqual({ regiao: 'norte' });
    await cell('Região de Bruna Sul').click();
    await page.getByRole('combobox', { name: 'Região de Bruna Sul' }).selectOption('');
    await expect.poll(() => shown('Região de Bruna Sul')).toBe('');

    // Someone else changes the contact after the list was read: the save is refused and the list loads it again.
    const ana = stored.items[0];
    await call(admin, 'patch', `/api/crm/contacts/${ana.id}`, { phone: '11 99999-0000' });
    await cell('Telefone de Ana Norte').click();
    await control('Telefone de Ana Norte').fill('11 3333-4444');
    await page.keyboard.press('Enter');
    await expect.poll(() => alert.textContent()).toContain('Este contato mudou desde que a lista foi carregada');
    await page.keyboard.press('Escape');
    await expect.poll(() => shown('Telefone de Ana Norte')).toBe('11 99999-0000');
    await cell('Telefone de Ana Norte').click();
    await control('Telefone de Ana Norte').fill('11 3333-4444');
    await page.keyboard.press('Enter');
    await expect.poll(() => shown('Telefone de Ana Norte')).toBe('11 3333-4444');
  });

  it('selects rows for the bulk actions as the cards do: one, then a range with shift', async () => {
    const page = admin;
    await page.goto('/crm/contacts?tag=visoes&layout=table&sort=name');
    await expect.poll(() => names(page)).toHaveLength(4);
    const bar = page.getByTestId('selection-bar');
    await page.getByRole('checkbox', { name: 'Selecionar Ana Norte' }).click();
    await expect.poll(() => bar.getByTestId('selection-count').textContent()).toBe('1 selecionado');
    await page.getByRole('checkbox', { name: 'Selecionar Caio Sul' }).click({ modifiers: ['Shift'] });
    await expect.poll(() => bar.getByTestId('selection-count').textContent()).toBe('3 selecionados');
    expect(await page.getByRole('checkbox', { name: 'Selecionar Bruna Sul' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await page.getByRole('checkbox', { name: 'Selecionar Davi Cliente' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('leaves the cells of contacts a person may not change as they are', async () => {
    const other = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(other, DEMO.developer, { to: '/crm/contacts?tag=visoes&layout=table' });
    await expect.poll(() => names(other)).toHaveLength(4);
    expect(await other.getByRole('button', { name: /^E-mail de / }).count()).toBe(0);
    expect(await other.getByRole('cell', { name: 'B@ex.com', exact: true }).count()).toBe(1);
    await other.context().close();
  });
});

describe('the deals as a table, and views of the board', () => {
  const tag = 'Visão negócio';
  const titles = (page: Page) => page.locator('[data-testid="table-row"] [role="cell"]:first-child').allTextContents();
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    for (const [title, value, close] of [
      ['Gama', '3000.00', day(40)],
      ['Alfa', '500.00', day(5)],
      ['Beta', '1200.00', day(10)],
    ] as const)
      await call(admin, 'post', '/api/crm/deals', { title: `${tag} ${title}`, value, expectedCloseDate: close });
  });

  it('orders by a header, changes a cell in place, and saves the filters, order and layout as a view', async () => {
    const page = admin;
    await page.goto(`/crm/pipeline?q=${encodeURIComponent(tag)}`);
    await page.getByTestId('deal-card').first().waitFor();
    await page.getByRole('button', { name: 'Tabela' }).click();
    await expect.poll(() => titles(page)).toHaveLength(3);
    expect(await headers(page)).toEqual([
      'Título',
      'Etapa',
      'Valor (R$)',
      'Probabilidade (%)',
      'Previsão de fechamento',
      'Contato',
      'Empresa',
      'Responsável',
      'Última atualização',
    ]);
    await page.getByRole('columnheader', { name: 'Valor (R$)' }).getByRole('button').click();
    await expect.poll(() => titles(page)).toEqual([`${tag} Alfa`, `${tag} Beta`, `${tag} Gama`]);
    await screenshot(page, 'deals-table-pt-light-1280');
    await expectAccessible(page, 'deals table');

    // A probability out of bounds is refused under its cell; a good one is saved as set by hand.
    const cell = page.getByRole('button', { name: `Probabilidade (%) de ${tag} Beta:` });
    await cell.click();
    const control = page.getByRole('spinbutton', { name: `Probabilidade (%) de ${tag} Beta` });
    await control.fill('150');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Um número inteiro de 0 a 100');
    await control.fill('40');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell.textContent()).toContain('40%');
    const beta = (await (await page.request.get(`/api/crm/deals?search=${encodeURIComponent(`${tag} Beta`)}`)).json())
      .items[0];
    expect(beta).toMatchObject({ probability: 40, probabilityManual: true });

    // Closing within 30 days (a window that moves with the days), saved as a view.
    await page.getByRole('button', { name: /^Mais filtros/ }).click();
    await page.locator('#board-close').click();
    await page.getByRole('option', { name: 'Em até 30 dias' }).click();
    await expect.poll(() => titles(page)).toEqual([`${tag} Alfa`, `${tag} Beta`]);
    await viewsMenu(page).click();
    await page.getByRole('menuitem', { name: 'Salvar como nova visão…' }).click();
    await page.getByLabel('Nome da visão').fill('Fecham no mês');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect.poll(() => viewsMenu(page).textContent()).toBe('Fecham no mês');
    const saved = (await (await page.request.get('/api/crm/views?entity=deal')).json()).items[0];
    expect(saved).toMatchObject({
      filters: { search: tag, closeWithin: 30 },
      sort: { column: 'value', order: 'asc' },
      layout: 'table',
    });

    // Opened again from the whole board: the search box, the window and the table come back.
    await viewsMenu(page).click();
    await page.getByRole('menuitemradio', { name: 'Todos os negócios' }).click();
    await page.getByTestId('deal-card').first().waitFor();
    expect(await page.locator('#board-q').inputValue()).toBe('');
    await viewsMenu(page).click();
    await page.getByRole('menuitemradio', { name: 'Fecham no mês' }).click();
    await expect.poll(() => titles(page)).toEqual([`${tag} Alfa`, `${tag} Beta`]);
    expect(await page.locator('#board-q').inputValue()).toBe(tag);
    expect(await modified(page).count()).toBe(0);
    // The board itself is a change of the view.
    await page.getByRole('button', { name: 'Quadro' }).click();
    await page.getByTestId('deal-card').first().waitFor();
    await modified(page).waitFor();
  });
});

describe('the activities as a table, and views of them', () => {
  const subjects = (page: Page) =>
    page.locator('[data-testid="table-row"] [role="cell"]:first-child').allTextContents();

  it('orders by priority, changes a type in place, and saves the tab, type and layout as a view', async () => {
    const page = employee;
    const me = (await (await page.request.get('/api/user')).json()) as { id: number };
    for (const [subject, priority] of [
      ['Visão ligar Bruno', 'high'],
      ['Visão ligar Ana', 'low'],
      ['Visão ligar Caio', 'urgent'],
    ] as const)
      await call(page, 'post', '/api/crm/activities', { subject, type: 'call', priority, assignedTo: me.id });
    await page.goto('/crm/activities?type=call');
    await page.getByRole('button', { name: 'Tabela' }).click();
    await expect.poll(async () => (await subjects(page)).filter((s) => s.startsWith('Visão')).length).toBe(3);
    await page.getByRole('columnheader', { name: 'Prioridade' }).getByRole('button').click();
    await page.getByRole('columnheader', { name: 'Prioridade' }).getByRole('button').click();
    await expect
      .poll(async () => (await subjects(page)).filter((s) => s.startsWith('Visão')))
      .toEqual(['Visão ligar Caio', 'Visão ligar Bruno', 'Visão ligar Ana']);
    expect(new URL(page.url()).searchParams.get('order')).toBe('desc');
    await screenshot(page, 'activities-table-pt-light-1280');
    await expectAccessible(page, 'activities table');

    await page.getByRole('button', { name: 'Tipo de Visão ligar Ana:' }).click();
    await page.getByRole('combobox', { name: 'Tipo de Visão ligar Ana' }).selectOption('meeting');
    await expect.poll(async () => (await subjects(page)).includes('Visão ligar Ana')).toBe(false);

    await viewsMenu(page).click();
    await page.getByRole('menuitem', { name: 'Salvar como nova visão…' }).click();
    await page.getByLabel('Nome da visão').fill('Ligações urgentes');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect.poll(() => viewsMenu(page).textContent()).toBe('Ligações urgentes');
    const saved = (await (await page.request.get('/api/crm/views?entity=activity')).json()).items[0];
    expect(saved).toMatchObject({
      filters: { type: 'call' },
      sort: { column: 'priority', order: 'desc' },
      layout: 'table',
    });
    await page.goto('/crm/activities');
    await viewsMenu(page).click();
    await page.getByRole('menuitemradio', { name: 'Ligações urgentes' }).click();
    await expect
      .poll(async () => (await subjects(page)).filter((s) => s.startsWith('Visão')))
      .toEqual(['Visão ligar Caio', 'Visão ligar Bruno']);
    expect(await page.getByRole('button', { name: 'Ligação', pressed: true }).count()).toBe(1);
    // The agenda is another layout: the view is then modified.
    await page.getByRole('button', { name: 'Agenda' }).click();
    await page.getByTestId('agenda-range').waitFor();
    await modified(page).waitFor();
  });
});
