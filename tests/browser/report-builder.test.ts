import type { Knex } from 'knex';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  expectAccessible,
  launchBrowser,
  newPage,
  screenshot,
  signIn,
  toastLocator,
  type Language,
  type Theme,
} from './support/browser';
import { startSeededServer, type RunningServer } from './support/server';

// Its own server: the sums by owner must hold only this file's deals.
let browser: Browser;
let server: RunningServer;
const names: Record<'admin' | 'developer' | 'employee', string> = { admin: '', developer: '', employee: '' };

// Value sum by owner, by hand: admin 1000.00 + 2500.50 + 300.00; developer 4000.00 + 800.00; employee 99.99.
const EXPECTED = [
  ['developer', 'R$ 4.800,00'],
  ['admin', 'R$ 3.800,50'],
  ['employee', 'R$ 99,99'],
] as const;

async function seed(knex: Knex): Promise<void> {
  const users = await knex('users')
    .whereIn('username', ['admin', 'developer', 'employee'])
    .select('id', 'username', 'name');
  const id = (username: string) => users.find((u) => u.username === username)!.id as number;
  for (const u of users) names[u.username as keyof typeof names] = u.name;
  const deal = (title: string, stage: string, value: string, owner: string) => ({
    title,
    stage,
    pipeline: 'default',
    value,
    owner_id: id(owner),
    created_by: id(owner),
  });
  await knex('deals').insert([
    deal('Alfa', 'proposal', '1000.00', 'admin'),
    deal('Bravo', 'won', '2500.50', 'admin'),
    deal('Charlie', 'negotiation', '300.00', 'admin'),
    deal('Delta', 'won', '4000.00', 'developer'),
    deal('Echo', 'lost', '800.00', 'developer'),
    deal('Foxtrot', 'prospecting', '99.99', 'employee'),
  ]);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startSeededServer('report-builder', seed), launchBrowser()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

/** A Radix select: open it by its label, pick the option. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The figures as the screen-reader table gives them: [owner, value] per row. */
async function tableRows(page: Page): Promise<string[][]> {
  const table = page.getByTestId('report-table');
  await table.locator('tbody tr').first().waitFor({ state: 'attached' });
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent!.replace(/\u00a0/g, ' ').trim())));
}

/** [owner, records, value sum], largest first. */
const expectedRows = () => [
  [names.developer, '2', 'R$ 4.800,00'],
  [names.admin, '3', 'R$ 3.800,50'],
  [names.employee, '1', 'R$ 99,99'],
];

