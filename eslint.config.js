// One flat ESLint config for every workspace: typescript-eslint's type-checked recommended
// rules (and no non-null assertions), and Prettier owning formatting.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SHARED_KNOWS_NO_APP = {
  regex: '^(@pkg/(server|cli|web)(/|$)|(\\.\\./)+(server|cli|web)/src/)',
  message: 'shared/ knows no server, CLI or website (docs/architecture.md).',
};
const REST_MESSAGE =
  'REST adapters call procedures or services; the database and the artifact store are theirs (docs/architecture.md).';
const SERVICES_MESSAGE =
  'Services know no HTTP: statuses, headers and routes live in rest/ (docs/architecture.md).';
const CHILD_SIDE = [
  'child-bootstrap',
  'network-guard',
  'network-policy',
  'process-guard',
  'fs-guard',
  'protocol',
];
const CHILD_MESSAGE =
  "The sandboxed child's bootstrap imports Node's built-ins and the other child-side files only (docs/architecture.md).";
// The browser-safe contract (shared/src/contract/, @pkg/shared/contract) and the files outside it
// that it re-exports: the data SDK imports them, never the reverse, and no Node built-in.
const CONTRACT_FILES = [
  'shared/src/contract/**/*.ts',
  'shared/src/schemas/**/*.ts',
  'shared/src/errors/**/*.ts',
  'shared/src/package/problems.ts',
  'shared/src/package/limits.ts',
];
const CONTRACT_MESSAGE =
  'The contract is browser-safe: nothing of the data SDK (shared/src/data/, which imports the contract, never the reverse) and no Node built-in (docs/architecture.md).';
const NODE_BUILTIN = `^(node:|(${builtinModules
  .filter((name) => !name.startsWith('_') && !name.includes('/') && !name.includes(':'))
  .join('|')})(/|$))`;
const WEB_MESSAGE =
  'The website imports the browser-safe contract of shared only (@pkg/shared/contract, @pkg/shared/errors): the data SDK and the Node index never enter the browser bundle (docs/architecture.md).';
const CLIENT_MESSAGE =
  'The CLI and the website import only the router type: `import type { AppRouter } from "@pkg/server/router"`.';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-bench/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/.pkg-data/**',
      '**/coverage/**',
      '**/*.gen.ts',
      '**/*.gen.js',
      '.turbo/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      'no-console': 'off',
    },
  },
  {
    // Plain JavaScript (launchers, build scripts) is in no TypeScript project.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // A CommonJS file (cli/bin/pkg.cjs, the launcher npm links) loads modules with require().
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Production code is written in short named steps (docs/architecture.md, "Code shape"): no
    // function over 80 lines. Tests, benches and generated files are exempt.
    files: ['{shared,server,cli,web}/src/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test-d.ts', '**/*.bench.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  // ---- The layers (docs/architecture.md); a crossing fails `npm run lint`. ----
  {
    // shared/ knows no server, no CLI and no website.
    files: ['shared/src/**/*.ts', 'src/**/*.ts'],
    ignores: ['server/**', 'cli/**', 'web/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SHARED_KNOWS_NO_APP] }],
    },
  },
  {
    // The contract is browser-safe: nothing of the data SDK, no Node built-in (and, as all of
    // shared/, nothing of the server, the CLI or the website).
    files: CONTRACT_FILES,
    ignores: ['**/*.test.ts', '**/*.bench.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SHARED_KNOWS_NO_APP,
            { regex: '^(\\.\\./)+data(/|\\.js$)', message: CONTRACT_MESSAGE },
            { regex: '^@pkg/shared(/|$)', message: CONTRACT_MESSAGE },
            { regex: NODE_BUILTIN, message: CONTRACT_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    // The website imports shared's contract only: never the data SDK (@pkg/shared/data), the
    // Node index (@pkg/shared) or a file of shared/ by a relative path (web's rootDir is the
    // repository, so `../../shared/src/data/...` would type-check). The build refuses the SDK
    // too (web/build/refuse-data-sdk.ts).
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@pkg/shared(?!/(contract|errors)$)', message: WEB_MESSAGE },
            { regex: '^(\\.\\./)+shared(/|$)|(^|/)shared/(src|dist)(/|$)', message: WEB_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    // REST adapters call procedures or services: never the database or the artifact store.
    files: ['server/src/rest/**/*.ts', 'src/rest/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['mongoose', 'mongodb'].map((name) => ({ name, message: REST_MESSAGE })),
          patterns: [{ regex: '^(\\.\\./)+db/', message: REST_MESSAGE }],
        },
      ],
    },
  },
  {
    // Services know no HTTP: no Express, no node:http, no tRPC, no REST or middleware module.
    files: ['server/src/services/**/*.ts', 'src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'express',
            'express-serve-static-core',
            'node:http',
            'node:https',
            'http',
            'https',
            'fresh',
            'raw-body',
            'cors',
          ].map((name) => ({ name, message: SERVICES_MESSAGE })),
          patterns: [
            { regex: '^@trpc/', message: SERVICES_MESSAGE },
            { regex: '^(\\.\\./)+(rest|middleware|trpc)/', message: SERVICES_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    // The tRPC contract does not import REST modules.
    files: ['server/src/trpc/**/*.ts', 'src/trpc/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+rest/',
              message: 'The tRPC contract does not import REST modules (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The CLI and the website import the server's router type, and nothing else of the server.
    files: ['cli/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}'],
    ignores: ['server/**', 'shared/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@pkg/server(?!/router$)', message: CLIENT_MESSAGE },
            { regex: '^@pkg/server/router$', allowTypeImports: true, message: CLIENT_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    // The child side of `pkg run` is bundled into one file that runs inside the tool's process:
    // Node's built-ins and the other child-side files only.
    files: CHILD_SIDE.map((name) => `cli/src/runtime/${name}.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!node:|\\./)', message: CHILD_MESSAGE },
            { regex: `^\\./(?!(${CHILD_SIDE.join('|')})\\.js$)`, message: CHILD_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    // Tests reach other workspaces through their exported test helpers (@pkg/server/testing,
    // @pkg/shared/testing), never through relative paths into their trees.
    files: ['**/test/**/*.ts', '**/*.test.ts'],
    ignores: ['**/*.bench.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(server|shared|cli|web)/',
              message:
                'Import another workspace through its test helpers (@pkg/server/testing, @pkg/shared/testing).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped driver documents and use vitest's asymmetric matchers
    // (expect.any, expect.objectContaining), which are typed `any`.
    files: ['**/*.test.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
