import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePagedList, scrollUntilShown } from './support/paged-list';
import { cnpjCheckDigits, formatCnpj } from '../../src/domain/companies/cnpj';
import {
  axeAt,
  baseUrl,
  chooseTheme,
  DEMO,
  expectAccessible,
  launchBrowser,
  newPage,
  registerUser,
  screenshot,
  settled,
  signIn,
  toastLocator,
  uniqueName,
  type Language,
  type Theme,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A CNPJ no other test (nor an earlier run on the same server) has: 12 random digits and their check digits. */
function newCnpj(): string {
  const body = Array.from({ length: 12 }, (_, i) =>
    i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  ).join('');
  return body + cnpjCheckDigits(body);
}

/** Data is made through the API (as the page's signed-in user), not by clicking. */
async function post<T = any>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { data, headers: { origin: baseUrl() } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

async function currentUserId(page: Page): Promise<number> {
  const res = await page.request.get('/api/user');
  return ((await res.json()) as { id: number }).id;
}

async function newEmployee(prefix: string, options: { width?: number; language?: Language } = {}): Promise<Page> {
  const page = await newPage(browser, options);
  await registerUser(page, {
    username: uniqueName(prefix),
    name: 'Eduarda Empresas',
    initials: 'EE',
    password: 'a-good-password',
  });
  return page;
}

const cards = (page: Page) => page.getByTestId('company-card');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('button', { name, exact: true }) });
const dialog = (page: Page) => page.getByRole('dialog');

