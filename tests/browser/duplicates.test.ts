import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeAt,
  baseUrl,
  chooseTheme,
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

/** Data is made through the API (as the page's signed-in user), not by clicking. */
async function post<T = { id: number; name: string }>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { data, headers: { origin: baseUrl() } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

const PASSWORD = 'a-good-password';

async function newEmployee(prefix: string, name: string, options: { width?: number; language?: Language } = {}) {
  const page = await newPage(browser, options);
  const user = { username: uniqueName(prefix), name, initials: 'DD', password: PASSWORD };
  await registerUser(page, user);
  return { page, user };
}

/** A phone no other test has: (11) 9 and eight random digits. */
const newPhone = (): string => `(11) 9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

const groups = (page: Page) => page.getByTestId('duplicate-group');
const groupWith = (page: Page, text: string) => groups(page).filter({ hasText: text });
const dialog = (page: Page) => page.getByRole('dialog');

/** Loads every page of groups (the list is the whole system's, surest first), so a group is on screen if it exists. */
async function showAll(page: Page): Promise<void> {
  await page
    .getByTestId('duplicate-groups')
    .or(page.getByText(/Nenhum contato duplicado|No duplicate contacts/))
    .waitFor();
  const more = page.getByRole('button', { name: /^(Carregar mais|Load more)$/ });
  while ((await more.count()) > 0) {
    const before = await groups(page).count();
    await more.click();
    await expect.poll(async () => (await more.count()) === 0 || (await groups(page).count()) > before).toBe(true);
  }
}

/** Opens a group's merge dialog and waits for its table (every record read in full). */
async function openMerge(page: Page, text: string) {
  await groupWith(page, text)
    .getByRole('button', { name: /^(Mesclar…|Merge…)$/ })
    .click();
  await dialog(page).getByTestId('merge-table').waitFor();
  return dialog(page);
}

describe('duplicates', () => {
  it('finds two contacts with the same e-mail (in another case) as one group and merges them choosing the phone', async () => {
    const { page } = await newEmployee('dupmerge', 'Davi Duplicado');
    const token = uniqueName('dm');
    const email = `ana.${token}@example.com`;
    const [phoneA, phoneB] = [newPhone(), newPhone()];
    const first = await post(page, '/api/crm/contacts', { name: `Ana ${token}`, email, phone: phoneA, tags: ['vip'] });
    const second = await post(page, '/api/crm/contacts', {
      name: `Ana S. ${token}`,
      email: email.toUpperCase(),
      phone: phoneB,
      position: 'Compradora',
      tags: ['feira'],
    });

    // Reached from the contacts screen's header.
    await page.goto('/crm/contacts');
    await page.getByRole('link', { name: 'Duplicados' }).click();
    await page.waitForURL('**/crm/duplicates');
    await page.getByRole('heading', { level: 1, name: 'Duplicados' }).waitFor();
    await showAll(page);
    expect(await groupWith(page, token).count()).toBe(1);
    const group = groupWith(page, token);
    expect(await group.getByRole('heading').textContent()).toBe('Mesmo e-mail');
    expect(await group.getByTestId('duplicate-confidence').textContent()).toMatch(/^\d{1,3}% de certeza$/);
    expect(await group.getByTestId('duplicate-member').count()).toBe(2);
    const members = await group.getByTestId('duplicate-member').allInnerTexts();
    expect(members[0]).toContain(phoneA);
    expect(members[1]).toContain(phoneB);
    expect(members[0]).toContain('Responsável: Davi Duplicado');

    const merge = await openMerge(page, token);
    await merge.getByRole('heading', { name: 'Mesclar 2 registros' }).waitFor();
    // The oldest is kept by default, and each differing field starts at its value.
    expect(await merge.getByRole('radio', { name: new RegExp(`^Ana ${token}`) }).isChecked()).toBe(true);
    const phoneRow = merge.getByTestId('merge-row-phone');
    expect(await phoneRow.getByRole('radio').nth(0).isChecked()).toBe(true);
    // A field only the second has starts at the second's value; equal fields ask nothing.
    expect(await merge.getByTestId('merge-row-position').getByRole('radio').nth(1).isChecked()).toBe(true);
    expect(await merge.getByTestId('merge-row-status').getByRole('radio').count()).toBe(0);
    expect(await merge.getByTestId('merge-row-tags').textContent()).toContain('vip, feira');
    await phoneRow.getByRole('radio').nth(1).check();

    const answer = page.waitForResponse((res) => res.url().endsWith('/api/crm/contacts/merge'));
    await merge.getByRole('button', { name: 'Mesclar 2 registros' }).click();
    const request = (await answer).request().postDataJSON() as { keepId: number; mergeIds: number[]; fields: object };
    expect(request).toMatchObject({ keepId: first.id, mergeIds: [second.id] });
    expect(request.fields).toMatchObject({ phone: second.id, position: second.id, name: first.id });
    await toastLocator(page).getByText(`2 contatos mesclados em “Ana ${token}”`).waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    // The group leaves the list (read again after the merge).
    await expect.poll(() => groupWith(page, token).count()).toBe(0);

    await page.getByTestId('merge-done').getByRole('link', { name: 'Abrir o contato' }).click();
    await page.waitForURL(`**/crm/contacts/${first.id}`);
    await page.getByRole('heading', { level: 1, name: `Ana ${token}` }).waitFor();
    // The chosen phone is the contact's; the one replaced shows only in its history.
    await page.getByRole('link', { name: phoneB, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: phoneA, exact: true }).count()).toBe(0);
    const merged = page
      .getByTestId('contact-timeline')
      .getByRole('listitem')
      .filter({ hasText: `Davi Duplicado mesclou Ana S. ${token} com o contato “Ana ${token}”` });
    await merged.waitFor();
    expect((await merged.getByTestId('timeline-change').allInnerTexts()).join(' | ')).toContain(phoneA);
    expect((await merged.getByTestId('timeline-change').allInnerTexts()).join(' | ')).toContain(phoneB);

    await page.goto(`/crm/contacts/${second.id}`);
    await page.getByText('404 Página Não Encontrada').waitFor();
    await page.context().close();
  });

  it('"Não é duplicado" takes a group off the list at once, and it stays off after a reload', async () => {
    const { page } = await newEmployee('dupdismiss', 'Dora Dispensa');
    const token = uniqueName('dd');
    const phone = newPhone();
    await post(page, '/api/crm/contacts', { name: `Bruno ${token}`, phone });
    // The same number written otherwise.
    await post(page, '/api/crm/contacts', { name: `Bia ${token}`, phone: phone.replace(/\D/g, '') });
    await page.goto('/crm/duplicates');
    await showAll(page);
    const group = groupWith(page, token);
    expect(await group.count()).toBe(1);
    expect(await group.getByRole('heading').textContent()).toBe('Mesmo telefone');
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/crm/duplicates/contacts/dismiss'));
    await group.getByRole('button', { name: 'Não é duplicado' }).click();
    await expect.poll(() => groupWith(page, token).count()).toBe(0);
    expect((await answer).status()).toBe(204);
    await toastLocator(page).getByText('Marcado como não duplicado').waitFor();

    await page.reload();
    await showAll(page);
    expect(await groupWith(page, token).count()).toBe(0);
    await page.context().close();
  });

  it("refuses an employee merging someone else's contact, in the dialog", async () => {
    const other = await newEmployee('dupowner', 'Olga Outra');
    const token = uniqueName('df');
    const email = `caio.${token}@example.com`;
    await post(other.page, '/api/crm/contacts', { name: `Caio ${token}`, email });
    await other.page.context().close();
    const { page } = await newEmployee('dupmine', 'Mário Meu');
    await post(page, '/api/crm/contacts', { name: `Caio M. ${token}`, email });

    await page.goto('/crm/duplicates');
    await showAll(page);
    const merge = await openMerge(page, token);
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/crm/contacts/merge'));
    await merge.getByRole('button', { name: 'Mesclar 2 registros' }).click();
    expect((await answer).status()).toBe(403);
    expect(await merge.getByRole('alert').textContent()).toBe(
      'Só um administrador, ou quem é responsável por todos estes registros (ou os criou), pode mesclá-los.',
    );
    // Nothing merged: the dialog stays, and so does the group.
    expect(await merge.getByRole('button', { name: 'Mesclar 2 registros' }).isEnabled()).toBe(true);
    await merge.getByRole('button', { name: 'Cancelar' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await groupWith(page, token).count()).toBe(1);
    await page.context().close();
  });

  it('looks right in each language, theme and width: the list, both tabs, and the merge dialog (screenshots, axe)', async () => {
    const token = uniqueName('dl');
    const user = { username: uniqueName('duplook'), name: 'Lia Layout', initials: 'LL', password: PASSWORD };
    const setup = await newPage(browser);
    await registerUser(setup, user);
    const acme = await post(setup, '/api/crm/companies', { name: `Acme Indústria ${token}`, city: 'São Paulo' });
    await post(setup, '/api/crm/contacts', {
      name: `Mariana Albuquerque ${token}`,
      email: `mariana.${token}@acme.example.com`,
      phone: '(11) 98765-4321',
      companyId: acme.id,
      position: 'Diretora de compras',
      tags: ['vip'],
    });
    await post(setup, '/api/crm/contacts', {
      name: `Mariana A. ${token}`,
      email: `Mariana.${token}@acme.example.com`,
      phone: '(11) 3222-1100',
      position: 'Compras',
      status: 'customer',
      score: 40,
      tags: ['evento-2026'],
    });
    const domain = `${token}.example.com`;
    await post(setup, '/api/crm/companies', { name: `Lusa Comércio ${token}`, emailDomain: domain, city: 'Recife' });
    await post(setup, '/api/crm/companies', {
      name: `Lusa Comercial Ltda ${token}`,
      emailDomain: domain,
      city: 'Olinda',
      segment: 'Comércio',
    });
    await setup.context().close();

    const languages: Language[] = ['pt', 'en'];
    const themes: Theme[] = ['light', 'dark', 'matrix'];
    for (const language of languages) {
      for (const width of [1280, 390]) {
        const page = await newPage(browser, { language, width });
        // Only this test's groups, as the server answers them: the screenshots do not change with other tests' data.
        await page.route('**/api/crm/duplicates/*?*', async (route) => {
          const res = await route.fetch();
          const body = (await res.json()) as { items: { members: { name: string }[] }[]; nextCursor: string | null };
          const items = body.items.filter((group) => group.members.some((member) => member.name.includes(token)));
          // Status and body only: the server's headers (its length, a compression) describe the unfiltered body.
          await route.fulfill({ status: res.status(), json: { items, nextCursor: null } });
        });
        await signIn(page, user);
        await page.evaluate((value) => localStorage.setItem('theme', value), themes[0]!);
        for (const [tab, path] of [
          ['contacts', '/crm/duplicates'],
          ['companies', '/crm/duplicates?kind=companies'],
        ] as const) {
          await page.goto(path);
          for (const theme of themes) {
            if (theme !== themes[0]) await chooseTheme(page, theme);
            await groupWith(page, token).first().waitFor();
            await settled(page);
            const name = `duplicates-${tab}-${language}-${theme}-${width}`;
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
            await screenshot(page, name);
            if (axeAt(width, theme, language)) await expectAccessible(page, name);
            // The dialog in every theme for contacts, in the light one for companies.
            if (tab === 'contacts' || theme === 'light') {
              await openMerge(page, token);
              await settled(page);
              await screenshot(page, `${name}-merge`);
              if (axeAt(width, theme, language)) await expectAccessible(page, `${name} merge dialog`);
              await page.keyboard.press('Escape');
              await dialog(page).waitFor({ state: 'detached' });
            }
          }
          await chooseTheme(page, themes[0]!);
        }
        await page.context().close();
      }
    }
  });
});
