import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  expectAccessible,
  launchBrowser,
  inEveryLook,
  newContext,
  screenshot,
  signIn,
  toastLocator,
  uniqueName,
  type Look,
} from './support/browser';
import { startSeededServer, type RunningServer } from './support/server';

// A server of its own: the demo administrator must be the only active one (the last-admin rule), and the
// users list and the security log hold this file's people only, for stable screenshots.

let browser: Browser;
let server: RunningServer;
let admin: Page;
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

const TEMPORARY = 'temporario-123';

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSeededServer('settings-users')]);
  admin = await (await newContext(browser, { baseURL: server.baseUrl })).newPage();
  await signIn(admin, DEMO.admin);
  adminState = await admin.context().storageState();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const origin = () => ({ origin: server.baseUrl });

/** A user made through the admin API, who then replaced the temporary password (an account in normal use). */
async function activeUser(prefix: string, role: 'employee' | 'developer' = 'employee') {
  const username = uniqueName(prefix);
  const name = `Pessoa ${prefix}`;
  const made = await admin.request.post('/api/admin/users', {
    data: { username, name, initials: 'PS', role, temporaryPassword: TEMPORARY },
    headers: origin(),
  });
  expect(made.status()).toBe(201);
  const context = await newContext(browser, { baseURL: server.baseUrl });
  const page = await context.newPage();
  await page.request.post('/api/login', { data: { username, password: TEMPORARY }, headers: origin() });
  const changed = await page.request.post('/api/user/password', {
    data: { currentPassword: TEMPORARY, newPassword: 'senha-definitiva' },
    headers: origin(),
  });
  expect(changed.status()).toBe(200);
  return { username, name, page, password: 'senha-definitiva', id: ((await made.json()) as { id: number }).id };
}

async function openUsers(page: Page) {
  await page.goto('/settings');
  await page.getByTestId('user-row-admin').waitFor();
}

/** Picks an action in a user's row menu and confirms it. */
async function act(username: string, item: { menuitem?: string; radio?: string }, confirm: string) {
  await admin.getByTestId(`user-actions-${username}`).click();
  if (item.radio) await admin.getByRole('menuitemradio', { name: item.radio, exact: true }).click();
  else await admin.getByRole('menuitem', { name: item.menuitem, exact: true }).click();
  await admin.getByRole('dialog').getByRole('button', { name: confirm, exact: true }).click();
}

const row = (username: string) => admin.getByTestId(`user-row-${username}`);

