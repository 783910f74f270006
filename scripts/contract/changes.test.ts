import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changelogEntry, compare, fieldOf, judge, nextVersion, parseAcceptances, type Change } from './changes.ts';

const doc = (product: object, params: object[] = [], statuses = ['200', '404']) => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1.0.0' },
  paths: {
    '/p/{id}': {
      get: {
        operationId: 'getP',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, ...params],
        responses: Object.fromEntries(
          statuses.map((s) => [
            s,
            { description: s, content: { 'application/json': { schema: { $ref: '#/components/schemas/P' } } } },
          ]),
        ),
      },
    },
  },
  components: { schemas: { P: product } },
});
const P = {
  type: 'object',
  properties: { a: { type: 'string', enum: ['x', 'y', 'z'] }, b: { type: 'integer' } },
};
const rules = (cs: Change[]) => cs.map((c) => `${c.level} ${c.rule} ${c.location}`);

test('the rules the library lacks or classifies otherwise: type changed, enum narrowed, status removed, parameter', () => {
  const after = doc(
    { type: 'object', properties: { a: { type: 'string', enum: ['x', 'y'] }, b: { type: 'string' } } },
    [{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }],
    ['200'],
  );
  assert.deepEqual(rules(compare(doc(P), after)).sort(), [
    'breaking request-parameter-added-required GET /p/{id} parameter query q',
    'breaking response-enum-value-removed GET /p/{id} response 200 a',
    'breaking response-status-removed GET /p/{id} response 404',
    'breaking response-type-changed GET /p/{id} response 200 b',
  ]);
});

test('a removed property is one change, not also "became optional"', () => {
  const before = doc({ ...P, required: ['a', 'b'] }, [], ['200']);
  const after = doc({ type: 'object', required: ['a'], properties: { a: P.properties.a } }, [], ['200']);
  assert.deepEqual(rules(compare(before, after)), ['breaking response-property-removed GET /p/{id} response 200 b']);
});

test('fields, acceptances (with *), stale acceptances, versions and the changelog', () => {
  assert.equal(fieldOf(['properties', 'data', 'items', 'allOf', 0, 'properties', 'sku', 'maxLength']), 'data[].sku');
  const c: Change = {
    rule: 'response-property-removed',
    level: 'breaking',
    location: 'GET /x response 200 data.sku',
    path: [],
    description: '',
  };
  const accepted = parseAcceptances(
    '- rule: response-property-removed\n  location: GET /x response * data.sku\n  reason: gone\n',
    'f',
  );
  assert.deepEqual(judge([c], accepted), {
    unaccepted: [],
    accepted: [{ change: c, reason: 'gone' }],
    stale: [],
    passed: true,
  });
  assert.equal(judge([], accepted).passed, false);
  assert.equal(judge([c], []).unaccepted.length, 1);
  assert.throws(() => parseAcceptances('- rule: x\n', 'f.yaml'), /f\.yaml: entry 1: location, reason missing/);
  assert.throws(() => parseAcceptances('{a: 1}', 'f.yaml'), /expected a list/);
  assert.equal(nextVersion('1.2.3', [c]), '2.0.0');
  assert.equal(nextVersion('1.2.3', [{ ...c, rule: 'response-property-added', level: 'info' }]), '1.3.0');
  assert.equal(nextVersion('1.2.3', []), '1.2.4');
  assert.throws(() => nextVersion('v1', []), /not MAJOR\.MINOR\.PATCH/);
  assert.match(
    changelogEntry('2.0.0', '2026-01-01', [c], accepted),
    /## 2\.0\.0 — 2026-01-01\n\n### Breaking\n\n- `response-property-removed` GET \/x response 200 data\.sku — gone/,
  );
});
