// Fails when the JavaScript an anonymous visitor's first screen loads grows past the budget (gzipped), and
// reports each route's own chunk. From Vite's manifest (dist/ui/.vite/manifest.json, `build.manifest`):
// - first screen = the entry (index.html's module script) and every chunk it imports statically, plus the
//   sign-in screen's chunk (/auth, lazy, but every visitor without a session loads it at once) and its own
//   static imports, plus the first screen's texts in one language (`locales/<language>.first.texts`, a chunk
//   made by vite.config.ts, the active one loaded before the first render: the largest is counted); CSS is reported beside it, not counted in the
//   JavaScript budget;
// - each route (a lazy import() of the entry's router): its own chunk, and with the chunks it imports that the
//   first screen does not already hold.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const SIGN_IN_SOURCE = 'features/auth/routes/auth-page.tsx';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// `npm run size -- <dir>` measures another build's output (e.g. `vite build --outDir <dir>`).
const uiDir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist', 'ui');
const manifestFile = path.join(uiDir, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`${path.relative(root, manifestFile)} not found: run npm run build first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const gzipped = new Map();
const gz = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(uiDir, file)), { level: 9 }).length);
  return gzipped.get(file);
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The chunk keys `key` needs before it runs: itself and its static imports, transitively. */
function closure(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, into);
  return into;
}
const jsBytes = (keys) => [...keys].reduce((sum, key) => sum + gz(manifest[key].file), 0);
const cssOf = (keys) => new Set([...keys].flatMap((key) => manifest[key].css ?? []));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const signInKey = Object.keys(manifest).find((key) => key.endsWith(SIGN_IN_SOURCE));
if (!entryKey || !signInKey) {
  console.error(`No entry or no sign-in chunk (${SIGN_IN_SOURCE}) in the manifest`);
  process.exit(1);
}
const entry = closure(entryKey);
const firstScreen = closure(signInKey, new Set(entry));
const localeKeys = Object.keys(manifest).filter((key) => /(^|\/)locales\/[a-z]{2}\.first\.texts$/.test(key));
const localeBytes = (key) => jsBytes([...closure(key)].filter((k) => !firstScreen.has(k)));
const localeKey = localeKeys.sort((a, b) => localeBytes(b) - localeBytes(a))[0];
const texts = localeKey ? localeBytes(localeKey) : 0;
if (localeKey) closure(localeKey, firstScreen);

console.log('Route chunks (gzipped): own chunk, and with what it imports beyond the first screen');
const routes = new Set(
  [...entry].flatMap((key) => manifest[key].dynamicImports ?? []).filter((key) => !key.endsWith('.texts')),
);
for (const key of [...routes].sort()) {
  const own = gz(manifest[key].file);
  const extra = [...closure(key)].filter((k) => !firstScreen.has(k));
  console.log(`${kb(own).padStart(10)} ${kb(jsBytes(extra)).padStart(10)}  ${key.replace(/\.tsx?$/, '')}`);
}

console.log('\nFirst screen (anonymous visitor: entry + sign-in screen), gzipped');
for (const key of [...firstScreen].sort((a, b) => gz(manifest[b].file) - gz(manifest[a].file))) {
  const label =
    key === signInKey
      ? '  (sign-in screen)'
      : key === localeKey
        ? '  (first-screen texts of one language, the largest)'
        : '';
  console.log(`${kb(gz(manifest[key].file)).padStart(10)}  ${manifest[key].file}${label}`);
}
const css = [...cssOf(firstScreen)].reduce((sum, file) => sum + gz(file), 0);
const total = jsBytes(firstScreen);
const verdict = total <= BUDGET_BYTES ? 'ok' : 'OVER BUDGET';
const parts = `entry ${kb(jsBytes(entry))} + sign-in ${kb(total - jsBytes(entry) - texts)} + texts ${kb(texts)}`;
console.log(`First-screen JavaScript: ${kb(total)} gzipped (${parts}; budget ${BUDGET_BYTES / 1024} KB): ${verdict}`);
console.log(`First-screen CSS (not in the budget): ${kb(css)} gzipped`);
const restKeys = Object.keys(manifest).filter((key) => /(^|\/)locales\/[a-z]{2}\.rest\.texts$/.test(key));
const rest = Math.max(0, ...restKeys.map((key) => gz(manifest[key].file)));
console.log(`Signed-in screens' texts (one language, the largest; loaded after the first paint): ${kb(rest)} gzipped`);
process.exit(total <= BUDGET_BYTES ? 0 : 1);
