import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openPalette,
  settled,
  axeAt,
  baseUrl,
  DEMO,
  expectAccessible,
  launchBrowser,
  newPage,
  registerUser,
  screenshot,
  signIn,
  toastLocator,
  uniqueName,
  type Language,
  type Theme,
} from './support/browser';

// Notes and logged calls (issue 25): the composer on the contact page, the note in the contact's and the deal's
// history, edit, pin, who may change a note, its Markdown shown safely, and an activity completed with its outcome.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const headers = () => ({ origin: baseUrl() });

/** Data is made through the API (as the page's signed-in user), not by clicking. */
async function post<T = { id: number }>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { data, headers: headers() });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}
async function get<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

interface Note {
  id: number;
  kind: string;
  body: string;
  outcome: string | null;
  durationMin: number | null;
  contactId: number | null;
  dealId: number | null;
  activityId: number | null;
  pinned: boolean;
  editedAt: string | null;
  authorName: string | null;
}

async function newEmployee(prefix: string, name: string): Promise<Page> {
  const page = await newPage(browser);
  await registerUser(page, { username: uniqueName(prefix), name, initials: 'VN', password: 'a-good-password' });
  return page;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as a datetime-local input takes it, in the browser's time zone (the test's, both on this machine). */
const localInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

const composer = (page: Page) => page.getByTestId('note-composer');
const contactNotes = (page: Page) => page.getByTestId('contact-timeline').getByTestId('note-card');
const noteCard = (page: Page, scope: ReturnType<Page['getByTestId']>, text: string) =>
  scope.getByTestId('note-card').filter({ hasText: text });