describe('users', () => {
  it('creates a user who must change the temporary password at the first sign-in', async () => {
    await openUsers(admin);
    await admin.getByRole('button', { name: 'Novo usuário' }).click();
    const username = uniqueName('novo');
    await admin.locator('#create-user-name').fill('Renata Nova');
    await admin.locator('#create-user-username').fill(username);
    await admin.locator('#create-user-initials').fill('rn');
    const suggested = await admin.locator('#create-user-temporaryPassword').inputValue();
    expect(suggested).toMatch(/^[A-Za-z2-9]{12}$/);
    await admin.getByRole('button', { name: 'Criar usuário' }).click();
    expect(await admin.getByTestId('temporary-password').textContent()).toBe(suggested);
    await admin.getByRole('button', { name: 'Concluir' }).click();
    await row(username).getByText('Deve trocar a senha').filter({ visible: true }).waitFor();

    const page = await (await newContext(browser, { baseURL: server.baseUrl })).newPage();
    await page.goto('/auth');
    await page.locator('#login-username').fill(username);
    await page.locator('#login-password').fill(suggested);
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('heading', { name: 'Escolha uma nova senha' }).waitFor();
    // The server refuses everything else meanwhile.
    expect((await page.request.get('/api/dashboard')).status()).toBe(403);
    await expectAccessible(page, 'password change screen');
    await page.locator('#password-change-currentPassword').fill(suggested);
    await page.locator('#password-change-newPassword').fill(suggested);
    await page.locator('#password-change-confirmPassword').fill(suggested);
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await page.getByText('Escolha uma senha diferente da temporária').waitFor();
    await page.locator('#password-change-newPassword').fill('minha-senha-nova');
    await page.locator('#password-change-confirmPassword').fill('minha-senha-nova');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await page.getByTestId('home-heading').waitFor();
    await page.reload();
    await page.getByTestId('home-heading').waitFor();
    await page.context().close();
  });

  it('fills the initials in from the name, editable, and creates without any (issue 23)', async () => {
    await openUsers(admin);
    await admin.getByRole('button', { name: 'Novo usuário' }).click();
    const initials = admin.locator('#create-user-initials');
    await admin.locator('#create-user-name').fill('Gonçalo Rodrigues');
    await expect.poll(() => initials.inputValue()).toBe('GR');
    // Typed by hand, they stay as typed when the name changes; emptied, the server derives them.
    await initials.fill('gon');
    await admin.locator('#create-user-name').fill('Gonçalo Rodrigues Neto');
    expect(await initials.inputValue()).toBe('GON');
    await initials.fill('');
    const username = uniqueName('goncalo');
    await admin.locator('#create-user-username').fill(username);
    await admin.getByRole('button', { name: 'Criar usuário' }).click();
    await admin.getByTestId('temporary-password').waitFor();
    await admin.getByRole('button', { name: 'Concluir' }).click();
    const users = (await (await admin.request.get('/api/admin/users?limit=100')).json()) as {
      items: { username: string; initials: string }[];
    };
    expect(users.items.find((u) => u.username === username)?.initials).toBe('GN');

    // The register form does the same.
    const page = await (await newContext(browser, { baseURL: server.baseUrl })).newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Registrar' }).click();
    await page.locator('#register-name').fill('ana maria da silva');
    await expect.poll(() => page.locator('#register-initials').inputValue()).toBe('AS');
    await page.locator('#register-username').fill(uniqueName('anasilva'));
    await page.locator('#register-password').fill('uma-boa-senha');
    await page.locator('#register-confirmPassword').fill('uma-boa-senha');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(((await (await page.request.get('/api/user')).json()) as { initials: string }).initials).toBe('AS');
    await page.context().close();
  });

  it("changes a role, and the user's next request has it", async () => {
    const user = await activeUser('papel');
    await user.page.goto('/crm/reports');
    await user.page.getByRole('heading', { name: 'Sem acesso' }).waitFor();
    expect(await user.page.getByRole('link', { name: 'Relatórios' }).count()).toBe(0);
    await openUsers(admin);
    await act(user.username, { radio: 'Desenvolvedor' }, 'Mudar função');
    await toastLocator(admin).getByText(`${user.name} agora é Desenvolvedor`).waitFor();
    expect(await row(user.username).getByTestId('user-role').textContent()).toBe('Desenvolvedor');
    await user.page.goto('/crm/reports');
    await user.page.getByRole('link', { name: 'Relatórios' }).waitFor();
    expect(await user.page.getByRole('heading', { name: 'Sem acesso' }).count()).toBe(0);
    await user.page.context().close();
  });

  it('disables a user: the open page goes to sign-in on its next call, and sign-in is refused', async () => {
    const user = await activeUser('desat');
    await user.page.goto('/crm/contacts');
    await user.page.getByRole('link', { name: 'Atividades' }).waitFor();
    await openUsers(admin);
    await act(user.username, { menuitem: 'Desativar' }, 'Desativar');
    await row(user.username).getByText('Desativado').filter({ visible: true }).waitFor();
    await user.page.getByRole('link', { name: 'Atividades' }).click();
    await user.page.waitForURL((url) => url.pathname === '/auth');
    await toastLocator(user.page).getByText('Sua sessão terminou. Entre novamente.').waitFor();
    await user.page.locator('#login-username').fill(user.username);
    await user.page.locator('#login-password').fill(user.password);
    await user.page.locator('form button[type="submit"]').click();
    await toastLocator(user.page).getByText('Esta conta está desativada. Fale com um administrador.').waitFor();

    await act(user.username, { menuitem: 'Reativar' }, 'Reativar');
    await row(user.username).getByText('Ativo').filter({ visible: true }).waitFor();
    await user.page.context().close();
  });

  it('resets a password: shown once, the sessions end, and the user must choose a new one', async () => {
    const user = await activeUser('reset');
    await user.page.goto('/');
    await user.page.getByTestId('home-heading').waitFor();
    await openUsers(admin);
    await act(user.username, { menuitem: 'Redefinir senha' }, 'Redefinir senha');
    const temporary = (await admin.getByTestId('temporary-password').textContent())!;
    expect(temporary).toMatch(/^[A-Za-z2-9]{12}$/);
    await admin.getByText('A sessão aberta foi encerrada.', { exact: false }).waitFor();
    await admin.getByRole('button', { name: 'Concluir' }).click();
    await row(user.username).getByText('Deve trocar a senha').filter({ visible: true }).waitFor();

    await user.page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Contatos' })
      .click();
    await user.page.waitForURL((url) => url.pathname === '/auth');
    await user.page.locator('#login-username').fill(user.username);
    await user.page.locator('#login-password').fill(temporary);
    await user.page.locator('form button[type="submit"]').click();
    await user.page.getByRole('heading', { name: 'Escolha uma nova senha' }).waitFor();
    await user.page.context().close();
  });

  it("ends all of a user's sessions", async () => {
    const user = await activeUser('sessoes');
    await user.page.goto('/crm/contacts');
    await user.page.getByRole('link', { name: 'Atividades' }).waitFor();
    await openUsers(admin);
    expect(await row(user.username).getByTestId('user-sessions').textContent()).toBe('1');
    await act(user.username, { menuitem: 'Encerrar todas as sessões' }, 'Encerrar todas as sessões');
    await toastLocator(admin).getByText(`A sessão de ${user.name} foi encerrada`).waitFor();
    await expect.poll(() => row(user.username).getByTestId('user-sessions').textContent()).toBe('0');
    await user.page.getByRole('link', { name: 'Atividades' }).click();
    await user.page.waitForURL((url) => url.pathname === '/auth');
    await user.page.context().close();
  });

  it('cannot demote the last active administrator, and says why', async () => {
    await openUsers(admin);
    await act('admin', { radio: 'Funcionário' }, 'Mudar função');
    await toastLocator(admin)
      .getByText('O último administrador ativo não pode perder a função de administrador nem ser desativado.', {
        exact: false,
      })
      .waitFor();
    expect(await row('admin').getByTestId('user-role').textContent()).toBe('Administrador');
    expect(((await (await admin.request.get('/api/user')).json()) as { role: string }).role).toBe('admin');
  });

  it('an employee cannot reach the settings', async () => {
    const page = await (await newContext(browser, { baseURL: server.baseUrl })).newPage();
    await signIn(page, DEMO.employee, { to: '/settings' });
    await page.getByRole('heading', { name: 'Sem acesso' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    expect((await page.request.get('/api/admin/security-events')).status()).toBe(403);
    await page.context().close();
  });
});

describe('security log', () => {
  it('shows a failed sign-in with the username tried and its address', async () => {
    const address = '203.0.113.77';
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      locale: 'pt-BR',
      extraHTTPHeaders: { 'x-forwarded-for': address },
    });
    const page = await context.newPage();
    const tried = uniqueName('intruso');
    await page.goto('/auth');
    await page.locator('#login-username').fill(tried);
    await page.locator('#login-password').fill('qualquer-coisa');
    await page.locator('form button[type="submit"]').click();
    await toastLocator(page).getByText('Usuário ou senha inválidos.').waitFor();
    await context.close();

    await admin.goto('/settings?tab=securityLog');
    await admin.locator('#security-log-type').click();
    await admin.getByRole('option', { name: 'Acesso recusado' }).click();
    await admin.waitForURL((url) => url.searchParams.get('type') === 'sign_in_failed');
    const entry = admin.getByTestId('security-event').filter({ hasText: tried });
    await entry.waitFor();
    expect(await entry.getByTestId('event-ip').textContent()).toBe(address);
    expect(await entry.textContent()).toContain(`tentou “${tried}”`);
    expect(await admin.locator('[data-testid="security-event"]:not([data-type="sign_in_failed"])').count()).toBe(0);

    // By user: the demo administrator's own entries only.
    await admin.goto('/settings?tab=securityLog');
    await admin.locator('#security-log-user').click();
    await admin.getByRole('option', { name: 'Ana Administradora (admin)' }).click();
    await admin.getByTestId('security-event').first().waitFor();
    const names = await admin.getByTestId('event-who').allTextContents();
    expect(new Set(names)).toEqual(new Set([DEMO.admin.name]));
  });
});

