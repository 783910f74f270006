// `statuses` (D-01, D-04): the success status of each write.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTRACT_DIALECT, parseDialect } from './keys.ts';

test('statuses: add, update and delete to a 2xx status, the others ours', () => {
  assert.deepEqual(CONTRACT_DIALECT.statuses, { add: 201, update: 200, delete: 204 });
  assert.deepEqual(parseDialect('statuses: { delete: 200 }').dialect.statuses, { add: 201, update: 200, delete: 200 });
  for (const bad of ['statuses: { add: 301 }', 'statuses: { post: 200 }', 'statuses: 200'])
    assert.throws(() => parseDialect(bad, 'd.yaml'), {
      problems: ['d.yaml: statuses must be a map of add, update and delete to a 2xx status (ours: D-01)'],
    });
});
