import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  expectAccessible,
  launchBrowser,
  newPage,
  registerUser,
  screenshot,
  toastLocator,
  uniqueName,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const origin = () => ({ origin: baseUrl() });

async function post(page: Page, path: string, data: object): Promise<{ id: number }> {
  const res = await page.request.post(path, { data, headers: origin() });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

const dialog = (page: Page) => page.getByRole('dialog');
const card = (page: Page, title: string) =>
  page.getByTestId('deal-card').filter({ has: page.getByRole('button', { name: title, exact: true }) });

/** Picks `option` in a lookup (a search box beside a select) whose select has the id `id`. */
async function choose(page: Page, id: string, search: string, option: string): Promise<void> {
  await page.locator(`#${id}-search`).fill(search);
  await page.locator(`#${id}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function chooseRole(page: Page, person: string, role: string): Promise<void> {
  await dialog(page).getByLabel(`Papel de ${person}`).click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

describe('the people in a deal', () => {
  it('adds two people with roles and a company in the deal dialog, marks the primary, and shows them on the card after a reload', async () => {
    const page = await newPage(browser);
    await registerUser(page, {
      username: uniqueName('people'),
      name: 'Paula Pessoas',
      initials: 'PP',
      password: 'a-good-password',
    });
    const tag = uniqueName('dp');
    const company = await post(page, '/api/crm/companies', { name: `${tag} Indústria Ltda` });
    const ana = await post(page, '/api/crm/contacts', { name: `${tag} Ana` });
    const bruno = await post(page, '/api/crm/contacts', { name: `${tag} Bruno` });
    const deal = await post(page, '/api/crm/deals', { title: `${tag} Licenças`, value: '5000.00' });

    await page.goto(`/crm/pipeline?q=${encodeURIComponent(tag)}`);
    const title = `${tag} Licenças`;
    await card(page, title).getByText('Sem contato').waitFor();
    await page.getByRole('button', { name: title, exact: true }).click();
    await dialog(page).getByRole('heading', { name: 'Editar negócio' }).waitFor();

    await choose(page, 'deal-companyId', tag, `${tag} Indústria Ltda`);
    // The first person added is the primary one; marking the second moves the mark.
    await choose(page, 'deal-contacts', `${tag} Ana`, `${tag} Ana`);
    await choose(page, 'deal-contacts', `${tag} Bruno`, `${tag} Bruno`);
    const people = dialog(page).getByTestId('deal-person');
    await expect.poll(() => people.allTextContents()).toHaveLength(2);
    const primaryOf = (name: string) => dialog(page).getByRole('checkbox', { name: `${name} é o contato principal` });
    expect(await primaryOf(`${tag} Ana`).getAttribute('aria-checked')).toBe('true');
    await chooseRole(page, `${tag} Ana`, 'Decisor');
    await chooseRole(page, `${tag} Bruno`, 'Técnico');
    await primaryOf(`${tag} Bruno`).click();
    expect(await primaryOf(`${tag} Ana`).getAttribute('aria-checked')).toBe('false');
    await screenshot(page, 'deal-people-dialog-pt-light-1280');
    await expectAccessible(page, 'the deal dialog with two people');

    // One request: the deal's change and its people together, saved or refused as one.
    const saved = page.waitForResponse(
      (res) => res.url().endsWith(`/api/crm/deals/${deal.id}`) && res.request().method() === 'PATCH',
    );
    await dialog(page).getByRole('button', { name: 'Salvar' }).click();
    expect((await saved).status()).toBe(200);
    expect((await saved).request().postDataJSON().contacts).toHaveLength(2);
    await toastLocator(page).getByText('Negócio atualizado com sucesso').waitFor();
    await dialog(page).waitFor({ state: 'detached' });

    const expected = {
      companyId: company.id,
      companyName: `${tag} Indústria Ltda`,
      contactId: bruno.id,
      contacts: [
        { id: bruno.id, name: `${tag} Bruno`, role: 'technical', primary: true },
        { id: ana.id, name: `${tag} Ana`, role: 'decision_maker', primary: false },
      ],
    };
    expect(await (await page.request.get(`/api/crm/deals/${deal.id}`)).json()).toMatchObject(expected);

    // The card: the primary person and how many others, the same after a reload.
    for (const reload of [false, true]) {
      if (reload) await page.reload();
      const summary = card(page, title).getByTestId('deal-people-summary');
      await summary.getByText(`${tag} Bruno`, { exact: true }).waitFor();
      expect(await summary.textContent()).toBe(`${tag} Bruno+1e mais 1 pessoa`);
    }
    await screenshot(page, 'deal-people-card-pt-light-1280');

    // Ana's page lists the deal, though she is not its primary person.
    await page.goto(`/crm/contacts/${ana.id}`);
    await page.getByTestId('contact-deals').getByRole('button', { name: title, exact: true }).waitFor();
    await page.goto(`/crm/pipeline?q=${encodeURIComponent(tag)}`);

    // The dialog opens on them again, roles and the primary mark included, and its history records the change.
    await page.getByRole('button', { name: title, exact: true }).click();
    await dialog(page).getByRole('heading', { name: 'Editar negócio' }).waitFor();
    expect(await people.allTextContents()).toEqual([
      expect.stringContaining(`${tag} Bruno`),
      expect.stringContaining(`${tag} Ana`),
    ]);
    expect(await dialog(page).getByLabel(`Papel de ${tag} Bruno`).textContent()).toBe('Técnico');
    expect(await dialog(page).getByLabel(`Papel de ${tag} Ana`).textContent()).toBe('Decisor');
    expect(await primaryOf(`${tag} Bruno`).getAttribute('aria-checked')).toBe('true');
    expect(await dialog(page).locator('#deal-companyId').textContent()).toBe(`${tag} Indústria Ltda`);
    await dialog(page)
      .getByTestId('deal-timeline-change')
      .filter({ hasText: `${tag} Bruno (Técnico, principal), ${tag} Ana (Decisor)` })
      .waitFor();

    // Removing one is saved too.
    await dialog(page)
      .getByRole('button', { name: `Remover ${tag} Ana` })
      .click();
    await dialog(page).getByRole('button', { name: 'Salvar' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const summary = card(page, title).getByTestId('deal-people-summary');
    await expect.poll(() => summary.textContent()).toBe(`${tag} Bruno`);
    await page.close();
  });
});
