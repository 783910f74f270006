// The App variant registry: every module of the folder but the helpers is a benign App named after its file; each
// names the decisions it takes otherwise (registered D-nn), or none where no decision fixes the point, and says why
// the source allows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { appVariants, helpers, quickAppVariants } from './index.ts';

const register = readFileSync(fileURLToPath(new URL('../../openapi/DECISIONS.md', import.meta.url)), 'utf8');

test('every module but the helpers is an App variant, named after its file', () => {
  const files = readdirSync(fileURLToPath(new URL('./', import.meta.url)))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .filter((f) => !helpers.includes(f));
  assert.deepEqual(appVariants.map((v) => v.name).sort(), files.sort());
});

test('each App variant decides registered D-nn, or none where a standard leaves the point free; it says why', () => {
  assert.ok(appVariants.length >= 5);
  for (const v of appVariants) {
    for (const d of v.decides) assert.match(register, new RegExp(`^\\| ${d} \\|`, 'm'), `${v.name}: ${d}`);
    assert.match(v.description, v.decides.length ? /§\d/ : /RFC \d+/, `${v.name} names what leaves it open`);
  }
  for (const q of quickAppVariants)
    assert.ok(
      appVariants.some((v) => v.name === q),
      q,
    );
});
