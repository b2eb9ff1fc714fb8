import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseTheme,
  baseUrl,
  DEMO,
  expectAccessible,
  launchBrowser,
  newPage,
  screenshot,
  signIn,
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

/** One operation of the viewer, by method and path. */
const operation = (page: Page, method: string, path: string) =>
  page.locator(`.opblock-${method}`).filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });

async function openDocs(page: Page) {
  await page.goto('/api-docs');
  await page.locator('.swagger-ui .opblock').first().waitFor();
}

/**
 * Swagger UI draws a document of 150 tags and operations or more a screenful at a time (it virtualizes the list
 * inside the page's scroller), so an operation further down is found as a developer would: by filtering on its tag.
 */
async function findOperation(page: Page, tag: string, method: string, path: string) {
  await page.locator('.swagger-ui .operation-filter-input').fill(tag);
  const found = operation(page, method, path);
  await found.waitFor();
  return found;
}

describe('API documentation', () => {
  it('a developer reads the API and calls it from the page: GET answers 200, a POST passes the same-origin check', async () => {
    const page = await newPage(browser);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await signIn(page, DEMO.developer);
    await openDocs(page);
    await page.getByRole('heading', { level: 1, name: 'Documentação da API' }).waitFor();
    // The document is shown whole, with no warning from the viewer about it.
    expect(await page.locator('.swagger-ui .errors-wrapper').count()).toBe(0);

    const list = await findOperation(page, 'contacts', 'get', '/api/crm/contacts');
    await list.locator('.opblock-summary-control').click();
    await list.getByRole('button', { name: 'Execute' }).click();
    await expect
      .poll(() => list.locator('.live-responses-table tr.response .response-col_status').textContent())
      .toBe('200');
    expect(await list.locator('.live-responses-table tr.response .response-col_description').textContent()).toContain(
      '"items"',
    );

    // A state change: the browser adds Origin (and Sec-Fetch-Site) itself, so the cross-site guard lets it through.
    const name = uniqueName('Docs contact ');
    const create = operation(page, 'post', '/api/crm/contacts');
    await create.locator('.opblock-summary-control').click();
    await create.locator('textarea.body-param__text').fill(JSON.stringify({ name }));
    await create.getByRole('button', { name: 'Execute' }).click();
    await expect
      .poll(() => create.locator('.live-responses-table tr.response .response-col_status').textContent())
      .toBe('201');
    const found = await (await page.request.get(`/api/crm/contacts?search=${encodeURIComponent(name)}`)).json();
    expect(found.items.map((c: { name: string }) => c.name)).toEqual([name]);
    // Nothing refused by the Content Security Policy (no script evaluated, no outside font, image or call).
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    await page.context().close();
  });

  it('the whole document can be read: scrolling the page brings every tag and, at the end, the last operation', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.developer);
    const spec = await (await page.request.get('/api/openapi.json')).json();
    const operations = Object.entries(spec.paths as Record<string, Record<string, { tags: string[] }>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods)
          .filter(([method]) => method !== 'parameters')
          .map(([method, op]) => ({ method, path, tag: op.tags[0] })),
    );
    // Swagger UI lists the tags in the document's order, each with its operations in path order.
    const tags = (spec.tags as { name: string }[]).map((tag) => tag.name);
    expect(new Set(operations.map((op) => op.tag))).toEqual(new Set(tags));
    const last = operations.filter((op) => op.tag === tags.at(-1)).at(-1)!;
    await openDocs(page);
    const seen = new Set<string | null>();
    const target = operation(page, last.method, last.path);
    for (let scrolls = 0; ; scrolls++) {
      const shown = await page
        .locator('.swagger-ui .opblock-tag')
        .evaluateAll((headings) => headings.map((heading) => heading.getAttribute('data-tag')));
      for (const tag of shown) seen.add(tag);
      if ((await target.count()) > 0) break;
      if (scrolls >= 500) throw new Error(`scrolling never reached ${last.method} ${last.path}`);
      // Half a screen at a time, then two frames: Swagger UI draws the rows for the new position on the next frame.
      await page.evaluate(
        () =>
          new Promise((drawn) => {
            document.querySelector('main')!.scrollBy(0, 400);
            requestAnimationFrame(() => requestAnimationFrame(drawn));
          }),
      );
    }
    expect([...seen]).toEqual(tags);
    await page.context().close();
  });

  it.each(['employee', 'admin'] as const)('an %s cannot open it', async (role) => {
    const page = await newPage(browser);
    await signIn(page, DEMO[role], { to: '/api-docs' });
    await page.getByRole('heading', { name: 'Sem acesso' }).waitFor();
    expect(await page.locator('.swagger-ui').count()).toBe(0);
    expect(page.url()).toBe(`${baseUrl()}/api-docs`);
    await page.context().close();
  });

  it('follows the theme and language, in pt/en, three themes, 1280/390 px; axe clean', async () => {
    // One page (Swagger UI loads once); language and theme changed with the app's own top-bar controls.
    const page = await newPage(browser);
    await signIn(page, DEMO.developer);
    await openDocs(page);
    for (const language of ['pt', 'en'] as Language[]) {
      if (language === 'en')
        await page.getByRole('button', { name: /Mudar idioma para inglês|Switch language to English/i }).click();
      await page
        .getByRole('heading', { level: 1, name: language === 'pt' ? 'Documentação da API' : 'API documentation' })
        .waitFor();
      for (const theme of ['light', 'dark', 'matrix'] as Theme[]) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await chooseTheme(page, theme);
        // Swagger UI's own dark styles are on exactly while the app's theme is dark or matrix.
        expect(
          await page.evaluate(() => [
            document.documentElement.dataset.theme,
            document.documentElement.classList.contains('dark-mode'),
          ]),
        ).toEqual([theme, theme !== 'light']);
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
          const name = `${language}-${theme}-${width}`;
          await screenshot(page, `api-docs-${name}`);
          if ((language === 'pt' && width === 1280) || (theme === 'light' && (language === 'en' || width === 390)))
            await expectAccessible(page, `api docs ${name}`);
        }
      }
    }
    // Leaving the page (in the app, no reload) takes Swagger UI's dark class away with it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('nav a[href="/"]').first().click();
    await page.getByTestId('home-heading').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark-mode'))).toBe(false);
    await page.context().close();
  });
});
