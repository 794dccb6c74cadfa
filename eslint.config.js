import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * The server's layers: a route (edge) calls commands; commands hold the rules over stores, the
 * content engines and lib; context.ts wires them all once. Nothing imports upward, and no import
 * cycle is allowed.
 */
const server = (dir) => `./server/src/${dir}`;
const EDGE = ['routes', 'middleware', 'presenters', 'gateway', 'ops', 'web', 'koa-types.ts', 'app.ts', 'server.ts', 'main.ts'].map(server);
const CORE = ['stores', 'content', 'lib', 'db', 'auth', 'payments', 'config'].map(server);
/** Koa itself, for the layers below the routes. */
const KOA = { regex: '^(koa|koa-.*|@koa/.*)$', message: 'Only routes and middleware speak HTTP: take plain values from the route.' };
/** Routes, middleware and the gateway may know a store's row types, never the store itself. */
const STORE_VALUES = { regex: '(^|/)stores(/|$)', allowTypeImports: true, message: 'Routes reach records through commands.' };
/** `app.stores` / `app.db` (also `ctx.state.app.…` and `const { stores } = app`): the records, reached past the commands. */
const recordsPastCommands = (names) => [
  `MemberExpression[property.name=/^(${names})$/]:matches([object.name='app'], [object.property.name='app'])`,
  `VariableDeclarator:matches([init.name='app'], [init.property.name='app']) > ObjectPattern > Property[key.name=/^(${names})$/]`,
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/out/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'sdks/**/vendor/**',
      '.tools/**',
      '.schemathesis/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: server('commands'),
              from: EDGE,
              message: 'Commands never see HTTP: the route passes plain values in and presents what comes back.',
            },
            {
              target: CORE,
              from: [server('commands'), ...EDGE],
              message: 'Stores, content, lib, db, auth and config import no layer above them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/{commands,stores,content,lib,db,auth,payments,config}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [KOA] }] },
  },
  {
    files: ['server/src/{routes,middleware,gateway}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [STORE_VALUES] }],
      'no-restricted-syntax': [
        'error',
        ...recordsPastCommands('stores|db').map((selector) => ({ selector, message: 'Routes reach records through commands.' })),
      ],
    },
  },
  {
    // The gateway is the read path over the content engine; routes reach the engine through commands too.
    files: ['server/src/{routes,middleware}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...recordsPastCommands('stores|db|content').map((selector) => ({
          selector,
          message: 'Routes reach records and content through commands.',
        })),
      ],
    },
  },
);
