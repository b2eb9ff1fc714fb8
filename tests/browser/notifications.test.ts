import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeAt,
  baseUrl,
  expectAccessible,
  launchBrowser,
  newContext,
  newPage,
  registerUser,
  screenshot,
  signIn,
  toastLocator,
  uniqueName,
  type Language,
  type Theme,
} from './support/browser';

// Activity reminders in the app: the bell's unread count, its list (mark read, open the activity)
// and the toast when one arrives. A reminder fires from the server's scheduled scan (every 2 s on the
// test servers, REMINDER_SCAN_SECONDS); an activity due in a minute has its default 15-minute lead
// time already behind it, so the next scan fires it.
const ARRIVAL_TIMEOUT_MS = 60_000;
/** The bell's poll (UNREAD_POLL_MS in get-unread-notifications.ts): the page's clock is moved on by it. */
const BELL_POLL_MS = 30_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Creates an activity for the signed-in user, due a minute from now; answers its id. */
async function createDueActivity(page: Page, subject: string): Promise<number> {
  const res = await page.request.post('/api/crm/activities', {
    data: { type: 'task', subject, dueDate: new Date(Date.now() + 60_000).toISOString() },
    headers: { Origin: baseUrl() },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Polls the API (not the UI) until the user has `count` unread notifications. */
async function waitForUnread(page: Page, count: number): Promise<void> {
  const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
  for (;;) {
    const res = await page.request.get('/api/notifications?limit=1');
    expect(res.status()).toBe(200);
    if (((await res.json()) as { unread: number }).unread === count) return;
    if (Date.now() > deadline) throw new Error(`no ${count} unread notifications within ${ARRIVAL_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const bell = (page: Page) => page.getByRole('button', { name: /^(Notificações|Notifications)/ });

const MEETING = 'Reunião de alinhamento com o cliente Comercial Horizonte';
const user = { username: uniqueName('bell'), name: 'Beatriz Lembretes', initials: 'BL', password: 'a-good-password' };

describe('notifications', () => {
  it('a reminder arrives while the app is open: toast, count, list, mark read, open the activity', async () => {
    const page = await newPage(browser);
    // The page's timers run on a clock the test can move on: the bell's next poll comes at once, not up to 30 s later.
    await page.clock.install();
    await registerUser(page, user);
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notificações');
    expect(await page.getByTestId('notification-count').count()).toBe(0);

    const first = await createDueActivity(page, 'Ligar para a Ana');
    const second = await createDueActivity(page, 'Enviar a proposta');
    await waitForUnread(page, 2);

    // The poll brings it in without a reload: a toast with the newest, and the count.
    await page.clock.fastForward(BELL_POLL_MS);
    await toastLocator(page)
      .getByText(/Ligar para a Ana|Enviar a proposta/)
      .first()
      .waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('notification-count').textContent()).toBe('2');
    expect(await bell(page).getAttribute('aria-label')).toBe('Notificações, 2 não lidas');

    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notificações' });
    await panel.waitFor();
    const items = panel.getByTestId('notification-item');
    await expect.poll(() => items.count()).toBe(2);
    expect(await panel.getByText('2 não lidas').count()).toBe(1);
    expect(await items.nth(0).textContent()).toContain('Enviar a proposta');
    expect(await items.nth(1).textContent()).toContain('Ligar para a Ana');
    // Created just now, written dd/MM/yyyy HH:mm.
    expect(await items.nth(0).textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    await panel.getByRole('button', { name: /^Marcar como lida: .*Enviar a proposta/ }).click();
    await expect.poll(() => page.getByTestId('notification-count').textContent()).toBe('1');
    expect(await items.nth(0).getAttribute('data-unread')).toBe('false');
    expect(await panel.getByRole('button', { name: /^Marcar como lida/ }).count()).toBe(1);
    await waitForUnread(page, 1);

    await items
      .nth(1)
      .getByRole('button', { name: /^Não lida: .*Ligar para a Ana/ })
      .click();
    await page.waitForURL(`${baseUrl()}/crm/activities?activity=${first}`);
    await panel.waitFor({ state: 'detached' });
    await page.getByTestId('notification-count').waitFor({ state: 'detached' });
    await waitForUnread(page, 0);
    // The link opens the activity itself, in its dialog on the activities screen.
    await page.getByRole('dialog').waitFor();
    expect(await page.locator('#activity-subject').inputValue()).toBe('Ligar para a Ana');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // (Checked once the dialog is closed: while it is open, everything behind it is hidden from the accessibility tree.)
    expect(await bell(page).getAttribute('aria-label')).toBe('Notificações');

    // Read ones stay listed, and opening one again does not call the server to mark it.
    await bell(page).click();
    await expect.poll(() => items.count()).toBe(2);
    const marks: string[] = [];
    page.on('request', (req) => req.url().includes('/read') && marks.push(req.url()));
    await items
      .nth(0)
      .getByRole('button', { name: /Enviar a proposta/ })
      .click();
    await page.waitForURL(`${baseUrl()}/crm/activities?activity=${second}`);
    expect(marks).toEqual([]);
    await page.context().close();
  });

  it('the open bell in pt and en, in each theme, at 1280 and 390 px: screenshots and axe', async () => {
    const setup = await newPage(browser);
    await signIn(setup, user);
    await createDueActivity(setup, MEETING);
    await waitForUnread(setup, 1);
    await setup.context().close();

    for (const width of [1280, 390]) {
      const context = await newContext(browser, { width });
      const page = await context.newPage();
      await signIn(page, user);
      for (const language of ['pt', 'en'] as Language[]) {
        for (const theme of ['light', 'dark', 'matrix'] as Theme[]) {
          await page.evaluate(
            ({ language, theme }) => {
              localStorage.setItem('language', language);
              localStorage.setItem('theme', theme);
            },
            { language, theme },
          );
          await page.reload();
          await page.getByTestId('notification-count').waitFor();
          await bell(page).click();
          const panel = page.getByRole('dialog', { name: language === 'pt' ? 'Notificações' : 'Notifications' });
          await expect.poll(() => panel.getByTestId('notification-item').count()).toBe(3);
          // Worded in the app's language, whatever the reminder email language; the subject shows once.
          const newest = (await panel.getByTestId('notification-item').nth(0).textContent()) ?? '';
          expect(newest).toContain(`${language === 'en' ? 'Reminder' : 'Lembrete'}: ${MEETING}`);
          expect(newest).toMatch(
            language === 'en' ? /Due \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/ : /Vence em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
          );
          expect(newest.split(MEETING)).toHaveLength(2);
          // The panel stays inside the screen, and the top bar with one more button still fits.
          const box = await panel.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          ).toBeLessThanOrEqual(0);
          // The dashboard behind lists the long activity subject: it truncates rather than widening <main>.
          expect(
            await page.evaluate(() => ((main) => main.scrollWidth - main.clientWidth)(document.querySelector('main')!)),
          ).toBeLessThanOrEqual(0);
          await screenshot(page, `notifications-${language}-${theme}-${width}`);
          if (axeAt(width, theme, language))
            await expectAccessible(page, `notifications ${language} ${theme} ${width}`);
          await page.keyboard.press('Escape');
          await panel.waitFor({ state: 'detached' });
        }
      }
      await context.close();
    }
  });
});
