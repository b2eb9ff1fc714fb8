// Fails when the JavaScript the first screen loads grows past the budget (gzipped).
// First screen = the entry module of dist/ui/index.html, its modulepreloads, and every chunk they
// import statically (lazy routes, loaded with import(), are not counted).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 250 * 1024;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const uiDir = path.join(root, 'dist', 'ui');
const indexFile = path.join(uiDir, 'index.html');
if (!existsSync(indexFile)) {
  console.error('dist/ui/index.html not found: run `npm run build` first');
  process.exit(1);
}

const html = readFileSync(indexFile, 'utf8');
const entries = [
  ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
];
if (entries.length === 0) {
  console.error('No module script found in dist/ui/index.html');
  process.exit(1);
}

// Static imports only: `import x from"./a.js"`, `import"./a.js"`, `export * from"./a.js"`; not `import("./a.js")`.
const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.js)["']/g;
const seen = new Map();
const queue = entries.map((src) => path.join(uiDir, src.replace(/^\//, '')));
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  const code = readFileSync(file);
  seen.set(file, gzipSync(code, { level: 9 }).length);
  for (const m of code.toString('utf8').matchAll(STATIC_IMPORT)) {
    if (m[1].startsWith('.') || m[1].startsWith('/')) {
      queue.push(m[1].startsWith('/') ? path.join(uiDir, m[1]) : path.resolve(path.dirname(file), m[1]));
    }
  }
}

const total = [...seen.values()].reduce((a, b) => a + b, 0);
for (const [file, size] of [...seen].sort((a, b) => b[1] - a[1])) {
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${path.relative(uiDir, file)}`);
}
const verdict = total <= BUDGET_BYTES ? 'ok' : 'OVER BUDGET';
console.log(`First-screen JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1024} KB): ${verdict}`);
process.exit(total <= BUDGET_BYTES ? 0 : 1);
