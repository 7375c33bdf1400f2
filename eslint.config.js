import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of STYLE.md: shared imports nothing of ours; server and web never import each other. */
const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['build/', 'build-*/', '.scratch*/', 'node_modules/', 'data/', '.react-router/', 'coverage/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
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
        { group: ['**/server/**', '../server/*', '../../server/*'], message: 'web must not import server code (STYLE.md boundaries).' },
      ]),
    },
  },
  {
    // A feature does not import another feature: routes compose features (STYLE.md).
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: boundary([
      { group: ['**/server/**'], message: 'web must not import server code (STYLE.md boundaries).' },
      { group: ['~/features/**', '~/routes/**'], message: 'A feature must not import another feature or a route; compose them in the route.' },
    ]),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: boundary([{ group: ['**/web/**', '~/*'], message: 'server must not import web code (STYLE.md boundaries).' }]),
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: boundary([
      { group: ['**/server/**', '**/web/**', '~/*'], message: 'shared must not import server or web code (STYLE.md boundaries).' },
    ]),
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', 'src/server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
