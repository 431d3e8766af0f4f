import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webPackages = ['shell', 'shared-ui', 'mf-catalogue', 'mf-product', 'mf-search', 'mf-account', 'mf-admin'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-single/**', '**/dist-server/**', '**/node_modules/**', '**/data/**', '**/coverage/**', 'tests-e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/index', '**/index.js'], message: 'No barrel files: import the module itself.' }] }],
    },
  },
  {
    files: webPackages.map((name) => `${name}/src/**/*.{ts,tsx}`),
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/index', '**/index.js'], message: 'No barrel files: import the module itself.' }],
          // Not in the shared map (shared-ui/federation/shared-deps.ts): a remote importing it would run a second router.
          paths: [{ name: 'react-router-dom', message: "Import from 'react-router', the one shared router." }],
        },
      ],
    },
  },
);
