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
  assert.deepEqual(c.counts, { right: 3, wrong: 1, todo: 1, missed: 2 });
  assert.deepEqual(c.fieldEntries, { right: 1, total: 2 });
  assert.deepEqual(c.bodies, { drafted: 1, total: 2 });
});
