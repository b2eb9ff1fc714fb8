import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface ActivityInput {
  subject: string;
  type?: 'task' | 'call' | 'email' | 'meeting' | 'note';
  description?: string;
  dueDate?: string | null;
  duration?: number;
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  status?: 'pending' | 'completed';
  contactId?: number;
  dealId?: number;
  assignedTo?: number;
}

interface Activity {
  id: number;
  subject: string;
  status: string;
  dueDate: string | null;
  reminderMinutes: number | null;
  contactId: number | null;
  dealId: number | null;
  description: string | null;
}

const headers = () => ({ origin: baseUrl() });

/** Data is made through the API (as the page's signed-in user), not by clicking. */
async function post<T>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { data, headers: headers() });
  expect(res.status()).toBe(201);
  return (await res.json()) as T;
}
const createActivity = (page: Page, input: ActivityInput) => post<Activity>(page, '/api/crm/activities', input);
async function getActivity(page: Page, id: number): Promise<Activity> {
  return (await (await page.request.get(`/api/crm/activities/${id}`)).json()) as Activity;
}
async function currentUserId(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/user')).json()) as { id: number }).id;
}

async function newEmployee(prefix: string, name = 'Paula Pendências'): Promise<Page> {
  const page = await newPage(browser);
  await registerUser(page, { username: uniqueName(prefix), name, initials: 'PP', password: 'a-good-password' });
  return page;
}

const cards = (page: Page) => page.getByTestId('activity-card');
const card = (page: Page, subject: string) =>
  cards(page).filter({ has: page.getByRole('button', { name: subject, exact: true }) });
const dialog = (page: Page) => page.getByRole('dialog');
const count = (page: Page, tab: 'pending' | 'completed') => page.getByTestId(`count-${tab}`);
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function expectCounts(page: Page, pending: number, completed: number) {
  await expect.poll(() => count(page, 'pending').textContent()).toBe(String(pending));
  await expect.poll(() => count(page, 'completed').textContent()).toBe(String(completed));
}

