// The fault registry: every module of every area folder is a fault named after its path, and the faults are
// well-formed: unique names, a source cited, what each breaks, every area covered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { faults, quickFaults } from './index.ts';

const areas = [
  'envelopes',
  'auth',
  'pagination',
  'filters',
  'products',
  'resources',
  'contacts',
  'webhooks',
  'callbacks',
];

test('every module of an area folder is a fault, named <area>.<file>, and the areas are these', () => {
  const folders = readdirSync(fileURLToPath(new URL('./', import.meta.url)), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  assert.deepEqual(folders.sort(), [...areas].sort());
  const files = areas.flatMap((a) =>
    readdirSync(fileURLToPath(new URL(`./${a}/`, import.meta.url)))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `${a}.${f.slice(0, -3)}`),
  );
  assert.deepEqual(faults.map((f) => f.name).sort(), files.sort());
  for (const f of faults) assert.equal(f.name.split('.')[0], f.area, f.name);
});

test('names are unique; each fault cites a source and describes its mistake', () => {
  assert.equal(new Set(faults.map((f) => f.name)).size, faults.length);
  for (const f of faults) {
    assert.ok(f.source.length > 0 && f.source.every((s) => /^(§\d|D-\d\d)/.test(s)), f.name);
    assert.ok(f.description.length > 20, f.name);
  }
});

test('each fault says what it breaks, and cites what says so: a § of the source, a standard, or a D-nn', () => {
  for (const f of faults) {
    assert.ok(['source', 'standard', 'decision'].includes(f.breaks), `${f.name}: breaks ${f.breaks}`);
    if (f.breaks === 'source')
      assert.ok(
        f.source.some((s) => s.startsWith('§')),
        `${f.name}: breaks the source, but cites no § of it`,
      );
    if (f.breaks === 'decision')
      assert.ok(
        f.source.some((s) => /^D-\d\d$/.test(s)),
        `${f.name}: breaks a decision, but cites no D-nn`,
      );
    assert.equal(
      f.breaks === 'standard',
      Boolean(f.standard?.trim()),
      `${f.name}: a standard is named exactly when the fault breaks one`,
    );
  }
});

test('at least 60 faults over every area; the quick subset names known faults', () => {
  assert.ok(faults.length >= 60);
  for (const a of areas)
    assert.ok(
      faults.some((f) => f.area === a),
      a,
    );
  for (const q of quickFaults)
    assert.ok(
      faults.some((f) => f.name === q),
      q,
    );
});
