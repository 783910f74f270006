// reference-server/resources/index.ts is generated from the modules of its folder (scripts/resources-table.ts):
// it must be current, and each module's definition must carry the module's name, by which the table keys it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { definitions } from '../reference-server/resources/index.ts';
import { root } from './run.ts';

test('reference-server/resources/index.ts lists every resource module of its folder', () => {
  assert.doesNotThrow(
    () => execFileSync(process.execPath, ['scripts/resources-table.ts', '--check'], { cwd: root, stdio: 'pipe' }),
    'stale: run npm run spec',
  );
});

test("each resource module's definition is named as its module", () => {
  for (const [module, def] of Object.entries(definitions)) assert.equal(def.name, module);
});
