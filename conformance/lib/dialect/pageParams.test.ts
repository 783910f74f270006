// `pageParams` (D-03): the target's names of the page and its size; our names refused, unstated.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assumedChoice, CONTRACT_DIALECT, parseDialect } from './keys.ts';
import { queryToTarget } from './pageParams.ts';

test('pageParams: the query renamed; a refusal of ours, unstated, is a choice the target made otherwise', () => {
  const loaded = parseDialect("pageParams: { page: 'page[number]' }");
  assert.deepEqual(loaded.dialect.pageParams, { page: 'page[number]', limit: 'limit' });
  assert.deepEqual(queryToTarget(loaded.dialect, { page: 2, limit: 5 }), { 'page[number]': 2, limit: 5 });
  assert.deepEqual(queryToTarget(CONTRACT_DIALECT, { page: 2 }), { page: 2 });
  const ours = { dialect: CONTRACT_DIALECT, stated: new Set<string>() };
  assert.deepEqual(assumedChoice(ours, 'listProducts', { query: { page: 2, limit: 5 } }, 422), {
    key: 'pageParams',
    reason:
      "needs D-03: listProducts refused (422) our page and limit parameter; state the target's names in the dialect as pageParams",
  });
  assert.equal(assumedChoice(loaded, 'listProducts', { query: { page: 2 } }, 400), undefined);
  assert.equal(assumedChoice(ours, 'listProducts', { query: { sku: 'A' } }, 400), undefined);
  assert.throws(() => parseDialect('pageParams: { offset: start }', 'd.yaml'), {
    problems: ['d.yaml: pageParams must be a map of page and limit to query parameter names (ours: D-03)'],
  });
});
