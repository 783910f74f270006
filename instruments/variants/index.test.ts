// The variant registry: every module of the folder but the helpers is a variant named after its file, each citing
// decisions of the register.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { helpers, quickVariants, variants } from './index.ts';

const register = readFileSync(fileURLToPath(new URL('../../openapi/DECISIONS.md', import.meta.url)), 'utf8');

test('every module but the helpers is a variant, named after its file', () => {
  const files = readdirSync(fileURLToPath(new URL('./', import.meta.url)))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .filter((f) => !helpers.includes(f));
  assert.deepEqual(variants.map((v) => v.name).sort(), files.sort());
});

test('at least 12 variants; each decides registered D-nn and says why the source allows it', () => {
  assert.ok(variants.length >= 12);
  assert.equal(new Set(variants.map((v) => v.name)).size, variants.length);
  for (const v of variants) {
    assert.ok(v.decides.length > 0, v.name);
    for (const d of v.decides) assert.match(register, new RegExp(`^\\| ${d} \\|`, 'm'), `${v.name}: ${d}`);
    assert.match(v.description, /§\d/, `${v.name} names the § that leaves it open`);
  }
  for (const q of quickVariants)
    assert.ok(
      variants.some((v) => v.name === q),
      q,
    );
});
