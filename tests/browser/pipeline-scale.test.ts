import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from '../../src/infrastructure/db/database';
import { DEMO, launchBrowser, newPage, signIn } from './support/browser';
import { startSeededServer, type RunningServer } from './support/server';

// Its own server and data: 20,000 deals would crowd every other test's board on the shared one.
const DEALS = 20_000;
const STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation', 'won', 'lost'];

// The generator, twice: in SQL for the data, in JS for the hand-computed totals.
const stageOf = (g: number) => STAGES[g % STAGES.length]!;
const valueCents = (g: number) => (g % 1000) * 100 + 50;
const probabilityOf = (g: number) => g % 101;

let browser: Browser;
let server: RunningServer;

async function seed(knex: Knex): Promise<void> {
  const [{ id: owner }] = await knex('users').where({ username: DEMO.admin.username }).select('id');
  await knex.raw(
    `INSERT INTO deals (title, value, stage, pipeline, probability, lost_reason, closed_at, owner_id, created_by, position)
     SELECT 'Negócio ' || lpad(g::text, 5, '0'), (g % 1000) + 0.5, (ARRAY['prospecting', 'qualification', 'proposal', 'negotiation', 'won', 'lost'])[1 + g % 6],
            'default', g % 101, CASE WHEN g % 6 = 5 THEN 'price' END, CASE WHEN g % 6 >= 4 THEN now() END, ?, ?, g
     FROM generate_series(1, ?) g`,
    [owner, owner, DEALS],
  );
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startSeededServer('pipeline-scale', seed), launchBrowser()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const money = (cents: number) => brl.format(cents / 100).replace(/\u00a0/g, ' ');

describe('the pipeline board at 20,000 deals', () => {
  it("shows every column's count, value and forecast (open columns only) at once and keeps fewer than 400 cards in the DOM", async () => {
    const expected = new Map(STAGES.map((s) => [s, { count: 0, cents: 0, weighted: 0 }]));
    for (let g = 1; g <= DEALS; g += 1) {
      const e = expected.get(stageOf(g))!;
      e.count += 1;
      e.cents += valueCents(g);
      e.weighted += valueCents(g) * probabilityOf(g);
    }

    const page = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(page, DEMO.admin, { to: '/crm/pipeline' });
    await page.getByTestId('pipeline-board').waitFor();
    for (const stage of STAGES) {
      const column = page.getByTestId(`column-${stage}`);
      const e = expected.get(stage)!;
      await column
        .getByTestId('column-count')
        .getByText(new Intl.NumberFormat('pt-BR').format(e.count), { exact: true })
        .waitFor();
      expect((await column.getByTestId('column-value').textContent())?.replace(/\u00a0/g, ' ')).toBe(money(e.cents));
      if (stage === 'won' || stage === 'lost') {
        // Closed: won revenue or nothing, never a forecast.
        expect(await column.getByTestId('column-forecast').count()).toBe(0);
        await column.getByTestId('column-closed').waitFor();
      } else {
        expect((await column.getByTestId('column-forecast').textContent())?.replace(/\u00a0/g, ' ')).toBe(
          `Previsão ${money(Math.round(e.weighted / 100))}`,
        );
      }
      await column.getByTestId('deal-card').first().waitFor();
    }
    const atOpen = await page.getByTestId('deal-card').count();
    expect(atOpen).toBe(STAGES.length * 30);

    // One column scrolled to its end twice: its next pages come in by its own cursor, the others stay as they were.
    const cards = page.getByTestId('column-proposal').getByTestId('column-cards');
    for (const shown of [60, 90]) {
      await cards.evaluate((el) => (el.scrollTop = el.scrollHeight));
      await expect.poll(() => cards.getByTestId('deal-card').count()).toBe(shown);
    }
    const total = await page.getByTestId('deal-card').count();
    expect(total).toBe(STAGES.length * 30 + 60);
    expect(total).toBeLessThan(400);
    await page.context().close();
  });
});
