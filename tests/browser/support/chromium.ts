import { existsSync, readFileSync } from 'node:fs';

/**
 * Features Playwright turns off in every Chromium it launches (playwright-core 1.65's chromiumSwitches). Chromium
 * reads only the last --disable-features it is given, so the one below, which comes after Playwright's, repeats them
 * (expectPlaywrightFeaturesKept fails the run when a Playwright upgrade changes its list).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // Edge's, kept so that the list stays Playwright's whole.
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 preloads its WebUI address-bar popups (chrome://omnibox-popup.top-chrome/, two of them) in a renderer
 * of their own for every browser context, though a headless browser never shows them: the suite makes hundreds of
 * contexts, and a context with a page cost about 12% more CPU with them (6 contexts, 6 page loads each: 19.8 s of CPU
 * against 17.5 s, measured twice).
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Debian's Chromium, never a downloaded browser: its headless shell (package chromium-headless-shell, what Playwright
 * itself runs for headless tests) when installed, else the whole browser in its headless mode. Same engine, without
 * the browser's own windows and services: the screens matrix took 67 CPU-s against 92 (screens.test.ts alone).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_OPTIONS = {
  executablePath: existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
  ],
};

/**
 * Throws unless the last --disable-features of a launched Chromium (its command line, `pid`) keeps every feature of
 * the first, Playwright's: a list copied by hand that would otherwise go stale without a sound.
 */
export function expectPlaywrightFeaturesKept(pid: number): void {
  const lists = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
  const kept = new Set(lists.at(-1));
  const lost = (lists[0] ?? []).filter((feature) => !kept.has(feature));
  if (lost.length > 0)
    throw new Error(
      `Playwright also disables ${lost.join(', ')}: add them to PLAYWRIGHT_DISABLED_FEATURES (chromium.ts)`,
    );
}
