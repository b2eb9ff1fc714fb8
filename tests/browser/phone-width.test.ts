import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, launchBrowser, newPage, screenshot, signIn, uniqueName, settled } from './support/browser';

// Issue 23, point 11: at 390 px (a phone) no screen scrolls sideways, neither the document nor the app's main
// area (a board scrolling inside its own box is fine), and a contact card cuts a long name with an ellipsis,
// its status badge and its open button on screen.

let browser: Browser;
let page: Page;
const LONG_NAME = `Gonçalo Rodrigues de Albuquerque Vasconcelos ${uniqueName('')}`;
let contactId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { width: 390 });
  await signIn(page, DEMO.admin);
  const company = await page.request.post('/api/crm/companies', {
    data: { name: 'Companhia Brasileira de Distribuição e Logística Integrada' },
    headers: { origin: baseUrl() },
  });
  expect(company.status()).toBe(201);
  const made = await page.request.post('/api/crm/contacts', {
    data: {
      name: LONG_NAME,
      companyId: ((await company.json()) as { id: number }).id,
      position: 'Diretor Comercial Regional',
      email: 'goncalo.rodrigues.albuquerque@exemplo-muito-longo.com.br',
      phone: '(61) 93729-5260',
    },
    headers: { origin: baseUrl() },
  });
  expect(made.status()).toBe(201);
  contactId = ((await made.json()) as { id: number }).id;
  // A deal and an activity with long titles, so the board, the lists and the contact page have cards to lay out.
  const deal = await page.request.post('/api/crm/deals', {
    data: {
      title: `Renovação anual do contrato de distribuição nacional ${uniqueName('')}`,
      contactId,
      value: '1234567.89',
    },
    headers: { origin: baseUrl() },
  });
  expect(deal.status()).toBe(201);
  const activity = await page.request.post('/api/crm/activities', {
    data: {
      subject: 'Reunião de alinhamento com a diretoria regional sobre a renovação',
      contactId,
      dueDate: new Date(Date.now() + 26 * 3_600_000).toISOString(),
    },
    headers: { origin: baseUrl() },
  });
  expect(activity.status()).toBe(201);
});

afterAll(async () => {
  await browser?.close();
});

/** How far the document and the main area reach past the window's width (0: no sideways scroll). */
const sideways = () =>
  page.evaluate(() => {
    const main = document.querySelector('main');
    return {
      document: document.documentElement.scrollWidth - window.innerWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });

describe('a 390 px phone', () => {
  it.each([
    ['dashboard', '/'],
    ['contacts', '/crm/contacts'],
    ['contact', 'contact'],
    ['pipeline', '/crm/pipeline'],
    ['activities', '/crm/activities'],
    ['agenda', '/crm/activities?layout=agenda'],
    ['reports', '/crm/reports'],
    ['templates', '/crm/templates'],
    ['settings', '/settings'],
    ['api-docs', '/api-docs'],
    ['profile', '/profile'],
  ])('%s scrolls only up and down', async (name, path) => {
    await page.goto(path === 'contact' ? `/crm/contacts/${contactId}` : path);
    await page.locator('main').first().waitFor();
    await settled(page);
    await page.waitForTimeout(300);
    await screenshot(page, `phone-390-${name}`);
    expect(await sideways()).toEqual({ document: 0, main: 0 });
  });

  it('cuts a long name on its contact card with an ellipsis, the full name in its title, badge and open button on screen', async () => {
    await page.goto(`/crm/contacts?search=${encodeURIComponent(LONG_NAME)}`);
    const card = page.getByTestId('contact-card').filter({ hasText: 'Gonçalo Rodrigues' }).first();
    await card.waitFor();
    const name = card.getByTestId('contact-card-name');
    expect(await name.getAttribute('title')).toBe(LONG_NAME);
    const style = await name.evaluate((el) => ({
      overflow: getComputedStyle(el).textOverflow,
      cut: el.scrollWidth > el.clientWidth,
    }));
    expect(style).toEqual({ overflow: 'ellipsis', cut: true });
    for (const part of [
      card,
      card.getByRole('link', { name: /Abrir a página de/ }),
      card.locator('span', { hasText: 'Lead' }).first(),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await sideways()).toEqual({ document: 0, main: 0 });
    await screenshot(page, 'phone-390-contact-card-long-name');
  });
});
