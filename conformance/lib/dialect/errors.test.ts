// `errors` (D-02): where an error answer lists its errors, or none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorsFromTarget } from './errors.ts';
import { CONTRACT_DIALECT, fromTarget, parseDialect } from './keys.ts';

test('errors: a JSON pointer or none, the list read at our `errors` of an error answer', () => {
  assert.equal(CONTRACT_DIALECT.errors, '/errors');
  const nested = parseDialect('errors: /error/details').dialect;
  const body = { error: { details: [{ name: 'sku' }] } };
  assert.deepEqual(fromTarget(nested, 'createProduct', 422, body), { ...body, errors: [{ name: 'sku' }] });
  assert.deepEqual(fromTarget(nested, 'createProduct', 201, body), body);
  assert.deepEqual(errorsFromTarget(parseDialect('errors: none').dialect, { message: 'no' }), {
    message: 'no',
    errors: [],
  });
  assert.throws(() => parseDialect('errors: 3', 'd.yaml'), {
    problems: ['d.yaml: errors must be a JSON pointer (`/errors`) or `none` (ours: D-02)'],
  });
});
