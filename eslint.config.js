// Lint: typescript-eslint's recommended rules plus the architecture's boundaries, so a wrong import
// fails CI instead of waiting for a reviewer:
// - src/domain imports no framework or infrastructure (inversify's decorators are the one exception);
// - src/main is the one composition root: infrastructure never imports http or jobs, http and jobs take
//   infrastructure only as domain ports src/main passes in (the settings types excepted), nothing imports src/main;
// - a UI feature does not import another feature (shared code lives in components/ or lib/);
// - the server does not import the UI, the UI imports no server code;
// - no import cycles (they make `@inject` receive undefined).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FRAMEWORKS =
  '^(express|knex|objection|pg|@electric-sql|bullmq|ioredis|pino|joi|react|react-dom|react-router-dom|@tanstack|nodemailer|argon2|cookie-session|helmet)(-[a-z-]+)?(/.*)?$';

const features = readdirSync(new URL('./src/ui/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The layers' import boundaries (src/main, the composition root, imports them all).
const LAYER_ZONES = [
  {
    target: './src/domain',
    from: ['./src/infrastructure', './src/http', './src/jobs', './src/main', './src/ui'],
    message: 'The domain depends on nothing outside it.',
  },
  {
    target: './src/infrastructure',
    from: ['./src/http', './src/jobs'],
    message: 'Infrastructure implements ports; routers and jobs are wired in src/main.',
  },
  {
    target: ['./src/http', './src/jobs'],
    from: './src/infrastructure',
    except: ['./config.ts', './limits.ts'],
    message:
      'HTTP and jobs reach infrastructure through domain ports that src/main passes in (settings types excepted).',
  },
  {
    target: ['./src/infrastructure', './src/http', './src/jobs', './src/main', './migrations'],
    from: './src/ui',
    message: 'Server code does not import the UI.',
  },
  {
    target: './src/ui',
    from: ['./src/domain', './src/infrastructure', './src/http', './src/jobs', './src/main'],
    message: 'The UI reaches the server through the API and its generated types.',
  },
  ...features.map((feature) => ({
    target: `./src/ui/features/${feature}`,
    from: './src/ui/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move what they share to src/ui/components or src/ui/lib.',
  })),
];

// Not for the tests beside the code: they may start the whole app (src/main/server.ts, src/main/__tests__/test-runtime.ts).
const MAIN_IS_THE_ROOT = {
  target: ['./src/infrastructure', './src/http', './src/jobs'],
  from: './src/main',
  message: 'src/main is the composition root: it imports every layer, none imports it.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'artifacts/**', 'data/**', 'src/ui/lib/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [...LAYER_ZONES, MAIN_IS_THE_ROOT],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/__tests__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: FRAMEWORKS,
              message: 'src/domain is framework-free: define a port and implement it in src/infrastructure.',
            },
          ],
        },
      ],
    },
  },
  {
    // What http and jobs may take from infrastructure (the settings' shapes) they take as types only.
    files: ['src/http/**/*.ts', 'src/jobs/**/*.ts'],
    ignores: ['**/__tests__/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/infrastructure/**'],
              allowTypeImports: true,
              message: 'Types only: values reach http and jobs through src/main.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/__tests__/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }] },
  },
  {
    // The test client answers with loosely typed bodies: tests read what they assert.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
