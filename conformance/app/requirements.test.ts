// The App suite's requirements are declared well: ids of `app.` and the callback operationIds of the document, areas
// by operation, every basis with what it needs (lib/requirement.ts checks the quotes against the source at load).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appDeclared, declared, sideOf } from '../lib/requirement.ts';
import { callback } from '../lib/callbacks.ts';
import './requirements.ts';

test('every App requirement is app.<callback operationId>.<slug>, in the area of its operation', () => {
  const all = appDeclared();
  assert.ok(all.length >= 15);
  assert.equal(declared().length, 0, 'none is declared as a service requirement');
  for (const d of all) {
    const [app, operation, ...slug] = d.id.split('.');
    assert.equal(app, 'app', d.id);
    assert.equal(sideOf(d.id), 'app');
    assert.equal(callback(operation as never).operationId, operation, d.id);
    assert.equal(d.operation, `app.${operation}`);
    assert.ok(slug.length > 0 && slug.every((s) => /^[a-z][a-z-]*$/.test(s)), d.id);
    assert.equal(d.area, operation === 'calculateShippingRates' ? 'rates' : 'labels', d.id);
  }
});

test('the answers of §2.10 and §2.11 are judged on the source; timing, form, signatures and refusals on decisions', () => {
  const basis = Object.fromEntries(
    appDeclared().map((d) => [d.id.split('.').slice(1).join('.'), `${d.level} ${d.basis}`]),
  );
  for (const id of [
    'calculateShippingRates.rates-types',
    'calculateShippingRates.dispatch-date',
    'createShippingLabel.label-types',
    'createShippingLabel.image',
  ])
    assert.equal(basis[id], 'MUST source', id);
  assert.equal(basis['calculateShippingRates.currency'], 'SHOULD source');
  assert.equal(basis['createShippingLabel.currency'], 'SHOULD source');
  for (const id of [
    'calculateShippingRates.timely',
    'calculateShippingRates.signature',
    'calculateShippingRates.contract',
    'createShippingLabel.unknown-service-code',
  ])
    assert.equal(basis[id], 'MUST decision', id);
});
