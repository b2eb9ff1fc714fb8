import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeAt,
  baseUrl,
  DEMO,
  expectAccessible,
  inEveryLook,
  launchBrowser,
  newPage,
  registerUser,
  screenshot,
  signIn,
  toastLocator,
  uniqueName,
  type Language,
  settled,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface ContactInput {
  name: string;
  email?: string;
  status?: 'lead' | 'prospect' | 'customer' | 'inactive';
  tags?: string[];
  source?: string;
  /** Made as a company of its own (by the API) for the contact, which answers its name. */
  company?: string;
}

interface SavedContact extends ContactInput {
  id: number;
  tags: string[];
  status: 'lead' | 'prospect' | 'customer' | 'inactive';
}

/** Data is made through the API (as the signed-in user of the page), not by clicking. */
async function createContact(page: Page, { company, ...input }: ContactInput): Promise<SavedContact> {
  const made = company
    ? await page.request.post('/api/crm/companies', { data: { name: company }, headers: { origin: baseUrl() } })
    : null;
  const data = made ? { ...input, companyId: ((await made.json()) as { id: number }).id } : input;
  const res = await page.request.post('/api/crm/contacts', { data, headers: { origin: baseUrl() } });
  expect(res.status()).toBe(201);
  return (await res.json()) as SavedContact;
}

