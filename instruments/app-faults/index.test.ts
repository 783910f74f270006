// The App fault registry: every module of the folder but the helpers is a known-bad App named after its file; each
// cites what it violates and says what that breaks, as a service fault does (../faults/index.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { appFaults, helpers, quickAppFaults } from './index.ts';

const register = readFileSync(fileURLToPath(new URL('../../openapi/DECISIONS.md', import.meta.url)), 'utf8');

test('every module but the helpers is an App fault, named after its file', () => {
  const files = readdirSync(fileURLToPath(new URL('./', import.meta.url)))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .filter((f) => !helpers.includes(f));
  assert.deepEqual(appFaults.map((f) => f.name).sort(), files.sort());
});

test('each App fault cites what it violates and says what that breaks: a § of the source, or a registered D-nn', () => {
  assert.ok(appFaults.length >= 10);
  for (const f of appFaults) {
    assert.ok(f.description.length > 20, f.name);
    assert.ok(f.source.length > 0 && f.source.every((s) => /^(§\d|D-\d\d)/.test(s)), f.name);
    for (const d of f.source.filter((s) => s.startsWith('D-')))
      assert.match(register, new RegExp(`^\\| ${d} \\|`, 'm'), `${f.name}: ${d}`);
    assert.ok(['source', 'standard', 'decision'].includes(f.breaks), f.name);
    if (f.breaks === 'source')
      assert.ok(
        f.source.some((s) => s.startsWith('§')),
        `${f.name}: no § cited`,
      );
    if (f.breaks === 'decision')
      assert.ok(
        f.source.some((s) => s.startsWith('D-')),
        `${f.name}: no D-nn cited`,
      );
  }
  assert.ok(appFaults.filter((f) => f.breaks === 'source').length >= 6, 'most break what §2.10 and §2.11 say');
  for (const q of quickAppFaults)
    assert.ok(
      appFaults.some((f) => f.name === q),
      q,
    );
});
