import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/ui/locales/en.json';
import {
  accessibleField,
  baseUrl,
  DEMO,
  holdRequests,
  launchBrowser,
  newPage,
  registerUser,
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

const submit = (page: Page) => page.locator('form button[type="submit"]');

/** Every text key of the locales ("auth.title"): what i18next shows in place of a text it does not hold. */
const TEXT_KEYS = new Set(
  (function keys(texts: object, prefix = ''): string[] {
    return Object.entries(texts).flatMap(([name, value]) =>
      typeof value === 'object' ? keys(value, `${prefix}${name}.`) : [`${prefix}${name}`],
    );
  })(en),
);

describe('sign-in screen', () => {
  it('shows the titles, both tabs and the demo quick access, which fills the form', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.waitForURL(`${baseUrl()}/auth`);
    await page.getByRole('heading', { name: 'Acesso ao Sistema' }).waitFor();
    expect(await page.getByText('Digite suas credenciais para continuar').isVisible()).toBe(true);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Entrar', 'Registrar']);
    expect(await page.getByRole('tab', { name: 'Entrar' }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('button', { name: /Desenvolvedor/ }).click();
    expect(await page.locator('#login-username').inputValue()).toBe('developer');
    expect(await page.locator('#login-password').inputValue()).toBe('developer1234');
    await page.context().close();
  });

  it('never shows a text key in place of its text, from the first paint on, in either language', async () => {
    for (const [language, register, required] of [
      ['pt', 'Registrar', 'Obrigatório'],
      ['en', 'Register', 'Required'],
    ] as const) {
      const page = await newPage(browser, { language });
      // Everything the page ever puts on screen (texts and accessible names), recorded as it appears.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { seenTexts: string[] }).seenTexts = seen;
        const record = (node: Node) => {
          const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
          for (let current: Node | null = node; current; current = walker.nextNode()) {
            if (current.nodeType === Node.TEXT_NODE) seen.push(current.textContent?.trim() ?? '');
            else
              for (const name of ['aria-label', 'placeholder', 'title'])
                seen.push((current as Element).getAttribute(name)?.trim() ?? '');
          }
        };
        new MutationObserver((records) =>
          records.forEach((change) =>
            change.type === 'childList' ? change.addedNodes.forEach(record) : record(change.target),
          ),
        ).observe(document, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
          attributeFilter: ['aria-label', 'placeholder', 'title'],
        });
      });
      // The signed-in screens' texts (fetched once the page is idle) held back: the sign-in screen must not need them.
      const rest = await holdRequests(page, '**/assets/*.rest-*.js');
      await page.goto('/auth');
      await submit(page).click();
      await page.locator('#login-username-message').getByText(required).waitFor();
      await page.getByRole('tab', { name: register }).click();
      await page.locator('#register-name').waitFor();
      const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
      expect(seen.filter((text) => TEXT_KEYS.has(text))).toEqual([]);
      expect(seen).toContain(required);
      rest.release();
      await page.context().close();
    }
  });

  it('shows and hides the password', async () => {
    const page = await newPage(browser);
    await page.goto('/auth');
    await page.locator('#login-password').fill('secret-value');
    expect(await page.locator('#login-password').getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    expect(await page.locator('#login-password').getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Ocultar senha' }).click();
    expect(await page.locator('#login-password').getAttribute('type')).toBe('password');
    await page.context().close();
  });

  it('explains that an administrator resets forgotten passwords', async () => {
    const page = await newPage(browser);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
    await page.getByText('As senhas são redefinidas por um administrador', { exact: false }).waitFor();
    await page.context().close();
  });

  it('opens the forgot-password note when its code arrives between pressing and releasing the link', async () => {
    const page = await newPage(browser);
    // The popover's code held back, the link is its stand-in; the code lands while the mouse button is down, so the
    // release is on the popover's own trigger, drawn in the stand-in's place (a CI run once lost the click so).
    const popoverCode = await holdRequests(page, '**/assets/forgot-password-popover*.js');
    await page.goto('/auth');
    const link = page.getByRole('button', { name: 'Esqueceu a senha?' });
    const box = (await link.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Nothing arriving late moved the link from under the pointer (the demo quick access once did, by 117 px).
    expect(await link.boundingBox()).toEqual(box);
    popoverCode.release();
    // Radix's trigger marks its state; the stand-in has none.
    await page.locator('button[data-state]', { hasText: 'Esqueceu a senha?' }).waitFor();
    await page.mouse.up();
    await page.getByText('As senhas são redefinidas por um administrador', { exact: false }).waitFor();
    await page.context().close();
  });

  it('asks for username and password before calling the server', async () => {
    const page = await newPage(browser);
    await page.goto('/auth');
    let calls = 0;
    page.on('request', (r) => r.url().endsWith('/api/login') && calls++);
    await submit(page).click();
    expect(await page.locator('#login-username-message').textContent()).toBe('Obrigatório');
    expect(await page.locator('#login-password-message').textContent()).toBe('Obrigatório');
    expect(await page.locator('#login-username').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toBe(0);
    await page.context().close();
  });

  it('shows "Login failed" with the translated server message, in pt and en', async () => {
    const page = await newPage(browser);
    await page.goto('/auth');
    await page.locator('#login-username').fill('nobody-here');
    await page.locator('#login-password').fill('wrong-password');
    await submit(page).click();
    await toastLocator(page).getByText('Falha no login').waitFor();
    expect(await toastLocator(page).textContent()).toContain('Usuário ou senha inválidos.');
    expect(await toastLocator(page).textContent()).not.toContain('{');
    expect(page.url()).toBe(`${baseUrl()}/auth`);

    await page.getByRole('button', { name: /^EN/ }).click();
    await submit(page).click();
    await toastLocator(page).getByText('Login failed').waitFor();
    expect(await toastLocator(page).textContent()).toContain('Invalid username or password.');
    // One toast at a time.
    expect(await toastLocator(page).count()).toBe(1);
    await page.context().close();
  });

  it('disables the button and shows the pending label while signing in, then opens the dashboard', async () => {
    const page = await newPage(browser);
    await page.goto('/auth');
    const held = await holdRequests(page, '**/api/login');
    await page.locator('#login-username').fill(DEMO.employee.username);
    await page.locator('#login-password').fill(DEMO.employee.password);
    await submit(page).click();
    await submit(page).getByText('Entrando…').waitFor();
    expect(await submit(page).isDisabled()).toBe(true);
    held.release();
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole('heading', { name: 'Meu dia' }).waitFor();
    await page.context().close();
  });

  it('keeps the session longer with remember-me', async () => {
    const plain = await newPage(browser);
    await signIn(plain, DEMO.developer);
    const plainCookie = (await plain.context().cookies()).find((c) => c.name.includes('funil.sid'));
    expect(plainCookie?.expires).toBe(-1); // ends with the browser session

    const remembered = await newPage(browser);
    await signIn(remembered, DEMO.developer, true);
    const cookie = (await remembered.context().cookies()).find((c) => c.name.includes('funil.sid'));
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 24 * 3600);
    await plain.context().close();
    await remembered.context().close();
  });
});

describe('register', () => {
  const openRegister = async () => {
    const page = await newPage(browser);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Registrar' }).click();
    return page;
  };

  it('checks the fields: passwords mismatch on confirmPassword, initials uppercase and at most 3, role employee by default', async () => {
    const page = await openRegister();
    expect(await page.locator('#register-role').textContent()).toContain('Funcionário');
    await page.locator('#register-initials').pressSequentially('abcd');
    expect(await page.locator('#register-initials').inputValue()).toBe('ABC');
    await page.locator('#register-password').fill('password-one');
    await page.locator('#register-confirmPassword').fill('password-two');
    await submit(page).click();
    expect(await page.locator('#register-confirmPassword-message').textContent()).toBe('As senhas não coincidem');
    expect(await page.locator('#register-name-message').textContent()).toBe('Obrigatório');
    expect(await page.locator('#register-password-message').count()).toBe(0);

    await page.locator('#register-role').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Funcionário', 'Desenvolvedor', 'Administrador']);
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('creates the account, signs in and shows the pending label meanwhile', async () => {
    const page = await openRegister();
    const username = uniqueName('reg');
    await page.locator('#register-name').fill('Rita Registrada');
    await page.locator('#register-username').fill(username);
    await page.locator('#register-initials').fill('rr');
    await page.locator('#register-password').fill('a-good-password');
    await page.locator('#register-confirmPassword').fill('a-good-password');
    const held = await holdRequests(page, '**/api/register');
    await submit(page).click();
    await submit(page).getByText('Criando conta...').waitFor();
    expect(await submit(page).isDisabled()).toBe(true);
    held.release();
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole('heading', { name: 'Meu dia' }).waitFor();
    await page.getByText('Bem-vindo de volta, Rita Registrada').waitFor();
    expect(await page.getByTestId('last-access').textContent()).toBe('N/A');
    await page.context().close();
  });

  it('puts a taken username on its field, and shows "Registration failed" with the translated reason for it and for a refused role', async () => {
    const page = await openRegister();
    await page.locator('#register-name').fill('Someone Else');
    await page.locator('#register-username').fill('admin');
    await page.locator('#register-initials').fill('SE');
    await page.locator('#register-password').fill('a-good-password');
    await page.locator('#register-confirmPassword').fill('a-good-password');
    await submit(page).click();
    // The 409 names its field (details[0].path username): the message goes there, and SPEC 8's toast too.
    await page.locator('#register-username-message').getByText('Este nome de usuário já está em uso.').waitFor();
    expect(await accessibleField(page, '#register-username')).toEqual({
      name: 'Usuário',
      description: 'Este nome de usuário já está em uso.',
      invalid: true,
      focused: true,
    });
    await toastLocator(page).getByText('Falha no registro').waitFor();
    expect(await toastLocator(page).textContent()).toContain('Este nome de usuário já está em uso.');

    await page.locator('#register-username').fill(uniqueName('adm'));
    await page.locator('#register-role').click();
    await page.getByRole('option', { name: 'Administrador' }).click();
    await submit(page).click();
    await toastLocator(page)
      .getByText('Novas contas só podem ser criadas como Funcionário', { exact: false })
      .waitFor();
    expect(page.url()).toBe(`${baseUrl()}/auth`);
    await page.context().close();
  });
});

describe('logout', () => {
  it('ends the session from the user menu and protected screens send back to /auth', async () => {
    const page = await newPage(browser);
    await registerUser(page, {
      username: uniqueName('out'),
      name: 'Otto Saída',
      initials: 'OS',
      password: 'a-good-password',
    });
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL(`${baseUrl()}/auth`);
    await page.goto('/crm/contacts');
    await page.waitForURL(`${baseUrl()}/auth`);
    await page.context().close();
  });

  it('shows "Logout failed" with the server message when the call fails', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.employee);
    await page.route('**/api/logout', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'SERVICE.UNAVAILABLE', message: 'down' } }),
      }),
    );
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await toastLocator(page).getByText('Falha ao sair').waitFor();
    expect(await toastLocator(page).textContent()).toContain('O serviço está temporariamente indisponível.');
    expect(page.url()).toBe(`${baseUrl()}/`);
    await page.context().close();
  });
});