describe('screenshots', () => {
  it('users tab, create dialog and security log, in pt/en, three themes, 1280/390, axe clean', async () => {
    await inEveryLook(browser, { baseURL: server.baseUrl, storageState: adminState }, openUsers, lookAt);
  });

  async function lookAt(page: Page, { language, theme, width }: Look) {
    const name = `${language}-${theme}-${width}`;
    // Back on the users tab: the look before ended on the security log.
    await page.getByRole('tab', { name: language === 'pt' ? 'Usuários' : 'Users', exact: true }).click();
    await page.getByTestId('user-row-admin').waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // axe once per theme (contrast differs), wide and in Portuguese; the layouts are the same in English.
    const audit = language === 'pt' && width === 1280;
    await screenshot(page, `settings-users-${name}`);
    if (audit) await expectAccessible(page, `users ${name}`);

    await page.getByRole('button', { name: language === 'pt' ? 'Novo usuário' : 'New user' }).click();
    await page.locator('#create-user-name').waitFor();
    await screenshot(page, `settings-users-create-${name}`);
    if (audit) await expectAccessible(page, `create dialog ${name}`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: language === 'pt' ? 'Registro de segurança' : 'Security log' }).click();
    await page.getByTestId('security-event').first().waitFor();
    await screenshot(page, `settings-security-log-${name}`);
    if (audit) await expectAccessible(page, `security log ${name}`);
  }
});
