import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of CONTRIBUTING.md: shared imports nothing of ours; server and web never import each other. */
const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/*
 * The same boundaries, checked on resolved paths (so `~/…`, relative and deep paths all count), in the style of
 * bulletproof-react's `import/no-restricted-paths`. Proven by src/web/lint-boundaries.test.ts.
 */
const FEATURES = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const OURS = ['./src/server', './src/web', './tests', './bench', './scripts'];
const restrictedZones = [
  { target: './src/shared', from: OURS, message: 'shared imports nothing of ours (CONTRIBUTING.md boundaries).' },
  { target: './src/web', from: './src/server', message: 'web must not import server code (CONTRIBUTING.md boundaries).' },
  { target: './src/server', from: './src/web', message: 'server must not import web code (CONTRIBUTING.md boundaries).' },
  {
    target: ['./src/web/components', './src/web/lib'],
    from: ['./src/web/features', './src/web/routes'],
    message: 'Shared components and lib must not import features or routes: pass what they need as props.',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'A feature must not import another feature: compose them in the route.',
  })),
  { target: './src/web/features', from: './src/web/routes', message: 'A feature must not import a route.' },
  {
    // Outside a feature, only its top-level files are public: index.ts, plus entry files split out for lazy loading
    // (e.g. jot-counter/nav-counter.ts). Its api/ and components/ folders are its own business.
    target: ['./src/web/!(features)/**/*', './src/web/*.{ts,tsx}'],
    from: ['./src/web/features/*/*/**/*'],
    message: "Import a feature through its index.ts, not from inside its folders.",
  },
  {
    // Test files (`*.test.ts`) may use vitest and tests/fixtures; the product never does.
    target: ['./src/**/!(*.test).{ts,tsx}'],
    from: ['./tests/**/*', './node_modules/vitest/**/*', './node_modules/@vitest/**/*'],
    message: 'Product code must not import tests or vitest.',
  },
];

export default tseslint.config(
  { ignores: ['build/', 'dist/', 'build-*/', '.scratch*/', 'node_modules/', 'data/', '.react-router/', 'coverage/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // import-x/no-cycle follows only files whose extension and parser it knows: TypeScript included.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: restrictedZones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...boundary([
        { group: ['**/server/**', '../server/*', '../../server/*'], message: 'web must not import server code (CONTRIBUTING.md boundaries).' },
      ]),
    },
  },
  {
    // A feature does not import another feature: routes compose features (CONTRIBUTING.md).
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: boundary([
      { group: ['**/server/**'], message: 'web must not import server code (CONTRIBUTING.md boundaries).' },
      { group: ['~/features/**', '~/routes/**'], message: 'A feature must not import another feature or a route; compose them in the route.' },
    ]),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: boundary([{ group: ['**/web/**', '~/*'], message: 'server must not import web code (CONTRIBUTING.md boundaries).' }]),
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: boundary([
      { group: ['**/server/**', '**/web/**', '~/*'], message: 'shared must not import server or web code (CONTRIBUTING.md boundaries).' },
    ]),
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', 'src/server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
