import type { Locator, Page } from 'playwright-core';

/**
 * A list of `total` records as the server pages it (newest first, `pageSize` a page, the cursor the last id, the
 * total on the first page), answered in the browser for every request to `glob`: a screen can be scrolled through
 * 100,000 records without writing them. `asked` collects each request's query.
 */
export async function routePagedList(
  page: Page,
  glob: string,
  { total, pageSize, item, asked }: { total: number; pageSize: number; item: (n: number) => object; asked?: string[] },
): Promise<void> {
  await page.route(glob, (route) => {
    const url = new URL(route.request().url());
    asked?.push(url.search);
    const after = Number(url.searchParams.get('cursor') ?? total + 1);
    const items = Array.from({ length: Math.min(pageSize, after - 1) }, (_, i) => ({
      id: after - 1 - i,
      ...item(after - 1 - i),
    }));
    const last = items.at(-1)!.id;
    return route.fulfill({
      json: {
        items,
        nextCursor: last > 1 ? String(last) : null,
        ...(url.searchParams.has('cursor') ? {} : { total }),
      },
    });
  });
}

/**
 * Scrolls <main> to its end again and again (each time waiting for the list to grow with the next page) until
 * `target` is in the DOM; answers the most `counted` elements seen in the DOM at once. At most 200 scrolls.
 */
export async function scrollUntilShown(page: Page, target: Locator, counted: Locator): Promise<number> {
  let most = 0;
  for (let scrolls = 0; (await target.count()) === 0; scrolls++) {
    if (scrolls >= 200) throw new Error('the list never reached the record looked for');
    const height = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.scrollTop = main.scrollHeight;
      return main.scrollHeight;
    });
    await page.waitForFunction((before) => document.querySelector('main')!.scrollHeight > before, height);
    most = Math.max(most, await counted.count());
  }
  return Math.max(most, await counted.count());
}
