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
    // The frontend page's script runs in a browser, as plain ES modules (browser/README.md).
    files: ['browser/frontend/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  prettier,
);
