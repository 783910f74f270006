// `bodies`: a body for each add and update, in the target's names; each stated on its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { op } from '../contract.ts';
import { statedBody, statedBodyFor } from './bodies.ts';
import { assumedFor, parseDialect } from './keys.ts';

test('bodies: each entry stated on its own, read in our names, an update falling back on its add', () => {
  const loaded = parseDialect(
    'bodies: { createGeozone: { name: Nordics } }\nfields: { createGeozone: { title: name } }\nv2Body: data',
  );
  assert.deepEqual([...loaded.stated].sort(), ['bodies.createGeozone', 'fields', 'v2Body']);
  assert.deepEqual(statedBody(loaded.dialect, 'createGeozone'), { title: 'Nordics' });
  assert.deepEqual(statedBodyFor(loaded.dialect, 'updateGeozone'), { title: 'Nordics' });
  assert.equal(statedBodyFor(loaded.dialect, 'createProduct'), undefined);
  assert.equal(assumedFor(loaded, 'createGeozone'), undefined);
  // The add's own decisions, without v2Body's (stated).
  assert.deepEqual(assumedFor(loaded, 'createProduct'), {
    decisions: [...op('createProduct').decision].sort().join(', '),
    keys: 'bodies.createProduct',
  });
  assert.throws(() => parseDialect('bodies: { createNothing: {}, createGeozone: [] }', 'd.yaml'), {
    problems: [
      'd.yaml: bodies.createNothing is not a create or update operation of the document',
      'd.yaml: bodies.createGeozone must be an object (the resource, without a wrapper) (ours: D-01, D-35, D-39)',
    ],
  });
  assert.throws(() => parseDialect('bodies: 3', 'd.yaml'), {
    problems: [
      "d.yaml: bodies must be a map of create and update operationIds to a body object, in the target's own field names",
    ],
  });
});
