// document.ts, and init --from-openapi on the document written for the outside implementation
// (instruments/outside/openapi.yaml, from its README): what it reads, and the dialect drafted from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDialect } from '../lib/dialect.ts';
import { draft } from './cli.ts';
import { documentFacts, InitInputError, readDocument, shapeOf, resolverOf } from './document.ts';
import { todoKeysOf } from './write.ts';

const outside = fileURLToPath(new URL('../../instruments/outside/openapi.yaml', import.meta.url));

test('a schema flattened: $refs followed, allOf merged, 3.0 nullable read as a null type', () => {
  const root = {
    components: {
      schemas: {
        Base: { type: 'object', properties: { id: { type: 'integer', readOnly: true } } },
        Named: {
          allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { name: { type: 'string', nullable: true } } }],
        },
      },
    },
  };
  const s = shapeOf({ $ref: '#/components/schemas/Named' }, resolverOf(root));
  assert.deepEqual(Object.keys(s.properties!), ['id', 'name']);
  assert.deepEqual(s.properties!.name!.types, ['null', 'string']);
  assert.equal(s.properties!.id!.readOnly, true);
  assert.equal(shapeOf({ $ref: 'other.yaml#/X' }, resolverOf(root)).unresolved, 'other.yaml#/X');
});

test('not a document, or no file: one line naming it', () => {
  assert.throws(() => documentFacts({ swagger: '2.0' }, 'old.yaml'), /old\.yaml: not an OpenAPI 3\.0 or 3\.1 document/);
  assert.throws(
    () => readDocument('/nonexistent/x.yaml'),
    (e: Error) => e instanceof InitInputError && /cannot read it \(ENOENT\)/.test(e.message),
  );
  const dir = mkdtempSync(join(tmpdir(), 'init-'));
  writeFileSync(join(dir, 'bad.yaml'), 'a: [');
  assert.throws(() => readDocument(join(dir, 'bad.yaml')), /not YAML or JSON/);
});

test('the outside document read: its operations, scopes, webhook and token URL', () => {
  const d = readDocument(outside);
  assert.equal(d.version, '3.1.0');
  assert.ok(d.operations.some((o) => o.operationId === 'addCarrier' && o.path === '/api/v2/carriers.json'));
  assert.ok(Object.hasOwn(d.scopes, 'people.readonly'));
  assert.equal(d.tokenUrl, '/admin/oauth/token.json');
  assert.deepEqual(
    d.outgoing.map((o) => o.name),
    ['resourceEvent'],
  );
});

test('init --from-openapi on the outside document: a dialect parseDialect reads, each guess with its evidence', async () => {
  const text = await draft({ fromOpenapi: outside });
  const { dialect, stated } = parseDialect(text, 'draft');
  assert.equal(dialect.v2Body, 'none');
  assert.equal(dialect.contactSearchList, '/items');
  assert.equal(dialect.errors, '/error/details');
  assert.deepEqual(dialect.pageParams, { page: 'page[number]', limit: 'page[size]' });
  assert.deepEqual(dialect.statuses, { add: 200, update: 200, delete: 200 });
  assert.equal(dialect.scopes.settings, 'config');
  assert.equal(dialect.events['*/created'], '*/create');
  assert.deepEqual(dialect.deliveries, { event: '/topic', resource: '/object', metadata: '/meta' });
  assert.equal(dialect.shippingServices?.path, '/api/v2/carriers.json');
  assert.equal(dialect.signatures.header, 'x-hook-signature');
  assert.equal(dialect.fields.createProductPrice?.priceExcTax?.name, 'unitPrice');
  assert.match(
    text,
    /# {3}your addPrice has unitPrice \(number or string, "Price of one unit excluding tax;"\) where ours has priceExcTax \(number/,
  );
  // contactBody is ours (contact): left unstated.
  assert.ok(!stated.has('contactBody'));
  assert.match(text, /^# contactBody \(ours: contact; D-11\): the same as ours, so left unstated$/m);
  assert.deepEqual(todoKeysOf(text), []);
});
