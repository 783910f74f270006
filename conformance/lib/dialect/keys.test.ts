// The table of keys: every key of the dialect has one descriptor, with its test and its README row; the folder
// imports what its README says.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { CONTRACT_DIALECT, DESCRIPTORS, DIALECT_KEYS, parseDialect } from './keys.ts';

const here = new URL('./', import.meta.url);
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

test('every key of the dialect has a descriptor, a test beside it and a row in the README', () => {
  // The keys a run has by default, and those the README's complete example states (every key, optional ones too).
  const example = /### A dialect[\s\S]*?```yaml\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const stated = [...parseDialect(example).stated].map((s) => s.split('.')[0]!);
  const keys = new Set([...Object.keys(CONTRACT_DIALECT).filter((k) => k !== 'contactAnswer'), ...stated]);
  assert.deepEqual([...keys].sort(), Object.keys(DESCRIPTORS).sort());
  for (const [key, d] of Object.entries(DESCRIPTORS)) {
    assert.equal(d.key, key);
    assert.ok(existsSync(new URL(`${key}.test.ts`, here)), `${key}.test.ts`);
    assert.ok(d.accepts && d.readme.takes, key);
    assert.match(d.decision, /^(D-\d\d|the decision of each operation)$/, key);
    const row = readme.split('\n').find((l) => l.startsWith(`| \`${key}\` |`));
    assert.ok(row?.endsWith(` | ${d.readme.replaces ?? d.decision} |`), `README.md: the row of ${key}`);
  }
  assert.deepEqual(
    DIALECT_KEYS,
    Object.fromEntries(Object.values(DESCRIPTORS).map((d) => [d.key, { accepts: d.accepts, decision: d.decision }])),
  );
});

test('our contract is every default; a file that states nothing changes nothing', () => {
  assert.deepEqual(CONTRACT_DIALECT, Object.assign({}, ...Object.values(DESCRIPTORS).map((d) => d.default ?? {})));
  assert.deepEqual(parseDialect('{}'), { dialect: CONTRACT_DIALECT, stated: new Set() });
  assert.throws(() => parseDialect('pages: 1', 'd.yaml'), {
    problems: [`d.yaml: unknown key pages (known: ${Object.keys(DESCRIPTORS).join(', ')})`],
  });
});

test('the folder imports node:, yaml, the contract module and itself, nothing else of the suite', () => {
  for (const file of readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const text = readFileSync(new URL(file, here), 'utf8');
    for (const [, from] of text.matchAll(/^(?:import|export)[^;]*? from '([^']+)';/gms))
      assert.match(from!, /^(node:|yaml$|\.\/|\.\.\/contract\.ts$)/, `${file} imports ${from}`);
  }
});
