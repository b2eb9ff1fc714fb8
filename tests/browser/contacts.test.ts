import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePagedList, scrollUntilShown } from './support/paged-list';
import {
  chooseTheme,
  axeAt,
  baseUrl,
  DEMO,
  expectAccessible,
  launchBrowser,
  newPage,
  registerUser,
  screenshot,
  signIn,
  toastLocator,
  uniqueName,
  type Language,
  type Theme,
  settled,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface ContactInput {
  name: string;
  email?: string;
  phone?: string;
  companyId?: number | null;
  /** Made as a company of its own (by the API) for the contact. */
  company?: string;
  position?: string;
  status?: 'lead' | 'prospect' | 'customer' | 'inactive';
  score?: number;
  tags?: string[];
  source?: string;
  ownerId?: number | null;
}

interface SavedContact extends ContactInput {
  id: number;
  updatedAt: string;
}

/** Data is made through the API (as the signed-in user of the page), not by clicking. */
async function createContact(page: Page, { company, ...input }: ContactInput): Promise<SavedContact> {
  const data = company ? { ...input, companyId: await createCompany(page, company) } : input;
  const res = await page.request.post('/api/crm/contacts', { data, headers: { origin: baseUrl() } });
  expect(res.status()).toBe(201);
  return (await res.json()) as SavedContact;
}

/** A company, by the API, named `name`; its id. */
async function createCompany(page: Page, name: string): Promise<number> {
  const res = await page.request.post('/api/crm/companies', { data: { name }, headers: { origin: baseUrl() } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The contact dialog's company: searched for by `search`, then chosen by its name. */
async function chooseCompany(page: Page, search: string, name: string): Promise<void> {
  await page.locator('#contact-companyId-search').fill(search);
  await page.locator('#contact-companyId').click();
  await page.getByRole('option', { name, exact: true }).click();
}

async function changeContact(page: Page, id: number, changes: Partial<ContactInput>): Promise<void> {
  const res = await page.request.patch(`/api/crm/contacts/${id}`, { data: changes, headers: { origin: baseUrl() } });
  expect(res.status()).toBe(200);
}

async function currentUserId(page: Page): Promise<number> {
  const res = await page.request.get('/api/user');
  return ((await res.json()) as { id: number }).id;
}

async function newEmployee(prefix: string): Promise<Page> {
  const page = await newPage(browser);
  await registerUser(page, {
    username: uniqueName(prefix),
    name: 'Carla Contatos',
    initials: 'CC',
    password: 'a-good-password',
  });
  return page;
}

const cards = (page: Page) => page.getByTestId('contact-card');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('button', { name, exact: true }) });
const dialog = (page: Page) => page.getByRole('dialog');

describe('contacts', () => {
  it('creates a contact: the field errors first, then success with tags', async () => {
    const page = await newEmployee('cnew');
    const name = uniqueName('Renata ');
    await page.goto('/crm/contacts');
    await page.getByRole('button', { name: 'Novo contato' }).click();
    await dialog(page).getByRole('heading', { name: 'Novo contato' }).waitFor();
    // Status defaults to lead, the owner to me (read-only for an employee).
    expect(await page.locator('#contact-status').textContent()).toBe('Lead');
    expect(await page.locator('#contact-ownerId-readonly').inputValue()).toBe('Carla Contatos');

    await page.locator('#contact-email').fill('not-an-email');
    await page.locator('#contact-score').fill('150');
    await page.getByRole('button', { name: 'Criar contato' }).click();
    expect(await page.locator('#contact-name-message').textContent()).toBe('Obrigatório');
    expect(await page.locator('#contact-email-message').textContent()).toBe('Informe um e-mail válido');
    expect(await page.locator('#contact-score-message').textContent()).toBe('Um número inteiro de 0 a 100');
    expect(await page.locator('#contact-name').getAttribute('aria-invalid')).toBe('true');

    await page.locator('#contact-name').fill(name);
    await page.locator('#contact-email').fill('renata@example.com');
    await page.locator('#contact-score').fill('70');
    await page.locator('#contact-phone').fill('(11) 98765-4321');
    const acme = uniqueName('Acme Ltda ');
    await createCompany(page, acme);
    await chooseCompany(page, acme.toLowerCase(), acme);
    for (const tag of ['vip', 'sp', 'evento']) {
      await page.locator('#contact-tags').fill(tag);
      await page.locator('#contact-tags').press('Enter');
    }
    await page.getByRole('button', { name: 'Remover tag sp' }).click();
    // An address the browser lets through and the server refuses: its 400 lands on the field.
    await page.locator('#contact-email').fill('renata.@example.com');
    const answer = page.waitForResponse(
      (res) => res.url().endsWith('/api/crm/contacts') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Criar contato' }).click();
    expect((await answer).status()).toBe(400);
    await page.locator('#contact-email-message').getByText('Informe um e-mail válido').waitFor();
    expect(await page.locator('#contact-email').evaluate((element) => element === document.activeElement)).toBe(true);
    await page.locator('#contact-email').fill('renata@example.com');
    await page.getByRole('button', { name: 'Criar contato' }).click();
    await toastLocator(page).getByText('Contato criado com sucesso').waitFor();
    await dialog(page).waitFor({ state: 'detached' });

    const created = card(page, name);
    await created.waitFor();
    expect(await created.getByRole('link', { name: 'renata@example.com' }).getAttribute('href')).toBe(
      'mailto:renata@example.com',
    );
    expect(await created.getByRole('link', { name: '(11) 98765-4321' }).getAttribute('href')).toBe('tel:11987654321');
    expect(await created.getByRole('link', { name: `WhatsApp: ${name}` }).getAttribute('href')).toBe(
      'https://wa.me/5511987654321',
    );
    expect(await created.getByRole('list', { name: 'Tags' }).innerText()).toMatch(/vip\s+evento/);
    expect(await created.getByRole('img', { name: 'Responsável: Carla Contatos' }).textContent()).toBe('CC');
    await created.getByText(acme).waitFor();
    await page.context().close();
  });

  it('edits a contact from its card; more than 2 tags show as +N', async () => {
    const page = await newEmployee('cedit');
    const name = uniqueName('Edson ');
    const older = uniqueName('Antiga SA ');
    const newer = uniqueName('Nova SA ');
    await createContact(page, { name, companyId: await createCompany(page, older), tags: ['a', 'b', 'c', 'd'] });
    await createCompany(page, newer);
    await page.goto(`/crm/contacts?search=${encodeURIComponent(name)}`);
    await card(page, name).getByText('+2').waitFor();
    // The card opens from the keyboard: its name is a button.
    await page.getByRole('button', { name, exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog(page).getByRole('heading', { name: 'Editar contato' }).waitFor();
    expect(await page.locator('#contact-companyId').textContent()).toBe(older);
    await chooseCompany(page, newer, newer);
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await toastLocator(page).getByText('Contato atualizado com sucesso').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await card(page, name).getByText(newer).waitFor();
    await page.context().close();
  });

  it('a stale edit gets the conflict dialog; reload takes the current values', async () => {
    const page = await newEmployee('cconf');
    const name = uniqueName('Conrado ');
    const contact = await createContact(page, { name, position: 'Primeira' });
    await page.goto(`/crm/contacts?search=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name, exact: true }).click();
    await page.locator('#contact-position').waitFor();
    // Someone changes the contact after the dialog read it.
    await changeContact(page, contact.id, { position: 'Deles' });
    await page.locator('#contact-position').fill('Minha');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    const conflict = page.getByRole('dialog', { name: 'Alterado por outra pessoa' });
    await conflict.waitFor();
    expect((await conflict.getByTestId('conflict-changes').innerText()).split(/\n+/)).toEqual([
      'Cargo',
      'Salvo agora',
      'Deles',
      'Seu',
      'Minha',
    ]);
    await conflict.getByRole('button', { name: 'Carregar a versão atual' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await page.locator('#contact-position').inputValue()).toBe('Deles');
    await page.context().close();
  });

  it('searches on the server ignoring accents and case, debounced, with the total', async () => {
    const page = await newEmployee('csearch');
    const surname = uniqueName('Acentuado');
    await createContact(page, { name: `João ${surname}` });
    await createContact(page, { name: `Outro ${surname}` });
    await page.goto('/crm/contacts');
    await page.locator('#contacts-search').fill(`JOAO ${surname.toLowerCase()}`);
    await page.waitForURL(/search=JOAO/);
    await card(page, `João ${surname}`).waitFor();
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await page.getByTestId('contacts-total').textContent()).toBe('1 contato');
    await page.locator('#contacts-search').fill(surname);
    await expect.poll(() => cards(page).count()).toBe(2);
    expect(await page.getByTestId('contacts-total').textContent()).toBe('2 contatos');
    await page.context().close();
  });

  it('filters by status, tag and "mine"; the URL keeps them across a reload; chips remove them', async () => {
    const page = await newEmployee('cfilter');
    const me = await currentUserId(page);
    const tag = uniqueName('t').toLowerCase();
    const admin = await newPage(browser);
    await signIn(admin, DEMO.admin);
    await createContact(page, { name: `Cliente ${tag}`, status: 'customer', tags: [tag] });
    await createContact(page, { name: `Lead ${tag}`, tags: [tag] });
    await createContact(admin, { name: `Alheio ${tag}`, status: 'customer', tags: [tag] });

    await page.goto('/crm/contacts');
    await page.locator('#contacts-tag').fill(tag);
    await page.locator('#contacts-tag').press('Enter');
    await expect.poll(() => cards(page).count()).toBe(3);
    await page.locator('#contacts-status').click();
    await page.getByRole('option', { name: 'Cliente' }).click();
    await expect.poll(() => cards(page).count()).toBe(2);
    await page.getByRole('button', { name: 'Meus', exact: true }).click();
    await expect.poll(() => cards(page).count()).toBe(1);
    await card(page, `Cliente ${tag}`).waitFor();
    expect(await page.getByRole('button', { name: 'Meus', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).searchParams.get('owner')).toBe(String(me));

    await page.reload();
    await card(page, `Cliente ${tag}`).waitFor();
    expect(await cards(page).count()).toBe(1);
    expect(await page.locator('#contacts-status').textContent()).toBe('Cliente');
    expect((await page.getByTestId('active-filters').innerText()).replace(/\s+/g, ' ')).toContain(
      `Status: Cliente Tag: ${tag} Meus`,
    );

    await page.getByRole('button', { name: 'Remover filtro Meus' }).click();
    await expect.poll(() => cards(page).count()).toBe(2);
    await page.goBack();
    await expect.poll(() => cards(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Limpar tudo' }).click();
    await page.getByTestId('active-filters').waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
    await admin.context().close();
  });

  it('filters by source (accents and case ignored, the sources in use suggested) and by a score range (turned round when upside down), kept across a reload', async () => {
    const page = await newEmployee('csource');
    const tag = uniqueName('s').toLowerCase();
    const source = `Indicação-${tag}`;
    for (const [name, score, from] of [
      ['Baixa', 10, source],
      ['Média', 50, source],
      ['Alta', 90, `indicacao-${tag}`],
      ['Outra', 50, 'site'],
    ] as const) {
      await createContact(page, { name: `${name} ${tag}`, score, source: from, tags: [tag] });
    }
    await page.goto(`/crm/contacts?tag=${tag}`);
    await expect.poll(() => cards(page).count()).toBe(4);
    // Typed without accents: both spellings, one suggestion under the most used, picked from the list.
    await page.locator('#contacts-source').fill(`INDICACAO-${tag.toUpperCase()}`);
    const suggestion = page.getByRole('listbox', { name: 'Origens em uso' }).getByRole('option');
    await expect.poll(() => suggestion.count()).toBe(1);
    expect((await suggestion.innerText()).replace(/\s+/g, ' ')).toBe(`${source} 3 contatos`);
    await suggestion.click();
    await expect.poll(() => cards(page).count()).toBe(3);
    // 60 to 40: the range is turned round to 40..60.
    await page.locator('#contacts-score-min').fill('60');
    await page.locator('#contacts-score-max').fill('40');
    await page.locator('#contacts-score-max').press('Enter');
    await expect.poll(() => cards(page).count()).toBe(1);
    await card(page, `Média ${tag}`).waitFor();
    expect(new URL(page.url()).searchParams.get('scoreMin')).toBe('40');

    await page.reload();
    await card(page, `Média ${tag}`).waitFor();
    expect(await cards(page).count()).toBe(1);
    expect(await page.locator('#contacts-score-min').inputValue()).toBe('40');
    expect((await page.getByTestId('active-filters').innerText()).replace(/\s+/g, ' ')).toContain(
      `Origem: ${source} Pontuação ≥ 40 Pontuação ≤ 60`,
    );
    await page.getByRole('button', { name: 'Remover filtro Pontuação ≥ 40' }).click();
    await expect.poll(() => cards(page).count()).toBe(2);
    await page.context().close();
  });

  it('on a phone the filters fold behind a button that counts the active ones', async () => {
    const page = await newPage(browser, { width: 390 });
    await registerUser(page, {
      username: uniqueName('cphone'),
      name: 'Felipe Fone',
      initials: 'FF',
      password: 'a-good-password',
    });
    await page.goto('/crm/contacts?status=lead');
    const button = page.getByRole('button', { name: 'Filtros (1)' });
    await button.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#contacts-status').isVisible()).toBe(false);
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.locator('#contacts-status').waitFor();
    await page.getByRole('button', { name: 'Meus', exact: true }).click();
    await page.getByRole('button', { name: 'Filtros (2)' }).waitFor();
    await page.context().close();
  });

  it('shows one empty state when there are no contacts and another when filters hide them all', async () => {
    const page = await newEmployee('cempty');
    await page.goto(`/crm/contacts?search=${uniqueName('nada')}`);
    await page.getByText('Nenhum contato corresponde a estes filtros').waitFor();
    expect(await page.getByTestId('contacts-total').textContent()).toBe('0 contatos');
    await expectAccessible(page, 'no match');
    await screenshot(page, 'contacts-no-match-pt-light-1280');
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    expect(new URL(page.url()).search).toBe('');
    // An empty system, as the list answers it.
    await page.route('**/api/crm/contacts?*', (route) =>
      route.fulfill({ json: { items: [], nextCursor: null, total: 0 } }),
    );
    await page.reload();
    await page.getByText('Nenhum contato encontrado').waitFor();
    await screenshot(page, 'contacts-empty-pt-light-1280');
    expect(await page.getByRole('button', { name: 'Limpar filtros' }).count()).toBe(0);
    await page.context().close();
  });

  it('exports the filtered contacts: a Portuguese header and semicolons for Excel, or commas, with a byte-order mark', async () => {
    const page = await newEmployee('cexp');
    const tag = uniqueName('exp').toLowerCase();
    await createContact(page, {
      name: 'Exportada Úrsula',
      company: 'Café & Cia',
      tags: [tag, 'vip'],
      status: 'customer',
    });
    await createContact(page, { name: 'Exportado Omar', tags: [tag], status: 'lead' });
    await createContact(page, { name: 'Fora do filtro', tags: [tag], status: 'inactive' });
    await page.goto(`/crm/contacts?tag=${tag}&status=customer`);
    await page.getByTestId('contacts-total').getByText('1 contato').waitFor();

    const download = async (item: RegExp) => {
      await page.getByRole('button', { name: 'Exportar' }).click();
      await page.getByRole('menu').getByText('1 contato que atende à busca e aos filtros').waitFor();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: item }).click(),
      ]);
      const stream = await file.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
    };
    const excel = await download(/Excel/);
    expect(excel.name).toBe('contacts.csv');
    expect([...excel.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row, ...rest] = excel.bytes.toString('utf8').slice(1).trim().split(/\r?\n/);
    expect(header.startsWith('ID;Nome;E-mail;Telefone;Empresa;Cargo;Origem;Status;Pontuação;Tags;')).toBe(true);
    expect(rest).toEqual([]);
    expect(row).toContain(';Exportada Úrsula;;;Café & Cia;;;Cliente;0;');
    expect(row).toContain(`${tag};vip`);

    const commas = await download(/vírgulas/);
    const lines = commas.bytes.toString('utf8').slice(1).trim().split(/\r?\n/);
    expect(lines[0].startsWith('ID,Nome,E-mail,')).toBe(true);
    expect(lines).toHaveLength(2);
    await page.context().close();
  });

  it('deletes a contact after confirmation', async () => {
    const page = await newEmployee('cdel');
    const name = uniqueName('Apagado ');
    await createContact(page, { name });
    await page.goto(`/crm/contacts?search=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name, exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('dialog', { name: `Excluir ${name}?` });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Excluir contato' }).click();
    await toastLocator(page).getByText('Contato excluído').waitFor();
    await page.getByText('Nenhum contato corresponde a estes filtros').waitFor();
    await page.context().close();
  });

  it("an admin chooses the owner; someone else's contact opens read-only for an employee", async () => {
    const employee = await newEmployee('cowner');
    const name = uniqueName('Dono ');
    const admin = await newPage(browser);
    await signIn(admin, DEMO.admin, { to: '/crm/contacts' });
    await admin.getByRole('button', { name: 'Novo contato' }).click();
    await admin.locator('#contact-name').fill(name);
    expect(await admin.locator('#contact-ownerId').textContent()).toBe(DEMO.admin.name);
    await admin.locator('#contact-ownerId').click();
    await admin.getByRole('option', { name: 'Carla Contatos' }).last().click();
    await admin.getByRole('button', { name: 'Criar contato' }).click();
    await toastLocator(admin).getByText('Contato criado com sucesso').waitFor();
    await card(admin, name).getByRole('img', { name: 'Responsável: Carla Contatos' }).waitFor();

    const other = uniqueName('Alheio ');
    await createContact(admin, { name: other, ownerId: null });
    await employee.goto(`/crm/contacts?search=${encodeURIComponent(other)}`);
    await employee.getByRole('button', { name: other, exact: true }).click();
    await dialog(employee)
      .getByText('Só o responsável, quem o criou ou um administrador pode alterar este contato.')
      .waitFor();
    expect(await employee.locator('#contact-name').isDisabled()).toBe(true);
    expect(
      await dialog(employee)
        .getByRole('button', { name: /Salvar|Excluir/ })
        .count(),
    ).toBe(0);
    await admin.context().close();
    await employee.context().close();
  });

  it('shows 100,000 contacts as a table with fewer than 200 rows in the DOM, ordered by a click on a header', async () => {
    const page = await newEmployee('cotable');
    const TOTAL = 100_000;
    const PAGE = 50;
    const contact = (n: number) => ({
      name: `Pessoa ${String(n).padStart(6, '0')}`,
      email: `p${n}@tabela.example`,
      phone: null,
      companyId: null,
      company: null,
      position: null,
      source: 'site',
      status: 'lead',
      score: n % 101,
      tags: [],
      notes: null,
      customFields: {},
      ownerId: null,
      ownerName: null,
      createdBy: null,
      createdAt: '2026-11-01T12:00:00.000Z',
      updatedAt: '2026-11-01T12:00:00.000Z',
    });
    const asked: string[] = [];
    await routePagedList(page, '**/api/crm/contacts?*', { total: TOTAL, pageSize: PAGE, item: contact, asked });
    await page.goto('/crm/contacts?layout=table');
    await page.getByTestId('contacts-total').getByText('100.000 contatos').waitFor();
    const table = page.getByRole('table', { name: 'Contatos' });
    expect(await table.getAttribute('aria-rowcount')).toBe(String(TOTAL + 1));
    const rows = page.getByTestId('table-row');
    const target = page.getByRole('button', { name: `Pessoa ${String(TOTAL - 999).padStart(6, '0')}`, exact: true });
    const most = await scrollUntilShown(page, target, rows);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThan(200);
    expect(await page.getByRole('button', { name: 'Pessoa 100000', exact: true }).count()).toBe(0);

    // A click on a header orders the list by it; a second, the other way.
    await page.evaluate(() => (document.querySelector('main')!.scrollTop = 0));
    const header = page.getByRole('columnheader', { name: 'Pontuação' });
    await header.getByRole('button').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('score');
    // The list is read again in that order (its spinner first): the header says so once it is back.
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await header.getByRole('button').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('order')).toBe('desc');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => asked.some((q) => q.includes('sort=score') && q.includes('order=desc'))).toBe(true);
    // The order and the layout are no filters: clearing the filters keeps them.
    expect(new URL(page.url()).searchParams.get('layout')).toBe('table');
    await expectAccessible(page, 'contacts table');
    await screenshot(page, 'contacts-table-pt-light-1280');
    await page.context().close();
  });

  it('looks right in each language, theme and width: the screen and the dialog (screenshots, axe)', async () => {
    const user = { username: uniqueName('clook'), name: 'Lúcia Layout', initials: 'LL', password: 'a-good-password' };
    const setup = await newPage(browser);
    await registerUser(setup, user);
    const samples: ContactInput[] = [
      {
        name: 'João da Silva',
        email: 'joao@example.com',
        phone: '(11) 98765-4321',
        company: 'Acme Ltda',
        position: 'Diretor comercial',
        status: 'customer',
        score: 85,
        tags: ['vip', 'sp', 'evento'],
      },
      {
        name: 'Maria Oliveira',
        email: 'maria.oliveira@example.com',
        phone: '+351 912 345 678',
        company: 'Lusa Comércio',
        position: 'Compras',
        status: 'prospect',
        score: 60,
        tags: ['europa'],
      },
      { name: 'Pedro Santos', company: 'Santos & Filhos', status: 'lead', score: 20 },
      { name: 'Ana Costa', email: 'ana@example.com', status: 'inactive', score: 5, tags: ['antigo', 'rj'] },
    ];
    for (const sample of samples) await createContact(setup, sample);
    const me = await currentUserId(setup);
    await setup.context().close();

    const languages: Language[] = ['pt', 'en'];
    const themes: Theme[] = ['light', 'dark', 'matrix'];
    for (const language of languages) {
      for (const width of [1280, 390]) {
        const page = await newPage(browser, { language, width });
        await signIn(page, user);
        // The list loads once in the first theme; the top bar's menu switches to the others.
        await page.evaluate((value) => localStorage.setItem('theme', value), themes[0]!);
        await page.goto(`/crm/contacts?owner=${me}`);
        for (const theme of themes) {
          if (theme !== themes[0]) await chooseTheme(page, theme);
          await card(page, 'João da Silva').waitFor();
          await settled(page);
          const name = `contacts-grid-${language}-${theme}-${width}`;
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
          await screenshot(page, name);
          if (axeAt(width, theme, language)) await expectAccessible(page, name);

          await page.getByRole('button', { name: 'João da Silva', exact: true }).click();
          await page.locator('#contact-name').waitFor();
          await screenshot(page, `${name}-dialog`);
          if (axeAt(width, theme, language)) await expectAccessible(page, `${name} dialog`);
          await page.keyboard.press('Escape');
          await dialog(page).waitFor({ state: 'detached' });
        }
        await page.context().close();
      }
    }
  });
});