describe('activities', () => {
  it('creates with a contact, a deal and a reminder, edits, completes with undo and reopens from the completed tab', async () => {
    const page = await newEmployee('actflow');
    const contact = await post<{ id: number; name: string }>(page, '/api/crm/contacts', {
      name: uniqueName('Otávio '),
    });
    const deal = await post<{ id: number; title: string }>(page, '/api/crm/deals', {
      title: uniqueName('Contrato '),
      contactId: contact.id,
    });
    await page.goto('/crm/activities');
    await page.getByText('Nenhuma atividade encontrada').waitFor();
    await expectCounts(page, 0, 0);

    await page.getByRole('button', { name: 'Nova atividade' }).click();
    await dialog(page).getByRole('heading', { name: 'Nova atividade' }).waitFor();
    await page.locator('#activity-subject').fill('Ligar para o Otávio');
    await page.locator('#activity-dueDate').fill('2030-03-04T10:30');
    await page.locator('#activity-contactId-search').fill(contact.name);
    await page.locator('#activity-contactId').click();
    await page.getByRole('option', { name: contact.name }).click();
    await page.locator('#activity-dealId').click();
    await page.getByRole('option', { name: deal.title }).click();
    await page.locator('#activity-reminderMinutes').click();
    await page.getByRole('option', { name: '30 minutos antes' }).click();
    await page.getByRole('button', { name: 'Criar atividade' }).click();
    await toastLocator(page).filter({ hasText: 'Atividade criada com sucesso' }).waitFor();
    await card(page, 'Ligar para o Otávio').waitFor();
    await expectCounts(page, 1, 0);
    const created = await card(page, 'Ligar para o Otávio').getAttribute('data-id');
    const saved = await getActivity(page, Number(created));
    expect(saved).toMatchObject({ contactId: contact.id, dealId: deal.id, reminderMinutes: 30, status: 'pending' });
    await expect
      .poll(() => card(page, 'Ligar para o Otávio').getByRole('link', { name: contact.name }).getAttribute('href'))
      .toBe(`/crm/contacts/${contact.id}`);
    expect(await card(page, 'Ligar para o Otávio').getByTestId('activity-due').textContent()).toMatch(
      /04\/03\/2030 \d\d:\d\d/,
    );

    // Click the card to edit it.
    await card(page, 'Ligar para o Otávio').getByRole('button', { name: 'Ligar para o Otávio', exact: true }).click();
    await dialog(page).getByRole('heading', { name: 'Editar atividade' }).waitFor();
    await page.locator('#activity-description').fill('Falar sobre a renovação');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await toastLocator(page).filter({ hasText: 'Atividade atualizada com sucesso' }).waitFor();
    await card(page, 'Ligar para o Otávio').getByText('Falar sobre a renovação').waitFor();

    // Complete it, skipping the outcome and note it asks for: it leaves the pending tab and the counts move; undo
    // brings it back.
    await card(page, 'Ligar para o Otávio').getByRole('button', { name: 'Concluir “Ligar para o Otávio”' }).click();
    await dialog(page).getByRole('button', { name: 'Pular e concluir' }).click();
    await expectCounts(page, 0, 1);
    await page.getByText('Nenhuma atividade encontrada').waitFor();
    await toastLocator(page)
      .filter({ hasText: 'Concluída: Ligar para o Otávio' })
      .getByRole('button', { name: 'Desfazer' })
      .click();
    await card(page, 'Ligar para o Otávio').waitFor();
    await expectCounts(page, 1, 0);
    await expect.poll(async () => (await getActivity(page, saved.id)).status).toBe('pending');

    // Complete again, then reopen it from the completed tab.
    await card(page, 'Ligar para o Otávio').getByRole('button', { name: 'Concluir “Ligar para o Otávio”' }).click();
    await dialog(page).getByRole('button', { name: 'Pular e concluir' }).click();
    await expectCounts(page, 0, 1);
    await page.getByRole('tab', { name: /Concluídas/ }).click();
    await page.waitForURL(/tab=completed/);
    await card(page, 'Ligar para o Otávio').getByRole('button', { name: 'Reabrir “Ligar para o Otávio”' }).click();
    await expectCounts(page, 1, 0);
    await page.getByText('Nenhuma atividade encontrada').waitFor();
    await expect.poll(async () => (await getActivity(page, saved.id)).status).toBe('pending');

    // A reminder's link (/crm/activities?activity=id) opens it.
    await page.goto(`/crm/activities?activity=${saved.id}`);
    await dialog(page).getByRole('heading', { name: 'Editar atividade' }).waitFor();
    expect(await page.locator('#activity-subject').inputValue()).toBe('Ligar para o Otávio');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('activity'));
  });

  it('filters by type with the tab counts, and groups pending ones with the overdue first', async () => {
    const page = await newEmployee('actgroups');
    await createActivity(page, { subject: 'Atrasada', type: 'call', dueDate: hoursFromNow(-30) });
    await createActivity(page, { subject: 'Sem data', type: 'task', dueDate: null });
    await createActivity(page, { subject: 'Daqui a um mês', type: 'meeting', dueDate: hoursFromNow(24 * 30) });
    await createActivity(page, { subject: 'Feita', type: 'call', status: 'completed' });
    await page.goto('/crm/activities');
    await card(page, 'Atrasada').waitFor();
    await expectCounts(page, 3, 1);
    const groups = await page.locator('[data-testid^="group-"] h2').allTextContents();
    expect(groups).toEqual(['Atrasadas', 'Mais tarde', 'Sem data']);
    expect(await page.getByTestId('group-overdue').getByTestId('activity-card').count()).toBe(1);
    expect(await card(page, 'Atrasada').getAttribute('data-overdue')).toBe('true');
    expect(await card(page, 'Daqui a um mês').getAttribute('data-overdue')).toBeNull();

    await page.getByRole('group', { name: 'Filtrar por tipo' }).getByRole('button', { name: 'Ligação' }).click();
    await page.waitForURL(/type=call/);
    await expectCounts(page, 1, 1);
    await expect.poll(() => cards(page).count()).toBe(1);
    await card(page, 'Atrasada').waitFor();
    await page.getByRole('group', { name: 'Filtrar por tipo' }).getByRole('button', { name: 'Reunião' }).click();
    await expectCounts(page, 1, 0);
    await card(page, 'Daqui a um mês').waitFor();
    // The filter is kept by a reload.
    await page.reload();
    await card(page, 'Daqui a um mês').waitFor();
    expect(await page.getByRole('button', { name: 'Reunião' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('an admin picks whose activities (kept in the URL); an employee sees only their own', async () => {
    const employee = await newEmployee('actown', 'Eva Empregada');
    const employeeId = await currentUserId(employee);
    await createActivity(employee, { subject: 'Tarefa da Eva' });
    const admin = await newPage(browser);
    await signIn(admin, DEMO.admin);
    const adminId = await currentUserId(admin);
    await createActivity(admin, { subject: 'Tarefa da administradora' });

    await admin.goto('/crm/activities');
    await card(admin, 'Tarefa da administradora').waitFor();
    expect(await card(admin, 'Tarefa da Eva').count()).toBe(0);
    await admin.locator('#activities-assignee').click();
    await admin.getByRole('option', { name: 'Eva Empregada' }).first().click();
    await admin.waitForURL(new RegExp(`assignee=${employeeId}`));
    await card(admin, 'Tarefa da Eva').waitFor();
    expect(await card(admin, 'Tarefa da administradora').count()).toBe(0);
    await expectCounts(admin, 1, 0);
    await admin.reload();
    await card(admin, 'Tarefa da Eva').waitFor();

    // The same link for the employee shows their own list, no picker.
    await employee.goto(`/crm/activities?assignee=${adminId}`);
    await card(employee, 'Tarefa da Eva').waitFor();
    expect(await employee.locator('#activities-assignee').count()).toBe(0);
    expect(await card(employee, 'Tarefa da administradora').count()).toBe(0);
    const res = await employee.request.get(`/api/crm/activities?assignedTo=${adminId}`);
    expect(((await res.json()) as { items: Activity[] }).items.map((a) => a.subject)).not.toContain(
      'Tarefa da administradora',
    );
  });

  it('the profile sets where and how notifications come: e-mail checked, time zone searched, both e-mails switchable', async () => {
    const page = await newEmployee('actnotif');
    await page.goto('/profile');
    const section = page.locator('form').filter({ has: page.locator('#notification-settings-email') });
    await section.waitFor();
    // Never saved: the browser's time zone is offered.
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await page.locator('#notification-settings-timeZone').textContent()).toBe(browserZone.replace(/_/g, ' '));
    await page.locator('#notification-settings-email').fill('not-an-email');
    await section.getByRole('button', { name: 'Salvar notificações' }).click();
    expect(await page.locator('#notification-settings-email-message').textContent()).toBe('Informe um e-mail válido');

    await page.locator('#notification-settings-email').fill('paula@example.com');
    await page.locator('#notification-settings-language').click();
    await page.getByRole('option', { name: 'Inglês' }).click();
    await page.locator('#notification-settings-timeZone-search').fill('sao paulo');
    await page.locator('#notification-settings-timeZone').click();
    await page.getByRole('option', { name: 'America/Sao Paulo' }).click();
    await page.locator('#notification-settings-morningDigest').click();
    await section.getByRole('button', { name: 'Salvar notificações' }).click();
    await toastLocator(page).filter({ hasText: 'Configurações de notificação salvas' }).waitFor();
    const saved = (await (await page.request.get('/api/notifications/settings')).json()) as object;
    expect(saved).toEqual({
      email: 'paula@example.com',
      language: 'en',
      timeZone: 'America/Sao_Paulo',
      reminderEmails: true,
      morningDigest: false,
    });

    await page.reload();
    await section.waitFor();
    expect(await page.locator('#notification-settings-email').inputValue()).toBe('paula@example.com');
    expect(await page.locator('#notification-settings-timeZone').textContent()).toBe('America/Sao Paulo');
    expect(await page.locator('#notification-settings-morningDigest').getAttribute('aria-checked')).toBe('false');
    expect(await page.locator('#notification-settings-reminderEmails').getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'activities-profile-notifications-pt-light-1280');
    await expectAccessible(page, 'profile notifications');
  });

  it('the agenda shows a week with today marked, and a drag moves the due date and the reminder with it', async () => {
    const page = await newEmployee('actagenda');
    // Tuesday 8 January 2030, 10:15 in the browser's time zone; the default 15-minute reminder.
    const due = await page.evaluate(() => new Date(2030, 0, 8, 10, 15).toISOString());
    const act = await createActivity(page, { subject: 'Visita técnica', dueDate: due });
    await page.goto('/crm/activities?layout=agenda&week=2030-01-09');
    await expect.poll(() => page.getByTestId('agenda-range').textContent()).toBe('07/01/2030 – 13/01/2030');
    const item = page.getByTestId('agenda-item').filter({ hasText: 'Visita técnica' });
    await item.waitFor();
    const slotOf = () => item.evaluate((el) => el.closest('[data-slot]')?.getAttribute('data-slot'));
    expect(await slotOf()).toBe('1:10');

    // Drag it to Thursday 11:00, the way a person does: press, move past the threshold, release over the slot,
    // in its third quarter of an hour (the time under the pointer).
    const start = (await item.boundingBox())!;
    const end = (await page.locator('[data-slot="3:11"]').boundingBox())!;
    await page.mouse.move(start.x + 10, start.y + 8);
    await page.mouse.down();
    await page.mouse.move(start.x + 16, start.y + 14, { steps: 5 });
    await page.mouse.move(end.x + end.width / 2, end.y + end.height * 0.6, { steps: 20 });
    await page.mouse.up();
    await expect.poll(slotOf).toBe('3:11');
    const moved = await page.evaluate(() => new Date(2030, 0, 10, 11, 30).toISOString());
    await expect.poll(async () => (await getActivity(page, act.id)).dueDate).toBe(moved);
    const saved = await getActivity(page, act.id);
    expect(saved.reminderMinutes).toBe(15);
    // The reminder is kept 15 minutes before the new time (the server test checks the stored instant).
    const reminder = await page.request.get(`/api/crm/activities/${act.id}/reminder`);
    expect(await reminder.json()).toEqual({ minutes: 15 });
    await page.reload();
    await item.waitFor();
    expect(await slotOf()).toBe('3:11');

    await page.getByRole('button', { name: 'Próxima semana' }).click();
    await expect.poll(() => page.getByTestId('agenda-range').textContent()).toBe('14/01/2030 – 20/01/2030');
    await page.waitForURL(/week=2030-01-14/);
    expect(await page.getByTestId('agenda-item').count()).toBe(0);
    await page.getByRole('button', { name: 'Esta semana' }).click();
    await page.getByTestId('agenda-today').waitFor();
    expect(await page.getByTestId('agenda-today').getAttribute('aria-current')).toBe('date');
  });

  it('a drag near the bottom of a 1280x720 window scrolls the agenda only, and drops at the time under the pointer (issue 23)', async () => {
    const page = await newEmployee('actedge');
    await page.setViewportSize({ width: 1280, height: 720 });
    const due = await page.evaluate(() => new Date(2030, 0, 8, 8, 0).toISOString());
    const act = await createActivity(page, { subject: 'Ligar cedo', dueDate: due });
    // A late one widens the day to 22:00, so the agenda has hours to scroll to.
    await createActivity(page, {
      subject: 'Fechar o dia',
      dueDate: await page.evaluate(() => new Date(2030, 0, 9, 22, 0).toISOString()),
    });
    await page.goto('/crm/activities?layout=agenda&week=2030-01-07');
    const item = page.getByTestId('agenda-item').filter({ hasText: 'Ligar cedo' });
    await item.waitFor();
    const agenda = page.getByTestId('agenda-scroll');
    const box = (await agenda.boundingBox())!;
    const header = page.locator('header').first();
    const windowState = () =>
      page.evaluate(() => ({
        scrollY: window.scrollY,
        scrollX: window.scrollX,
        overflow: document.documentElement.scrollHeight - window.innerHeight,
      }));
    expect(await windowState()).toEqual({ scrollY: 0, scrollX: 0, overflow: 0 });

    // Thursday's column, a few pixels above the lower edge of the agenda (or of the window, if that comes first).
    const thursday = (await page.locator('[data-slot="3:8"]').boundingBox())!;
    const x = thursday.x + thursday.width / 2;
    const edge = Math.min(box.y + box.height, 720) - 6;
    const start = (await item.boundingBox())!;
    await page.mouse.move(start.x + 10, start.y + 8);
    await page.mouse.down();
    await page.mouse.move(start.x + 16, start.y + 14, { steps: 4 });
    await page.mouse.move(x, edge, { steps: 15 });
    // Held there, the agenda scrolls down by itself; then up a little, out of the edge, so it stops.
    await expect.poll(() => agenda.evaluate((el) => el.scrollTop), { timeout: 5000 }).toBeGreaterThan(100);
    const y = edge - 70;
    await page.mouse.move(x, y, { steps: 3 });
    await page.waitForTimeout(100);
    const under = await page.evaluate(
      ([px, py]) => {
        const slot = document.elementFromPoint(px, py)!.closest<HTMLElement>('[data-slot]')!;
        const [day, hour] = slot.dataset.slot!.split(':').map(Number);
        const rect = slot.getBoundingClientRect();
        const minutes = Math.floor(((py - rect.top) / rect.height) * 4) * 15;
        const label = `${String(hour).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
        return { slot: slot.dataset.slot!, label, at: new Date(2030, 0, 7 + day, hour, minutes).toISOString() };
      },
      [x, y],
    );
    expect(under.slot.startsWith('3:')).toBe(true);
    // The floating copy shows that time while it is dragged.
    expect(await page.getByTestId('agenda-drag').textContent()).toContain(under.label);
    expect(await windowState()).toEqual({ scrollY: 0, scrollX: 0, overflow: 0 });
    await page.mouse.up();
    await expect.poll(async () => (await getActivity(page, act.id)).dueDate).toBe(under.at);
    // The page never moved: the top bar and the sidebar are where they were, nothing blank below.
    expect(await windowState()).toEqual({ scrollY: 0, scrollX: 0, overflow: 0 });
    expect((await header.boundingBox())!.y).toBe(0);
    expect(await page.locator('main').evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(720);
    await screenshot(page, 'activities-agenda-after-edge-drag');
  });

  it('moves a focused agenda item by keyboard: down 15 minutes, right one day (issue 23)', async () => {
    const page = await newEmployee('actkeys');
    const act = await createActivity(page, {
      subject: 'Mover pelo teclado',
      dueDate: await page.evaluate(() => new Date(2030, 0, 8, 10, 0).toISOString()),
    });
    await page.goto('/crm/activities?layout=agenda&week=2030-01-07');
    const item = page.getByTestId('agenda-item').filter({ hasText: 'Mover pelo teclado' });
    await item.focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(async () => (await getActivity(page, act.id)).dueDate)
      .toBe(await page.evaluate(() => new Date(2030, 0, 8, 10, 15).toISOString()));
    // Focus follows it, so the next key moves it again.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-id'))).toBe(String(act.id));
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(async () => (await getActivity(page, act.id)).dueDate)
      .toBe(await page.evaluate(() => new Date(2030, 0, 9, 10, 15).toISOString()));
    expect(await item.evaluate((el) => el.closest('[data-slot]')?.getAttribute('data-slot'))).toBe('2:10');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(async () => (await getActivity(page, act.id)).dueDate)
      .toBe(await page.evaluate(() => new Date(2030, 0, 9, 9, 45).toISOString()));
    // Said to a screen reader, and Enter still opens it.
    await expect
      .poll(() => page.locator('[aria-live="polite"]').filter({ hasText: 'Mover pelo teclado' }).count())
      .toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-id'))).toBe(String(act.id));
    await page.keyboard.press('Enter');
    await dialog(page).locator('#activity-subject').waitFor();
    // Enter opened the activity and nothing in it (its first field is a select).
    expect(await page.getByRole('listbox').count()).toBe(0);
  });

  it('looks right in each language, theme and width: the list and the dialog (screenshots, axe)', async () => {
    const setup = await newEmployee('actshots', 'Sofia Telas');
    const contact = await post<{ id: number }>(setup, '/api/crm/contacts', { name: 'Marina Costa' });
    await createActivity(setup, {
      subject: 'Enviar proposta revisada',
      type: 'email',
      priority: 'urgent',
      dueDate: hoursFromNow(-5),
      contactId: contact.id,
      duration: 15,
      description: 'Com o desconto combinado na reunião de terça.',
    });
    await createActivity(setup, {
      subject: 'Reunião de alinhamento',
      type: 'meeting',
      priority: 'high',
      dueDate: hoursFromNow(26),
      duration: 60,
      contactId: contact.id,
    });
    await createActivity(setup, {
      subject: 'Ligar para confirmar a entrega',
      type: 'call',
      priority: 'low',
      dueDate: hoursFromNow(24 * 9),
    });
    await createActivity(setup, { subject: 'Anotar preferências do cliente', type: 'note', dueDate: null });
    const languages: Language[] = ['pt', 'en'];
    const themes: Theme[] = ['light', 'dark', 'matrix'];
    const page = setup;
    for (const language of languages) {
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
        for (const theme of themes) {
          await page.evaluate((value) => localStorage.setItem('theme', value), theme);
          await page.goto('/crm/activities');
          await card(page, 'Enviar proposta revisada').waitFor();
          await expectCounts(page, 4, 0);
          const name = `activities-list-${language}-${theme}-${width}`;
          await screenshot(page, name);
          if (axeAt(width, theme, language)) await expectAccessible(page, name);
          await card(page, 'Reunião de alinhamento')
            .getByRole('button', { name: 'Reunião de alinhamento', exact: true })
            .click();
          await dialog(page).locator('#activity-subject').waitFor();
          await screenshot(page, `activities-dialog-${language}-${theme}-${width}`);
          if (axeAt(width, theme, language))
            await expectAccessible(page, `activities-dialog-${language}-${theme}-${width}`);
          await page.keyboard.press('Escape');
          await dialog(page).waitFor({ state: 'detached' });
          // The week of the meeting (tomorrow, or next week on a Sunday).
          const week = await page.evaluate(() => {
            const d = new Date(Date.now() + 26 * 3_600_000);
            return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
          });
          await page.goto(`/crm/activities?layout=agenda&week=${week}`);
          await page.getByTestId('agenda-item').filter({ hasText: 'Reunião de alinhamento' }).waitFor();
          await screenshot(page, `activities-agenda-${language}-${theme}-${width}`);
          if (axeAt(width, theme, language))
            await expectAccessible(page, `activities-agenda-${language}-${theme}-${width}`);
        }
      }
    }
  });
});
