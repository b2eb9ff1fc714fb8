import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibleField,
  baseUrl,
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

describe('profile', () => {
  it('edits the name and initials; the top bar follows', async () => {
    const page = await newPage(browser);
    await registerUser(page, {
      username: uniqueName('prof'),
      name: 'Paula Perfil',
      initials: 'PP',
      password: 'a-good-password',
    });
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    await page.waitForURL(`${baseUrl()}/profile`);
    await page.locator('#profile-name').fill('Paula Renomeada');
    await page.locator('#profile-initials').fill('');
    await page.locator('#profile-initials').pressSequentially('prxz');
    expect(await page.locator('#profile-initials').inputValue()).toBe('PRX');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await toastLocator(page).getByText('Perfil atualizado').waitFor();
    expect(await page.getByRole('button', { name: /Menu do usuário/ }).textContent()).toContain('PRX');
    await page.reload();
    expect(await page.locator('#profile-name').inputValue()).toBe('Paula Renomeada');
    await page.context().close();
  });

  it('lists and ends its own sessions', async () => {
    const user = { username: uniqueName('sess'), name: 'Sérgio Sessões', initials: 'SS', password: 'a-good-password' };
    const first = await newPage(browser);
    await registerUser(first, user);
    const second = await newPage(browser);
    await signIn(second, user);

    await first.goto('/profile');
    await first.getByText('Esta sessão').waitFor();
    expect(await first.getByTestId('session-row').count()).toBe(2);
    await first.getByRole('button', { name: 'Encerrar sessão' }).click();
    await toastLocator(first).getByText('Sessão encerrada').waitFor();
    await first.getByTestId('session-row').nth(1).waitFor({ state: 'detached' });

    await second.reload();
    await second.waitForURL(`${baseUrl()}/auth`);
    await first.context().close();
    await second.context().close();
  });

  it('changes the password with the current one; other sessions end', async () => {
    const user = { username: uniqueName('pwd'), name: 'Pedro Senha', initials: 'PS', password: 'a-good-password' };
    const page = await newPage(browser);
    await registerUser(page, user);
    const other = await newPage(browser);
    await signIn(other, user);

    await page.goto('/profile');
    await page.locator('#password-currentPassword').fill('not-my-password');
    await page.locator('#password-newPassword').fill('a-newer-password');
    await page.locator('#password-confirmPassword').fill('a-different-one');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    expect(await page.locator('#password-confirmPassword-message').textContent()).toBe('As senhas não coincidem');

    // The server refuses the current password (400, details[0].path currentPassword): the message lands
    // on that field, which takes the focus and reads it to screen readers.
    await page.locator('#password-confirmPassword').fill('a-newer-password');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.locator('#password-currentPassword-message').getByText('A senha atual não está correta.').waitFor();
    expect(await page.locator('#password-currentPassword').getAttribute('aria-invalid')).toBe('true');
    expect(await accessibleField(page, '#password-currentPassword')).toEqual({
      name: 'Senha atual',
      description: 'A senha atual não está correta.',
      invalid: true,
      focused: true,
    });
    expect(await page.locator('#password-newPassword').getAttribute('aria-invalid')).toBe('false');
    expect(await toastLocator(page).count()).toBe(0);

    await page.locator('#password-currentPassword').fill(user.password);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await toastLocator(page).getByText('1 outra sessão foi encerrada.').waitFor();

    await other.reload();
    await other.waitForURL(`${baseUrl()}/auth`);
    await signIn(other, { username: user.username, password: 'a-newer-password' });
    await page.context().close();
    await other.context().close();
  });

  it('shows a save that lost to another one as a conflict: reload takes theirs, overwrite saves mine', async () => {
    const user = { username: uniqueName('conf'), name: 'Clara Conflito', initials: 'CC', password: 'a-good-password' };
    const first = await newPage(browser);
    await registerUser(first, user);
    const second = await newPage(browser);
    await signIn(second, user);
    for (const page of [first, second]) await page.goto('/profile');
    await second.locator('#profile-name').waitFor();
    const saveIn = async (page: Page, name: string) => {
      await page.locator('#profile-name').fill(name);
      await page.getByRole('button', { name: 'Salvar alterações' }).click();
    };

    await saveIn(first, 'Nome da Primeira');
    await toastLocator(first).getByText('Perfil atualizado').waitFor();
    // The second page read the account before that save: the server answers its save with a conflict.
    await saveIn(second, 'Nome da Segunda');
    const dialog = second.getByRole('dialog', { name: 'Alterado por outra pessoa' });
    await dialog.waitFor();
    expect((await dialog.getByTestId('conflict-changes').innerText()).split(/\n+/)).toEqual([
      'Nome completo',
      'Salvo agora',
      'Nome da Primeira',
      'Seu',
      'Nome da Segunda',
    ]);
    await expectAccessible(second, 'conflict dialog');
    await dialog.getByRole('button', { name: 'Carregar a versão atual' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await second.locator('#profile-name').inputValue()).toBe('Nome da Primeira');

    // The first page saved on the version its save returned: no conflict for it the second time.
    await saveIn(first, 'Outra da Primeira');
    await toastLocator(first).getByText('Perfil atualizado').waitFor();
    await saveIn(second, 'Nome da Segunda');
    await dialog.getByRole('button', { name: 'Salvar a minha por cima' }).click();
    await toastLocator(second).getByText('Perfil atualizado').waitFor();
    await first.reload();
    expect(await first.locator('#profile-name').inputValue()).toBe('Nome da Segunda');
    await first.context().close();
    await second.context().close();
  });

  it('looks right with a field error and with the conflict dialog (screenshots, axe)', async () => {
    const user = { username: uniqueName('look'), name: 'Lia Layout', initials: 'LL', password: 'a-good-password' };
    await registerUser(await newPage(browser), user);
    const looks: [Language, Theme, number][] = [
      ['pt', 'light', 1280],
      ['en', 'dark', 390],
      ['pt', 'matrix', 390],
    ];
    for (const [language, theme, width] of looks) {
      const page = await newPage(browser, { language, theme, width });
      await signIn(page, user, { to: '/profile' });
      const name = `profile-form-${language}-${theme}-${width}`;
      await page.locator('#password-currentPassword').fill('not-my-password');
      await page.locator('#password-newPassword').fill('a-newer-password');
      await page.locator('#password-confirmPassword').fill('a-newer-password');
      await page.locator('#password-form button[type="submit"]').click();
      await page.locator('#password-currentPassword-message').waitFor();
      await expectAccessible(page, `${name} field error`);
      await screenshot(page, `${name}-server-error`);

      await changeNameElsewhere(page, `Lia ${theme} elsewhere`);
      await page.locator('#profile-name').fill(`Lia ${theme}`);
      await page.locator('#profile-form button[type="submit"]').click();
      await page.getByRole('dialog').waitFor();
      await expectAccessible(page, `${name} conflict`);
      await screenshot(page, `${name}-conflict`);
      await page.context().close();
    }
  });
});

/** The account's name changed from another tab of the same session, after this page read it. */
async function changeNameElsewhere(page: Page, name: string) {
  const res = await page.request.patch('/api/user', { data: { name }, headers: { origin: baseUrl() } });
  expect(res.status()).toBe(200);
}
