import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openPalette,
  paletteLocator,
  chooseTheme,
  axeAt,
  baseUrl,
  DEMO,
  expectAccessible,
  launchBrowser,
  newPage,
  screenshot,
  SCREENSHOT_DIR,
  SCREENSHOT_FORMAT,
  signIn,
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

const origin = () => ({ origin: baseUrl() });
/** Ten random letters, so the word is matched as typed (prefix and word rules) and no other test's word contains it. */
const word = () => Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

async function create(page: Page, path: string, data: object): Promise<{ id: number }> {
  const res = await page.request.post(path, { data, headers: origin() });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

const palette = paletteLocator;
const option = (page: Page, name: string | RegExp) => palette(page).getByRole('option', { name });
const selected = (page: Page) => palette(page).locator('[role="option"][aria-selected="true"]');

describe('search palette', () => {
  it('finds a contact by an unaccented part of its accented name and opens it, keyboard only; then lists it as recent', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.employee);
    const tag = word();
    const company = await create(page, '/api/crm/companies', { name: 'Padaria São João' });
    const contact = await create(page, '/api/crm/contacts', {
      name: `Conceição Araújo ${tag}`,
      companyId: company.id,
    });
    const deal = await create(page, '/api/crm/deals', {
      title: `Renovação ${tag}`,
      value: '2500.00',
      contactId: contact.id,
    });

    await openPalette(page);
    await page.keyboard.type(`araujo ${tag}`);
    await option(page, new RegExp(`Conceição Araújo ${tag}`)).waitFor();
    // The deal is not found by the contact's name; the tag alone finds both, grouped.
    await page.keyboard.press('Control+A');
    await page.keyboard.type(tag);
    await option(page, new RegExp(`Renovação ${tag}`)).waitFor();
    expect(await palette(page).locator('[cmdk-group-heading]').allTextContents()).toEqual(['Contatos', 'Negócios']);
    expect(await selected(page).textContent()).toContain('Conceição Araújo');
    await page.keyboard.press('ArrowDown');
    expect(await selected(page).textContent()).toContain(`Renovação ${tag}`);
    await page.keyboard.press('ArrowUp');
    expect(await selected(page).textContent()).toContain('Conceição Araújo');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/crm/contacts/${contact.id}`);
    await page.getByRole('heading', { level: 1, name: `Conceição Araújo ${tag}` }).waitFor();
    expect(await palette(page).count()).toBe(0);

    // An empty box lists what was opened from it; the deal opens in its dialog on the board.
    await openPalette(page);
    await palette(page).getByText('Recentes').waitFor();
    expect(await selected(page).textContent()).toContain(`Conceição Araújo ${tag}`);
    await page.keyboard.type(`renovacao ${tag}`);
    await option(page, new RegExp(`Renovação ${tag}`)).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/crm/pipeline?deal=${deal.id}`);
    await expect.poll(() => page.locator('#deal-title').inputValue()).toBe(`Renovação ${tag}`);
    await page.keyboard.press('Escape');
    await page.locator('#deal-title').waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('deal')).toBe(false);

    // Enter pressed before the answer to the new text came opens that answer's best match, not the
    // result of the earlier text still listed.
    await openPalette(page);
    await page.keyboard.type(`araujo ${tag}`);
    await option(page, new RegExp(`Conceição Araújo ${tag}`)).waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(`renovacao ${tag}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/crm/pipeline?deal=${deal.id}`);
    await page.context().close();
  });

  it('opens from the top bar on a phone, and each kind goes to its screen', async () => {
    const page = await newPage(browser, { width: 390 });
    await signIn(page, DEMO.admin);
    const tag = word();
    const activity = await create(page, '/api/crm/activities', { subject: `Ligação ${tag}`, type: 'call' });
    const template = await create(page, '/api/crm/templates', { name: `Proposta ${tag}`, subject: 'Olá', body: 'Oi' });
    await page.getByRole('button', { name: 'Buscar' }).click();
    await palette(page).getByRole('combobox').fill(tag);
    await option(page, new RegExp(`Ligação ${tag}`)).click();
    await page.waitForURL(`${baseUrl()}/crm/activities?activity=${activity.id}`);
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await palette(page).getByRole('combobox').fill(`proposta ${tag}`);
    await option(page, new RegExp(`Proposta ${tag}`)).click();
    await page.waitForURL(`${baseUrl()}/crm/templates?template=${template.id}`);
    await page.context().close();
  });

  it('finds notes by an unaccented word, shows their text as written, and opens their contact or deal; pt and en', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.employee);
    const tag = word();
    const contact = await create(page, '/api/crm/contacts', { name: `Joana Simões ${tag}` });
    const deal = await create(page, '/api/crm/deals', { title: `Ampliação ${tag}`, value: '9000.00' });
    // Long enough to be cut on both sides of the match; its tags are text, never markup.
    const before = 'Ligou para falar do contrato atual e das datas de entrega combinadas com a equipe de compras. ';
    const after =
      ' com desconto à vista e entrega em duas etapas separadas, a primeira ainda neste mês e a outra no próximo.';
    // The call is the older note (logged first, and earlier).
    await create(page, '/api/crm/notes', {
      kind: 'call',
      body: `Retorno sobre o orçamento ${tag}`,
      occurredAt: '2026-11-18T10:00:00Z',
      dealId: deal.id,
    });
    await create(page, '/api/crm/notes', {
      kind: 'meeting',
      body: `${before}Pediu orçamento ${tag} <b>para março</b>,${after}`,
      occurredAt: '2026-11-20T14:30:00Z',
      contactId: contact.id,
    });

    await openPalette(page);
    await page.keyboard.type(`orcamento ${tag}`);
    const contactNote = option(page, new RegExp(`Pediu orçamento ${tag} <b>para março</b>`));
    await contactNote.waitFor();
    await option(page, new RegExp(`Retorno sobre o orçamento ${tag}`)).waitFor();
    expect(await palette(page).locator('[cmdk-group-heading]').allTextContents()).toEqual(['Notas']);
    // The excerpt (cut on both sides), then the kind, when, and whose.
    expect(await contactNote.textContent()).toMatch(
      new RegExp(`^….*Pediu orçamento ${tag} <b>para março</b>.*…Reunião · .+ · Joana Simões ${tag}$`),
    );
    // The body's tags are shown as written: no element was made of them.
    expect(await palette(page).locator('[role="option"] b').count()).toBe(0);
    // Newest first, selected as any group's first result.
    expect(await selected(page).textContent()).toContain(`Joana Simões ${tag}`);
    await screenshot(page, 'search-palette-notes-pt-1280');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/crm/contacts/${contact.id}`);
    await page.getByRole('heading', { level: 1, name: `Joana Simões ${tag}` }).waitFor();

    // In English, on a phone; a note on a deal without a contact opens the deal, with the mouse.
    await page.getByRole('button', { name: /Mudar idioma para inglês/i }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Search' }).click();
    await palette(page).getByRole('combobox').fill(`orcamento ${tag}`);
    const dealNote = option(page, new RegExp(`Retorno sobre o orçamento ${tag}`));
    await dealNote.waitFor();
    expect(await dealNote.textContent()).toMatch(new RegExp(`Call · .* · Ampliação ${tag}$`));
    await screenshot(page, 'search-palette-notes-en-390');
    await expectAccessible(page, 'palette notes en 390');
    await dealNote.click();
    await page.waitForURL(`${baseUrl()}/crm/pipeline?deal=${deal.id}`);
    await page.context().close();
  });

  it('in pt/en, three themes, 1280/390 px, with results and with recent records; axe clean', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.developer);
    const tag = word();
    const company = await create(page, '/api/crm/companies', { name: 'Açaí & Cia' });
    const contact = await create(page, '/api/crm/contacts', { name: `Érica Gonçalves ${tag}`, companyId: company.id });
    await create(page, '/api/crm/contacts', { name: `${tag} Ribeiro`, email: `ribeiro.${tag}@example.com` });
    await create(page, '/api/crm/deals', { title: `Expansão ${tag}`, value: '48000.00', contactId: contact.id });
    await create(page, '/api/crm/activities', {
      subject: `Reunião com Érica ${tag}`,
      type: 'meeting',
      contactId: contact.id,
      dueDate: '2030-05-10T14:00:00Z',
    });
    for (const language of ['pt', 'en'] as Language[]) {
      if (language === 'en') await page.getByRole('button', { name: /Mudar idioma para inglês/i }).click();
      for (const theme of ['light', 'dark', 'matrix'] as Theme[]) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await chooseTheme(page, theme);
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
          const name = `${language}-${theme}-${width}`;
          // The top bar keeps every control in view, the search button included.
          expect(await page.locator('header').evaluate((header) => header.scrollWidth - header.clientWidth)).toBe(0);
          await openPalette(page);
          await page.keyboard.type(tag);
          await option(page, new RegExp(`Reunião com Érica ${tag}`)).waitFor();
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `search-palette-${name}.jpg`),
            ...SCREENSHOT_FORMAT,
          });
          if (axeAt(width, theme, language)) await expectAccessible(page, `palette ${name}`);
          await page.keyboard.press('Escape');
          await palette(page).waitFor({ state: 'detached' });
        }
      }
    }
    // Recent records, after opening one.
    // Typed before the palette's field has the focus, the first letters would be lost, leaving a query both contacts
    // match.
    await openPalette(page);
    await page.keyboard.type(`erica goncalves ${tag}`);
    expect(await palette(page).getByRole('combobox').inputValue()).toBe(`erica goncalves ${tag}`);
    // The previous answer stays listed while the new one loads: wait for the new one to lead.
    await expect.poll(() => selected(page).textContent()).toContain(`Érica Gonçalves ${tag}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/crm/contacts/${contact.id}`);
    await page.keyboard.press('Control+K');
    await palette(page).getByText('Recent', { exact: true }).waitFor();
    await screenshot(page, 'search-palette-recent-en-matrix-390');
    await expectAccessible(page, 'palette recent');
    await page.context().close();
  });
});
