// `fields`: the target's names and shapes for our fields, by resource, both ways.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decisionsOf } from './core.ts';
import { resourceFromTarget, resourceToTarget, toldThrough } from './fields.ts';
import { CONTRACT_DIALECT, fromTarget, parseDialect, toTarget } from './keys.ts';

test('fields: renamed, nested and plucked, for the add, the update, the get and the list of the resource', () => {
  const d = parseDialect(
    'fields: { createGeozone: { title: name, countries: { name: countryCodes, pluck: countryCode } }, createAccessRole: { requiresVerification: rules/verification } }',
  ).dialect;
  const ours = { title: 'Nordics', countries: [{ countryCode: 'SE' }] };
  const theirs = { name: 'Nordics', countryCodes: ['SE'] };
  assert.deepEqual(resourceToTarget(d, 'createGeozone', ours), theirs);
  assert.deepEqual(resourceFromTarget(d, 'createGeozone', theirs), ours);
  assert.deepEqual(toTarget(d, 'updateGeozone', { data: ours }), { data: theirs });
  assert.deepEqual(fromTarget(d, 'listGeozones', 200, { data: [theirs] }), { data: [ours] });
  assert.deepEqual(toTarget(d, 'createAccessRole', { data: { requiresVerification: true } }), {
    data: { rules: { verification: true } },
  });
  // Another resource, an error, and our own dialect: as they came.
  assert.deepEqual(fromTarget(d, 'listProducts', 200, { data: [{ name: 'x' }] }), { data: [{ name: 'x' }] });
  assert.deepEqual(fromTarget(d, 'getGeozone', 404, { data: theirs }), { data: theirs });
  assert.deepEqual(fromTarget(CONTRACT_DIALECT, 'getGeozone', 200, { data: theirs }), { data: theirs });
  assert.throws(() => parseDialect('fields: { createNothing: {}, createGeozone: 3, createRedirect: { path: {} } }'), {
    problems: [
      'dialect: fields.createNothing is not a create operation of the document',
      "dialect: fields.createGeozone must map our field names to the target's (ours: D-01, D-35, D-39)",
      `dialect: fields.createRedirect.path must be the target's name, or { name, pluck } (an array of objects as one key's values) (ours: ${decisionsOf('createRedirect')})`,
    ],
  });
});

test("fields: what a resource keeps through the target's names is what it was told (a pluck keeps one key)", () => {
  const d = parseDialect(
    'fields: { createGeozone: { title: name, countries: { name: areas, pluck: countryCode } } }',
  ).dialect;
  const ours = { title: 'Nordics', countries: [{ countryCode: 'SE', regions: ['Skåne'] }, { countryCode: 'NO' }] };
  assert.deepEqual(toldThrough(d, 'createGeozone', ours), {
    title: 'Nordics',
    countries: [{ countryCode: 'SE' }, { countryCode: 'NO' }],
  });
  assert.deepEqual(toldThrough(CONTRACT_DIALECT, 'createGeozone', ours), ours);
});
