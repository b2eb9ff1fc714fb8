import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from '../../src/infrastructure/db/database';
import { DEMO, launchBrowser, newPage, signIn } from './support/browser';
import { startSeededServer, type RunningServer } from './support/server';

// Its own server and data: 100,000 contacts would crowd every other test's lists on the shared one.
const CONTACTS = 100_000;
const SCROLLED = 2_000;

let browser: Browser;
let server: RunningServer;

/** 100,000 contacts of the demo admin, numbered so that the newest (first listed) is "Contato 100000". */
async function seed(knex: Knex): Promise<void> {
  const [{ id: owner }] = await knex('users').where({ username: DEMO.admin.username }).select('id');
  // 500 companies, their ids in a row: contact g works at the (g % 500)th.
  const { rows: companies } = await knex.raw(
    "INSERT INTO companies (name) SELECT 'Empresa ' || g FROM generate_series(0, 499) g RETURNING id",
  );
  const first = Math.min(...companies.map((c: { id: number }) => c.id));
  await knex.raw(
    `INSERT INTO contacts (name, email, company_id, position, status, score, tags, owner_id, created_by)
     SELECT 'Contato ' || lpad(g::text, 6, '0'), 'contato' || g || '@example.com', ${first} + g % 500,
            'Cargo ' || (g % 7), (ARRAY['lead', 'prospect', 'customer', 'inactive'])[1 + g % 4], g % 101,
            ARRAY['t' || (g % 9), 'u' || (g % 5), 'v' || (g % 3)], ?, ?
     FROM generate_series(1, ?) g`,
    [owner, owner, CONTACTS],
  );
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startSeededServer('contacts-scale', seed), launchBrowser()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const cards = (page: Page) => page.getByTestId('contact-card');
const cardNamed = (page: Page, n: number) =>
  page.getByRole('button', { name: `Contato ${String(n).padStart(6, '0')}`, exact: true });

describe('contacts at 100,000', () => {
  it('renders the first page with the total, and keeps fewer than 150 cards in the DOM while scrolling through 2,000', async () => {
    const page = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(page, DEMO.admin, { to: '/crm/contacts' });
    await page.getByTestId('contacts-total').getByText('100.000 contatos').waitFor();
    // Newest first: the last one inserted leads the first page.
    await cardNamed(page, CONTACTS).waitFor();
    expect(await cards(page).count()).toBeLessThanOrEqual(30);

    // Scroll <main> to its end again and again: each time the list grows by a page, until the 2,000th card is on screen.
    const target = cardNamed(page, CONTACTS - SCROLLED + 1);
    let most = 0;
    let scrolls = 0;
    while ((await target.count()) === 0) {
      const height = await page.evaluate(() => {
        const main = document.querySelector('main')!;
        main.scrollTop = main.scrollHeight;
        return document.querySelector('[role="list"]')!.getBoundingClientRect().height;
      });
      // The next page arrives and the list grows (or the target shows up): a condition, not a sleep.
      await page.waitForFunction(
        ({ before, name }) =>
          document.querySelector('[role="list"]')!.getBoundingClientRect().height > before ||
          [...document.querySelectorAll('[data-testid="contact-card"] button')].some((b) => b.textContent === name),
        { before: height, name: `Contato ${String(CONTACTS - SCROLLED + 1).padStart(6, '0')}` },
      );
      most = Math.max(most, await cards(page).count());
      scrolls += 1;
      expect(scrolls).toBeLessThan(200);
    }
    await target.scrollIntoViewIfNeeded();
    await target.waitFor();
    most = Math.max(most, await cards(page).count());
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThan(150);
    // The cards really are the ones near the 2,000th: the first page's are gone from the DOM.
    expect(await cardNamed(page, CONTACTS).count()).toBe(0);
    await page.context().close();
  });
});
