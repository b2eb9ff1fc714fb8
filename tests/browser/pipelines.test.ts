import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  chooseTheme,
  DEMO,
  expectAccessible,
  launchBrowser,
  newPage,
  screenshot,
  settled,
  signIn,
} from './support/browser';
import { startSeededServer, type RunningServer } from './support/server';

// Several pipelines on the board (issue 27): the switcher, kept in the URL, and a new deal in the pipeline shown.
// A server of its own: a second pipeline puts the switcher on every board, and this file's deals in its columns.
let server: RunningServer;
let browser: Browser;
let admin: Page;

async function post<T>(page: Page, url: string, data: object): Promise<T> {
  const res = await page.request.post(url, { data, headers: { origin: server.baseUrl } });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const column = (page: Page, stage: string) => page.getByTestId(`column-${stage}`);

beforeAll(async () => {
  [server, browser] = await Promise.all([startSeededServer('pipelines'), launchBrowser()]);
  admin = await newPage(browser, { baseURL: server.baseUrl });
  await signIn(admin, DEMO.admin, { to: '/profile' });
  await post(admin, '/api/crm/pipelines', {
    key: 'renewals',
    name: 'Renovações',
    stages: [
      { stage: 'Renovar', probability: 40, color: '#0EA5E9' },
      { stage: 'Renovado', kind: 'won', probability: 100, color: '#22C55E' },
      { stage: 'Cancelado', kind: 'lost', color: '#EF4444' },
    ],
  });
  await post(admin, '/api/crm/deals', { title: 'Contrato da Padaria', value: '1000.00', stage: 'proposal' });
  await post(admin, '/api/crm/deals', { title: 'Renovação do Mercado', value: '2400.00', pipeline: 'renewals' });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the board with several pipelines', () => {
  it('switches pipelines from the board, keeps the choice in the URL and through clearing filters, and adds a deal to the pipeline shown', async () => {
    await admin.goto('/crm/pipeline');
    await column(admin, 'proposal').getByText('Contrato da Padaria').waitFor();
    const switcher = admin.locator('#board-pipeline');
    await expect.poll(() => switcher.textContent()).toBe('Funil principal');

    await switcher.click();
    await admin.getByRole('option', { name: 'Renovações' }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('pipeline')).toBe('renewals');
    await column(admin, 'Renovar').getByText('Renovação do Mercado').waitFor();
    expect(await admin.getByTestId('column-proposal').count()).toBe(0);
    expect(await admin.getByText('Contrato da Padaria').count()).toBe(0);
    await expect.poll(() => admin.getByTestId('total-open').textContent()).toContain('2.400,00');

    // A filter, then clearing it: the board stays on the pipeline.
    await admin.getByPlaceholder('Texto no título').fill('Mercado');
    await expect.poll(() => new URL(admin.url()).searchParams.get('q')).toBe('Mercado');
    await admin.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('q')).toBeNull();
    expect(new URL(admin.url()).searchParams.get('pipeline')).toBe('renewals');

    // A reload opens the same pipeline; a new deal goes into it, in its first stage.
    await admin.reload();
    await column(admin, 'Renovar').getByText('Renovação do Mercado').waitFor();
    await admin.getByRole('button', { name: 'Novo negócio' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Título').fill('Renovação da Farmácia');
    await dialog.getByRole('button', { name: 'Criar negócio' }).click();
    await column(admin, 'Renovar').getByText('Renovação da Farmácia').waitFor();
    const deals = (await (await admin.request.get('/api/crm/deals?pipeline=renewals')).json()) as {
      items: { title: string; stage: string }[];
    };
    expect(deals.items.find((d) => d.title === 'Renovação da Farmácia')).toMatchObject({ stage: 'Renovar' });

    // Back to the main pipeline: the URL drops the parameter.
    await switcher.click();
    await admin.getByRole('option', { name: 'Funil principal' }).click();
    await column(admin, 'proposal').getByText('Contrato da Padaria').waitFor();
    expect(new URL(admin.url()).searchParams.has('pipeline')).toBe(false);
  });

  it('moves a deal to the other pipeline from its dialog: into that pipeline’s first stage, gone from this board', async () => {
    await admin.goto('/crm/pipeline');
    await column(admin, 'proposal').getByRole('button', { name: 'Contrato da Padaria', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.locator('#deal-pipeline').click();
    await admin.getByRole('option', { name: 'Renovações' }).click();
    // The stage field offers the other pipeline's stages, its first one chosen.
    await expect.poll(() => dialog.locator('#deal-stage').textContent()).toBe('Renovar');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => column(admin, 'proposal').getByText('Contrato da Padaria').count()).toBe(0);
    const moved = (await (await admin.request.get('/api/crm/deals?pipeline=renewals')).json()) as {
      items: { title: string; stage: string; probability: number }[];
    };
    expect(moved.items.find((d) => d.title === 'Contrato da Padaria')).toMatchObject({
      stage: 'Renovar',
      probability: 40,
    });
    await admin.goto('/crm/pipeline?pipeline=renewals');
    await column(admin, 'Renovar').getByText('Contrato da Padaria').waitFor();
  });

  it('lets an admin add, rename, archive, restore and delete pipelines in Settings; one that holds deals is kept, and says why', async () => {
    await admin.goto('/settings?tab=stages');
    const rows = admin.getByTestId('pipeline-row');
    await rows.filter({ hasText: 'Renovações' }).waitFor();
    await admin.getByLabel('Novo funil').fill('Pós-venda');
    await admin.getByRole('button', { name: 'Adicionar', exact: true }).click();
    const added = rows.filter({ hasText: 'pos-venda' });
    await added.getByText('Pós-venda', { exact: true }).waitFor();

    await admin.getByRole('button', { name: 'Renomear Pós-venda' }).click();
    const rename = admin.getByRole('dialog');
    await rename.getByLabel('Nome').fill('Sucesso do cliente');
    await rename.getByRole('button', { name: 'Salvar' }).click();
    await added.getByText('Sucesso do cliente', { exact: true }).waitFor();

    // Archived: no longer offered on the board.
    await admin.getByRole('button', { name: 'Arquivar Sucesso do cliente' }).click();
    await added.getByText('Arquivado').waitFor();
    const offered = async () => {
      const res = await admin.request.get('/api/crm/pipelines');
      return ((await res.json()) as { items: { key: string }[] }).items.map((p) => p.key);
    };
    expect(await offered()).not.toContain('pos-venda');
    await admin.getByRole('button', { name: 'Restaurar Sucesso do cliente' }).click();
    await expect.poll(() => added.getByText('Arquivado').count()).toBe(0);
    expect(await offered()).toContain('pos-venda');

    // One with deals stays, and the dialog says why; an empty one goes.
    await admin.getByRole('button', { name: 'Excluir Renovações' }).click();
    const refuse = admin.getByRole('dialog');
    await refuse.getByRole('button', { name: 'Excluir funil' }).click();
    await refuse.getByText('Este funil ainda tem negócios', { exact: false }).waitFor();
    await refuse.getByRole('button', { name: 'Cancelar' }).click();
    await rows.filter({ hasText: 'Renovações' }).waitFor();
    await admin.getByRole('button', { name: 'Excluir Sucesso do cliente' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Excluir funil' }).click();
    await expect.poll(() => added.count()).toBe(0);
    expect(await offered()).not.toContain('pos-venda');
    // The main pipeline is neither archived nor deleted.
    expect(await admin.getByRole('button', { name: 'Excluir Funil principal' }).count()).toBe(0);

    // The stages card edits the pipeline chosen on it: a stage added to Renovações shows on its board.
    await admin.locator('#stages-pipeline').click();
    await admin.getByRole('option', { name: 'Renovações' }).click();
    const stageNames = admin.getByTestId('stage-name');
    await expect.poll(() => stageNames.allTextContents()).toEqual(['Renovar', 'Renovado', 'Cancelado']);
    await admin.getByRole('button', { name: 'Nova etapa' }).click();
    await admin.locator('#stage-stage').fill('Proposta de renovação');
    await admin.getByRole('dialog').locator('form button[type="submit"]').click();
    await expect
      .poll(() => stageNames.allTextContents())
      .toEqual(['Renovar', 'Renovado', 'Cancelado', 'Proposta de renovação']);
    const renewalStages = (await (await admin.request.get('/api/crm/pipeline-stages/renewals')).json()) as {
      items: { stage: string }[];
    };
    expect(renewalStages.items.map((s) => s.stage)).toContain('Proposta de renovação');
    const mainStages = (await (await admin.request.get('/api/crm/pipeline-stages/default')).json()) as {
      items: { stage: string }[];
    };
    expect(mainStages.items.map((s) => s.stage)).not.toContain('Proposta de renovação');
    await screenshot(admin, 'pipelines-settings-pt-light-1280');
    await expectAccessible(admin, 'pipelines settings pt light 1280');
  });

  it('looks right with the switcher in each language at 1280 and 390 px (screenshots, axe)', async () => {
    for (const width of [1280, 390]) {
      const page = await newPage(browser, { baseURL: server.baseUrl, width });
      await signIn(page, DEMO.admin, { to: '/crm/pipeline?pipeline=renewals' });
      await column(page, 'Renovar').getByText('Renovação do Mercado').waitFor();
      for (const [language, theme] of [
        ['pt', 'light'],
        ['en', 'dark'],
      ] as const) {
        await chooseLanguage(page, language);
        await chooseTheme(page, theme);
        await settled(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `pipelines ${language} ${width} overflows`).toBeLessThanOrEqual(0);
        await screenshot(page, `pipelines-switcher-${language}-${theme}-${width}`);
        await expectAccessible(page, `pipelines switcher ${language} ${theme} ${width}`);
      }
      await page.context().close();
    }
  });
});

describe('the reports with several pipelines', () => {
  it("count the pipeline chosen (kept in the URL), or every pipeline's deals summed", async () => {
    const won = async (title: string, value: string, pipeline: string, stage: string) => {
      const deal = await post<{ id: number }>(admin, '/api/crm/deals', { title, value, pipeline });
      await post(admin, `/api/crm/deals/${deal.id}/move`, { stage });
    };
    await won('Renovação da Farmácia', '1500.00', 'renewals', 'Renovado');
    await won('Contrato do Açougue', '500.00', 'default', 'won');
    const figures = async (query = '') =>
      (await (await admin.request.get(`/api/crm/reports?period=7${query}`)).json()) as {
        computedAt: string | null;
        figures: { salesWon: { count: number; value: string } } | null;
      };
    const before = (await figures()).computedAt;
    await post(admin, '/api/crm/reports/refresh', {});
    await expect.poll(async () => (await figures()).computedAt !== before, { timeout: 20_000 }).toBe(true);
    const every = (await figures()).figures!.salesWon;
    expect(Number(every.value)).toBeGreaterThanOrEqual(2000);

    await admin.goto('/crm/reports?period=7');
    const salesWon = admin.getByTestId('metric-salesWon-value');
    const money = (value: string) => Number(value).toLocaleString('pt-BR', { minimumFractionDigits: 2 });
    await expect.poll(() => salesWon.textContent()).toContain(money(every.value));
    await admin.locator('#reports-pipeline').click();
    await admin.getByRole('option', { name: 'Renovações' }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('pipeline')).toBe('renewals');
    await expect.poll(() => salesWon.textContent()).toContain('1.500,00');
    await admin.reload();
    await expect.poll(() => salesWon.textContent()).toContain('1.500,00');
    await admin.locator('#reports-pipeline').click();
    await admin.getByRole('option', { name: 'Todos os funis' }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('pipeline')).toBeNull();
    await expect.poll(() => salesWon.textContent()).toContain(money(every.value));
  });
});

describe('the home with several pipelines', () => {
  it("shows the chosen pipeline's open stages on the pipeline card, kept in the URL, and opens its board", async () => {
    // A deal of the main pipeline's own (the tests above moved or won theirs).
    await post(admin, '/api/crm/deals', { title: 'Proposta da Floricultura', value: '300.00', stage: 'proposal' });
    await admin.goto('/');
    const card = admin.getByTestId('home-pipeline');
    await card.locator('[data-testid="home-pipeline-stage"][data-stage="proposal"]').waitFor();
    await admin.locator('#home-pipeline-choice').click();
    await admin.getByRole('option', { name: 'Renovações' }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('pipeline')).toBe('renewals');
    await card.locator('[data-testid="home-pipeline-stage"][data-stage="Renovar"]').waitFor();
    expect(await card.locator('[data-testid="home-pipeline-stage"][data-stage="proposal"]').count()).toBe(0);
    await card.getByRole('link', { name: 'Abrir o funil' }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('pipeline')).toBe('renewals');
    await column(admin, 'Renovar').getByText('Renovação do Mercado').waitFor();
  });
});

describe('goals per pipeline', () => {
  it("sets a pipeline's goals in Settings apart from those for every pipeline, and the reports show them with it", async () => {
    await admin.goto('/settings?tab=goals');
    const first = admin.getByTestId('goal-row').first();
    await first.waitFor();
    const userId = Number(await first.getAttribute('data-user'));
    await admin.locator('#goals-pipeline').click();
    await admin.getByRole('option', { name: 'Renovações' }).click();
    await admin.getByTestId('goals-pipeline-hint').waitFor();
    await first.locator('input[name="items.0.wonValue"]').fill('5000');
    await admin.getByRole('button', { name: 'Salvar metas' }).click();
    await admin
      .locator('.toast')
      .getByText(/^Metas de .* salvas$/)
      .waitFor();

    const goalOf = async (query: string) => {
      const body = (await (await admin.request.get(`/api/crm/goals${query}`)).json()) as {
        items: { userId: number; goal: { wonValue: number } | null }[];
      };
      return body.items.find((item) => item.userId === userId)?.goal ?? null;
    };
    expect(await goalOf('?pipeline=renewals')).toMatchObject({ wonValue: 5000 });
    expect(await goalOf('')).toBeNull();

    await admin.goto('/crm/reports?pipeline=renewals');
    await expect
      .poll(async () =>
        ((await admin.getByTestId(`report-goal-${userId}-value`).textContent()) ?? '').replace(/\u00a0/g, ' '),
      )
      .toContain('de R$ 5.000,00');
    await admin.locator('#reports-pipeline').click();
    await admin.getByRole('option', { name: 'Todos os funis' }).click();
    await expect
      .poll(async () =>
        ((await admin.getByTestId(`report-goal-${userId}-value`).textContent()) ?? '').replace(/\u00a0/g, ' '),
      )
      .toContain('sem meta');
  });
});
