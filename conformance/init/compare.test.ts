// compare.ts: a draft against a hand-written dialect, key by key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareDialects } from './compare.ts';

test('right, wrong, TODO and missed, fields by operation, bodies counted apart', () => {
  const draft = [
    'v2Body: none',
    'errors: /problems',
    '# TODO statuses: the success statuses',
    '# contactBody (ours: contact; D-11): the same as ours, so left unstated',
    'fields: { createGeozone: { title: name } }',
    'bodies: { createGeozone: { name: Nordics } }',
  ].join('\n');
  const key = [
    'v2Body: none',
    'errors: /error/details',
    'statuses: { add: 200 }',
    'contactBody: contact',
    'pageParams: { page: p }',
    'fields: { createGeozone: { title: name }, createSpecification: { title: name } }',
    'bodies: { createGeozone: { name: Zone }, createProduct: { title: T } }',
  ].join('\n');
  const c = compareDialects(draft, key);
  assert.deepEqual(Object.fromEntries(c.rows.map((r) => [r.key, r.verdict])), {
    contactBody: 'right',
    errors: 'wrong',
    'fields.createGeozone': 'right',
    'fields.createSpecification': 'missed',
    pageParams: 'missed',
    statuses: 'todo',
    v2Body: 'right',
  });
  assert.deepEqual(c.counts, { right: 3, more: 0, fewer: 0, wrong: 1, extra: 0, todo: 1, missed: 2 });
  assert.deepEqual(c.fieldEntries, { right: 1, total: 2 });
  assert.deepEqual(c.bodies, { drafted: 1, total: 2 });
});

test('field maps by entry: our own names state nothing; more, fewer, at odds; a key the hand-written one leaves out', () => {
  const draft = [
    'fields:',
    '  createShippingService: { title: name }',
    '  createProductPrice: { priceExcTax: unitPrice, startOn: startsOn }',
    '  createSpecification: { title: label }',
    '  createAccessRole: { title: label }',
    '  createProductSpecification: { value: valueText }',
  ].join('\n');
  const key = [
    'fields:',
    '  createShippingService: { title: name, ratesUrl: ratesUrl }',
    '  createProductPrice: { priceExcTax: unitPrice }',
    '  createSpecification: { title: name }',
    '  createAccessRole: { title: label, requiresApproval: grantPolicy/manualApproval }',
  ].join('\n');
  const c = compareDialects(draft, key);
  assert.deepEqual(Object.fromEntries(c.rows.map((r) => [r.key, r.verdict])), {
    'fields.createAccessRole': 'fewer',
    'fields.createProductPrice': 'more',
    'fields.createProductSpecification': 'extra',
    'fields.createShippingService': 'right',
    'fields.createSpecification': 'wrong',
  });
  assert.deepEqual(c.fieldEntries, { right: 3, total: 5 });
});
