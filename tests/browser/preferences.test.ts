import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, newPage, signIn, toastLocator } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('language', () => {
  it('starts in Portuguese, toggles to English and keeps it across reloads', async () => {
    const page = await newPage(browser);
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Acesso ao Sistema' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');

    await page.getByRole('button', { name: /^EN/ }).click();
    await page.getByRole('heading', { name: 'System Access' }).waitFor();
    expect(await page.getByText('Enter your credentials to continue').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

    await page.reload();
    await page.getByRole('heading', { name: 'System Access' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.getByRole('button', { name: /^PT/ }).click();
    await page.getByRole('heading', { name: 'Acesso ao Sistema' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('pt');
    await page.context().close();
  });

  it('translates the signed-in screens too, including the 404 texts', async () => {
    const page = await newPage(browser, { language: 'en' });
    await signIn(page, DEMO.employee);
    await page.getByRole('heading', { name: 'My day' }).waitFor();
    await page.getByText(/Welcome back/).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').allTextContents()).toEqual(
      ['My day', 'Contacts', 'Companies', 'Pipeline', 'Activities'],
    );
    await page.goto('/missing');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('theme', () => {
  it('switches between light, dark and matrix and keeps the choice across reloads', async () => {
    const page = await newPage(browser);
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Acesso ao Sistema' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await page.getByRole('button', { name: /^Tema: Claro/ }).click();
    await page.getByRole('menuitemradio', { name: 'Escuro' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBackground);
    await page.reload();
    await page.getByRole('heading', { name: 'Acesso ao Sistema' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    await page.getByRole('button', { name: /^Tema: Escuro/ }).click();
    await page.getByRole('menuitemradio', { name: 'Matrix' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Acesso ao Sistema' }).waitFor();
    const matrix = await page.evaluate(() => ({
      theme: document.documentElement.dataset.theme,
      stored: localStorage.getItem('theme'),
      background: getComputedStyle(document.body).backgroundColor,
      font: getComputedStyle(document.body).fontFamily,
    }));
    expect(matrix).toMatchObject({ theme: 'matrix', stored: 'matrix', background: 'rgb(0, 0, 0)' });
    expect(matrix.font).toMatch(/mono/i);
    await page.context().close();
  });

  it('is applied before the app runs (no flash of the wrong theme)', async () => {
    const page = await newPage(browser, { theme: 'dark' });
    // With the app's JavaScript blocked, only index.html's boot script can have set the theme.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/auth');
    const state = await page.evaluate(() => ({
      theme: document.documentElement.dataset.theme,
      background: getComputedStyle(document.body).backgroundColor,
    }));
    expect(state).toEqual({ theme: 'dark', background: 'rgb(11, 17, 32)' });
    await page.context().close();
  });
});

describe('motion', () => {
  it('closes a toast at once when the system asks for reduced motion, and with a fade otherwise', async () => {
    const page = await newPage(browser);
    // The page's animations slowed a hundredfold: the toast's 100 ms fade lasts 10 s, unmistakable.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Animation.enable');
    await devtools.send('Animation.setPlaybackRate', { playbackRate: 0.01 });
    await page.goto('/auth');
    const failedSignIn = async () => {
      await page.locator('#login-username').fill('ninguem');
      await page.locator('#login-password').fill('senha-errada');
      await page.locator('form button[type="submit"]').click();
      const toast = toastLocator(page).filter({ hasText: 'Falha no login' });
      await toast.waitFor();
      await toast.getByRole('button', { name: 'Fechar' }).click();
      return toast;
    };

    const fading = await failedSignIn();
    await page.locator('.toast[data-state="closed"]').waitFor();
    expect(await page.evaluate(() => document.getAnimations().length)).toBeGreaterThan(0);
    // Asked for reduced motion halfway through its fade, the toast is gone at once (what an axe run relies on).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await fading.waitFor({ state: 'detached', timeout: 3_000 });

    const closed = await failedSignIn();
    await closed.waitFor({ state: 'detached', timeout: 3_000 });
    await page.context().close();
  });
});
