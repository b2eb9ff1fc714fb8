import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from '../../src/infrastructure/db/database';
import {
  DEMO,
  expectAccessible,
  launchBrowser,
  newPage,
  screenshot,
  signIn,
  type Language,
  type Theme,
  downloadedText,
} from './support/browser';
import { startSeededServer, type RunningServer } from './support/server';

// Its own server: other files' deals and activities on the shared one would move every figure.
let browser: Browser;
let server: RunningServer;

const ago = (days: number) => `now() - interval '${days} days'`;

/**
 * Dates relative to now, away from every window's edge (7, 14, 30, 60, 90, 180, 365 days). The figures worked out
 * by hand from these rows are the test's expectations below.
 */
async function seed(knex: Knex): Promise<void> {
  const users = await knex('users')
    .whereIn('username', [DEMO.admin.username, DEMO.developer.username])
    .select('id', 'username');
  const admin = users.find((u) => u.username === DEMO.admin.username)!.id as number;
  const developer = users.find((u) => u.username === DEMO.developer.username)!.id as number;
  const deal = (
    title: string,
    value: string,
    stage: string,
    created: number,
    closed: number | null,
    owner: number,
    extra = '',
  ) =>
    knex.raw(
      `INSERT INTO deals (title, value, stage, created_at, closed_at, owner_id${extra ? ', expected_close_date, probability' : ''})
       VALUES (?, ?, ?, ${ago(created)}, ${closed === null ? 'NULL' : ago(closed)}, ?${extra ? `, ${extra}` : ''})`,
      [title, value, stage, owner],
    );
  await deal('Won 1', '1000.00', 'won', 10, 2, admin);
  await deal('Won 2', '500.50', 'won', 40, 20, developer);
  await deal('Won 3', '2000.00', 'won', 120, 100, admin);
  await deal('Lost 1', '300.00', 'lost', 5, 3, admin);
  await deal(
    'Open next month',
    '400.00',
    'proposal',
    1,
    null,
    developer,
    "(date_trunc('month', now()) + interval '1 month 9 days')::date, 60",
  );
  await deal(
    'Open overdue',
    '1000.00',
    'negotiation',
    800,
    null,
    admin,
    "(date_trunc('month', now()) - interval '10 days')::date, 50",
  );
  const contact = (name: string, source: string | null, status: string, created: number) =>
    knex.raw(
      `INSERT INTO contacts (name, source, status, created_at, updated_at) VALUES (?, ?, ?, ${ago(created)}, ${ago(created)})`,
      [name, source, status],
    );
  await contact('Cliente Site', 'site', 'customer', 5);
  await contact('Lead Site', 'site', 'lead', 10);
  await contact('Cliente Indicação', 'indicação', 'customer', 20);
  await contact('Lead Sem Origem', null, 'lead', 3);
  const activity = (
    subject: string,
    type: string,
    created: number,
    completed: number | null,
    due: number | null,
    assignee: number,
  ) =>
    knex.raw(
      `INSERT INTO activities (subject, type, status, created_at, completed_at, due_date, assigned_to)
       VALUES (?, ?, ?, ${ago(created)}, ${completed === null ? 'NULL' : ago(completed)}, ${due === null ? 'NULL' : ago(due)}, ?)`,
      [subject, type, completed === null ? 'pending' : 'completed', assignee],
    );
  await activity('Done task', 'task', 3, 1, null, admin);
  await activity('Late call', 'call', 5, null, 2, developer);
  await activity('Done call', 'call', 20, 15, null, developer);
  await activity('Late meeting', 'meeting', 800, null, 3, admin);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startSeededServer('reports', seed), launchBrowser()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').replace(/\u00a0/g, ' ');

async function openReports(page: Page, query = '') {
  await page.goto(`/crm/reports${query}`);
  await page.locator('[data-testid^="metric-"][data-testid$="-value"]').first().waitFor();
}

/** Each period's cards as worked out from the seed (the week before 7 days, the month before 30, ...). */
const EXPECTED = {
  7: {
    sales: 'R$ 1.000,00',
    conversion: '50%',
    ticket: 'R$ 1.000,00',
    activities: '1',
    contacts: '2',
    newDeals: '2',
    salesChange: 'sem comparação',
    newDealsChange: '+100%',
  },
  30: {
    sales: 'R$ 1.500,50',
    conversion: '66,7%',
    ticket: 'R$ 750,25',
    activities: '2',
    contacts: '4',
    newDeals: '3',
    salesChange: 'sem comparação',
    newDealsChange: '+200%',
  },
  90: {
    sales: 'R$ 1.500,50',
    conversion: '66,7%',
    ticket: 'R$ 750,25',
    activities: '2',
    contacts: '4',
    newDeals: '4',
    salesChange: '−25%',
    newDealsChange: '+300%',
  },
  365: {
    sales: 'R$ 3.500,50',
    conversion: '75%',
    ticket: 'R$ 1.166,83',
    activities: '2',
    contacts: '4',
    newDeals: '5',
    salesChange: 'sem comparação',
    newDealsChange: 'sem comparação',
  },
} as const;

describe('the reports screen', () => {
  it('shows the figures computed at start for each period, with the change against the period before', async () => {
    const page = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(page, DEMO.admin);
    await openReports(page);
    expect(await text(page, 'report-computed-at')).toMatch(/^Números calculados em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    for (const period of [7, 30, 90, 365] as const) {
      await page
        .getByRole('group', { name: 'Período' })
        .getByRole('button', { name: `${period} dias` })
        .click();
      await page.waitForURL((url) =>
        period === 30 ? !url.searchParams.has('period') : url.searchParams.get('period') === String(period),
      );
      const e = EXPECTED[period];
      await expect.poll(() => text(page, 'metric-salesWon-value')).toBe(e.sales);
      expect(await text(page, 'metric-conversionRate-value')).toBe(e.conversion);
      expect(await text(page, 'metric-averageTicket-value')).toBe(e.ticket);
      expect(await text(page, 'metric-completedActivities-value')).toBe(e.activities);
      expect(await text(page, 'metric-activeContacts-value')).toBe(e.contacts);
      expect(await text(page, 'metric-newDeals-value')).toBe(e.newDeals);
      expect(await text(page, 'metric-salesWon-change')).toContain(e.salesChange);
      expect(await text(page, 'metric-newDeals-change')).toContain(e.newDealsChange);
    }
    // A 90-day window against the 90 days before: 66,7% now, 100% then.
    await page.getByRole('button', { name: '90 dias' }).click();
    await expect.poll(() => text(page, 'metric-conversionRate-change')).toContain('−33,3 p.p.');
    // The period survives a reload.
    await page.reload();
    await expect.poll(() => text(page, 'metric-salesWon-value')).toBe(EXPECTED[90].sales);
    await expectAccessible(page, 'reports overview');
    await page.context().close();
  });

  it('shows the matching cards and charts for each category, kept in the URL', async () => {
    const page = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(page, DEMO.developer);
    await openReports(page);
    const cards = ['salesWon', 'activeContacts', 'conversionRate', 'completedActivities', 'averageTicket', 'newDeals'];
    const charts = ['funnel', 'won', 'activities-type', 'activities-person', 'performance'];
    const expected: Record<string, { cards: string[]; charts: string[] }> = {
      Vendas: { cards: ['salesWon', 'conversionRate', 'averageTicket', 'newDeals'], charts: ['funnel', 'won'] },
      Contatos: { cards: ['activeContacts', 'conversionRate'], charts: [] },
      Atividades: { cards: ['completedActivities'], charts: ['activities-type', 'activities-person'] },
      Desempenho: { cards: ['salesWon', 'conversionRate', 'completedActivities'], charts: ['performance'] },
      Todas: { cards, charts },
    };
    for (const [label, shown] of Object.entries(expected)) {
      await page.getByRole('group', { name: 'Categoria' }).getByRole('button', { name: label, exact: true }).click();
      await page.getByTestId(`metric-${shown.cards[0]}`).waitFor();
      await expect
        .poll(async () => {
          const visible = [];
          for (const card of cards) if (await page.getByTestId(`metric-${card}`).isVisible()) visible.push(card);
          return visible;
        })
        .toEqual(cards.filter((c) => shown.cards.includes(c)));
      for (const chart of charts)
        expect(await page.getByTestId(`chart-${chart}`).isVisible(), `${label}: ${chart}`).toBe(
          shown.charts.includes(chart),
        );
    }
    // Contacts bring the lead sources with them; the category is in the URL.
    await page.getByRole('button', { name: 'Contatos', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === 'contacts');
    await page.getByTestId('quick-report-lead-sources').getByRole('cell', { name: '50%' }).waitFor();
    // The performance chart's table: the figures per salesperson, for screen readers and on demand.
    await page.getByRole('button', { name: 'Desempenho', exact: true }).click();
    const performance = page.getByTestId('chart-performance');
    await performance.getByRole('button', { name: 'Ver como tabela' }).click();
    const rows = performance.getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    expect((await rows.nth(1).textContent())?.replace(/\u00a0/g, ' ')).toContain('R$ 1.000,00');
    await page.context().close();
  });

  it('opens each quick report with its data, and exports the current view as CSV', async () => {
    const page = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(page, DEMO.admin);
    await openReports(page);
    const clean = async (name: string) =>
      ((await page.getByTestId(`quick-report-${name}`).textContent()) ?? '').replace(/\u00a0/g, ' ');
    const open = async (label: string, name: string) => {
      await page.getByRole('button', { name: label }).click();
      await page.waitForURL((url) => url.searchParams.get('view') === name);
      await page.getByTestId(`quick-report-${name}`).getByRole('table').waitFor();
    };

    await open('Vendas por vendedor', 'sales-by-salesperson');
    const sales = page.getByTestId('quick-report-sales-by-salesperson').getByRole('row');
    await expect.poll(() => sales.count()).toBe(3);
    expect((await sales.nth(1).textContent())?.replace(/\u00a0/g, ' ')).toMatch(/1R\$ 1\.000,001.*50%R\$ 1\.000,00/);
    expect((await sales.nth(2).textContent())?.replace(/\u00a0/g, ' ')).toMatch(/1R\$ 500,500100%R\$ 500,50/);

    await open('Previsão de vendas', 'forecast');
    const next = new Date();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const month = `${String(next.getUTCMonth() + 1).padStart(2, '0')}/${next.getUTCFullYear()}`;
    expect(await clean('forecast')).toContain('Atrasados (antes deste mês)1R$ 1.000,00R$ 500,00');
    expect(await clean('forecast')).toContain(`${month}1R$ 400,00R$ 240,00`);

    await open('Atividades atrasadas', 'overdue-activities');
    await expect.poll(() => page.getByTestId('quick-report-overdue-activities').getByRole('row').count()).toBe(3);

    await open('Origem dos leads', 'lead-sources');
    expect(await clean('lead-sources')).toContain('site2150%');
    expect(await clean('lead-sources')).toContain('indicação11100%');
    expect(await clean('lead-sources')).toContain('Sem origem100%');
    await expectAccessible(page, 'reports quick report');

    // The export is the view on screen: lead sources, for Excel in Portuguese (semicolons, decimal commas, stage labels).
    const [quick] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    const quickCsv = await downloadedText(quick);
    expect(
      quickCsv
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['Origem;Contatos;Clientes;Conversão (%)', 'site;2;1;50', 'indicação;1;1;100', 'Sem origem;1;0;0']);

    // Back on the overview of sales for 30 days.
    await page.getByRole('button', { name: 'Voltar à visão geral' }).click();
    await page.getByRole('button', { name: 'Vendas', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === 'sales');
    const [overview] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    expect(overview.suggestedFilename()).toBe('report-sales-30d.csv');
    const lines = (await downloadedText(overview))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Seção;Item;Medida;Valor');
    expect(lines).toContain('Indicadores;Vendas (valor ganho);Período;1500,50');
    expect(lines).toContain('Indicadores;Negócios ganhos;Período;2');
    expect(lines).toContain('Funil de vendas;Proposta;Valor;400,00');
    expect(lines.some((l) => l.startsWith('Atividades'))).toBe(false);
    await page.context().close();
  });

  it('shows new figures after a deal is won and the report is refreshed', async () => {
    const page = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(page, DEMO.admin);
    await openReports(page);
    expect(await text(page, 'metric-salesWon-value')).toBe('R$ 1.500,50');
    const res = await page.request.post('/api/crm/deals', {
      data: { title: 'Won in the test', value: '250.00', stage: 'won' },
      headers: { origin: server.baseUrl },
    });
    expect(res.status()).toBe(201);
    // Still the stored figures until the refresh.
    await page.reload();
    await page.getByTestId('metric-salesWon-value').waitFor();
    expect(await text(page, 'metric-salesWon-value')).toBe('R$ 1.500,50');
    await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
    await expect.poll(() => text(page, 'metric-salesWon-value'), { timeout: 20_000 }).toBe('R$ 1.750,50');
    expect(await text(page, 'metric-salesWon-value')).toBe('R$ 1.750,50');
    expect(await page.getByTestId('metric-salesWon').textContent()).toContain('3 negócios ganhos');
    expect(await text(page, 'metric-averageTicket-value')).toBe('R$ 583,50');
    await page.locator('.toast').getByText('Números atualizados').waitFor();
    await page.context().close();
  });

  it('looks finished in every language, theme and width (each category and quick report at least once)', async () => {
    const themes: Theme[] = ['light', 'dark', 'matrix'];
    const languages: Language[] = ['pt', 'en'];
    const others = ['sales', 'contacts', 'activities', 'performance'];
    const quick = ['sales-by-salesperson', 'forecast', 'overdue-activities', 'lead-sources'];
    let turn = 0;
    for (const language of languages) {
      for (const theme of themes) {
        const page = await newPage(browser, { baseURL: server.baseUrl, language, theme });
        await signIn(page, DEMO.admin);
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
          await openReports(page);
          await screenshot(page, `reports-all-${language}-${theme}-${width}`);
          // The other categories and the quick reports spread over the first combinations: each at least once.
          if (turn < 8 && turn % 2 === 0) {
            const category = others[turn / 2]!;
            await openReports(page, `?category=${category}`);
            await screenshot(page, `reports-${category}-${language}-${theme}-${width}`);
          } else if (turn < 8) {
            const view = quick[(turn - 1) / 2]!;
            await page.goto(`/crm/reports?view=${view}`);
            await page.getByTestId(`quick-report-${view}`).getByRole('table').waitFor();
            await screenshot(page, `reports-${view}-${language}-${theme}-${width}`);
          }
          // The screen's own content (the top bar is the layout's) never pushes the page sideways.
          const overflow = await page.evaluate(() => {
            const main = document.querySelector('main')!;
            return main.scrollWidth - main.clientWidth;
          });
          expect(overflow, `${language} ${theme} ${width}`).toBeLessThanOrEqual(0);
          turn += 1;
        }
        if (theme === 'dark') {
          await page.setViewportSize({ width: 1280, height: 800 });
          await openReports(page);
          await expectAccessible(page, `reports ${language} dark`);
        }
        await page.context().close();
      }
    }
  });

  // Last: its large deal would change the figures the tests above expect.
  it("draws the forecast chart's value axis whole, its top label included, for a pipeline in the millions", async () => {
    const page = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(page, DEMO.admin);
    const res = await page.request.post('/api/crm/deals', {
      data: { title: 'Big open deal', value: '1234567.00', stage: 'proposal' },
      headers: { origin: server.baseUrl },
    });
    expect(res.status()).toBe(201);
    await page.goto('/crm/reports?view=forecast');
    const report = page.getByTestId('quick-report-forecast');
    await report.getByRole('table').waitFor();
    // The value axis' labels (recharts draws them in a layer of their own).
    await report.locator('.recharts-yAxis-tick-labels text').first().waitFor();
    const outside = await report.evaluate((node) => {
      // The chart's own drawing area (the legend's icons are svgs too).
      const svg = node.querySelector('.recharts-wrapper')!.getBoundingClientRect();
      return [...node.querySelectorAll('.recharts-yAxis-tick-labels text')]
        .map((tick) => ({ label: tick.textContent, box: tick.getBoundingClientRect() }))
        .filter(({ box }) => box.left < svg.left - 0.5 || box.top < svg.top - 0.5)
        .map(({ label }) => label);
    });
    expect(outside).toEqual([]);
    await page.context().close();
  });
});
