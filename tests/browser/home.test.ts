import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from '../../src/infrastructure/db/database';
import { DEMO, expectAccessible, launchBrowser, newPage, screenshot, settled, signIn } from './support/browser';
import { startSeededServer, type RunningServer } from './support/server';

// Its own server: the shared one's deals and activities (other files') would move every figure of the home.
let browser: Browser;
let server: RunningServer;
let seller: Page;
let admin: Page;

/**
 * The people's time zone (their notification settings): one where it is now between 03:00 and 19:00, so that
 * "due later today" is still today whatever the hour this runs at.
 */
const hourIn = (timeZone: string) =>
  Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(new Date()));
const ZONE = ['America/Sao_Paulo', 'Pacific/Honolulu', 'America/Los_Angeles', 'Europe/London', 'Asia/Tokyo'].find(
  (zone) => hourIn(zone) >= 3 && hourIn(zone) < 19,
)!;

/** Today's day of the month and the month's length in ZONE: the pace is goal × day / days. */
function monthClock() {
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: ZONE })
    .formatToParts(new Date())
    .reduce<Record<string, number>>((found, part) => ({ ...found, [part.type]: Number(part.value) }), {});
  return { day: parts.day!, days: new Date(parts.year!, parts.month!, 0).getDate() };
}
const brl = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\u00a0/g, ' ');

/** A deal of the employee's untouched for 30 days (past the 14 stale days of its stage), with no activity. */
async function seed(knex: Knex): Promise<void> {
  const employee = (await knex('users').where('username', DEMO.employee.username).first('id')).id as number;
  await knex.raw(
    `INSERT INTO deals (title, value, stage, probability, owner_id, created_at, updated_at)
     VALUES ('Renovação Parada', '4000.00', 'prospecting', 10, ?, now() - interval '40 days', now() - interval '30 days')`,
    [employee],
  );
}

const origin = () => ({ origin: server.baseUrl });
const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\u00a0/g, ' ');

async function post<T>(page: Page, url: string, data: object): Promise<T> {
  const res = await page.request.post(url, { data, headers: origin() });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}