describe('notes', () => {
  it('logs a call with its outcome and a next step in one save; it shows on the contact, the deal, the activities; edit, pin, Markdown', async () => {
    const seller = 'Vera Notas';
    const page = await newEmployee('notesflow', seller);
    const contact = await post<{ id: number; name: string }>(page, '/api/crm/contacts', {
      name: uniqueName('Célia Cliente '),
    });
    const deal = await post<{ id: number; title: string }>(page, '/api/crm/deals', {
      title: uniqueName('Renovação '),
      contactId: contact.id,
    });
    // An older note, pinned later.
    const older = await post<Note>(page, '/api/crm/notes', {
      kind: 'note',
      body: 'Prefere contato por WhatsApp',
      contactId: contact.id,
      occurredAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    });

    await page.goto(`/crm/contacts/${contact.id}`);
    await contactNotes(page).first().waitFor();

    // The call, its outcome and duration, filed under the deal, with a next step: one save.
    await composer(page).getByText('Ligação', { exact: true }).click();
    await page
      .locator('#contact-note-body')
      .fill('Pediu **nova proposta** até sexta.\n<b>x</b> <img src=x onerror=alert(1)>\n- preço\n- prazo');
    await page.locator('#contact-note-outcome').click();
    await page.getByRole('option', { name: 'Atendeu', exact: true }).click();
    await page.locator('#contact-note-durationMin').fill('12');
    await page.locator('#contact-note-dealId').click();
    await page.getByRole('option', { name: deal.title }).click();
    await composer(page).getByText('Planejar próximo passo').click();
    await page.locator('#contact-note-next\\.subject').fill('Enviar proposta revisada');
    // Due later today (or an hour ago just before midnight): on today's agenda either way.
    const soon = new Date(Date.now() + 10 * 60_000);
    const due = soon.getDate() === new Date().getDate() ? soon : new Date(Date.now() - 3_600_000);
    await page.locator('#contact-note-next\\.dueDate').fill(localInput(due));
    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/crm/notes') && res.request().method() === 'POST',
    );
    await composer(page).getByRole('button', { name: 'Registrar' }).click();
    const created = (await (await saved).json()) as Note & { nextActivityId: number | null };
    expect(created.nextActivityId).not.toBeNull();
    await toastLocator(page).filter({ hasText: 'Registrado, e o próximo passo está na agenda' }).waitFor();
    // The composer is ready for the next one.
    expect(await page.locator('#contact-note-body').inputValue()).toBe('');

    // In the contact's history, newest first: kind, outcome, duration, author; bold as bold, HTML as text.
    const call = noteCard(page, page.getByTestId('contact-timeline'), 'nova proposta');
    await call.waitFor();
    expect(await call.getByTestId('note-kind').textContent()).toBe('Ligação');
    expect(await call.getByTestId('note-outcome').textContent()).toBe('Atendeu');
    expect(await call.getByTestId('note-duration').textContent()).toBe('12 min');
    expect(await call.getByTestId('note-author').textContent()).toBe(seller);
    expect(await call.locator('strong').textContent()).toBe('nova proposta');
    expect(await call.getByTestId('note-text').textContent()).toContain('<b>x</b> <img src=x onerror=alert(1)>');
    expect(await call.locator('b, img').count()).toBe(0);
    expect(await call.locator('li').allTextContents()).toEqual(['preço', 'prazo']);
    expect(await contactNotes(page).first().getAttribute('data-note-id')).toBe(String(created.id));

    // The next step is in the contact's activities and on the activities screen.
    await page.getByTestId('contact-activities-section').getByText('Enviar proposta revisada').waitFor();

    // Edit: the text changes and the note says "editado".
    await call.getByRole('button', { name: 'Editar registro' }).click();
    const editor = page.getByRole('dialog');
    await editor.getByRole('heading', { name: 'Editar registro' }).waitFor();
    await page.locator('#note-edit-body').fill('Pediu **nova proposta** até segunda.');
    await editor.getByRole('button', { name: 'Salvar alterações' }).click();
    await toastLocator(page).filter({ hasText: 'Registro alterado' }).waitFor();
    const edited = noteCard(page, page.getByTestId('contact-timeline'), 'até segunda');
    await edited.getByTestId('note-edited').waitFor();
    expect(await edited.getByTestId('note-edited').textContent()).toBe('editado');

    // Pin the older note: it goes on top of the page, above the composer.
    await noteCard(page, page.getByTestId('contact-timeline'), 'Prefere contato por WhatsApp')
      .getByRole('button', { name: 'Fixar no topo' })
      .click();
    const pinned = page.getByTestId('pinned-notes');
    await noteCard(page, pinned, 'Prefere contato por WhatsApp').waitFor();
    expect(await pinned.getByTestId('note-card').count()).toBe(1);
    const above = await page.evaluate(() => {
      const pinnedBox = document.querySelector('[data-testid="pinned-notes"]')!.getBoundingClientRect();
      const composerBox = document.querySelector('[data-testid="note-composer"]')!.getBoundingClientRect();
      return pinnedBox.bottom <= composerBox.top;
    });
    expect(above).toBe(true);
    expect((await get<Note>(page, `/api/crm/notes/${older.id}`)).pinned).toBe(true);
    // Pinning is no edit.
    expect((await get<Note>(page, `/api/crm/notes/${older.id}`)).editedAt).toBeNull();

    // Delete asks first; the history then says a note was there.
    const extra = await post<Note>(page, '/api/crm/notes', {
      kind: 'whatsapp',
      body: 'Mensagem enviada por engano',
      contactId: contact.id,
    });
    await page.reload();
    const mistaken = noteCard(page, page.getByTestId('contact-timeline'), 'por engano');
    await mistaken.getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('heading', { name: 'Excluir este registro?' }).waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await toastLocator(page).filter({ hasText: 'Registro excluído' }).waitFor();
    await mistaken.waitFor({ state: 'detached' });
    await page.getByTestId('contact-timeline').getByTestId('note-deleted').first().waitFor();
    expect((await page.request.get(`/api/crm/notes/${extra.id}`)).status()).toBe(404);

    // The deal's history shows the call with its author.
    await page.goto(`/crm/pipeline?deal=${deal.id}`);
    const dealCall = noteCard(page, page.getByTestId('deal-timeline'), 'até segunda');
    await dealCall.waitFor();
    expect(await dealCall.getByTestId('note-author').textContent()).toBe(seller);
    expect(await dealCall.getByTestId('note-outcome').textContent()).toBe('Atendeu');

    // The next step is on the activities screen, with the contact and the deal.
    await page.goto('/crm/activities');
    const next = page.locator(`[data-testid="activity-card"][data-id="${created.nextActivityId}"]`);
    await next.waitFor();
    expect(await next.textContent()).toContain('Enviar proposta revisada');
    expect(await next.textContent()).toContain(contact.name);

    // And on the home's agenda (due today, or overdue).
    await page.goto('/');
    await page.locator(`[data-testid="agenda-item"][data-id="${created.nextActivityId}"]`).waitFor();
  });

  it("an employee sees an admin's note but cannot edit, delete or pin it (no buttons; the API answers 403)", async () => {
    const admin = await newPage(browser);
    await signIn(admin, DEMO.admin);
    const contact = await post(admin, '/api/crm/contacts', { name: uniqueName('Dora Dona ') });
    const tag = uniqueName('pauta');
    const note = await post<Note>(admin, '/api/crm/notes', {
      kind: 'meeting',
      body: `Reunião de *alinhamento* com a diretoria (${tag})`,
      durationMin: 45,
      contactId: contact.id,
    });

    const employee = await newEmployee('notesrole', 'Elis Empregada');
    await employee.goto(`/crm/contacts/${contact.id}`);
    const card = noteCard(employee, employee.getByTestId('contact-timeline'), 'com a diretoria');
    await card.waitFor();
    expect(await card.getByTestId('note-author').textContent()).toBe(DEMO.admin.name);
    expect(await card.locator('em').textContent()).toBe('alinhamento');
    expect(await card.getByRole('button').count()).toBe(0);

    for (const res of [
      await employee.request.patch(`/api/crm/notes/${note.id}`, { data: { body: 'mudado' }, headers: headers() }),
      await employee.request.patch(`/api/crm/notes/${note.id}`, { data: { pinned: true }, headers: headers() }),
      await employee.request.delete(`/api/crm/notes/${note.id}`, { headers: headers() }),
    ])
      expect(res.status()).toBe(403);
    const unchanged = await get<Note>(employee, `/api/crm/notes/${note.id}`);
    expect(unchanged.body).toBe(`Reunião de *alinhamento* com a diretoria (${tag})`);

    // The palette finds it by its text, in its own group, and opens its contact.
    await employee.goto('/crm/activities');
    await employee.getByRole('heading', { level: 1, name: 'Atividades' }).waitFor();
    const palette = await openPalette(employee);
    await employee.keyboard.type(tag);
    await palette.getByRole('option', { name: new RegExp(tag) }).waitFor();
    expect(await palette.locator('[cmdk-group-heading]').allTextContents()).toContain('Notas');
    await palette.getByRole('option', { name: new RegExp(tag) }).click();
    await employee.waitForURL((url) => url.pathname === `/crm/contacts/${contact.id}`);
    expect(unchanged.pinned).toBe(false);

    // The admin's own view has them.
    await admin.goto(`/crm/contacts/${contact.id}`);
    const own = noteCard(admin, admin.getByTestId('contact-timeline'), 'com a diretoria');
    await own.getByRole('button', { name: 'Editar registro' }).waitFor();
  });

  it('completing an activity from the activities screen asks for the outcome and writes the note', async () => {
    const page = await newEmployee('notesdone', 'Rita Retorno');
    const contact = await post<{ id: number; name: string }>(page, '/api/crm/contacts', {
      name: uniqueName('Otto Ocupado '),
    });
    const activity = await post<{ id: number }>(page, '/api/crm/activities', {
      type: 'call',
      subject: 'Ligar para o Otto',
      dueDate: new Date(Date.now() + 3_600_000).toISOString(),
      contactId: contact.id,
    });
    await page.goto('/crm/activities');
    const card = page.locator(`[data-testid="activity-card"][data-id="${activity.id}"]`);
    await card.getByRole('button', { name: 'Concluir “Ligar para o Otto”' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Concluir “Ligar para o Otto”' }).waitFor();
    await page.locator('#complete-activity-outcome').click();
    await page.getByRole('option', { name: 'Não atendeu' }).click();
    await page.locator('#complete-activity-body').fill('Tentar de novo **amanhã** cedo');
    await dialog.getByRole('button', { name: 'Salvar e concluir' }).click();
    await toastLocator(page).filter({ hasText: 'Concluída com nota: Ligar para o Otto' }).waitFor();
    await card.waitFor({ state: 'detached' });

    const activityNow = await get<{ status: string }>(page, `/api/crm/activities/${activity.id}`);
    expect(activityNow.status).toBe('completed');
    const notes = await get<{ items: Note[] }>(page, `/api/crm/notes?contact=${contact.id}`);
    expect(notes.items.map(({ kind, body, outcome, activityId }) => ({ kind, body, outcome, activityId }))).toEqual([
      { kind: 'call', body: 'Tentar de novo **amanhã** cedo', outcome: 'no_answer', activityId: activity.id },
    ]);

    // The contact's history has it.
    await page.goto(`/crm/contacts/${contact.id}`);
    const note = noteCard(page, page.getByTestId('contact-timeline'), 'Tentar de novo');
    await note.waitFor();
    expect(await note.getByTestId('note-outcome').textContent()).toBe('Não atendeu');
    expect(await note.locator('strong').textContent()).toBe('amanhã');

    // From the agenda: an activity opens in its dialog, whose Complete asks the same.
    const thisHour = new Date();
    thisHour.setMinutes(0, 0, 0);
    const meeting = await post<{ id: number }>(page, '/api/crm/activities', {
      type: 'meeting',
      subject: 'Reunião com o Otto',
      dueDate: thisHour.toISOString(),
      contactId: contact.id,
    });
    await page.goto('/crm/activities?layout=agenda');
    await page.locator(`[data-testid="agenda-item"][data-id="${meeting.id}"]`).click();
    await dialog.getByRole('heading', { name: 'Editar atividade' }).waitFor();
    await dialog.getByRole('button', { name: 'Concluir', exact: true }).click();
    await dialog.getByRole('heading', { name: 'Concluir “Reunião com o Otto”' }).waitFor();
    // A meeting has no call outcome to choose.
    expect(await page.locator('#complete-activity-outcome').count()).toBe(0);
    await page.locator('#complete-activity-body').fill('Fechamos o escopo');
    await dialog.getByRole('button', { name: 'Salvar e concluir' }).click();
    await toastLocator(page).filter({ hasText: 'Concluída com nota: Reunião com o Otto' }).waitFor();
    expect((await get<{ status: string }>(page, `/api/crm/activities/${meeting.id}`)).status).toBe('completed');
    const meetingNotes = await get<{ items: Note[] }>(page, `/api/crm/notes?contact=${contact.id}`);
    expect(meetingNotes.items.find((n) => n.activityId === meeting.id)).toMatchObject({
      kind: 'meeting',
      body: 'Fechamos o escopo',
      outcome: null,
    });
  });
});

const LANGUAGES: Language[] = ['pt', 'en'];
const THEMES: Theme[] = ['light', 'dark', 'matrix'];
const WIDTHS = [1280, 390];

describe('notes screens', () => {
  it('the composer and a history with notes in pt and en, each theme, at 1280 and 390: no overflow, axe clean', async () => {
    const page = await newEmployee('notesshots', 'Sara Telas');
    const contact = await post<{ id: number }>(page, '/api/crm/contacts', { name: 'Bianca Rocha' });
    const deal = await post<{ id: number }>(page, '/api/crm/deals', { title: 'Plano anual', contactId: contact.id });
    const day = 86_400_000;
    const pinned = await post<Note>(page, '/api/crm/notes', {
      kind: 'note',
      body: 'Decisora: **Bianca**. Prefere WhatsApp depois das 14h.',
      contactId: contact.id,
      occurredAt: new Date(Date.now() - 5 * day).toISOString(),
    });
    const pin = await page.request.patch(`/api/crm/notes/${pinned.id}`, { data: { pinned: true }, headers: headers() });
    expect(pin.status()).toBe(200);
    await post(page, '/api/crm/notes', {
      kind: 'meeting',
      body: 'Demonstração para o time:\n1. relatórios\n2. funil\n3. [proposta](https://example.com/proposta)',
      durationMin: 50,
      contactId: contact.id,
      dealId: deal.id,
      occurredAt: new Date(Date.now() - 2 * day).toISOString(),
    });
    const call = await post<Note>(page, '/api/crm/notes', {
      kind: 'call',
      body: 'Pediu *desconto* de 10%. <b>sem HTML</b>',
      outcome: 'answered',
      durationMin: 8,
      contactId: contact.id,
      dealId: deal.id,
    });
    const edit = await page.request.patch(`/api/crm/notes/${call.id}`, {
      data: { body: 'Pediu *desconto* de 10%; vou consultar. <b>sem HTML</b>' },
      headers: headers(),
    });
    expect(edit.status()).toBe(200);
    await post(page, '/api/crm/notes', {
      kind: 'whatsapp',
      body: 'Mandou o contrato assinado',
      contactId: contact.id,
    });

    for (const language of LANGUAGES)
      for (const theme of THEMES)
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
          await page.evaluate(
            ({ language, theme }) => {
              localStorage.setItem('language', language);
              localStorage.setItem('theme', theme);
            },
            { language, theme },
          );
          await page.goto(`/crm/contacts/${contact.id}`);
          await page.getByTestId('pinned-notes').waitFor();
          await page.getByTestId('contact-timeline').getByTestId('note-card').nth(3).waitFor();
          // The composer as a call with a next step: every field it has on screen.
          await page
            .getByTestId('note-composer')
            .getByText(language === 'pt' ? 'Ligação' : 'Call', { exact: true })
            .click();
          await page
            .getByTestId('note-composer')
            .getByText(language === 'pt' ? 'Planejar próximo passo' : 'Plan next step')
            .click();
          await page.locator('#contact-note-next\\.subject').waitFor();
          await settled(page);
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `notes ${language} ${theme} ${width} overflows horizontally`).toBeLessThanOrEqual(0);
          await screenshot(page, `notes-contact-${language}-${theme}-${width}`);
          if (axeAt(width, theme, language)) await expectAccessible(page, `notes ${language} ${theme} ${width}`);
        }

    // The deal dialog and the complete dialog, once each (pt, light).
    await page.evaluate(() => {
      localStorage.setItem('language', 'pt');
      localStorage.setItem('theme', 'light');
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/crm/pipeline?deal=${deal.id}`);
    await page.getByTestId('deal-timeline').getByTestId('note-card').nth(1).waitFor();
    await settled(page);
    // The dialog scrolls inside itself: its history in view.
    await page.getByTestId('deal-timeline').scrollIntoViewIfNeeded();
    await screenshot(page, 'notes-deal-dialog-pt-light-1280');
    await expectAccessible(page, 'notes deal dialog');

    // Completing an activity asks for its outcome and a note.
    const activity = await post(page, '/api/crm/activities', {
      type: 'call',
      subject: 'Retornar a Bianca',
      dueDate: new Date(Date.now() + 3_600_000).toISOString(),
      contactId: contact.id,
    });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.goto('/crm/activities');
      await page
        .locator(`[data-testid="activity-card"][data-id="${activity.id}"]`)
        .getByRole('button', { name: 'Concluir “Retornar a Bianca”' })
        .click();
      await page.getByTestId('complete-activity-dialog').waitFor();
      await screenshot(page, `notes-complete-activity-pt-light-${width}`);
      await expectAccessible(page, `complete activity ${width}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('complete-activity-dialog').waitFor({ state: 'detached' });
    }
    // Closed without skipping or saving, the activity stays pending.
    expect((await get<{ status: string }>(page, `/api/crm/activities/${activity.id}`)).status).toBe('pending');
  });
});
