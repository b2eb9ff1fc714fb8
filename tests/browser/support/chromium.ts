/**
 * Features Playwright turns off in every Chromium it launches (playwright-core 1.65's chromiumSwitches). Chromium
 * reads only the last --disable-features it is given, so the one below, which comes after Playwright's, repeats them.
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
];

/**
 * Chromium 156 preloads its WebUI address-bar popups (chrome://omnibox-popup.top-chrome/, two of them) in a renderer
 * of their own for every browser context, though a headless browser never shows them: the suite makes hundreds of
 * contexts, and a context with a page cost about 12% more CPU with them (6 contexts, 6 page loads each: 19.8 s of CPU
 * against 17.5 s, measured twice).
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Debian's Chromium, headless; never a downloaded browser. */
export const CHROMIUM_OPTIONS = {
  executablePath: '/usr/bin/chromium',
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
