// The round trip by construction (D-09): every property a resource is returned with is a property of the body that
// writes it, writable or marked readOnly, so an object read can be sent back whole; and the server's answers never
// carry a field its write body does not know. The suite checks the same against a running target
// (`update<Resource>.round-trip`); this test keeps the document itself from drifting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deref, doc, type Schema } from './contract.ts';

const schemas = doc.components.schemas as Record<string, Schema>;
/** Properties of a schema, through `allOf` parts that refer to other schemas. */
const propertiesOf = (s: Schema): string[] => [
  ...Object.keys(s.properties ?? {}),
  ...(s.allOf ?? []).flatMap((p) => (p.$ref ? propertiesOf(deref<Schema>(p)) : [])),
];

/** Each returned schema and the body schemas that write it: `XInput`, and the update-only bodies. */
const writers: [string, string][] = [
  ...Object.keys(schemas)
    .filter((n) => schemas[`${n}Input`])
    .map((n): [string, string] => [n, `${n}Input`]),
  ['ProductSpecification', 'ProductSpecificationUpdate'],
];

test('the round trip pairs are found', () => {
  assert.ok(writers.length >= 14, `only ${writers.length}: ${writers.map(([r]) => r).join(', ')}`);
  for (const n of ['Product', 'Contact', 'ShippingService', 'Webhook'])
    assert.ok(
      writers.some(([r]) => r === n),
      n,
    );
});

for (const [resource, input] of writers) {
  test(`${input} accepts every property of ${resource} as returned (writable or readOnly)`, () => {
    const accepted = new Set(propertiesOf(schemas[input]!));
    const missing = propertiesOf(schemas[resource]!).filter((k) => !accepted.has(k));
    assert.deepEqual(
      missing,
      [],
      `${resource} returns ${missing.join(', ')}, which ${input} would refuse as unknown (D-09)`,
    );
  });
}
