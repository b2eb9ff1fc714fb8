import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const LOCALES_DIR = path.resolve(import.meta.dirname, 'src/ui/locales');
// The sections of each locale (src/ui/locales/<language>.json) that the first screen shows: the sign-in
// screen, its messages and errors, the status screens. `texts:<language>/first` holds these, and
// `texts:<language>/rest` the others, which the signed-in screens wait for (src/ui/lib/i18n.ts).
const FIRST_SCREEN_SECTIONS = new Set([
  'app',
  'auth',
  'common',
  'errors',
  'form',
  'language',
  'noAccess',
  'notFound',
  'roles',
  'screenError',
  'sessionError',
  'theme',
  'validation',
]);

/** `import('texts:pt/first')`: part of a locale file as its own chunk (named `locales/pt.first.texts`). */
function localeParts(): Plugin {
  const idPattern = /^texts:([a-z]{2})\/(first|rest)$/;
  const filePattern = /[\\/]([a-z]{2})\.(first|rest)\.texts$/;
  return {
    name: 'funil:locale-parts',
    enforce: 'pre',
    resolveId(source) {
      const match = idPattern.exec(source);
      return match ? path.join(LOCALES_DIR, `${match[1]}.${match[2]}.texts`) : null;
    },
    async load(id) {
      const match = filePattern.exec(id);
      if (!match || path.dirname(id) !== LOCALES_DIR) return null;
      const file = path.join(LOCALES_DIR, `${match[1]}.json`);
      this.addWatchFile(file);
      const texts: Record<string, unknown> = JSON.parse(await readFile(file, 'utf8'));
      const first = match[2] === 'first';
      const part = Object.fromEntries(
        Object.entries(texts).filter(([section]) => FIRST_SCREEN_SECTIONS.has(section) === first),
      );
      // JSON.parse of a string literal: faster to start than the same object written as code.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`, moduleType: 'js' };
    },
  };
}

export default defineConfig({
  root: 'src/ui',
  plugins: [localeParts(), react(), tailwindcss()],
  build: {
    outDir: '../../dist/ui',
    emptyOutDir: true,
    sourcemap: false,
    // dist/ui/.vite/manifest.json: which chunk is which route, for `npm run size`.
    manifest: true,
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
});
