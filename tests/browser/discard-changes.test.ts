import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, launchBrowser, newPage, screenshot, signIn, uniqueName } from './support/browser';

// A form dialog with changes asks before they are thrown away, whichever way it is being closed; an unchanged
// one closes at once.

let browser: Browser;
let admin: Page;
const tag = uniqueName('discard');
let contact: { id: number; name: string };
let template: { id: number; name: string };

async function post<T = { id: number; name: string }>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { data, headers: { origin: baseUrl() } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

const TEXTS = {
  pt: {
    title: 'Descartar alterações?',
    discard: 'Descartar',
    keep: 'Continuar editando',
    cancel: 'Cancelar',
    close: 'Fechar',
  },
  en: { title: 'Discard changes?', discard: 'Discard', keep: 'Keep editing', cancel: 'Cancel', close: 'Close' },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

const discardDialog = (page: Page, texts: Texts) => page.getByRole('dialog', { name: texts.title });
const formDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** The confirm is there, with its two choices, over the form's dialog, which stays open behind it. */
async function expectAsked(page: Page, texts: Texts): Promise<void> {
  const asked = discardDialog(page, texts);
  await asked.waitFor();
  expect(await asked.getByRole('button', { name: texts.discard, exact: true }).isVisible()).toBe(true);
  expect(await asked.getByRole('button', { name: texts.keep, exact: true }).isVisible()).toBe(true);
  // The form's dialog is hidden from the accessibility tree while the question is open, not closed.
  expect(await page.locator('[role="dialog"]').count()).toBe(2);
}

async function keepEditing(page: Page, texts: Texts): Promise<void> {
  await discardDialog(page, texts).getByRole('button', { name: texts.keep, exact: true }).click();
  await discardDialog(page, texts).waitFor({ state: 'detached' });
}

/** Closes an unchanged dialog with Escape: gone at once, nothing asked. */
async function expectClosesAtOnce(page: Page, texts: Texts, form: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'detached' });
  expect(await page.locator('[role="dialog"]').count()).toBe(0);
  expect(await discardDialog(page, texts).count()).toBe(0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  await signIn(admin, DEMO.admin);
  contact = await post(admin, '/api/crm/contacts', { name: `Olga ${tag}`, position: 'Gerente antiga' });
  template = await post(admin, '/api/crm/templates', {
    name: `Modelo ${tag}`,
    subject: 'Olá',
    body: 'Texto original.',
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('a form dialog with changes', () => {
  it('asks before a typed template body is thrown away (Escape, click outside, close button, Cancel); Keep editing keeps the text', async () => {
    const texts = TEXTS.pt;
    await admin.goto(`/crm/templates?q=${tag}`);
    await admin.getByRole('button', { name: 'Novo modelo' }).click();
    const editor = formDialog(admin, 'Novo modelo');
    const body = admin.locator('#template-body');
    await body.waitFor();
    const typed = 'Bom dia, segue a proposta combinada.';
    await body.fill(typed);

    await admin.keyboard.press('Escape');
    await expectAsked(admin, texts);
    await screenshot(admin, 'discard-changes-template-pt');
    await keepEditing(admin, texts);
    expect(await body.inputValue()).toBe(typed);
    // Back where the person was typing (focus returns as the question's closing ends: waited for, not read once).
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe('template-body');

    // A click outside, the close button and Cancel ask the same; Escape on the question means keep editing.
    await admin.mouse.click(4, 4);
    await expectAsked(admin, texts);
    await admin.keyboard.press('Escape');
    await discardDialog(admin, texts).waitFor({ state: 'detached' });
    expect(await body.inputValue()).toBe(typed);
    await editor.getByRole('button', { name: texts.close, exact: true }).click();
    await expectAsked(admin, texts);
    await keepEditing(admin, texts);
    await editor.getByRole('button', { name: texts.cancel, exact: true }).click();
    await expectAsked(admin, texts);

    // Discard closes both, and nothing was saved.
    await discardDialog(admin, texts).getByRole('button', { name: texts.discard, exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    expect(await discardDialog(admin, texts).count()).toBe(0);
    const list = await admin.request.get(`/api/crm/templates?search=${tag}`);
    expect((await list.json()).items.map((item: { name: string }) => item.name)).toEqual([template.name]);

    // An existing template opened and left as it was closes at once; typed back to what it was, too.
    await admin.getByRole('button', { name: `Editar ${template.name}` }).click();
    const edit = formDialog(admin, 'Editar modelo');
    await body.waitFor();
    await expectClosesAtOnce(admin, texts, edit);
    await admin.getByRole('button', { name: `Editar ${template.name}` }).click();
    await body.fill('Outro texto');
    await body.fill('Texto original.');
    await expectClosesAtOnce(admin, texts, edit);
  });

  it('asks in English before an edited contact is thrown away; Discard leaves the contact as it was', async () => {
    const texts = TEXTS.en;
    const page = await newPage(browser, { language: 'en' });
    await signIn(page, DEMO.admin, { to: `/crm/contacts?search=${encodeURIComponent(contact.name)}` });
    const open = () => page.getByRole('button', { name: contact.name, exact: true }).click();
    const editor = formDialog(page, 'Edit contact');
    const position = page.locator('#contact-position');

    await open();
    await position.fill('Gerente nova');
    await page.keyboard.press('Escape');
    await expectAsked(page, texts);
    await screenshot(page, 'discard-changes-contact-en');
    await keepEditing(page, texts);
    expect(await position.inputValue()).toBe('Gerente nova');

    await page.keyboard.press('Escape');
    await expectAsked(page, texts);
    await discardDialog(page, texts).getByRole('button', { name: texts.discard, exact: true }).click();
    await editor.waitFor({ state: 'detached' });

    // Opened again: as it was, and unchanged it closes at once.
    await open();
    expect(await position.inputValue()).toBe('Gerente antiga');
    await expectClosesAtOnce(page, texts, editor);
    await page.context().close();
  });
});

describe('an unchanged form dialog', () => {
  it('closes at once on Escape, for every kind of record', async () => {
    const texts = TEXTS.pt;
    const opens: { where: string; button: (page: Page) => Locator; ready: string }[] = [
      {
        where: '/crm/contacts',
        button: (page) => page.getByRole('button', { name: 'Novo contato' }),
        ready: '#contact-name',
      },
      {
        where: `/crm/contacts/${contact.id}`,
        button: (page) => page.getByRole('button', { name: 'Novo negócio' }),
        ready: '#deal-title',
      },
      {
        where: `/crm/contacts/${contact.id}`,
        button: (page) => page.getByRole('button', { name: 'Nova atividade' }),
        ready: '#activity-subject',
      },
      {
        where: '/settings',
        button: (page) => page.getByRole('button', { name: 'Novo usuário' }),
        ready: '#create-user-name',
      },
      {
        where: '/settings?tab=stages',
        button: (page) =>
          page
            .getByTestId('stages-row')
            .first()
            .getByRole('button', { name: /^Editar / }),
        ready: '#stage-stage',
      },
      {
        where: '/settings?tab=lostReasons',
        button: (page) =>
          page
            .getByTestId('lost-reasons-row')
            .first()
            .getByRole('button', { name: /^Renomear / }),
        ready: '#lost-reason-name',
      },
    ];
    for (const { where, button, ready } of opens) {
      await admin.goto(where);
      await button(admin).click();
      await admin.locator(ready).waitFor();
      await expectClosesAtOnce(admin, texts, admin.getByRole('dialog'));
      // And with a change, the same dialog asks.
      await button(admin).click();
      await admin.locator(ready).waitFor();
      await admin.locator(ready).focus();
      await admin.keyboard.type('x');
      await admin.keyboard.press('Escape');
      await expectAsked(admin, texts);
      await discardDialog(admin, texts).getByRole('button', { name: texts.discard, exact: true }).click();
      await admin.getByRole('dialog').waitFor({ state: 'detached' });
    }
  });
});
