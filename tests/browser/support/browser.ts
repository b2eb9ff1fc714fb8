import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_OPTIONS } from './chromium';

/**
 * The run's shared server for this worker (global-setup.ts starts one per worker): files that run at the same time
 * never share one.
 */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length]!;
}

export const DEMO = {
  admin: { username: 'admin', password: 'admin1234', name: 'Ana Administradora' },
  developer: { username: 'developer', password: 'developer1234' },
  employee: { username: 'employee', password: 'employee1234' },
} as const;

export type Language = 'pt' | 'en';
export type Theme = 'light' | 'dark' | 'matrix';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../artifacts/screenshots');
/**
 * The suite's screenshots are for people to look at: JPEG at quality 85 reads the same, and Chromium encodes it for
 * a fraction of a full-page PNG's CPU (screens.test.ts alone: 65 CPU-s against 75 for its 132 pictures).
 */
export const SCREENSHOT_FORMAT = { type: 'jpeg', quality: 85, animations: 'disabled' } as const;
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The worker's Chromium (global-setup.ts starts one per worker and keeps it for the run): a file connects to it
 * rather than starting one of its own. Closing what this answers closes the file's contexts and disconnects; the
 * browser goes on for the next file. Outside a run's setup (no browser provided), a browser of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoints = inject('browserEndpoints') ?? [];
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const browser = await (endpoints.length === 0
    ? chromium.launch(CHROMIUM_OPTIONS)
    : chromium.connect(endpoints[(worker - 1) % endpoints.length]!));
  if (process.env.BROWSER_PROFILE) countContextsAndLoads(browser);
  return browser;
}

/** With BROWSER_PROFILE, a "context 0" line for each browser context a file makes and a "load 0" line per page load. */
function countContextsAndLoads(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    note('context', 0);
    context.on('page', (page) => page.on('load', () => note('load', 0)));
    return context;
  };
}

function note(what: string, ms: number): void {
  const testFile = path.basename(expect.getState().testPath ?? '-');
  appendFileSync(process.env.BROWSER_PROFILE!, `${what} ${Math.round(ms)} ${testFile}\n`);
}

