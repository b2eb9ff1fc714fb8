import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, launchBrowser, newPage, registerUser, settled, signIn, uniqueName } from './support/browser';

let browser: Browser;
let admin: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  await signIn(admin, DEMO.admin);
});
afterAll(async () => {
  await browser?.close();
});

const figure = async (page: Page, stat: string) => (await page.getByTestId(`stat-${stat}-value`).textContent()) ?? '';
const count = async (page: Page, stat: string) => Number((await figure(page, stat)).replace(/\D/g, ''));

async function refresh(page: Page) {
  const done = page.waitForResponse((r) => r.url().endsWith('/api/dashboard'));
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await done;
  await page.getByRole('button', { name: 'Atualizar' }).and(page.locator(':not([disabled])')).waitFor();
}

/** The users the database holds, read through the admin API with the same session. */
async function usersInDatabase(page: Page): Promise<{ username: string }[]> {
  const res = await page.request.get('/api/admin/users?limit=200');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { username: string }[] }).items;
}

// The dashboard's cards are the home's System tab (admins only): /?tab=system.
const SYSTEM = '/?tab=system';

describe('dashboard', () => {
  it('welcomes the user by name with the last access', async () => {
    await admin.goto('/');
    await admin.getByRole('heading', { name: 'Meu dia' }).waitFor();
    await admin.getByText(`Bem-vindo de volta, ${DEMO.admin.name}`).waitFor();
    expect(await admin.getByTestId('last-access').textContent()).toMatch(/^(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}|N\/A)$/);
  });

  it('shows the last access as dd/MM/yyyy HH:mm from the second sign-in on', async () => {
    const page = await newPage(browser);
    const user = { username: uniqueName('last'), name: 'Lia Acesso', initials: 'LA', password: 'a-good-password' };
    await registerUser(page, user);
    expect(await page.getByTestId('last-access').textContent()).toBe('N/A');
    await page.context().clearCookies();
    await signIn(page, user);
    expect(await page.getByTestId('last-access').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await page.context().close();
  });

  it('counts the users of the database, and one more after a registration', async () => {
    await admin.goto(SYSTEM);
    await refresh(admin);
    const before = await usersInDatabase(admin);
    expect(before.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'developer', 'employee']));
    expect(await count(admin, 'users')).toBe(before.length);

    const other = await newPage(browser);
    await registerUser(other, {
      username: uniqueName('cnt'),
      name: 'Caio Contado',
      initials: 'CC',
      password: 'a-good-password',
    });
    await other.context().close();

    await refresh(admin);
    expect(await count(admin, 'users')).toBe(before.length + 1);
    expect((await usersInDatabase(admin)).length).toBe(before.length + 1);
  });

  it('counts active sessions: one more after a sign-in, one less after its logout', async () => {
    await admin.goto(SYSTEM);
    await refresh(admin);
    const before = await count(admin, 'sessions');
    expect(before).toBeGreaterThanOrEqual(1);

    const other = await newPage(browser);
    await signIn(other, DEMO.developer);
    await refresh(admin);
    expect(await count(admin, 'sessions')).toBe(before + 1);

    await other.getByRole('button', { name: /Menu do usuário/ }).click();
    await other.getByRole('menuitem', { name: 'Sair' }).click();
    await other.waitForURL(`${baseUrl()}/auth`);
    await refresh(admin);
    expect(await count(admin, 'sessions')).toBe(before);
    await other.context().close();
  });

  it('computes the security score from the checks explained in its tooltip', async () => {
    await admin.goto(SYSTEM);
    await admin.getByTestId('stat-security').waitFor();
    await admin.getByRole('button', { name: /Como Pontuação de segurança é calculada/ }).focus();
    const tooltip = admin.getByRole('tooltip');
    await tooltip.waitFor();
    const text = (await tooltip.textContent()) ?? '';
    // Demo mode is on in this run, so that check fails; passwords are argon2id, so that one passes.
    expect(text).toContain('Modo de demonstração desligado — reprovada');
    expect(text).toContain('Senhas armazenadas com Argon2id — aprovada');
    const passed = (text.match(/— aprovada/g) ?? []).length;
    const total = passed + (text.match(/— reprovada/g) ?? []).length;
    expect(total).toBe(4);
    expect(await figure(admin, 'security')).toBe(`${Math.round((100 * passed) / total)}%`);
    expect(await admin.getByTestId('stat-security').textContent()).toContain(
      `${passed} de ${total} verificações aprovadas`,
    );
  });

  it('shows the median response time the server measured', async () => {
    await admin.goto(SYSTEM);
    await refresh(admin);
    expect(await figure(admin, 'response')).toMatch(/^\d{1,3}(\.\d{3})* ms$/);
    expect(await admin.getByTestId('stat-response').textContent()).toMatch(
      /Mediana das últimas \d{1,3}(\.\d{3})* chamadas à API/,
    );
  });

  it('shows the system status from the readiness checks', async () => {
    await admin.goto(SYSTEM);
    const database = admin.getByTestId('status-database');
    await database.waitFor();
    expect(await database.textContent()).toContain('Banco de dados');
    expect(await database.textContent()).toContain('Operacional');
    for (const name of ['api', 'queue', 'security']) expect(await admin.getByTestId(`status-${name}`).count()).toBe(1);
    // Demo mode on and plain-HTTP cookies: security is a warning, as its score says.
    expect(await admin.getByTestId('status-security').textContent()).toContain('Atenção');
  });

  it('lists recent activity (empty until the CRM records some) with a view-all link', async () => {
    // The server is shared by every file of the run: others (notifications) may have recorded some already.
    const res = await admin.request.get('/api/dashboard');
    expect(res.status()).toBe(200);
    const recent = ((await res.json()) as { recentActivity: { entityName: string }[] }).recentActivity;
    await admin.goto(SYSTEM);
    await admin.getByText('Atividade recente').waitFor();
    if (recent.length === 0) await admin.getByText('Nenhuma atividade ainda').waitFor();
    else await admin.getByText(recent[0].entityName, { exact: true }).first().waitFor();
    await admin.getByRole('link', { name: 'Ver tudo' }).click();
    await admin.waitForURL(`${baseUrl()}/crm/activities`);
  });

  it('opens the System tab from the home, and keeps it in the address', async () => {
    await admin.goto('/');
    await admin.getByRole('tab', { name: 'Sistema' }).click();
    await admin.getByTestId('stat-users-value').waitFor();
    expect(new URL(admin.url()).search).toBe('?tab=system');
    await admin.getByRole('tab', { name: 'Vendas' }).click();
    await admin.getByTestId('home-agenda').waitFor();
    expect(new URL(admin.url()).search).toBe('');
  });

  it('offers quick actions that open real screens the role may use', async () => {
    await admin.goto(SYSTEM);
    await admin.getByRole('link', { name: 'Gerenciar usuários' }).click();
    await admin.waitForURL(`${baseUrl()}/settings`);
    // The users tab's row of the admin (its actions cell names the admin too).
    await admin.getByRole('cell', { name: new RegExp(`^${DEMO.admin.name}`) }).waitFor();

    // The deployment's figures are for admins: an employee's home has no System tab, and asking for it shows the
    // seller's sections, no card and no status row.
    const employee = await newPage(browser);
    await signIn(employee, DEMO.employee, { to: SYSTEM });
    await employee.getByTestId('home-agenda').waitFor();
    await settled(employee);
    expect(await employee.getByRole('tab', { name: 'Sistema' }).count()).toBe(0);
    expect(await employee.getByRole('link', { name: 'Gerenciar usuários' }).count()).toBe(0);
    expect(await employee.locator('[data-testid^="stat-"], [data-testid^="status-"]').count()).toBe(0);
    await employee.context().close();
  });
});
