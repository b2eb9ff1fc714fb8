import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeAt,
  DEMO,
  expectAccessible,
  launchBrowser,
  newContext,
  screenshot,
  signIn,
  type Language,
  type Theme,
  settled,
  visit,
} from './support/browser';

// Every screen in pt and en, in each theme, at 1280 and 390 px wide: a screenshot, no horizontal overflow, and
// axe-core with no serious or critical violations (support/browser.ts axeAt: at 390 px in one theme). The CRM
// screens with their own test file (contacts.test.ts, pipeline.test.ts, ...) check the same there, with their data
// in place.
const LANGUAGES: Language[] = ['pt', 'en'];
const THEMES: Theme[] = ['light', 'dark', 'matrix'];
const WIDTHS = [1280, 390];

interface Screen {
  name: string;
  path: string;
  /** Text that shows the screen is fully there, per language. */
  ready: Record<Language, string | RegExp>;
  signedIn: boolean;
  /** Signed in as the demo employee rather than the admin (a seller's home). */
  employee?: boolean;
  /** Something to do once the screen is there (open a tab). */
  prepare?: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  { name: 'auth-login', path: '/auth', ready: { pt: 'Acesso ao Sistema', en: 'System Access' }, signedIn: false },
  {
    name: 'auth-register',
    path: '/auth',
    ready: { pt: 'Acesso ao Sistema', en: 'System Access' },
    signedIn: false,
    prepare: async (page) => {
      await page.getByRole('tab', { name: /Registrar|Register/ }).click();
      await page.locator('#register-name').waitFor();
    },
  },
  {
    name: 'not-found-anonymous',
    path: '/no-such-page',
    ready: { pt: '404 Página Não Encontrada', en: '404 Page Not Found' },
    signedIn: false,
  },
  // The home: the admin's team view (sections and the team's), a seller's own, and the admin's System tab.
  { name: 'home-admin', path: '/', ready: { pt: 'Metas por pessoa', en: 'Goals by person' }, signedIn: true },
  {
    name: 'home-seller',
    path: '/',
    ready: { pt: 'Sem próximo passo', en: 'No next step' },
    signedIn: true,
    employee: true,
  },
  { name: 'dashboard', path: '/?tab=system', ready: { pt: 'Status do sistema', en: 'System status' }, signedIn: true },
  { name: 'profile', path: '/profile', ready: { pt: 'Esta sessão', en: 'This session' }, signedIn: true },
  {
    name: 'settings',
    path: '/settings',
    ready: { pt: 'Ana Administradora', en: 'Ana Administradora' },
    signedIn: true,
  },
  {
    name: 'settings-goals',
    path: '/settings?tab=goals',
    ready: { pt: 'Metas mensais', en: 'Monthly goals' },
    signedIn: true,
  },
  { name: 'no-access', path: '/api-docs', ready: { pt: 'Sem acesso', en: 'No access' }, signedIn: true },
  {
    name: 'not-found',
    path: '/no-such-page',
    ready: { pt: '404 Página Não Encontrada', en: '404 Page Not Found' },
    signedIn: true,
  },
];

let browser: Browser;
let anonymous: BrowserContext;
let admin: BrowserContext;
let employee: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  anonymous = await newContext(browser);
  admin = await newContext(browser);
  employee = await newContext(browser);
  await signIn(await admin.newPage(), DEMO.admin);
  await signIn(await employee.newPage(), DEMO.employee);
});

afterAll(async () => {
  await browser?.close();
});

/** A page of `context` at `width`, with the language and theme stored before each of its loads. */
async function pageWithPreferences(context: BrowserContext, width: number, language: Language, theme: Theme) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
  await page.addInitScript(
    ({ language, theme }) => {
      localStorage.setItem('language', language);
      localStorage.setItem('theme', theme);
    },
    { language, theme },
  );
  return page;
}

/** The pages that have loaded the app (and navigate in it from then on). */
const loaded = new WeakSet<Page>();

/**
 * Opens `path`: the page's first screen by a full load, the next ones by the app's own navigation (the router
 * follows a history entry and its popstate event, as it does for the browser's back and forward buttons). Each
 * screen renders as after a load, without loading and starting the app again for each one (half a second each:
 * React holds a lazily loaded screen's first render about 300 ms).
 */
async function open(page: Page, path: string): Promise<void> {
  if (!loaded.has(page)) {
    await page.goto(path);
    loaded.add(page);
    return;
  }
  await visit(page, path);
}

describe.each(LANGUAGES)('screens in %s', (language) => {
  describe.each(THEMES)('theme %s', (theme) => {
    it.each(WIDTHS)('at %i px: every screen renders without overflow and passes axe', async (width) => {
      // One page per context for the whole matrix cell: its first screen is a full load, the others are opened in it.
      const pages = {
        signedIn: await pageWithPreferences(admin, width, language, theme),
        anonymous: await pageWithPreferences(anonymous, width, language, theme),
        employee: await pageWithPreferences(employee, width, language, theme),
      };
      for (const screen of SCREENS) {
        const page = screen.employee ? pages.employee : screen.signedIn ? pages.signedIn : pages.anonymous;
        await open(page, screen.path);
        // Signed in, in <main>: the top bar shows the signed-in name (the settings' ready text) on every screen.
        const content = screen.signedIn ? page.locator('main') : page;
        await content.getByText(screen.ready[language], { exact: false }).first().waitFor();
        await screen.prepare?.(page);
        await settled(page);

        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language === 'en' ? 'en' : 'pt-BR');
        // Nothing wider than the viewport.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${screen.name} overflows horizontally`).toBeLessThanOrEqual(0);

        await screenshot(page, `${screen.name}-${language}-${theme}-${width}`);
        if (axeAt(width, theme, language)) await expectAccessible(page, `${screen.name} ${language} ${theme} ${width}`);
      }
      await Promise.all([pages.signedIn.close(), pages.anonymous.close(), pages.employee.close()]);
    });
  });
});