interface ContextOptions {
  width?: number;
  /** Another server than the run's shared one (a test file that needs its own data set). */
  baseURL?: string;
  /** Stored before every page load (so it also survives reloads as a fixed preference). */
  language?: Language;
  theme?: Theme;
  /** Cookies and storage to start with (a signed-in person's, from another context's storageState()). */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
}

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const width = options.width ?? 1280;
  // Each context is another client (its own address through the test server's one trusted proxy hop), so the
  // per-address sign-in and registration limits count per person, as they would in production.
  const client = `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    viewport: { width, height: width < 600 ? 844 : 800 },
    locale: 'pt-BR',
    extraHTTPHeaders: { 'x-forwarded-for': client },
    storageState: options.storageState,
  });
  trackRequests(context);
  contextOrigins.set(context, new URL(options.baseURL ?? baseUrl()).origin);
  if (options.language || options.theme) {
    await context.addInitScript(
      ({ language, theme }) => {
        if (language) localStorage.setItem('language', language);
        if (theme) localStorage.setItem('theme', theme);
      },
      { language: options.language, theme: options.theme },
    );
  }
  return context;
}

export async function newPage(browser: Browser, options: ContextOptions = {}): Promise<Page> {
  const context = await newContext(browser, options);
  return context.newPage();
}

/**
 * With BROWSER_PROFILE=<file>, each screenshot, axe run, settled wait and sign-in appends a line to the file:
 * "<what> <ms> <test file>", to see where a file's time goes, e.g.
 * `awk '{ms[$3" "$1]+=$2; n[$3" "$1]++} END {for (k in ms) print k, n[k], int(ms[k])}' <file> | sort`.
 */
async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const file = process.env.BROWSER_PROFILE;
  if (!file) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    note(what, performance.now() - started);
  }
}

/** The requests of each context made by newContext that have not finished yet. */
const pendingRequests = new WeakMap<BrowserContext, Set<Request>>();

function trackRequests(context: BrowserContext): void {
  const pending = new Set<Request>();
  pendingRequests.set(context, pending);
  context.on('request', (request) => pending.add(request));
  context.on('requestfinished', (request) => pending.delete(request));
  context.on('requestfailed', (request) => pending.delete(request));
}

const ofPage = (request: Request, page: Page): boolean => {
  try {
    return request.frame().page() === page;
  } catch {
    // A request without a frame (a service worker's) is no page's.
    return false;
  }
};

/** How long no request may be in flight before a screen counts as settled: a request a response starts is seen. */
const QUIET_MS = 150;

/**
 * Waits until the page has loaded, none of its requests has been in flight for QUIET_MS, and its fonts are ready:
 * what a screenshot or axe needs. Playwright's 'networkidle' asks for 500 ms without a request after each load;
 * this asks for the quiet only (a page of a context not made by newContext falls back to 'networkidle').
 */
export function settled(page: Page): Promise<void> {
  return timed('settled', () => settle(page));
}

async function settle(page: Page): Promise<void> {
  const pending = pendingRequests.get(page.context());
  if (!pending) return page.waitForLoadState('networkidle');
  await page.waitForLoadState('load');
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    if ([...pending].some((request) => ofPage(request, page))) quietSince = Date.now();
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** The server each context made by newContext talks to (its origin, for the API calls that must name it). */
const contextOrigins = new WeakMap<BrowserContext, string>();

/**
 * Signs in and waits for the home ("Meu dia"). The form itself is auth.test.ts's subject: elsewhere the sign-in
 * goes through the API the form calls (the context keeps the session cookie), which spares every test a load of
 * the sign-in screen. With `remember`, or on a context not made by newContext, through the form. With `to`, it opens
 * that address instead of the home and leaves waiting for its screen to the caller.
 */
export async function signIn(
  page: Page,
  credentials: { username: string; password: string },
  options: boolean | { to: string } = false,
): Promise<void> {
  const origin = contextOrigins.get(page.context());
  const remember = options === true;
  const to = typeof options === 'object' ? options.to : undefined;
  await timed('signIn', async () => {
    if (origin && !remember) {
      const res = await page.request.post('/api/login', {
        data: { username: credentials.username, password: credentials.password },
        headers: { origin },
      });
      expect(res.status(), `sign-in of ${credentials.username}`).toBe(200);
      // Straight to the screen the test is about (it waits for that screen itself), without loading the home first.
      await page.goto(to ?? '/');
      if (to) return;
    } else {
      await page.goto('/auth');
      await page.locator('#login-username').fill(credentials.username);
      await page.locator('#login-password').fill(credentials.password);
      if (remember) await page.locator('#login-remember').click();
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === '/');
    }
    await page.getByTestId('home-heading').waitFor();
    if (to) await page.goto(to);
  });
}

/** Registers through the form (employee role) and waits for the home. */
export async function registerUser(
  page: Page,
  user: { username: string; name: string; initials: string; password: string },
): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: /Registrar|Register/ }).click();
  await page.locator('#register-name').fill(user.name);
  await page.locator('#register-username').fill(user.username);
  await page.locator('#register-initials').fill(user.initials);
  await page.locator('#register-password').fill(user.password);
  await page.locator('#register-confirmPassword').fill(user.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/');
}

export const uniqueName = (prefix: string): string =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The visible toast (one at a time). */
export const toastLocator = (page: Page) => page.locator('.toast');

export function screenshot(page: Page, name: string): Promise<void> {
  return timed('screenshot', () => takeScreenshot(page, name));
}

async function takeScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // The signed-in layout scrolls inside <main>: grow the viewport to show all of it, then restore.
  const viewport = page.viewportSize();
  const hidden = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollHeight - main.clientHeight : 0;
  });
  if (viewport && hidden > 0) await page.setViewportSize({ width: viewport.width, height: viewport.height + hidden });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.jpg`), ...SCREENSHOT_FORMAT, fullPage: true });
  if (viewport && hidden > 0) await page.setViewportSize(viewport);
}

/**
 * Switches the theme with the top bar's own menu, as a person does (the app stores it): no page load, so a matrix
 * can show the same screen in each theme without loading it again.
 */
