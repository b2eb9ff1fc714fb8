import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A script's call with the key: a plain fetch, no cookie, no Origin. */
const withKey = (secret: string, method: string, path: string, body?: object) =>
  fetch(baseUrl() + path, {
    method,
    headers: { authorization: `Bearer ${secret}`, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });

describe('API keys', () => {
  it('made in the profile, shown once, used by a script as the person (the history says so), revoked by an admin', async () => {
    const page = await newPage(browser);
    const name = 'Ivo Integrações';
    await registerUser(page, { username: uniqueName('apikey'), name, initials: 'II', password: 'a-good-password' });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Nova chave' }).click();
    await page.getByLabel('Nome', { exact: true }).fill('n8n');
    await page.locator('#api-key-scope').click();
    await page.getByRole('option', { name: 'Leitura e escrita' }).click();
    await page.getByRole('button', { name: 'Criar chave' }).click();
    const secret = await page.getByTestId('api-key-secret').inputValue();
    expect(secret).toMatch(/^funil_/);
    await screenshot(page, 'api-key-secret-pt-light-1280');
    await expectAccessible(page, 'api key secret');
    await page.getByRole('button', { name: 'Pronto' }).click();
    const row = page.getByTestId('api-key').filter({ hasText: 'n8n' });
    await row.waitFor();
    expect(await row.textContent()).toContain(secret.slice(0, 12));
    expect(await page.content()).not.toContain(secret);

    const created = await withKey(secret, 'POST', '/api/crm/contacts', { name: 'Lead do n8n' });
    expect(created.status).toBe(201);
    const contact = (await created.json()) as { id: number };
    await page.goto(`/crm/contacts/${contact.id}`);
    await page
      .getByTestId('timeline-entry')
      .filter({ hasText: `${name} (via chave de API n8n)` })
      .waitFor();
    await page.goto('/profile');
    await expect.poll(() => row.textContent()).not.toContain('último uso: nunca');

    // An admin sees it in settings and revokes it: the script is refused at once.
    const admin = await newPage(browser);
    await signIn(admin, DEMO.admin, { to: '/settings?tab=apiKeys' });
    const listed = admin.getByTestId('api-key').filter({ hasText: name });
    await listed.getByRole('button', { name: 'Revogar' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Revogar' }).click();
    await toastLocator(admin).getByText('Chave revogada').waitFor();
    await listed.getByText('Revogada').waitFor();
    expect((await withKey(secret, 'GET', '/api/user')).status).toBe(401);
    await page.reload();
    await row.getByText('Revogada').waitFor();
    await admin.context().close();
    await page.context().close();
  });
});
