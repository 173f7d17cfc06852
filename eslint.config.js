// ESLint 9 flat config for the whole monorepo. No type-aware rules: `npm run lint` stays fast and
// needs no build. TypeScript itself (npm run typecheck) catches what type-aware rules would.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/**
 * Features meet only in apps/web/src/app (DESIGN "Layout"): a file of features/<name>/ may import
 * its own folder, components/, lib/, app/ exports and packages/shared, never another feature. One
 * block per feature and folder depth, so a relative path is judged by where it lands.
 */
const webFeatures = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = webFeatures.flatMap((feature) =>
  [1, 2, 3].map((depth) => {
    const up = '\\.\\./'.repeat(depth);
    return {
      files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                // Up to features/ and into a sibling folder, or up to src/ and into features/<other>.
                regex: `^(${up}(?!${feature}/)[^./][^/]*/|${up}\\.\\./features/(?!${feature}/))`,
                message:
                  'Features meet only in app/: move what two features share to components/ or lib/ (DESIGN "Layout").',
              },
            ],
          },
        ],
      },
    };
  }),
);

/**
 * Server modules meet through their `index.ts` (DESIGN "Layout"): a file of modules/<name>/ may
 * import its own folder, platform/, db/, config, test/ helpers and packages/shared, and another
 * module only through its index.ts. Outside modules/, app.ts, db/ and test/ also take a module
 * through its index.ts; platform/ imports no module.
 */
const serverModules = readdirSync(new URL('./apps/server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const throughIndex =
  'Server modules meet through their index.ts: import what another module exports there, or move it to platform/ (DESIGN "Layout").';
const moduleBoundaries = serverModules.map((name) => ({
  files: [`apps/server/src/modules/${name}/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          // A sibling module's file other than its index.ts, or anything up at src/ but platform/, db/, config and test/.
          { regex: `^\\.\\./(?!${name}/)[^./][^/]*/(?!index\\.js$)`, message: throughIndex },
          { regex: '^\\.\\./[^./][^/]*\\.js$', message: throughIndex },
          { regex: '^\\.\\./\\.\\./(?!platform/|db/|test/|config\\.js$)', message: throughIndex },
        ],
      },
    ],
  },
}));
const outsideModules = [
  {
    files: ['apps/server/src/*.ts', 'apps/server/src/db/**/*.ts', 'apps/server/src/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/[^/]+/(?!index\\.js$)', message: throughIndex }] },
      ],
    },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)modules/', message: 'platform/ holds what modules share and imports none of them.' },
          ],
        },
      ],
    },
  },
];

/** The server's forbidden syntax (see the blocks that use it below). */
const serverSyntax = [
  {
    selector: 'ImportDeclaration[source.value=/^(node:)?async_hooks$/]',
    message: 'Pass the request context in deps (platform/deps.ts): async hooks slow every request on Node 20.',
  },
  // V8 allocates such a literal's accessor pair in the old generation, where it keeps what the
  // getter's closure holds alive until a full collection (docs/DESIGN.md, How a request flows).
  {
    selector: 'ObjectExpression > Property[kind=/^(get|set)$/]',
    message:
      'Use a class with the getter or setter on its prototype: an object literal with one promotes what its closure holds.',
  },
];

/** `{ ...source, key }` within `scope` (an esquery selector of the functions it applies in). */
const spreadThenKeys = (scope) => ({
  selector: `${scope} ObjectExpression > SpreadElement ~ Property`,
  message:
    'Write extend(source, { key }) (platform/objects.ts): a spread followed by a key makes a new hidden class in the old generation at every call on Node 20.',
});

export default defineConfig(
  {
    ignores: [
      '**/dist/',
      '**/node_modules/',
      '**/data/',
      '**/coverage/',
      'e2e/artifacts/',
      '**/playwright-report/',
      '**/test-results/',
      'bench/results/',
      // Generated by drizzle-kit: never edited by hand.
      'apps/server/src/db/migrations/',
      'apps/server/drizzle/',
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    files: ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (handler signatures, destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },

  // The web app runs in the browser and follows the rules of hooks (React 19 compiler rules).
  {
    files: ['apps/web/**/*.{ts,tsx,js,jsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.flat['recommended-latest'].rules },
  },

  ...featureBoundaries,
  ...moduleBoundaries,
  ...outsideModules,

  // A request's context travels in its deps (platform/deps.ts): on Node 20 any AsyncLocalStorage or
  // async hook runs promise hooks for every promise of every request, about a tenth of a list
  // call's throughput (bench/README.md "A request-wide store cost a tenth"). And no object literal
  // with a getter or setter (bench/README.md, 2026-11-29).
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...serverSyntax] },
  },
  // No spread then keys on the request path: `{ ...source, key }` where the source lacks the key
  // makes a new hidden class in the old generation at every call on Node 20's V8 (platform/objects.ts
  // `extend`; bench/README.md, 2026-11-30). Inside any function of the services, queries and the
  // platform; in a routes file, inside a handler (a function within the routes' function), since
  // the route's options are written once at start. Tests (the production suite too) and seeds are not
  // on the request path.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
      'apps/server/src/production/**',
      'apps/server/src/db/seed/**',
      'apps/server/src/**/*.routes.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...serverSyntax, spreadThenKeys(':function')] },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: { 'no-restricted-syntax': ['error', ...serverSyntax, spreadThenKeys(':function :function')] },
  },

  // No import cycles in the server and the web app (packages are resolved as TypeScript sees them).
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
