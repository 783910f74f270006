// README.md's reference of what a dialect maps is the one the document and the suite's dialect module give
// (scripts/dialect-reference.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { root } from './run.ts';

test("README.md's dialect reference is the one generated from the document", () => {
  assert.doesNotThrow(
    () => execFileSync(process.execPath, ['scripts/dialect-reference.ts', '--check'], { cwd: root, stdio: 'pipe' }),
    'README.md: the dialect reference differs from the document; run `npm run dialect:reference`',
  );
});
