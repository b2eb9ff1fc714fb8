// The browser suite writes its screenshots as JPEG (tests/browser/support/browser.ts SCREENSHOT_FORMAT). To look at
// them with a tool that reads PNG only: `node scripts/screenshots-to-png.mjs artifacts/screenshots/<name>.jpg ...`
// writes each as <out>/<name>.png (out: $PNG_DIR, else the system's temporary folder), drawn by the same Chromium.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_OPTIONS } from '../tests/browser/support/chromium.ts';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node scripts/screenshots-to-png.mjs <picture.jpg> ...');
  process.exit(1);
}
const out = process.env.PNG_DIR ?? tmpdir();
const browser = await chromium.launch(CHROMIUM_OPTIONS);
try {
  const page = await browser.newPage();
  for (const file of files) {
    await page.goto(`file://${path.resolve(file)}`);
    const target = path.join(out, `${path.basename(file, path.extname(file))}.png`);
    await page.locator('img').screenshot({ path: target });
    console.log(target);
  }
} finally {
  await browser.close();
}