async function put(page: Page, url: string, data: object): Promise<void> {
  const res = await page.request.put(url, { data, headers: origin() });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
}
const idOf = async (page: Page) => ((await (await page.request.get('/api/user')).json()) as { id: number }).id;
/** Today in ZONE, YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

let employeeId: number;
let developerId: number;
const GOAL = 10_000;

beforeAll(async () => {
  [server, browser] = await Promise.all([startSeededServer('home', seed), launchBrowser()]);
  seller = await newPage(browser, { baseURL: server.baseUrl });
  admin = await newPage(browser, { baseURL: server.baseUrl });
  await signIn(seller, DEMO.employee);
  await signIn(admin, DEMO.admin);
  employeeId = await idOf(seller);
  for (const page of [seller, admin])
    await put(page, '/api/notifications/settings', { email: null, language: 'pt', timeZone: ZONE });
  const users = (await (await admin.request.get('/api/admin/users?limit=200')).json()) as {
    items: { id: number; username: string }[];
  };
  developerId = users.items.find((u) => u.username === DEMO.developer.username)!.id;

  // The seller's day, made through the API as the seller.
  const clara = await post<{ id: number }>(seller, '/api/crm/contacts', { name: 'Clara Cliente' });
  const proposal = await post<{ id: number }>(seller, '/api/crm/deals', {
    title: 'Proposta Clara',
    value: '2500.00',
    stage: 'proposal',
    contactId: clara.id,
    expectedCloseDate: today(),
  });
  const won = await post<{ id: number }>(seller, '/api/crm/deals', { title: 'Venda Fechada', value: '3000.00' });
  await post(seller, `/api/crm/deals/${won.id}/move`, { stage: 'won' });
  const activity = (subject: string, dueDate: string, extra: object = {}) =>
    post(seller, '/api/crm/activities', { type: 'call', subject, dueDate, assignedTo: employeeId, ...extra });
  await activity('Ligar para Clara', hours(-48), { contactId: clara.id });
  await activity('Enviar proposta', hours(-1));
  await activity('Reunião com Clara', hours(2), { type: 'meeting', contactId: clara.id, dealId: proposal.id });
  // The seller's goal for the month, set by the admin.
  const month = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: ZONE })
    .format(new Date())
    .slice(0, 7);
  await put(admin, `/api/crm/goals?month=${month}`, {
    items: [{ userId: employeeId, wonValue: GOAL, wonCount: 2, activitiesDone: 5 }],
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const agendaSubjects = (page: Page, group: 'overdue' | 'today') =>
  page.getByTestId(`agenda-${group}`).getByTestId('agenda-item').locator('button span.truncate').allTextContents();
const noNextStep = (page: Page) => page.getByTestId('no-next-step-item').locator('p.truncate').allTextContents();

describe('the home, "Meu dia"', () => {
  it("shows a seller today's overdue and due activities, deals without a next step, the pipeline and the goal bar", async () => {
    await seller.goto('/');
    await seller.getByTestId('home-heading').waitFor();
    expect(await text(seller, 'home-heading')).toBe('Meu dia');
    // Overdue first, the oldest first; then today's.
    await seller.getByTestId('agenda-overdue').waitFor();
    expect(await agendaSubjects(seller, 'overdue')).toEqual(['Ligar para Clara', 'Enviar proposta']);
    expect(await agendaSubjects(seller, 'today')).toEqual(['Reunião com Clara']);
    expect(await text(seller, 'agenda-overdue-total')).toBe('(2)');
    expect(await text(seller, 'agenda-today-total')).toBe('(1)');
    // Open deals without a pending activity: the stale one; the proposal has its meeting, the won one is closed.
    await seller.getByTestId('no-next-step-item').first().waitFor();
    expect(await noNextStep(seller)).toEqual(['Renovação Parada']);
    // The pipeline by stage: prospecting 4.000 (10%), proposal 2.500 (50%).
    await seller.getByTestId('home-pipeline-stages').waitFor();
    expect(await text(seller, 'home-pipeline-total')).toBe('R$ 6.500,00');
    expect(await text(seller, 'home-pipeline-weighted')).toBe('R$ 1.650,00');
    expect(await text(seller, 'home-closing')).toContain('Fechando este mês: 1 negócio, R$ 2.500,00');
    expect(await text(seller, 'home-closing')).toContain('Proposta Clara');
    // Won 3.000 against 10.000; the pace is the goal × today's day / the month's days.
    const { day, days } = monthClock();
    const pace = Math.round((GOAL * day * 100) / days) / 100;
    await seller.getByTestId('home-goal-bar').waitFor();
    expect(await text(seller, 'home-goal-bar-value')).toBe('R$ 3.000,00 de R$ 10.000,00');
    expect(await text(seller, 'home-goal-bar-pace')).toBe(`30% da meta · ritmo para hoje: ${brl(pace)}`);
    expect(await seller.getByTestId('home-goal-bar').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
    if (pace > 3000) await seller.getByText(`${brl(pace - 3000)} abaixo do ritmo`).waitFor();
    expect(await text(seller, 'home-goal-count')).toBe('1 de 2');
    expect(await text(seller, 'home-goal-activities')).toBe('0 de 5');
    await seller.getByTestId('home-recent-contacts').getByRole('link', { name: 'Clara Cliente' }).waitFor();
    // A seller has no person filter, no team sections and no System tab.
    expect(await seller.getByRole('combobox', { name: 'Pessoa' }).count()).toBe(0);
    expect(await seller.getByRole('tab', { name: 'Sistema' }).count()).toBe(0);
    expect(await seller.getByTestId('home-team').count()).toBe(0);
    await settled(seller);
    await screenshot(seller, 'home-seller-data');
    await expectAccessible(seller, 'home seller');
    // On a phone, the same sections one under another, nothing wider than the screen.
    await seller.setViewportSize({ width: 390, height: 844 });
    expect(await seller.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    await screenshot(seller, 'home-seller-data-390');
    await seller.setViewportSize({ width: 1280, height: 800 });

    // The same day in English, in the dark theme.
    const english = await newPage(browser, { baseURL: server.baseUrl, language: 'en', theme: 'dark' });
    await signIn(english, DEMO.employee);
    await english.getByTestId('home-goal-bar').waitFor();
    expect(await text(english, 'home-heading')).toBe('My day');
    expect(await text(english, 'home-goal-bar-value')).toBe('R$ 3.000,00 of R$ 10.000,00');
    await english.getByRole('button', { name: 'Plan next step: Renovação Parada' }).waitFor();
    await settled(english);
    await screenshot(english, 'home-seller-data-en-dark');
    await expectAccessible(english, 'home seller en dark');
    await english.context().close();
  });

  it('gives the admin the team view, a person filter kept in the address, and the System tab', async () => {
    await admin.goto('/');
    await admin.getByTestId('home-team').waitFor();
    // The whole team: the seller's goal among the people's, the stale deal by its owner.
    const goal = admin.getByTestId(`team-goal-${employeeId}`);
    await goal.waitFor();
    expect(await text(admin, `team-goal-${employeeId}-value`)).toBe('R$ 3.000,00 de R$ 10.000,00');
    expect(await text(admin, `team-goal-${developerId}-value`)).toBe('R$ 0,00 · sem meta');
    await admin.getByTestId('team-stale-row').first().waitFor();
    expect(await admin.getByTestId('team-stale-row').count()).toBe(1);
    const stale = admin.getByTestId('team-stale-row').filter({ hasText: await nameOf(employeeId) });
    expect(((await stale.textContent()) ?? '').replace(/\u00a0/g, ' ')).toContain('1 · R$ 4.000,00');
    expect(await text(admin, 'home-goal-bar-value')).toBe('R$ 3.000,00 de R$ 10.000,00');
    // The team's agenda holds the seller's activities too (each section comes in on its own).
    await expect.poll(() => agendaSubjects(admin, 'today')).toContain('Reunião com Clara');

    // One person: the address keeps them, the team's sections give way.
    await admin.getByRole('combobox', { name: 'Pessoa' }).click();
    await admin.getByRole('option', { name: await nameOf(employeeId) }).click();
    await admin.waitForURL((url) => url.searchParams.get('user') === String(employeeId));
    await admin.getByTestId('home-team').waitFor({ state: 'detached' });
    await admin.reload();
    await admin.getByTestId('agenda-overdue').waitFor();
    expect(await agendaSubjects(admin, 'overdue')).toEqual(['Ligar para Clara', 'Enviar proposta']);
    await expect.poll(() => noNextStep(admin)).toEqual(['Renovação Parada']);
    expect(await admin.getByRole('combobox', { name: 'Pessoa' }).textContent()).toBe(await nameOf(employeeId));
    await admin.getByRole('combobox', { name: 'Pessoa' }).click();
    await admin.getByRole('option', { name: 'Toda a equipe' }).click();
    await admin.getByTestId('home-team').waitFor();
    expect(new URL(admin.url()).searchParams.has('user')).toBe(false);

    // The System tab: the dashboard's cards.
    await admin.getByRole('tab', { name: 'Sistema' }).click();
    await admin.getByTestId('stat-users-value').waitFor();
    await admin.getByTestId('status-database').waitFor();
    expect(new URL(admin.url()).searchParams.get('tab')).toBe('system');
  });

  it('completes (with a note), reschedules and opens agenda items in place, and plans the next step of a deal without one', async () => {
    await seller.goto('/');
    await seller.getByTestId('agenda-today').waitFor();
    await seller.getByRole('button', { name: 'Concluir: Reunião com Clara' }).click();
    const dialog = seller.getByRole('dialog');
    await dialog.getByLabel('Nota').fill('Clara pediu uma nova proposta na segunda.');
    await dialog.getByRole('button', { name: 'Salvar e concluir' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Gone from today's agenda; its deal is left without a next step; the month counts one activity done.
    await seller.getByTestId('agenda-today').waitFor({ state: 'detached' });
    await expect.poll(() => noNextStep(seller)).toEqual(['Renovação Parada', 'Proposta Clara']);
    await expect.poll(() => text(seller, 'home-goal-activities')).toBe('1 de 5');
    expect(await agendaSubjects(seller, 'overdue')).toEqual(['Ligar para Clara', 'Enviar proposta']);

    // Rescheduled to tomorrow (the time offered first): it leaves the overdue ones.
    await seller.getByRole('button', { name: 'Reagendar: Enviar proposta' }).click();
    await seller.getByLabel('Nova data e hora').waitFor();
    await seller.getByRole('button', { name: 'Reagendar', exact: true }).click();
    await seller.getByText(/^Reagendada para \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).waitFor();
    await expect.poll(() => agendaSubjects(seller, 'overdue')).toEqual(['Ligar para Clara']);
    // Opened in place: the activity's own form.
    await seller.getByRole('button', { name: /^Ligar para Clara/ }).click();
    const opened = seller.getByRole('dialog');
    await opened.getByRole('heading', { name: 'Editar atividade' }).waitFor();
    expect(await opened.getByLabel('Assunto').inputValue()).toBe('Ligar para Clara');
    await seller.keyboard.press('Escape');
    await opened.waitFor({ state: 'detached' });

    // "Plan next step": the activity form, with the deal (and its contact) filled in.
    await seller.getByRole('button', { name: 'Planejar próximo passo: Proposta Clara' }).click();
    const form = seller.getByRole('dialog');
    await form.getByRole('heading', { name: 'Nova atividade' }).waitFor();
    expect(await form.getByLabel('Negócio').textContent()).toBe('Proposta Clara');
    expect(await form.getByLabel('Contato').inputValue()).toBe('Clara Cliente');
    await form.getByLabel('Assunto').fill('Enviar nova proposta');
    await form.getByLabel('Data e hora do prazo').fill(toLocalInput(hours(1)));
    await form.getByRole('button', { name: 'Criar atividade' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => noNextStep(seller)).toEqual(['Renovação Parada']);
    await expect.poll(() => agendaSubjects(seller, 'today')).toEqual(['Enviar nova proposta']);
  });

  it('lets the admin set a goal in Settings, which the home shows at once', async () => {
    await admin.goto('/settings?tab=goals');
    const row = admin.locator(`[data-testid="goal-row"][data-user="${developerId}"]`);
    await row.waitFor();
    // The seller's goal as set; the developer has none yet.
    expect(
      await admin.locator(`[data-testid="goal-row"][data-user="${employeeId}"]`).locator('input').first().inputValue(),
    ).toBe('10.000,00');
    // A value that is no amount is refused on its field, and nothing is sent.
    const puts: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.method() === 'PUT') puts.push(request.url());
    };
    admin.on('request', onRequest);
    await row.locator('input').first().fill('cinco mil');
    await admin.getByRole('button', { name: 'Salvar metas' }).click();
    await row.getByText('Informe um valor em reais, como 15.000,00').waitFor();
    expect(await row.locator('input').first().getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([]);
    admin.off('request', onRequest);
    await row.locator('input').first().fill('5.000,00');
    await admin.getByRole('button', { name: 'Salvar metas' }).click();
    await admin.getByText(/^Metas de .+ salvas$/).waitFor();
    await screenshot(admin, 'home-settings-goals');

    await admin.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Meu dia' }).click();
    await admin.getByTestId(`team-goal-${developerId}`).waitFor();
    expect(await text(admin, `team-goal-${developerId}-value`)).toBe('R$ 0,00 de R$ 5.000,00');
    // The team's bar sums the goals: 10.000 + 5.000.
    await expect.poll(() => text(admin, 'home-goal-bar-value')).toBe('R$ 3.000,00 de R$ 15.000,00');
    await settled(admin);
    await screenshot(admin, 'home-admin-data');
    await expectAccessible(admin, 'home admin');

    // The team's view in English, in the matrix theme, on a phone.
    const phone = await newPage(browser, { baseURL: server.baseUrl, language: 'en', theme: 'matrix', width: 390 });
    await signIn(phone, DEMO.admin);
    await phone.getByTestId(`team-goal-${developerId}`).waitFor();
    expect(await text(phone, 'home-heading')).toBe('My day');
    expect(await phone.getByRole('combobox', { name: 'Person' }).textContent()).toBe('Whole team');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await settled(phone);
    await screenshot(phone, 'home-admin-data-en-matrix-390');
    await expectAccessible(phone, 'home admin en matrix 390');
    await phone.context().close();
  });
});

describe('goals on the reports screen', () => {
  it("shows each person's progress and pace for the month, and one person's last months", async () => {
    await admin.goto('/crm/reports');
    const report = admin.getByTestId('goals-report');
    await report.getByTestId(`report-goal-${employeeId}`).waitFor();
    expect(await text(admin, `report-goal-${employeeId}-value`)).toBe('R$ 3.000,00 de R$ 10.000,00');
    expect(await text(admin, `report-goal-${developerId}-value`)).toBe('R$ 0,00 de R$ 5.000,00');
    // One person's six months, the current one last: this month's goal and win.
    await report.getByRole('combobox', { name: 'Pessoa do histórico' }).click();
    await admin.getByRole('option', { name: await nameOf(employeeId) }).click();
    await expect.poll(() => report.getByTestId('goal-history-row').count()).toBe(6);
    const current = report.getByTestId('goal-history-row').last();
    await expect
      .poll(async () => ((await current.textContent()) ?? '').replace(/\u00a0/g, ' '))
      .toMatch(/R\$ 10\.000,00R\$ 3\.000,0030%$/);
    // The month before: no goal, nothing won.
    await report.getByRole('button', { name: 'Mês anterior' }).click();
    await expect.poll(() => text(admin, `report-goal-${employeeId}-value`)).toBe('R$ 0,00 · sem meta');
    await screenshot(admin, 'home-reports-goals');
  });
});

const names = new Map<number, string>();
/** A person's name as the admin's user list has it. */
async function nameOf(id: number): Promise<string> {
  if (!names.size) {
    const users = (await (await admin.request.get('/api/admin/users?limit=200')).json()) as {
      items: { id: number; name: string }[];
    };
    for (const user of users.items) names.set(user.id, user.name);
  }
  return names.get(id)!;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the browser's datetime-local input takes it (this process and the browser share a clock). */
function toLocalInput(iso: string) {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
