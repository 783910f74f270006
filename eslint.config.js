// ESLint: the recommended JavaScript and TypeScript rules, without the type-checked set so that
// `npm run lint` stays a few seconds; `tsc` (npm run typecheck) does the type checking. Formatting is Prettier's
// job: eslint-config-prettier, last, turns off every rule that would disagree with it. Zero warnings
// (`--max-warnings 0` in the npm script): a rule is either an error or off.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Generated or output: `npm run spec` writes openapi/dist (checked by openapi/generated.test.ts), the rest is
  // reports and installs (the .gitignore's folders).
  globalIgnores([
    'openapi/dist/',
    'build/',
    'reports/',
    'node_modules/',
    'test-results/',
    'playwright-report/',
    'tmp/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Everything here runs on Node 24 (the server, the suite under Playwright, the scripts).
    languageOptions: { globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // An unused name is a mistake, except a `_`-prefixed one, the repository's way of saying "unused on purpose":
      // a parameter a position requires (Express's four-argument error handler: `_next`) or a key a destructuring
      // leaves out (`const { id: _id, ...rest }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Playwright reads a fixture's dependencies from its first parameter, which must be an object pattern: a
      // fixture that needs none is written `async ({}, use) => …` (conformance/lib/requirement.ts). Empty patterns
      // anywhere else are still errors.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    // What the installed package runs on the oldest Node of `engines` (20.0; the suite, `verify`, the typed client):
    // no built-in newer than that. tsc's lib (es2024) already refuses most (Set methods, iterator helpers,
    // Array.fromAsync); these it lets through. scripts/package.test.ts runs the installed suite on that Node.
    // The reference server and the instruments are left out: `serve` needs Node 22.16 (bin/serve.ts).
    files: [
      'bin/**/*.ts',
      'conformance/**/*.ts',
      'client/**/*.ts',
      'openapi/{contract,validators,clients}.ts',
      'shared/**/*.ts',
      'playwright.config.ts',
    ],
    ignores: ['bin/serve.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...[
          ['Map', 'groupBy', 'Node 21'],
          ['Object', 'groupBy', 'Node 21'],
          ['Promise', 'withResolvers', 'Node 22'],
          ['URL', 'parse', 'Node 22'],
          ['process', 'getBuiltinModule', 'Node 22'],
        ].map(([object, property, since]) => ({
          object,
          property,
          message: `${since}+: the installed suite runs on Node 20 (engines).`,
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name=/^(dirname|filename)$/]",
          message: 'Node 20.11+: the installed suite runs on Node 20.0 (engines); fileURLToPath(import.meta.url).',
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          ['navigator', 'Node 21'],
          ['Float16Array', 'Node 24'],
        ].map(([name, since]) => ({ name, message: `${since}+: the installed suite runs on Node 20 (engines).` })),
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'node:sqlite', message: 'Node 22+: only `serve` (bin/serve.ts) may need it.' },
            ...['node:fs', 'node:fs/promises'].map((name) => ({
              name,
              importNames: ['glob', 'globSync'],
              message: 'Node 22+: the installed suite runs on Node 20 (engines).',
            })),
          ],
        },
      ],
    },
  },
  {
    // The frontend page's script runs in a browser, as plain ES modules (browser/README.md).
    files: ['browser/frontend/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  prettier,
);
