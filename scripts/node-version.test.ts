// scripts/node-version.mjs, the guard every npm script that runs TypeScript loads first (package.json): on a Node
// older than 24, one line naming the Node and what to do, exit 1, and the script never loaded; on this Node, nothing.
// The old Node is the system's (/usr/bin/node) where it is older; without one, that half is skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { root } from './run.ts';

const script = ['--import', './scripts/node-version.mjs', 'scripts/run.ts'];
const systemNode = '/usr/bin/node';
const oldNode = (() => {
  if (!existsSync(systemNode)) return undefined;
  const v = spawnSync(systemNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  return Number(v.split('.')[0]) < 24 ? systemNode : undefined;
})();

test(
  'on an older Node: one clear line, exit 1, before any .ts is read',
  { skip: !oldNode && 'no Node older than 24 here' },
  () => {
    const res = spawnSync(oldNode!, script, { cwd: root, encoding: 'utf8' });
    assert.equal(res.status, 1);
    assert.match(
      res.stderr,
      /^This script needs Node\.js 24 or later, and \S+ is v\d+\.\d+\.\d+: run `npm rebuild node`/,
    );
    assert.equal(res.stderr.trim().split('\n').length, 1, res.stderr);
    assert.doesNotMatch(res.stderr, /ERR_UNKNOWN_FILE_EXTENSION/);
  },
);

test('on this Node: silent, and the script runs', () => {
  const res = spawnSync(process.execPath, script, { cwd: root, encoding: 'utf8' });
  assert.equal(res.status, 0, res.stderr);
  assert.equal(res.stderr, '');
});

test('every npm script that runs TypeScript with node loads the guard first', async () => {
  const { scripts } = (await import('../package.json', { with: { type: 'json' } })).default as {
    scripts: Record<string, string>;
  };
  for (const [name, command] of Object.entries(scripts))
    if (/\bnode\s+(?!--import)/.test(command) && /\.ts\b/.test(command))
      assert.fail(`npm run ${name}: ${command} runs TypeScript without scripts/node-version.mjs`);
});
