import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, holdRequests, launchBrowser, newPage, signIn } from './support/browser';

type Role = 'admin' | 'developer' | 'employee';

// SPEC §2 route table: path, the sidebar label (pt) and the roles that may open it.
const ROUTES: { path: string; label: string; heading: string; roles: Role[] }[] = [
  { path: '/', label: 'Meu dia', heading: 'Meu dia', roles: ['admin', 'developer', 'employee'] },
  { path: '/crm/contacts', label: 'Contatos', heading: 'Contatos', roles: ['admin', 'developer', 'employee'] },
  { path: '/crm/companies', label: 'Empresas', heading: 'Empresas', roles: ['admin', 'developer', 'employee'] },
  {
    path: '/crm/pipeline',
    label: 'Funil de Negócios',
    heading: 'Funil de Negócios',
    roles: ['admin', 'developer', 'employee'],
  },
  { path: '/crm/activities', label: 'Atividades', heading: 'Atividades', roles: ['admin', 'developer', 'employee'] },
  { path: '/crm/reports', label: 'Relatórios', heading: 'Relatórios', roles: ['admin', 'developer'] },
  { path: '/crm/templates', label: 'Modelos', heading: 'Modelos', roles: ['admin', 'developer'] },
  { path: '/settings', label: 'Configurações', heading: 'Configurações', roles: ['admin'] },
  { path: '/api-docs', label: 'Documentação da API', heading: 'Documentação da API', roles: ['developer'] },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sidebarLinks = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link');

describe('anonymous visitors', () => {
  it.each(ROUTES.map((r) => r.path).concat('/profile'))('are sent from %s to /auth', async (path) => {
    const page = await newPage(browser);
    await page.goto(path);
    await page.waitForURL(`${baseUrl()}/auth`);
    await page.getByRole('heading', { name: 'Acesso ao Sistema' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Navegação principal' }).count()).toBe(0);
    await page.context().close();
  });

  it('see a spinner while the session loads', async () => {
    const page = await newPage(browser);
    const held = await holdRequests(page, '**/api/user');
    await page.goto('/crm/contacts');
    await page.getByRole('status').getByText('Carregando…').waitFor();
    held.release();
    await page.waitForURL(`${baseUrl()}/auth`);
    await page.context().close();
  });

  it('get the 404 screen, without the layout', async () => {
    const page = await newPage(browser);
    await page.goto('/this/does/not/exist');
    await page.getByRole('heading', { name: '404 Página Não Encontrada' }).waitFor();
    expect(await page.getByText('Você esqueceu de adicionar a página ao roteador?').isVisible()).toBe(true);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(page.url()).toBe(`${baseUrl()}/this/does/not/exist`);
    await page.context().close();
  });
});

describe.each(['admin', 'developer', 'employee'] as Role[])('signed in as %s', (role) => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser);
    await signIn(page, DEMO[role]);
  });
  afterAll(async () => {
    await page.context().close();
  });

  it('is sent from /auth to /', async () => {
    await page.goto('/auth');
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByTestId('home-heading').waitFor();
  });

  it('sees in the sidebar exactly the screens the role may open', async () => {
    await page.goto('/');
    await sidebarLinks(page).first().waitFor();
    const expected = ROUTES.filter((r) => r.roles.includes(role)).map((r) => r.label);
    expect(await sidebarLinks(page).allTextContents()).toEqual(expected);
  });

  it.each(ROUTES)('opens $path only when allowed, else sees "no access"', async (route) => {
    await page.goto(route.path);
    if (route.roles.includes(role)) {
      await page.getByRole('heading', { level: 1, name: route.heading }).waitFor();
      // The active item follows the path.
      expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe(route.label);
    } else {
      await page.getByRole('heading', { name: 'Sem acesso' }).waitFor();
      expect(await page.getByRole('link', { name: 'Voltar ao painel' }).isVisible()).toBe(true);
    }
    expect(page.url()).toBe(`${baseUrl()}${route.path}`);
  });

  it('gets the 404 screen inside the layout', async () => {
    await page.goto('/nope');
    await page.getByRole('heading', { name: '404 Página Não Encontrada' }).waitFor();
    expect(await sidebarLinks(page).count()).toBeGreaterThan(0);
  });
});

describe('layout on a phone', () => {
  it('hides the sidebar behind a toggle that opens and closes the menu', async () => {
    const page = await newPage(browser, { width: 390 });
    await signIn(page, DEMO.employee);
    expect(await page.getByRole('navigation', { name: 'Navegação principal' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: 'Atividades' }).click();
    await page.waitForURL(`${baseUrl()}/crm/activities`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Atividades' }).waitFor();
    await page.context().close();
  });
});