describe('the report builder', () => {
  it('builds deals, value sum by owner as bars with the hand-computed numbers, saves it, keeps it over a reload, and shares it', async () => {
    const admin = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(admin, DEMO.admin, { to: '/crm/reports/new' });
    await choose(admin, 'Contar', 'Negócios');
    await choose(admin, 'Medida', 'Soma do valor');
    await choose(admin, 'Agrupar por', 'Responsável');
    await choose(admin, 'Período', 'Todo o período');
    await choose(admin, 'Gráfico', 'Barras');
    await admin
      .getByTestId('report-total')
      .getByText(/^6 registros/)
      .waitFor();
    expect(await tableRows(admin)).toEqual(expectedRows());
    // The values are on the bars, and on hover.
    const chart = admin.getByTestId('report-chart');
    for (const [, value] of EXPECTED)
      await expect.poll(async () => nbsp((await chart.textContent()) ?? '')).toContain(value);
    await chart.locator('.recharts-bar-rectangle').first().hover();
    await expect
      .poll(async () => nbsp((await admin.getByTestId('report-tooltip').textContent()) ?? ''))
      .toContain(`${names.developer}R$ 4.800,00`);
    expect(nbsp((await admin.getByTestId('report-total').textContent())!)).toContain('Soma do valor: R$ 8.700,49');
    await expectAccessible(admin, 'builder');

    await admin.getByLabel('Nome do relatório').fill('Vendas por responsável');
    await admin.getByRole('button', { name: 'Salvar relatório' }).click();
    await admin.waitForURL(/\/crm\/reports\/saved\/\d+$/);
    await toastLocator(admin).getByText('Relatório salvo').waitFor();
    const savedUrl = admin.url();
    await admin.reload();
    await admin.getByRole('heading', { name: 'Vendas por responsável' }).waitFor();
    expect(await tableRows(admin)).toEqual(expectedRows());

    // Not shared yet: the developer neither lists nor opens it.
    const developer = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(developer, DEMO.developer);
    const listed = async () =>
      ((await (await developer.request.get('/api/crm/saved-reports')).json()).items as { name: string }[]).map(
        (r) => r.name,
      );
    expect(await listed()).toEqual([]);
    await developer.goto(new URL(savedUrl).pathname);
    await developer.getByRole('alert').getByText('Relatório salvo não encontrado', { exact: false }).waitFor();

    // Shared: listed for the developer, read-only, same numbers.
    await admin.getByLabel('Compartilhar com a equipe', { exact: false }).click();
    await admin.getByRole('button', { name: 'Salvar alterações' }).click();
    await toastLocator(admin).getByText('Relatório salvo').waitFor();
    expect(await listed()).toEqual(['Vendas por responsável']);
    await developer.goto('/crm/reports');
    await developer
      .getByTestId('saved-reports')
      .getByRole('link', { name: /Vendas por responsável/ })
      .click();
    await developer.getByText(`Compartilhado por ${names.admin}: somente leitura.`).waitFor();
    expect(await tableRows(developer)).toEqual(expectedRows());
    expect(await developer.getByRole('button', { name: /Salvar/ }).count()).toBe(0);
    await expectAccessible(developer, 'shared report, read-only');
    await developer.context().close();

    // Screenshots of the builder: pt and en, three themes, two widths, on one page without re-seeding.
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      for (const language of ['pt', 'en'] as Language[]) {
        for (const theme of ['light', 'dark', 'matrix'] as Theme[]) {
          await admin.evaluate(
            ([l, th]) => {
              localStorage.setItem('language', l);
              localStorage.setItem('theme', th);
            },
            [language, theme],
          );
          await admin.reload();
          await admin.getByTestId('report-chart').locator('.recharts-bar-rectangle').first().waitFor();
          await screenshot(admin, `report-builder-${language}-${theme}-${width}`);
        }
      }
    }
    await admin.setViewportSize({ width: 1280, height: 800 });

    // Delete, confirmed: gone from the list.
    await admin.getByRole('button', { name: 'Delete' }).click();
    await admin.getByRole('dialog').getByText('Vendas por responsável', { exact: false }).waitFor();
    await expectAccessible(admin, 'delete dialog');
    await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await admin.waitForURL((url) => url.pathname === '/crm/reports');
    expect((await (await admin.request.get('/api/crm/saved-reports')).json()).items).toEqual([]);
    await admin.getByText('No saved reports yet', { exact: false }).waitFor();
    await admin.context().close();
  });

  it("sums a deal amount field by a deal choice field, under the fields' labels", async () => {
    const admin = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(admin, DEMO.admin, { to: '/profile' });
    const send = async (method: 'post' | 'patch', url: string, data: object) => {
      const res = await admin.request[method](url, { data, headers: { origin: server.baseUrl } });
      expect(res.status(), await res.text()).toBeLessThan(300);
    };
    await send('post', '/api/crm/fields', {
      entity: 'deal',
      key: 'segment',
      label: { pt: 'Segmento', en: 'Segment' },
      type: 'select',
      options: [
        { key: 'retail', label: { pt: 'Varejo', en: 'Retail' } },
        { key: 'industry', label: { pt: 'Indústria', en: 'Industry' } },
      ],
    });
    await send('post', '/api/crm/fields', {
      entity: 'deal',
      key: 'budget',
      label: { pt: 'Orçamento', en: 'Budget' },
      type: 'currency',
    });
    const deals = (await (await admin.request.get('/api/crm/deals?limit=100')).json()) as {
      items: { id: number; title: string }[];
    };
    const idOf = (title: string) => deals.items.find((d) => d.title === title)!.id;
    for (const [title, customFields] of [
      ['Alfa', { segment: 'retail', budget: '1000.50' }],
      ['Bravo', { segment: 'retail', budget: '99.50' }],
      ['Delta', { segment: 'industry', budget: '5000' }],
    ] as const)
      await send('patch', `/api/crm/deals/${idOf(title)}`, { customFields });

    await admin.goto('/crm/reports/new');
    await choose(admin, 'Contar', 'Negócios');
    await choose(admin, 'Medida', 'Soma de Orçamento');
    await choose(admin, 'Agrupar por', 'Segmento');
    await choose(admin, 'Período', 'Todo o período');
    await choose(admin, 'Gráfico', 'Tabela');
    await admin
      .getByTestId('report-total')
      .getByText(/Soma de Orçamento: R\$\s6\.100,00/)
      .waitFor();
    expect(await tableRows(admin)).toEqual([
      ['Indústria', '1', 'R$ 5.000,00'],
      ['Varejo', '2', 'R$ 1.100,00'],
      ['Sem valor', '3', 'R$ 0,00'],
    ]);
    expect(await admin.getByTestId('report-table').locator('thead th').allTextContents()).toEqual([
      'Segmento',
      'Registros',
      'Soma de Orçamento',
    ]);
    await screenshot(admin, 'report-builder-custom-fields-pt-light-1280');
    await admin.context().close();
  });
});