async function listContacts(page: Page, query: Record<string, string>): Promise<SavedContact[]> {
  const res = await page.request.get(`/api/crm/contacts?${new URLSearchParams({ ...query, limit: '200' })}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: SavedContact[] }).items;
}

async function newEmployee(prefix: string, options: { language?: Language; width?: number } = {}): Promise<Page> {
  const page = await newPage(browser, options);
  await registerUser(page, {
    username: uniqueName(prefix),
    name: 'Bruno Lote',
    initials: 'BL',
    password: 'a-good-password',
  });
  return page;
}

const cards = (page: Page) => page.getByTestId('contact-card');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('button', { name, exact: true }) });
const tick = (page: Page, name: string) => page.getByRole('checkbox', { name: `Selecionar ${name}`, exact: true });
const bar = (page: Page) => page.getByTestId('selection-bar');
const badgeOf = (page: Page, name: string) =>
  card(page, name).locator('span', { hasText: /^(Lead|Prospect|Cliente|Inativo)$/ });

describe('contacts: bulk changes, possible duplicates, tag suggestions', () => {
  it('changes the status of cards picked by checkbox and shift-click range; refuses, and says so, a contact that is not mine', async () => {
    const page = await newEmployee('bulk');
    const tag = uniqueName('lote').toLowerCase();
    const names = ['Um', 'Dois', 'Três', 'Quatro', 'Cinco'].map((n) => `${n} ${tag}`);
    for (const name of names) await createContact(page, { name, tags: [tag] });
    const admin = await newPage(browser);
    await signIn(admin, DEMO.admin);
    const theirs = `Alheio ${tag}`;
    await createContact(admin, { name: theirs, tags: [tag] });

    // Newest first: Alheio, Cinco, Quatro, Três, Dois, Um.
    await page.goto(`/crm/contacts?tag=${tag}`);
    await expect.poll(() => cards(page).count()).toBe(6);
    await tick(page, names[4]).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await bar(page).getByTestId('selection-count').textContent()).toBe('1 selecionado');
    await tick(page, names[2]).click({ modifiers: ['Shift'] });
    expect(await bar(page).getByTestId('selection-count').textContent()).toBe('3 selecionados');
    for (const name of [names[4], names[3], names[2]])
      expect(await tick(page, name).getAttribute('aria-checked')).toBe('true');
    for (const name of [names[1], names[0], theirs])
      expect(await tick(page, name).getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await bar(page).getByRole('button', { name: 'Status' }).click();
    await page.getByRole('menuitem', { name: 'Cliente' }).click();
    await toastLocator(page).getByText('3 contatos alterados').waitFor();
    for (const name of [names[4], names[3], names[2]])
      await expect.poll(() => badgeOf(page, name).textContent()).toBe('Cliente');
    expect(await badgeOf(page, names[1]).textContent()).toBe('Lead');
    await bar(page).waitFor({ state: 'detached' });

    // Someone else's contact (the admin's) is refused by the server; mine goes ahead.
    await tick(page, theirs).click();
    await tick(page, names[1]).click();
    await bar(page).getByRole('button', { name: 'Status' }).click();
    await page.getByRole('menuitem', { name: 'Prospect' }).click();
    await toastLocator(page).getByText('1 contato alterado').waitFor();
    expect(await toastLocator(page).innerText()).toContain(`1 recusado: de outra pessoa (${theirs}).`);
    await expect.poll(() => badgeOf(page, names[1]).textContent()).toBe('Prospect');
    expect(await badgeOf(page, theirs).textContent()).toBe('Lead');
    expect((await listContacts(page, { tag })).map((c) => [c.name, c.status])).toEqual([
      [theirs, 'lead'],
      [names[4], 'customer'],
      [names[3], 'customer'],
      [names[2], 'customer'],
      [names[1], 'prospect'],
      [names[0], 'lead'],
    ]);

    // Delete asks first, naming how many; the one not mine is refused again.
    await tick(page, theirs).click();
    await tick(page, names[0]).click();
    await bar(page).getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir 2 contatos?' });
    await confirm.getByRole('button', { name: 'Excluir 2 contatos' }).click();
    await toastLocator(page).getByText('1 contato excluído').waitFor();
    await card(page, names[0]).waitFor({ state: 'detached' });
    expect(await cards(page).count()).toBe(5);

    // An admin chooses any owner; a contact already so is left alone and counted.
    await admin.goto(`/crm/contacts?tag=${tag}`);
    await tick(admin, theirs).click();
    await tick(admin, names[1]).click();
    await bar(admin).getByRole('button', { name: 'Responsável' }).click();
    await admin.getByRole('menuitem', { name: DEMO.admin.name, exact: true }).click();
    await toastLocator(admin).getByText('1 contato alterado').waitFor();
    expect(await toastLocator(admin).innerText()).toContain('1 já estava assim.');
    await card(admin, names[1])
      .getByRole('img', { name: `Responsável: ${DEMO.admin.name}` })
      .waitFor();
    await admin.context().close();
    await page.context().close();
  });

  it('"select all N matching" changes exactly the contacts the filters match, also those not loaded yet; changing the filters clears the selection', async () => {
    const page = await newEmployee('bulkall');
    const tag = uniqueName('todos').toLowerCase();
    const source = `feira-${tag}`;
    const existing = `${tag}-existente`;
    await createContact(page, { name: `Marcada ${tag}`, tags: [tag, existing], source: 'site' });
    for (let batch = 0; batch < 35; batch += 7) {
      await Promise.all(
        Array.from({ length: 7 }, (_, i) =>
          createContact(page, { name: `Feira ${batch + i} ${tag}`, tags: [tag], source }),
        ),
      );
    }
    for (const n of [1, 2]) await createContact(page, { name: `Site ${n} ${tag}`, tags: [tag], source: 'site' });

    await page.goto(`/crm/contacts?tag=${tag}&source=${source}`);
    await page.getByTestId('contacts-total').getByText('35 contatos').waitFor();
    await tick(page, `Feira 34 ${tag}`).click();
    await bar(page).getByRole('button', { name: 'Selecionar todos os 35 encontrados' }).click();
    expect(await bar(page).getByTestId('selection-count').textContent()).toBe('35 selecionados');
    await bar(page).getByText('Todos os 35 encontrados estão selecionados').waitFor();
    // The bar stays at the top of the scrolling list.
    await page.evaluate(() => document.querySelector('main')?.scrollBy(0, 1500));
    const mainTop = await page.evaluate(() => document.querySelector('main')!.getBoundingClientRect().top);
    await expect.poll(async () => Math.round((await bar(page).boundingBox())!.y - mainTop)).toBe(0);
    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));

    // Add a tag in use, picked from the suggestions with the keyboard.
    await bar(page).getByRole('button', { name: 'Tags' }).click();
    await page.getByRole('menuitem', { name: 'Adicionar tag…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar uma tag a 35 contatos' });
    await dialog.locator('#bulk-tag').fill(`${tag}-exi`);
    await page.getByRole('option', { name: new RegExp(`^${existing}`) }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog.getByText(`Tag escolhida: ${existing}`).waitFor();
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await toastLocator(page).getByText('35 contatos alterados').waitFor();
    const tagged = await listContacts(page, { tag: existing });
    expect(tagged).toHaveLength(36);
    expect(tagged.filter((c) => c.source === source)).toHaveLength(35);
    expect(
      (await listContacts(page, { tag, source: 'site' })).filter((c) => c.tags.includes(existing)).map((c) => c.name),
    ).toEqual([`Marcada ${tag}`]);

    // A new selection, then another filter: the selection goes.
    await tick(page, `Feira 34 ${tag}`).click();
    await bar(page).waitFor();
    await page.getByRole('button', { name: `Remover filtro Origem: ${source}` }).click();
    await page.getByTestId('contacts-total').getByText('38 contatos').waitFor();
    expect(await bar(page).count()).toBe(0);
    expect(await tick(page, `Feira 34 ${tag}`).getAttribute('aria-checked')).toBe('false');
    await page.context().close();
  });

  it('warns of a possible duplicate while creating (same email), saves anyway, and suggests tags in use (keyboard)', async () => {
    const page = await newEmployee('dup');
    const tag = uniqueName('sug').toLowerCase();
    const email = `${tag}@example.com`;
    const original = await createContact(page, {
      name: `Original ${tag}`,
      email,
      tags: [`${tag}-vip`, `${tag}-evento`],
    });
    await createContact(page, { name: 'Zé Ninguém', tags: [`${tag}-vip`] });

    await page.goto('/crm/contacts');
    await page.getByRole('button', { name: 'Novo contato' }).click();
    await page.locator('#contact-name').fill('Fernanda Quintela');
    await page.locator('#contact-email').fill(email.toUpperCase());
    const notice = page.getByTestId('duplicate-notice');
    await notice.getByText('Possível duplicata:').waitFor();
    const link = notice.getByRole('link', { name: `Original ${tag}` });
    expect(await link.getAttribute('href')).toBe(`/crm/contacts/${original.id}`);
    expect(await notice.getByRole('listitem').allInnerTexts()).toEqual([`Original ${tag} (mesmo e-mail)`]);
    expect(await notice.getAttribute('aria-live')).toBe('polite');

    // Tags in use, most used first; arrows move, Enter takes the highlighted one, Escape closes only the list.
    const input = page.locator('#contact-tags');
    await input.fill(tag);
    const options = page.getByRole('listbox', { name: 'Tags em uso' }).getByRole('option');
    await expect.poll(() => options.allInnerTexts()).toEqual([`${tag}-vip\n2 contatos`, `${tag}-evento\n1 contato`]);
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await input.press('Enter');
    await page.getByRole('list', { name: 'Tags adicionadas' }).getByText(`${tag}-evento`).waitFor();
    await input.fill(tag);
    await expect.poll(() => options.allInnerTexts()).toEqual([`${tag}-vip\n2 contatos`]);
    await input.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(1);
    await input.fill('');

    await page.getByRole('button', { name: 'Criar contato' }).click();
    await toastLocator(page).getByText('Contato criado com sucesso').waitFor();
    const same = await listContacts(page, { search: email });
    expect(same.map((c) => [c.name, c.tags])).toEqual([
      ['Fernanda Quintela', [`${tag}-evento`]],
      [`Original ${tag}`, [`${tag}-vip`, `${tag}-evento`]],
    ]);
    await page.context().close();
  });

  // Twenty-four screenshots, each checked with axe: more than the suite's default on a loaded machine.
  it('looks right in each language, theme and width: the selection bar and the duplicate warning (screenshots, axe)', async () => {
    const user = { username: uniqueName('blook'), name: 'Lara Lote', initials: 'LL', password: 'a-good-password' };
    const setup = await newPage(browser);
    await registerUser(setup, user);
    const tag = uniqueName('look').toLowerCase();
    const samples: ContactInput[] = [
      {
        name: 'Joana Prado',
        email: `joana.${tag}@example.com`,
        company: 'Prado & Filhos',
        status: 'customer',
        tags: [tag, 'vip'],
      },
      { name: 'Marcos Teixeira', company: 'Teixeira Ltda', status: 'prospect', tags: [tag] },
      { name: 'Rita Albuquerque', status: 'lead', tags: [tag, 'evento', 'sp'] },
    ];
    for (const sample of samples) await createContact(setup, sample);
    const storageState = await setup.context().storageState();
    await setup.context().close();

    // The list opens once per width; each language and theme is chosen in it, the selection cleared after each look.
    await inEveryLook(
      browser,
      { baseURL: baseUrl(), storageState },
      async (page) => {
        await page.goto(`/crm/contacts?tag=${tag}`);
        await card(page, 'Joana Prado').waitFor();
      },
      async (page, { language, theme, width }) => {
        const select = language === 'pt' ? 'Selecionar' : 'Select';
        // Two of three, so the bar also offers all three.
        await page.getByRole('checkbox', { name: `${select} Rita Albuquerque` }).click();
        await page.getByRole('checkbox', { name: `${select} Marcos Teixeira` }).click({ modifiers: ['Shift'] });
        await bar(page)
          .getByTestId('selection-count')
          .getByText(language === 'pt' ? '2 selecionados' : '2 selected')
          .waitFor();
        await bar(page)
          .getByRole('button', {
            name: language === 'pt' ? 'Selecionar todos os 3 encontrados' : 'Select all 3 matching',
          })
          .waitFor();
        await settled(page);
        const name = `contacts-bulk-${language}-${theme}-${width}`;
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
        const barBox = await bar(page).boundingBox();
        expect(barBox && barBox.x + barBox.width, `${name}: the bar fits`).toBeLessThanOrEqual(width);
        await screenshot(page, name);
        if (axeAt(width, theme, language)) await expectAccessible(page, name);

        await page.getByRole('button', { name: language === 'pt' ? 'Novo contato' : 'New contact' }).click();
        await page.locator('#contact-name').fill('Joana Prado Silva');
        await page.locator('#contact-email').fill(`joana.${tag}@example.com`);
        await page.getByTestId('duplicate-notice').getByRole('link', { name: 'Joana Prado' }).waitFor();
        const duplicate = `contacts-duplicate-${language}-${theme}-${width}`;
        await screenshot(page, duplicate);
        if (axeAt(width, theme, language)) await expectAccessible(page, duplicate);
        // Typed into: closing asks first.
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: language === 'pt' ? 'Descartar' : 'Discard', exact: true }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await bar(page)
          .getByRole('button', { name: language === 'pt' ? 'Limpar seleção' : 'Clear selection' })
          .click();
        await bar(page).waitFor({ state: 'detached' });
      },
    );
  }, 240_000);
});
