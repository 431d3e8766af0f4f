import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { apiFeatureZones, boundaryZones, ROOT, sharedUiDeepImports, testHelperZones } from './lint/boundaries.js';

const webPackages = ['shell', 'shared-ui', 'mf-catalogue', 'mf-product', 'mf-search', 'mf-account', 'mf-admin'];

/** Production code: what ships, as opposed to tests, their helpers, scripts, benches and build configs. */
const productionFiles = ['api/src/**', 'contracts/src/**', 'shared-ui/src/**', 'shell/src/**', 'shell/server/**', 'mf-*/src/**', 'lint/fixtures/*/src/**'];
const testFiles = [
  '**/test/**', '**/*.test.*', '**/*.test-worker.*', '**/*.flood.*', '**/test-*.*', '**/*-test-*.*', '**/*fake*.*', '**/*fixture*.*',
];

/** The API's code, and the fixture written to break its rules (lint/boundaries.test.ts). */
const apiFiles = ['api/src/**/*.ts', 'lint/fixtures/api-fixture/src/**/*.ts'];
/** Where a query may be built: a feature's repositories and db/ (what features share). */
const repositoryFiles = ['**/*-repository.ts', 'api/src/db/**', 'lint/fixtures/api-fixture/src/db/**'];
const routeFiles = ['**/routes.ts', '**/*-routes.ts'];
const QUERY_MESSAGE = 'A query lives in its feature\'s repository (*-repository.ts) or in db/: call a repository function.';
/** Kysely's query builders and raw SQL: what runs a query. */
const queryBuilders = [
  { selector: "CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]", message: QUERY_MESSAGE },
  { selector: "TaggedTemplateExpression[tag.name='sql'], CallExpression[callee.object.name='sql']", message: QUERY_MESSAGE },
];

const noBarrels = { group: ['**/index', '**/index.js'], message: 'No barrel files: import the module itself.' };
/** One rule can hold only one set of options: every block that restricts imports builds them here. */
const restrictedImports = ({ paths = [], patterns = [] } = {}) => [
  'error',
  { patterns: [noBarrels, ...sharedUiDeepImports(), ...patterns], ...(paths.length > 0 ? { paths } : {}) },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**', '**/dist-single/**', '**/dist-server/**', '**/node_modules/**', '**/data/**', '**/coverage/**', 'tests-e2e/artifacts/**',
      // npm run start:cluster's state: a copy of the built shell among it.
      '.cluster/**',
      // Code written to break the rules below; lint/boundaries.test.ts lints it on purpose.
      'lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'tsconfig.web.json', 'api/tsconfig.json'], noWarnOnMultipleProjects: true })],
      // A `.module.css` or `.json` import is a leaf: nothing to follow for a cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Dependencies are not followed for cycles: parsing them (react-router's bundle, fastify…) tripled the lint's time.
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': restrictedImports(),
      // Features of one package meet only through its shared folders (lint/boundaries.js).
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: boundaryZones() }],
    },
  },
  {
    files: productionFiles,
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...boundaryZones(), ...testHelperZones()] }],
      // Only what ships: a test is imported by nothing, so it closes no cycle, and following its imports doubled the time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: apiFiles,
    ignores: [...testFiles, ...repositoryFiles],
    rules: { 'no-restricted-syntax': ['error', ...queryBuilders] },
  },
  {
    files: apiFiles,
    ignores: testFiles,
    rules: {
      // API features import each other only downwards (lint/boundaries.js, API_FEATURE_IMPORTS): no circles.
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...apiFeatureZones(), ...testHelperZones()] }],
    },
  },
  {
    files: apiFiles.flatMap((glob) => routeFiles.map((name) => glob.replace('**/*.ts', `**/${name}`))),
    ignores: testFiles,
    rules: {
      'no-restricted-imports': restrictedImports({
        patterns: [{ group: ['kysely', '**/db/connect*', '**/db/schema*'], message: 'A route file calls repositories; it does not reach the database itself.' }],
      }),
    },
  },
  {
    files: webPackages.map((name) => `${name}/src/**/*.{ts,tsx}`),
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': restrictedImports({
        // Not in the shared map (shared-ui/federation/shared-deps.ts): a remote importing it would run a second router.
        paths: [{ name: 'react-router-dom', message: "Import from 'react-router', the one shared router." }],
      }),
    },
  },
);
