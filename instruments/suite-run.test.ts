// The selection the fault and variant runners narrow a run with: a requirement left out by id,
// the areas a fault meets first, and the rest of the suite, as the suite itself matches it (conformance/lib/selection.ts);
// and the figure a full run records in the suite's strength file (conformance/strength.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selector } from '../conformance/lib/selection.ts';
import { figure, MEASURED_BY, readStrength } from '../conformance/lib/strength.ts';
import { narrowing, writeStrength } from './suite-run.ts';

const requirements = [
  { id: 'createProduct.lifecycle', area: 'resources', location: 'requirements/resources/lifecycle.ts:10' },
  { id: 'listProducts.filter.sku:in', area: 'filters', location: 'requirements/filters.ts:20' },
  { id: 'searchContacts.filter.email', area: 'contacts', location: 'requirements/contacts/search.ts:30' },
  { id: 'createContact.auth.no-token', area: 'auth', location: 'requirements/auth.ts:40' },
];
/** The ids a run with this environment would select. */
const selected = (env: Record<string, string>) => requirements.filter(selector(env.CONFORMANCE_ONLY)).map((r) => r.id);

test('nothing set when nothing is left out', () => {
  assert.deepEqual(narrowing([]), {});
});

test('requirements left out by id, the dots of an id taken literally', () => {
  assert.deepEqual(selected(narrowing(['listProducts.filter.sku:in', 'createProductXlifecycle'])), [
    'createProduct.lifecycle',
    'searchContacts.filter.email',
    'createContact.auth.no-token',
  ]);
});

test('a fault first meets its areas, by area, not by a word in an id', () => {
  // "filter" appears in the ids of contacts too: only the area decides.
  assert.deepEqual(selected(narrowing([], { only: ['filters', 'contacts'] })), [
    'listProducts.filter.sku:in',
    'searchContacts.filter.email',
  ]);
});

test('the rest of the suite is every requirement outside those areas, still without the ones left out', () => {
  const first = narrowing(['createContact.auth.no-token'], { only: ['filters'] });
  const rest = narrowing(['createContact.auth.no-token'], { not: ['filters'] });
  assert.deepEqual(selected(rest), ['createProduct.lifecycle', 'searchContacts.filter.email']);
  // Together: every requirement but the one left out, each once.
  assert.deepEqual([...selected(first), ...selected(rest)].sort(), [
    'createProduct.lifecycle',
    'listProducts.filter.sku:in',
    'searchContacts.filter.email',
  ]);
});

test("a full run's figure replaces its own in the strength file and keeps the others", () => {
  const dir = mkdtempSync(join(tmpdir(), 'strength-'));
  try {
    const file = join(dir, 'strength.json');
    const measured = figure(3, 4, 'npm run conformance:faults', new Date('2026-01-02T03:04:05Z'));
    writeStrength('contract', measured, file);
    const first = readStrength(file)!;
    assert.deepEqual(first.contract, {
      count: 3,
      total: 4,
      percent: 75,
      measured: '2026-01-02T03:04:05.000Z',
      command: 'npm run conformance:faults',
    });
    assert.deepEqual(first.source, { count: null, command: MEASURED_BY.source });
    writeStrength('benign', figure(16, 16, 'npm run conformance:variants'), file);
    const second = readStrength(file)!;
    assert.deepEqual(second.contract, measured);
    assert.equal(second.benign.count, 16);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
