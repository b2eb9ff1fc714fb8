import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, registerUser, signIn, toastLocator, uniqueName } from './support/browser';

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
    await registerUser(page, { username: uniqueName('prof'), name: 'Paula Perfil', initials: 'PP', password: 'a-good-password' });
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

    await page.locator('#password-confirmPassword').fill('a-newer-password');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await toastLocator(page).getByText('A senha atual não está correta.').waitFor();

    await page.locator('#password-currentPassword').fill(user.password);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await toastLocator(page).getByText('1 outra sessão foi encerrada.').waitFor();

    await other.reload();
    await other.waitForURL(`${baseUrl()}/auth`);
    await signIn(other, { username: user.username, password: 'a-newer-password' });
    await page.context().close();
    await other.context().close();
  });
});
