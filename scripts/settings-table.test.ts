// README.md's two settings tables, the suite's and the reference server's, are the ones their lists give
// (scripts/settings-table.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { root } from './run.ts';

test("README.md's settings tables are the ones generated from conformance/lib/settings.ts and reference-server/core/config.ts", () => {
  assert.doesNotThrow(
    () => execFileSync(process.execPath, ['scripts/settings-table.ts', '--check'], { cwd: root, stdio: 'pipe' }),
    'README.md: a settings table differs from its list; run `npm run settings:table`',
  );
});