export async function chooseTheme(page: Page, theme: Theme): Promise<void> {
  await page.getByRole('button', { name: /^(Tema|Theme):/ }).click();
  await page.getByRole('menuitemradio').nth(['light', 'dark', 'matrix'].indexOf(theme)).click();
  await page.getByRole('menu').waitFor({ state: 'detached' });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
  // The menu hands the focus back to its button: off it, so the screenshots show no focus ring there.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Each language in each theme: what a screenshot matrix shows at each width. */
const LOOKS: Omit<Look, 'width'>[] = (['pt', 'en'] as const).flatMap((language) =>
  (['light', 'dark', 'matrix'] as const).map((theme) => ({ language, theme })),
);

/**
 * Opens `path` in the app the page has loaded, as its own links do (the router follows a history entry and its
 * popstate event, as for the back button): no page load, a fifth of a load's CPU. The app shows what its cache holds
 * (it keeps data until it changes it itself), so a screen whose data changed behind its back wants page.goto.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export interface Look {
  language: Language;
  theme: Theme;
  width: number;
}

/**
 * A screenshot matrix with one page per width: `open` loads the screen once, then each language and theme (LOOKS) is
 * chosen in it with the top bar's controls, as a person would, and `look` takes its pictures. A browser context and a
 * load of the app cost about twenty times the CPU of a theme switch.
 */
export async function inEveryLook(
  browser: Browser,
  context: Required<Pick<ContextOptions, 'baseURL' | 'storageState'>>,
  open: (page: Page) => Promise<void>,
  look: (page: Page, look: Look) => Promise<void>,
): Promise<void> {
  for (const width of [1280, 390]) {
    const page = await newPage(browser, { ...context, width });
    await open(page);
    for (const { language, theme } of LOOKS) {
      await chooseLanguage(page, language);
      await chooseTheme(page, theme);
      await look(page, { language, theme, width });
    }
    await page.context().close();
  }
}

/**
 * Switches the language with the top bar's own button, as a person does (the app stores it): no page load, so a
 * matrix can show the same screen in each language without loading it again.
 */
export async function chooseLanguage(page: Page, language: Language): Promise<void> {
  const lang = language === 'pt' ? 'pt-BR' : 'en';
  const current = () => page.evaluate(() => document.documentElement.lang);
  if ((await current()) === lang) return;
  await page.getByRole('button', { name: /Mudar idioma para|Switch language to/ }).click();
  await expect.poll(current).toBe(lang);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** The search palette's dialog, in either language. */
export const paletteLocator = (page: Page) => page.getByRole('dialog', { name: /Buscar em tudo|Search everything/ });

/**
 * Opens the search palette with Ctrl+K and waits for its field to have the focus, which it gets a moment after the
 * dialog shows (letters typed before are lost); answers the palette.
 */
export async function openPalette(page: Page): Promise<Locator> {
  await page.keyboard.press('Control+K');
  const palette = paletteLocator(page);
  const field = palette.getByRole('combobox');
  await field.waitFor();
  await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
  return palette;
}

/**
 * Whether a screenshot matrix (languages x themes x 1280/390 px) runs axe for one combination: in Portuguese in
 * every theme at 1280 px and in the light theme at 390 px, and in English in the light theme at 1280 px. What axe
 * finds in a theme (colours, contrast) comes from the theme and is checked at 1280 px; what it finds at a width
 * (structure, names, roles, landmarks) is the same in every theme and is checked in the light one; a language
 * changes the words, not the colours or the structure, and English is checked once (its names, its `lang`). The
 * screenshot stays in every combination.
 */
export const axeAt = (width: number, theme: Theme, language: Language): boolean =>
  language === 'pt' ? width >= 1280 || theme === 'light' : width >= 1280 && theme === 'light';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core on the current page: no serious or critical violations. */
export function expectAccessible(page: Page, label: string): Promise<void> {
  return timed('axe', () => runAxe(page, label));
}

async function runAxe(page: Page, label: string): Promise<void> {
  // The app's CSP refuses inline <script> tags (addScriptTag), so axe goes in through the devtools protocol,
  // once per document.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // axe reads colours as they are painted: a toast caught fading out (its 5 s ending during a run on a busy machine)
  // reads as text without contrast. While axe runs, the page is asked for reduced motion, which the app honours by
  // ending every animation at once: a closing toast is then either whole or gone. A transition already running (a
  // theme's colours) keeps the duration it started with: it is finished here.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await page.evaluate(() => {
      for (const animation of document.getAnimations())
        if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    });
    await checkAccessible(page, label);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

async function checkAccessible(page: Page, label: string): Promise<void> {
  const violations = await page.evaluate(async () => {
    // Every rule runs; only the violations are serialized (selectors for each passing node are work for nothing).
    const result = await (
      window as unknown as {
        axe: {
          run: (ctx: Document, options: { resultTypes: string[] }) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${label}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Holds a request until `release()` is called, to look at the pending state without timing guesses. */
export async function holdRequests(page: Page, urlPattern: string): Promise<{ release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(urlPattern, async (route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

export interface AccessibleField {
  name: string;
  description: string;
  invalid: boolean;
  focused: boolean;
}

/** What a screen reader gets for a control: Chromium's accessibility tree, through the devtools protocol. */
export async function accessibleField(page: Page, selector: string): Promise<AccessibleField> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const node = nodes[0];
    const property = (name: string) => node.properties?.find((p) => p.name === name)?.value.value;
    return {
      name: String(node.name?.value ?? ''),
      description: String(node.description?.value ?? ''),
      invalid: property('invalid') !== undefined && property('invalid') !== 'false',
      focused: property('focused') === true,
    };
  } finally {
    await cdp.detach();
  }
}

const randomOctet = () => 1 + Math.floor(Math.random() * 254);

/** A download's text (UTF-8). The browser runs apart from the test (launchBrowser connects), so it is copied here. */
export async function downloadedText(download: Download): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'funil-download-'));
  try {
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
