import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, newPage, screenshot, signIn } from './support/browser';

// A deploy replaces every chunk's name: a tab opened before it asks for files the server no longer has. The
// manifest of the build under test says which file holds a screen; blocking it is what such a tab meets.
const manifest: Record<string, { file: string }> = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../dist/ui/.vite/manifest.json'), 'utf8'),
);
const chunkOf = (source: string): string => {
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build's manifest`);
  return `**/${entry.file}`;
};
const CONTACTS_CHUNK = chunkOf('features/contacts/routes/contacts-page.tsx');
const AUTH_CHUNK = chunkOf('features/auth/routes/auth-page.tsx');

const RELOADED_KEY = 'funil.staleBuildReload';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The chunk answers 404 (the server's answer for a file it no longer has); `tries` counts its requests. */
async function removeChunk(page: Page, pattern: string): Promise<{ tries: () => number }> {
  let tries = 0;
  await page.route(pattern, (route) => {
    tries += 1;
    return route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: '{"error":{"code":"ROUTE.NOT_FOUND"}}',
    });
  });
  return { tries: () => tries };
}

/** Full page loads from now on (the automatic reload is one). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

async function expectNoRouterDeveloperPage(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/Hey developer|Unexpected Application Error/);
}

describe('a screen whose code is gone after a deploy', () => {
  it('reloads once, then says a new version is available inside the layout, in pt and en, and the reload button brings the screen', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.admin);
    const chunk = await removeChunk(page, CONTACTS_CHUNK);
    const loads = countLoads(page);

    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Contatos' }).click();
    await page.getByRole('heading', { name: 'Uma nova versão está disponível' }).waitFor();
    // The automatic reload came first (one, not a loop), and the chunk was asked for again after it.
    expect(loads()).toBe(1);
    expect(chunk.tries()).toBeGreaterThanOrEqual(2);
    expect(page.url()).toMatch(/\/crm\/contacts$/);
    await page.getByText('Não foi possível carregar esta tela.', { exact: false }).waitFor();
    // Inside the app's frame: the sidebar and the top bar stay, so the person can go elsewhere.
    expect(await page.getByRole('navigation', { name: 'Navegação principal' }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('main').getByRole('button', { name: 'Recarregar' }).isVisible()).toBe(true);
    await expectNoRouterDeveloperPage(page);
    await screenshot(page, 'stale-build-pt');
    // Nothing more happens by itself.
    await page.waitForTimeout(1_000);
    expect(loads()).toBe(1);

    // In English: the same screen in the person's language (no second automatic reload: the first one is spent).
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByRole('heading', { name: 'A new version is available' }).waitFor();
    await page.getByText('Could not load this screen.', { exact: false }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    await expectNoRouterDeveloperPage(page);
    await screenshot(page, 'stale-build-en');
    expect(loads()).toBe(2);

    // The new build is there now: Reload brings the screen, and a later failure may reload by itself again.
    await page.unroute(CONTACTS_CHUNK);
    await page.getByRole('main').getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Contacts', exact: true }).waitFor();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), RELOADED_KEY)).toBeNull();
    await page.context().close();
  });

  it('tells an anonymous visitor the same on the sign-in screen, without the layout', async () => {
    const page = await newPage(browser);
    await removeChunk(page, AUTH_CHUNK);
    const loads = countLoads(page);
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Uma nova versão está disponível' }).waitFor();
    // The first load and the automatic reload.
    expect(loads()).toBe(2);
    expect(await page.getByRole('button', { name: 'Recarregar' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation').count()).toBe(0);
    await expectNoRouterDeveloperPage(page);
    await page.context().close();
  });

  it('shows any other failure of a screen as "something went wrong" in the layout, with reload and back to the start', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.admin);
    // The screen's code loads but breaks when it draws (a bug, not a deploy): no reload would help.
    await page.route(CONTACTS_CHUNK, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: 'export function ContactsPage() { throw new Error("broken screen"); }',
      }),
    );
    const loads = countLoads(page);
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Contatos' }).click();
    await page.getByRole('heading', { name: 'Algo deu errado' }).waitFor();
    expect(loads()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Navegação principal' }).isVisible()).toBe(true);
    expect(await page.getByRole('main').getByRole('button', { name: 'Recarregar' }).isVisible()).toBe(true);
    await expectNoRouterDeveloperPage(page);
    await screenshot(page, 'screen-error-pt');
    await page.getByRole('main').getByRole('link', { name: 'Voltar ao início' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('home-heading').waitFor();
    await page.context().close();
  });

  it('is a 404 on the server, never the app page', async () => {
    const page = await newPage(browser);
    for (const url of ['/assets/contacts-page-0ld8uild.js', '/assets/index-0ld8uild.css']) {
      const res = await page.request.get(url, { headers: { accept: '*/*' } });
      expect(res.status(), url).toBe(404);
      expect(res.headers()['content-type'] ?? '', url).not.toContain('text/html');
      expect(await res.text(), url).not.toContain('<div id="root">');
    }
    await page.context().close();
  });
});
