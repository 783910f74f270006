// The Playwright arguments the fault and variant runners narrow a run with (issue 16, item 2): a requirement left
// out by id, the areas a fault meets first, and the rest of the suite.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { narrowing } from './suite-run.ts';

/** What Playwright matches --grep and --grep-invert against: the title path, then the tags (common/index.js). */
const titles = [
  'conformance createProduct createProduct.lifecycle MUST add, get, update, delete @resources',
  'conformance listProducts listProducts.filter.sku:in MUST sku:in is one of @filters',
  'conformance searchContacts searchContacts.filter.email MUST email equals @contacts',
  'conformance createContact createContact.auth.no-token MUST no token is refused @auth',
];
/** The titles a run with these arguments would select. */
function selected(args: string[]): string[] {
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i < 0 ? undefined : new RegExp(args[i + 1]!);
  };
  const [grep, invert] = [value('--grep'), value('--grep-invert')];
  return titles.filter((t) => (!grep || grep.test(t)) && !invert?.test(t));
}
const ids = (list: string[]) => list.map((t) => t.split(' ')[2]);

test('no argument when nothing is left out', () => {
  assert.deepEqual(narrowing([]), []);
});

test('requirements left out by id, the dots of an id taken literally', () => {
  assert.deepEqual(ids(selected(narrowing(['listProducts.filter.sku:in', 'createProductXlifecycle']))), [
    'createProduct.lifecycle',
    'searchContacts.filter.email',
    'createContact.auth.no-token',
  ]);
});

test('a fault first meets its areas, by tag, not by a word in a title', () => {
  // "filter" appears in the titles of contacts too: only the tag decides.
  assert.deepEqual(ids(selected(narrowing([], { only: ['filters', 'contacts'] }))), [
    'listProducts.filter.sku:in',
    'searchContacts.filter.email',
  ]);
});

test('the rest of the suite is every requirement outside those areas, still without the ones left out', () => {
  const first = narrowing(['createContact.auth.no-token'], { only: ['filters'] });
  const rest = narrowing(['createContact.auth.no-token'], { not: ['filters'] });
  assert.deepEqual(ids(selected(rest)), ['createProduct.lifecycle', 'searchContacts.filter.email']);
  // Together: every requirement but the one left out, each once.
  assert.deepEqual([...ids(selected(first)), ...ids(selected(rest))].sort(), [
    'createProduct.lifecycle',
    'listProducts.filter.sku:in',
    'searchContacts.filter.email',
  ]);
});
