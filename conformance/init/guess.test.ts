// guess/: each key guessed from facts made up here (a document's facts, a probe's answers, a clients file), with
// its evidence, and a TODO where the facts do not tell.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts } from './document.ts';
import {
  arrayPointer,
  guessAll,
  guessContactSearchList,
  guessErrors,
  guessFields,
  guessPageParams,
  guessScopes,
  guessSignatures,
  guessStatuses,
  guessV2Body,
} from './guess/index.ts';
import type { ProbeFacts } from './probe.ts';

const probe = (p: Partial<ProbeFacts>): ProbeFacts => ({ target: 'http://t', lists: {}, ...p });
const doc = (paths: object, extra: object = {}) => documentFacts({ openapi: '3.0.3', paths, ...extra }, 'theirs.yaml');

test('arrayPointer: the first list, breadth first, a list of objects before one of strings', () => {
  assert.equal(arrayPointer({ a: { codes: ['x'] }, items: [{ id: 1 }] }), '/items');
  assert.equal(arrayPointer([{ id: 1 }]), '');
  assert.equal(arrayPointer({ error: { details: [] } }), '/error/details');
  assert.equal(arrayPointer({ message: 'no' }), undefined);
});

test('v2Body and errors from the answer to an empty add: where it points and where it lists', () => {
  const invalid = {
    method: 'POST',
    path: '/api/v2/products.json',
    status: 400,
    body: { error: { details: [{ pointer: '/title' }] } },
  };
  const v2 = guessV2Body({ probe: probe({ invalid }) });
  assert.equal(v2.value, 'none');
  assert.match(v2.evidence[0]!, /names \/title: a field at the body's top/);
  assert.equal(guessErrors({ probe: probe({ invalid }) }).value, '/error/details');
  const ours = { ...invalid, status: 422, body: { errors: [{ name: 'data', ref: 'error.required' }] } };
  assert.deepEqual(
    [guessV2Body({ probe: probe({ invalid: ours }) }).value, guessV2Body({ probe: probe({ invalid: ours }) }).same],
    ['data', true],
  );
  assert.equal(guessErrors({ probe: probe({ invalid: ours }) }).same, true);
});

test('nothing known: a TODO saying what to decide', () => {
  const p = guessV2Body({});
  assert.equal(p.value, undefined);
  assert.match(p.todo!, /data.*none/);
  for (const q of guessAll({})) assert.ok(q.value === undefined || q.same, q.key);
});

test('pageParams from the links a list answers with; contactSearchList from where the search lists', () => {
  const lists = {
    listProducts: {
      method: 'GET',
      path: '/api/v2/products.json',
      status: 200,
      body: { data: [], links: { self: 'http://t/api/v2/products.json?page[number]=1&page[size]=50' } },
    },
    searchContacts: { method: 'GET', path: '/api/contacts/search.json', status: 200, body: { items: [], total: 0 } },
  };
  assert.deepEqual(guessPageParams({ probe: probe({ lists }) }).value, { page: 'page[number]', limit: 'page[size]' });
  assert.equal(guessContactSearchList({ probe: probe({ lists }) }).value, '/items');
});

test("statuses from the document's adds, updates and deletes; only those that differ from ours are stated", () => {
  const one = (status: string) => ({ responses: { [status]: { description: 'ok' } } });
  const d = doc({
    '/api/v2/products.json': { post: one('200') },
    '/api/v2/products/{id}.json': { put: one('200'), delete: one('200') },
  });
  const p = guessStatuses({ doc: d });
  assert.deepEqual(p.value, { add: 200, delete: 200 });
  assert.ok(p.evidence.some((e) => /adds .* answer 200/.test(e)));
});

test("scopes: a clients file's one-scope role names ours and holds theirs", () => {
  const p = guessScopes({
    clients: { 'scope:settings': { scopes: ['config'] }, 'scope:products': { scopes: ['products'] } },
    probe: probe({
      token: {
        method: 'POST',
        path: '/t',
        status: 200,
        scopes: [
          'config',
          'products',
          'contacts',
          'contacts.readonly',
          'settings.readonly',
          'shipping',
          'shipping.readonly',
        ],
      },
    }),
  });
  assert.deepEqual(p.value, { settings: 'config' });
  assert.equal(p.entries!.settings![0], "your clients file's scope:settings holds config alone");
});

test('fields: a renamed field, a nested one and a list plucked, each with its evidence', () => {
  const d = doc({
    '/api/v2/roles.json': {
      post: {
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  reference: { type: 'string' },
                  label: { type: 'string', description: "The role's name." },
                  grantPolicy: {
                    type: 'object',
                    properties: {
                      emailVerification: { type: 'boolean', description: 'A grant waits for email verification.' },
                    },
                  },
                },
              },
            },
          },
        },
        responses: {},
      },
    },
    '/api/v2/geozones.json': {
      post: {
        requestBody: {
          content: {
            'application/json': {
              schema: { properties: { name: { type: 'string' }, areas: { type: 'array', items: { type: 'string' } } } },
            },
          },
        },
        responses: {},
      },
    },
  });
  const fields = Object.fromEntries(guessFields({ doc: d }).map((p) => [p.key, p]));
  assert.deepEqual(fields['fields.createAccessRole']!.value, {
    title: 'label',
    requiresVerification: 'grantPolicy/emailVerification',
  });
  assert.match(
    fields['fields.createAccessRole']!.entries!.title![0]!,
    /your POST \/api\/v2\/roles\.json has label \(string, "The role's name\."\) where ours has title/,
  );
  assert.deepEqual(fields['fields.createGeozone']!.value, {
    title: 'name',
    countries: { name: 'areas', pluck: 'countryCode' },
  });
});

test('signatures from the headers and words of their webhook', () => {
  const d = documentFacts(
    {
      openapi: '3.1.0',
      paths: {},
      webhooks: {
        event: {
          post: {
            description: 'Signed: X-Sig is "v1=" and the hex HMAC-SHA256 of "<X-Msg-Id>.<X-Msg-Timestamp>.<body>".',
            parameters: [
              { name: 'X-Msg-Id', in: 'header' },
              { name: 'X-Msg-Timestamp', in: 'header' },
              { name: 'X-Sig', in: 'header', description: 'The signature' },
            ],
            requestBody: {
              content: { 'application/json': { schema: { type: 'object', properties: { type: { type: 'string' } } } } },
            },
          },
        },
      },
    },
    'theirs.yaml',
  );
  assert.deepEqual(guessSignatures({ doc: d }).value, {
    header: 'x-sig',
    signs: 'id.timestamp.body',
    id: 'x-msg-id',
    timestamp: 'x-msg-timestamp',
    encoding: 'hex',
    prefix: 'v1=',
  });
});