describe('companies', () => {
  it('creates a company in the dialog: the CNPJ masked as typed, wrong check digits and a taken CNPJ on the field, then saved and found by search', async () => {
    const page = await newEmployee('conew');
    const name = uniqueName('Metalúrgica ');
    const cnpj = newCnpj();
    const taken = newCnpj();
    await post(page, '/api/crm/companies', { name: uniqueName('Dona do CNPJ '), cnpj: taken });
    await page.goto('/crm/companies');
    await page.getByRole('button', { name: 'Nova empresa' }).click();
    await dialog(page).getByRole('heading', { name: 'Nova empresa' }).waitFor();
    expect(await page.locator('#company-ownerId-readonly').inputValue()).toBe('Eduarda Empresas');

    await page.getByRole('button', { name: 'Criar empresa' }).click();
    expect(await page.locator('#company-name-message').textContent()).toBe('Obrigatório');
    await page.locator('#company-name').fill(name);
    // Typed bare, shown punctuated; one check digit wrong.
    const wrong = cnpj.slice(0, 13) + ((Number(cnpj[13]) + 1) % 10);
    await page.locator('#company-cnpj').pressSequentially(wrong);
    expect(await page.locator('#company-cnpj').inputValue()).toBe(formatCnpj(wrong));
    await page.getByRole('button', { name: 'Criar empresa' }).click();
    expect(await page.locator('#company-cnpj-message').textContent()).toBe(
      'CNPJ inválido: confira os números (os dois últimos são os dígitos verificadores)',
    );
    expect(await page.locator('#company-cnpj').getAttribute('aria-invalid')).toBe('true');

    // Another company's CNPJ: the server's 409 lands on the field.
    await page.locator('#company-cnpj').fill(formatCnpj(taken));
    const answer = page.waitForResponse(
      (res) => res.url().endsWith('/api/crm/companies') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Criar empresa' }).click();
    expect((await answer).status()).toBe(409);
    await page.locator('#company-cnpj-message').getByText('Já existe uma empresa com este CNPJ.').waitFor();

    await page.locator('#company-cnpj').fill(cnpj);
    expect(await page.locator('#company-cnpj').inputValue()).toBe(formatCnpj(cnpj));
    await page.locator('#company-segment').fill('Indústria');
    await page.locator('#company-cep').pressSequentially('01310100');
    expect(await page.locator('#company-cep').inputValue()).toBe('01310-100');
    await page.locator('#company-city').fill('São Paulo');
    await page.locator('#company-website').fill('metal.example.com');
    await page.getByRole('button', { name: 'Criar empresa' }).click();
    await toastLocator(page).getByText('Empresa criada com sucesso').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await card(page, name).waitFor();

    // Found by its CNPJ's digits, without punctuation.
    await page.locator('#companies-search').fill(cnpj.slice(0, 8));
    await page.waitForURL(/search=/);
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await page.getByTestId('companies-total').textContent()).toBe('1 empresa');
    const found = card(page, name);
    expect(await found.innerText()).toContain(formatCnpj(cnpj));
    expect(await found.getByRole('link', { name: 'metal.example.com' }).getAttribute('href')).toBe(
      'https://metal.example.com',
    );
    await page.context().close();
  });

  it('filters by segment, UF and "mine"; the URL keeps them across a reload; chips remove them; a card edits', async () => {
    const page = await newEmployee('cofilter');
    const me = await currentUserId(page);
    const segment = uniqueName('seg');
    await post(page, '/api/crm/companies', { name: `Recife ${segment}`, segment, city: 'Recife', uf: 'PE' });
    await post(page, '/api/crm/companies', { name: `Olinda ${segment}`, segment, city: 'Olinda', uf: 'PE' });
    await post(page, '/api/crm/companies', { name: `Natal ${segment}`, segment, city: 'Natal', uf: 'RN' });
    await page.goto('/crm/companies');
    // The segment as typed in another case: the filter ignores case and accents.
    await page.locator('#companies-segment').fill(segment.toUpperCase());
    await page.locator('#companies-segment').press('Enter');
    await expect.poll(() => cards(page).count()).toBe(3);
    await page.locator('#companies-uf').click();
    await page.getByRole('option', { name: 'PE', exact: true }).click();
    await expect.poll(() => cards(page).count()).toBe(2);
    await page.locator('#companies-city').fill('recife');
    await page.locator('#companies-city').press('Enter');
    await expect.poll(() => cards(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Minhas', exact: true }).click();
    await page.waitForURL(/owner=/);
    const url = new URL(page.url());
    expect(url.searchParams.get('uf')).toBe('PE');
    expect(url.searchParams.get('city')).toBe('recife');
    expect(url.searchParams.get('owner')).toBe(String(me));

    await page.reload();
    await card(page, `Recife ${segment}`).waitFor();
    expect(await cards(page).count()).toBe(1);
    // Saved as a view (issue 27), to come back to after the filters change.
    await page.getByTestId('views-menu').click();
    await page.getByRole('menuitem', { name: 'Salvar como nova visão…' }).click();
    await page.getByLabel('Nome da visão').fill(`Recife ${segment}`);
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect.poll(() => page.getByTestId('views-menu').textContent()).toBe(`Recife ${segment}`);
    expect(await page.locator('#companies-uf').textContent()).toBe('PE');
    expect((await page.getByTestId('active-filters').innerText()).replace(/\s+/g, ' ')).toContain(
      `Segmento: ${segment.toUpperCase()} Minhas Cidade: recife UF: PE`,
    );
    await page.getByRole('button', { name: 'Remover filtro Cidade: recife' }).click();
    await expect.poll(() => cards(page).count()).toBe(2);

    // A card's name opens the edit dialog.
    await page.getByRole('button', { name: `Olinda ${segment}`, exact: true }).click();
    await dialog(page).getByRole('heading', { name: 'Editar empresa' }).waitFor();
    await page.locator('#company-tradeName').fill('Olinda Peças');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await toastLocator(page).getByText('Empresa atualizada com sucesso').waitFor();
    await card(page, `Olinda ${segment}`).getByText('Olinda Peças').waitFor();

    // Clearing the filters keeps the view they came from, now modified; the view brings them back; the whole list
    // leaves it.
    await page.getByRole('button', { name: 'Limpar tudo' }).click();
    await page.getByTestId('active-filters').waitFor({ state: 'detached' });
    expect([...new URL(page.url()).searchParams.keys()]).toEqual(['view']);
    await page.getByTestId('view-modified').waitFor();
    await page.getByTestId('views-menu').click();
    await page.getByRole('menuitemradio', { name: `Recife ${segment}` }).click();
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('city')).toBe('recife');
    expect(await page.getByTestId('view-modified').count()).toBe(0);
    await page.getByTestId('views-menu').click();
    await page.getByRole('menuitemradio', { name: 'Todas as empresas' }).click();
    await page.getByTestId('active-filters').waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });

  it('lists them as a table: ordered by a header, columns chosen, cells changed in place, saved as a view', async () => {
    const page = await newEmployee('cotable');
    const segment = uniqueName('tab');
    for (const [name, city] of [
      ['Beta', 'Salvador'],
      ['Alfa', 'Recife'],
      ['Gama', 'Aracaju'],
    ])
      await post(page, '/api/crm/companies', { name: `${name} ${segment}`, segment, city, uf: 'BA' });
    await page.goto(`/crm/companies?segment=${segment}`);
    await expect.poll(() => cards(page).count()).toBe(3);
    await page.getByRole('button', { name: 'Tabela' }).click();
    const names = () => page.locator('[data-testid="table-row"] [role="cell"]:first-child').allTextContents();
    await expect.poll(() => names()).toHaveLength(3);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Nome',
      'CNPJ',
      'Segmento',
      'Porte',
      'Cidade',
      'UF',
      'Telefone',
      'Responsável',
      'Última atualização',
    ]);
    await page.getByRole('columnheader', { name: 'Cidade' }).getByRole('button').click();
    await expect.poll(() => names()).toEqual([`Gama ${segment}`, `Alfa ${segment}`, `Beta ${segment}`]);
    await page.getByRole('columnheader', { name: 'Cidade' }).getByRole('button').click();
    await expect.poll(() => names()).toEqual([`Beta ${segment}`, `Alfa ${segment}`, `Gama ${segment}`]);
    await page.getByTestId('columns-menu').click();
    await page.getByLabel('CNPJ', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('columnheader').count()).toBe(8);

    // A refused phone stays under its cell; a size is chosen from the list and saved.
    const cell = (label: string) => page.getByRole('button', { name: `${label}:` });
    await cell(`Telefone de Alfa ${segment}`).click();
    await page.getByRole('textbox', { name: `Telefone de Alfa ${segment}` }).fill('ramal doze');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    await page.keyboard.press('Escape');
    await cell(`Porte de Alfa ${segment}`).click();
    await page.getByRole('combobox', { name: `Porte de Alfa ${segment}` }).selectOption('medium');
    await expect.poll(() => cell(`Porte de Alfa ${segment}`).textContent()).toContain('Média');
    const alfa = await (await page.request.get(`/api/crm/companies?search=Alfa%20${segment}`)).json();
    expect(alfa.items[0].size).toBe('medium');
    expect(alfa.items[0].phone).toBeNull();

    await page.getByTestId('views-menu').click();
    await page.getByRole('menuitem', { name: 'Salvar como nova visão…' }).click();
    await page.getByLabel('Nome da visão').fill('Cidades');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect.poll(() => page.getByTestId('views-menu').textContent()).toBe('Cidades');
    await page.goto('/crm/companies');
    await page.getByTestId('views-menu').click();
    await page.getByRole('menuitemradio', { name: 'Cidades' }).click();
    await expect.poll(() => names()).toEqual([`Beta ${segment}`, `Alfa ${segment}`, `Gama ${segment}`]);
    expect(await page.getByRole('columnheader').count()).toBe(8);
    await page.context().close();
  });

  it("someone else's company opens read-only for an employee, on the list and on its page", async () => {
    const admin = await newPage(browser);
    await signIn(admin, DEMO.admin);
    const name = uniqueName('Alheia ');
    const company = await post<{ id: number }>(admin, '/api/crm/companies', { name, ownerId: null });
    await admin.context().close();
    const page = await newEmployee('coro');
    await page.goto(`/crm/companies?search=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name, exact: true }).click();
    await dialog(page)
      .getByText('Só o responsável, quem a criou ou um administrador pode alterar esta empresa.')
      .waitFor();
    expect(await page.locator('#company-name').isDisabled()).toBe(true);
    expect(
      await dialog(page)
        .getByRole('button', { name: /Salvar|Excluir/ })
        .count(),
    ).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto(`/crm/companies/${company.id}`);
    const actions = page.getByRole('group', { name: 'Ações rápidas' });
    await actions.getByRole('button', { name: 'Ver ficha' }).waitFor();
    expect(await actions.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
    await page.context().close();
  });

  it('shows one empty state when nothing matches, with a way to clear the filters', async () => {
    const page = await newEmployee('coempty');
    await page.goto(`/crm/companies?search=${uniqueName('nada')}`);
    await page.getByText('Nenhuma empresa corresponde a estes filtros').waitFor();
    expect(await page.getByTestId('companies-total').textContent()).toBe('0 empresas');
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    expect(new URL(page.url()).search).toBe('');
    // An empty system, as the list answers it.
    await page.route('**/api/crm/companies?*', (route) =>
      route.fulfill({ json: { items: [], nextCursor: null, total: 0 } }),
    );
    await page.reload();
    await page.getByText('Nenhuma empresa encontrada').waitFor();
    expect(await page.getByRole('button', { name: 'Exportar' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('at 100,000 companies keeps fewer than 200 cards in the DOM while scrolling through 1,000', async () => {
    const page = await newEmployee('coscale');
    const TOTAL = 100_000;
    const PAGE = 30;
    const company = (n: number) => ({
      name: `Empresa ${String(n).padStart(6, '0')}`,
      cnpj: null,
      tradeName: null,
      segment: 'Varejo',
      size: null,
      website: null,
      emailDomain: null,
      phone: null,
      cep: null,
      street: null,
      number: null,
      city: 'Recife',
      uf: 'PE',
      tags: [],
      notes: null,
      ownerId: null,
      ownerName: null,
      createdBy: null,
      createdAt: '2026-11-01T12:00:00.000Z',
      updatedAt: '2026-11-01T12:00:00.000Z',
    });
    await routePagedList(page, '**/api/crm/companies?*', { total: TOTAL, pageSize: PAGE, item: company });
    await page.goto('/crm/companies');
    await page.getByTestId('companies-total').getByText('100.000 empresas').waitFor();
    const target = page.getByRole('button', { name: `Empresa ${String(TOTAL - 999).padStart(6, '0')}`, exact: true });
    const most = await scrollUntilShown(page, target, cards(page));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThan(200);
    // The first page's cards have left the DOM.
    expect(await page.getByRole('button', { name: 'Empresa 100000', exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('exports the filtered companies: Portuguese labels, semicolons and a byte-order mark for Excel', async () => {
    const page = await newEmployee('coexp');
    const segment = uniqueName('exp');
    const cnpj = newCnpj();
    await post(page, '/api/crm/companies', { name: 'Café & Cia Ltda', cnpj, segment, size: 'small', uf: 'MG' });
    await post(page, '/api/crm/companies', { name: 'Fora do filtro', segment, uf: 'SP' });
    await page.goto(`/crm/companies?segment=${segment}&uf=MG`);
    await page.getByTestId('companies-total').getByText('1 empresa').waitFor();
    await page.getByRole('button', { name: 'Exportar' }).click();
    await page.getByRole('menu').getByText('1 empresa que atende à busca e aos filtros').waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /Excel/ }).click(),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(file.suggestedFilename()).toBe('companies.csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row, ...rest] = bytes.toString('utf8').slice(1).trim().split(/\r?\n/);
    expect(header.startsWith('ID;Nome;CNPJ;Nome fantasia;Segmento;Porte;Site;')).toBe(true);
    expect(rest).toEqual([]);
    expect(row).toContain(`;Café & Cia Ltda;${formatCnpj(cnpj)};;${segment};Pequena;`);
    expect(row).toMatch(/;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await page.context().close();
  });

  it("opens a company's page: details, its people, its deals with open/won/lost totals, its history; deleted from there", async () => {
    const page = await newEmployee('copage');
    const name = uniqueName('Laticínios ');
    const cnpj = newCnpj();
    const company = await post<{ id: number }>(page, '/api/crm/companies', {
      name,
      cnpj,
      tradeName: 'Leite Bom',
      segment: 'Alimentos',
      size: 'medium',
      website: 'https://leitebom.example.com',
      emailDomain: 'leitebom.example.com',
      phone: '(31) 3222-1100',
      cep: '30130-000',
      street: 'Av. Afonso Pena',
      number: '1500',
      city: 'Belo Horizonte',
      uf: 'MG',
      tags: ['laticínios', 'mg'],
    });
    await post(page, '/api/crm/contacts', { name: 'Beatriz Compras', position: 'Compradora', companyId: company.id });
    await post(page, '/api/crm/contacts', {
      name: 'Caio Financeiro',
      email: 'caio@leitebom.example.com',
      companyId: company.id,
    });
    await post(page, '/api/crm/deals', {
      title: 'Queijos 2027',
      value: '1000.25',
      stage: 'proposal',
      companyId: company.id,
    });
    await post(page, '/api/crm/deals', { title: 'Iogurtes', value: '2500.50', stage: 'won', companyId: company.id });
    await post(page, '/api/crm/deals', {
      title: 'Manteiga',
      value: '300',
      stage: 'lost',
      lostReason: 'price',
      companyId: company.id,
    });

    await page.goto(`/crm/companies?search=${encodeURIComponent(name)}`);
    await card(page, name)
      .getByRole('link', { name: `Abrir a página de ${name}` })
      .click();
    await page.waitForURL(`**/crm/companies/${company.id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.getByTestId('company-cnpj').textContent()).toBe(`CNPJ ${formatCnpj(cnpj)}`);
    const fields = page.getByTestId('company-fields');
    expect(await page.getByTestId('company-address').textContent()).toBe(
      'Av. Afonso Pena, 1500 · 30130-000 · Belo Horizonte/MG',
    );
    expect(await fields.getByRole('link', { name: '(31) 3222-1100' }).getAttribute('href')).toBe('tel:3132221100');
    const site = fields.getByRole('link', { name: 'leitebom.example.com (abre em nova aba)' });
    expect(await site.getAttribute('href')).toBe('https://leitebom.example.com');
    expect(await site.getAttribute('target')).toBe('_blank');

    const people = page.getByTestId('company-people-section');
    await people.getByRole('link', { name: 'Beatriz Compras' }).waitFor();
    expect(await people.getByTestId('person-item').count()).toBe(2);
    expect(await people.getByRole('heading').textContent()).toBe('Pessoas(2)');

    const deals = page.getByTestId('company-deals-section');
    await deals.getByRole('button', { name: 'Queijos 2027' }).waitFor();
    expect(await deals.getByTestId('deal-item').count()).toBe(3);
    const total = (kind: string) => deals.getByTestId(`deal-total-${kind}`).textContent();
    await expect.poll(() => total('won')).toMatch(/R\$\s2\.500,50/);
    expect(await total('open')).toMatch(/R\$\s1\.000,25/);
    expect(await total('lost')).toMatch(/R\$\s300,00/);

    await page.getByTestId('company-timeline').getByText(`Eduarda Empresas criou a empresa “${name}”`).waitFor();

    // Edited from the page: the history shows the change.
    await page.getByRole('group', { name: 'Ações rápidas' }).getByRole('button', { name: 'Editar' }).click();
    await page.locator('#company-segment').fill('Laticínios');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await toastLocator(page).getByText('Empresa atualizada com sucesso').waitFor();
    await page.getByTestId('timeline-change').getByText('Laticínios').first().waitFor();

    await page.getByRole('group', { name: 'Ações rápidas' }).getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('dialog', { name: `Excluir ${name}?` });
    await confirm.getByRole('button', { name: 'Excluir empresa' }).click();
    await toastLocator(page).getByText('Empresa excluída').waitFor();
    await page.waitForURL((url) => url.pathname === '/crm/companies');
    await page.context().close();
  });

  it("shows a company's people, its deal with their roles and the server's totals, and takes a note from its page", async () => {
    const page = await newEmployee('coroles');
    const name = uniqueName('Cerâmica ');
    const company = await post<{ id: number }>(page, '/api/crm/companies', { name });
    const ana = await post<{ id: number }>(page, '/api/crm/contacts', { name: 'Ana Decisora', companyId: company.id });
    const bruno = await post<{ id: number }>(page, '/api/crm/contacts', {
      name: 'Bruno Técnico',
      companyId: company.id,
    });
    const deal = await post<{ id: number; updatedAt: string }>(page, '/api/crm/deals', {
      title: 'Pisos 2027',
      value: '4200.00',
      stage: 'proposal',
      companyId: company.id,
    });
    const people = await page.request.put(`/api/crm/deals/${deal.id}/contacts`, {
      data: {
        items: [
          { contactId: ana.id, role: 'decision_maker', primary: true },
          { contactId: bruno.id, role: 'technical', primary: false },
        ],
      },
      headers: { origin: baseUrl() },
    });
    expect(people.status()).toBe(200);
    // A note on one of its people is the company's too.
    await post(page, '/api/crm/notes', { kind: 'call', body: 'Ana pediu amostras', contactId: ana.id });

    await page.goto(`/crm/companies/${company.id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const section = page.getByTestId('company-people-section');
    await section.getByRole('link', { name: 'Bruno Técnico' }).waitFor();
    expect(await section.getByTestId('person-item').count()).toBe(2);
    const deals = page.getByTestId('company-deals-section');
    const item = deals.getByTestId('deal-item').filter({ hasText: 'Pisos 2027' });
    expect(await item.getByTestId('deal-people').textContent()).toBe(
      'Ana Decisora (Decisor, principal), Bruno Técnico (Técnico)',
    );
    await expect.poll(() => deals.getByTestId('deal-total-open').textContent()).toMatch(/R\$\s4\.200,00/);
    expect(await deals.getByTestId('deal-count-open').textContent()).toBe('1 negócio');
    expect(await deals.getByTestId('deal-total-won').textContent()).toMatch(/R\$\s0,00/);

    // Won from its dialog on this page: the server's totals follow at once, without a reload.
    await item.getByRole('button', { name: 'Pisos 2027', exact: true }).click();
    await dialog(page).getByRole('heading', { name: 'Editar negócio' }).waitFor();
    await page.locator('#deal-stage').click();
    await page.getByRole('option', { name: 'Ganho', exact: true }).click();
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await toastLocator(page).filter({ hasText: 'Negócio atualizado com sucesso' }).waitFor();
    await expect.poll(() => deals.getByTestId('deal-total-won').textContent()).toMatch(/R\$\s4\.200,00/);
    expect(await deals.getByTestId('deal-count-won').textContent()).toBe('1 negócio');
    expect(await deals.getByTestId('deal-total-open').textContent()).toMatch(/R\$\s0,00/);

    const notes = page.getByTestId('company-note-section');
    await notes.getByTestId('company-notes').getByText('Ana pediu amostras').waitFor();
    // "Nova anotação" takes the keyboard to the composer.
    await page.getByRole('group', { name: 'Ações rápidas' }).getByRole('button', { name: 'Nova anotação' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('company-note-body');
    await page.keyboard.type('Visita à fábrica marcada');
    await notes.getByRole('button', { name: 'Registrar' }).click();
    await toastLocator(page).getByText('Nota registrada').waitFor();
    await notes.getByTestId('company-notes').getByText('Visita à fábrica marcada').waitFor();
    const listed = await page.request.get(`/api/crm/notes?company=${company.id}`);
    const items = ((await listed.json()) as { items: { body: string; companyId: number | null }[] }).items;
    expect(items.map((note) => [note.body, note.companyId])).toEqual([
      ['Visita à fábrica marcada', company.id],
      ['Ana pediu amostras', null],
    ]);
    await page.context().close();
  });

  it('creates the company typed in the contact dialog when none has that name, and links the contact to it', async () => {
    const page = await newEmployee('coinline');
    const company = uniqueName('Vidraçaria ');
    const person = uniqueName('Carla ');
    await page.goto('/crm/contacts');
    await page.getByRole('button', { name: 'Novo contato' }).click();
    await dialog(page).getByRole('heading', { name: 'Novo contato' }).waitFor();
    await page.locator('#contact-name').fill(person);
    await page.locator('#contact-companyId-search').fill(company);
    const create = dialog(page).getByRole('button', { name: `Criar empresa “${company}”` });
    await create.click();
    await toastLocator(page).getByText(`Empresa “${company}” criada`).waitFor();
    await expect.poll(() => page.locator('#contact-companyId').textContent()).toContain(company);
    expect(await create.count()).toBe(0);
    await page.getByRole('button', { name: 'Criar contato' }).click();
    await toastLocator(page).getByText('Contato criado com sucesso').waitFor();

    const found = await page.request.get(`/api/crm/contacts?search=${encodeURIComponent(person)}`);
    const [contact] = ((await found.json()) as { items: { company: string | null; companyId: number | null }[] }).items;
    expect(contact.company).toBe(company);
    const companies = await page.request.get(`/api/crm/companies?search=${encodeURIComponent(company)}`);
    const made = ((await companies.json()) as { items: { id: number; name: string }[] }).items;
    expect(made.map((c) => c.name)).toEqual([company]);
    expect(contact.companyId).toBe(made[0].id);
    await page.context().close();
  });

  it('looks right in each language, theme and width: the list and a company page (screenshots, axe)', async () => {
    const user = { username: uniqueName('colook'), name: 'Lia Layout', initials: 'LL', password: 'a-good-password' };
    const setup = await newPage(browser);
    await registerUser(setup, user);
    const samples = [
      {
        name: 'Acme Indústria e Comércio Ltda',
        cnpj: newCnpj(),
        tradeName: 'Acme',
        segment: 'Indústria',
        size: 'large',
        website: 'https://www.acme.example.com',
        phone: '(11) 3000-1000',
        cep: '01310-100',
        street: 'Av. Paulista',
        number: '1000',
        city: 'São Paulo',
        uf: 'SP',
        tags: ['vip', 'sp', 'indústria'],
      },
      { name: 'Padaria Pão Quente', segment: 'Alimentos', size: 'micro', city: 'Recife', uf: 'PE', tags: ['varejo'] },
      { name: 'Lusa Comércio', tradeName: 'Lusa', segment: 'Comércio', size: 'small', city: 'Porto Alegre', uf: 'RS' },
      { name: 'Sem Detalhes SA' },
    ];
    const ids: number[] = [];
    for (const sample of samples) ids.push((await post<{ id: number }>(setup, '/api/crm/companies', sample)).id);
    await post(setup, '/api/crm/contacts', {
      name: 'João da Silva',
      position: 'Diretor comercial',
      email: 'joao@acme.example.com',
      companyId: ids[0],
    });
    await post(setup, '/api/crm/deals', {
      title: 'Linha de montagem',
      value: '125000',
      stage: 'negotiation',
      companyId: ids[0],
    });
    await post(setup, '/api/crm/deals', { title: 'Manutenção anual', value: '18000', stage: 'won', companyId: ids[0] });
    const me = await currentUserId(setup);
    await setup.context().close();

    const languages: Language[] = ['pt', 'en'];
    const themes: Theme[] = ['light', 'dark', 'matrix'];
    for (const language of languages) {
      for (const width of [1280, 390]) {
        const page = await newPage(browser, { language, width });
        await signIn(page, user);
        await page.evaluate((value) => localStorage.setItem('theme', value), themes[0]!);
        for (const [screen, path, ready] of [
          ['grid', `/crm/companies?owner=${me}`, () => card(page, samples[0]!.name).waitFor()],
          ['page', `/crm/companies/${ids[0]}`, () => page.getByTestId('deal-total-won').waitFor()],
        ] as const) {
          await page.goto(path);
          for (const theme of themes) {
            if (theme !== themes[0]) await chooseTheme(page, theme);
            await ready();
            await settled(page);
            const name = `companies-${screen}-${language}-${theme}-${width}`;
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
            await screenshot(page, name);
            if (axeAt(width, theme, language)) await expectAccessible(page, name);
            if (screen === 'grid' && theme === 'light') {
              await page.getByRole('button', { name: samples[0]!.name, exact: true }).click();
              await page.locator('#company-name').waitFor();
              await screenshot(page, `${name}-dialog`);
              if (axeAt(width, theme, language)) await expectAccessible(page, `${name} dialog`);
              await page.keyboard.press('Escape');
              await dialog(page).waitFor({ state: 'detached' });
            }
          }
          // Back to the first theme for the next screen.
          await chooseTheme(page, themes[0]!);
        }
        await page.context().close();
      }
    }
  });
});
