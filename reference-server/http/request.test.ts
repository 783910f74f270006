// Reading a request (shared/request.ts): the body's media type and encoding (D-66), the token endpoint's answer to a body
// it cannot read (D-67), prototype keys in the query (D-41); each found by the fuzzer (robustness/README.md).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { ApiError } from '../../shared/errors.ts';
import { start } from '../testing.ts';
import { readBody, readQuery } from '../../shared/request.ts';

const JSON_ONLY = ['application/json'];
const TOKEN = ['application/x-www-form-urlencoded', 'application/json'];
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
const refused = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    assert.ok(err instanceof ApiError);
    return [err.status, err.errors[0]!.ref];
  }
  return undefined;
};

test('D-41: every query key is the query`s own, __proto__ and constructor included', () => {
  const q = readQuery(new URLSearchParams('__proto__=x&constructor=y&toString=z&limit=1&limit=2'));
  assert.deepEqual(Object.keys(q), ['__proto__', 'constructor', 'toString', 'limit']);
  assert.equal(q.constructor, 'y');
  assert.deepEqual(q.limit, ['1', '2']);
  assert.equal(Object.getPrototypeOf(q), null);
  assert.equal(({} as { polluted?: unknown }).polluted, undefined);
});

test('D-66: only the media types the operation lists; +json ones and none are 415', () => {
  const body = bytes('{"data":{}}');
  assert.deepEqual(readBody(body, 'application/json', JSON_ONLY).json, { data: {} });
  assert.deepEqual(readBody(body, 'APPLICATION/JSON; charset="utf-8"', JSON_ONLY).json, { data: {} });
  for (const type of ['application/merge-patch+json', 'application/vnd.api+json', 'text/plain', '', undefined])
    assert.deepEqual(
      refused(() => readBody(body, type, JSON_ONLY)),
      [415, 'error.unsupported-media-type'],
      String(type),
    );
  assert.deepEqual(
    refused(() => readBody(bytes('a=b'), 'application/x-www-form-urlencoded', JSON_ONLY)),
    [415, 'error.unsupported-media-type'],
  );
});

test('D-66: bytes that are not UTF-8 are 400 malformed-json, whatever the charset says; a BOM too', () => {
  for (const bad of [[0xff, 0xfe], [0xc3, 0x28], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe9]])
    for (const type of ['application/json', 'application/json; charset=iso-8859-1'])
      assert.deepEqual(
        refused(() => readBody(bytes('{"data":{"title":"a', bad, '"}}'), type, JSON_ONLY)),
        [400, 'error.malformed-json'],
        `${bad} ${type}`,
      );
  assert.deepEqual(
    refused(() => readBody(bytes([0xef, 0xbb, 0xbf], '{}'), 'application/json', JSON_ONLY)),
    [400, 'error.malformed-json'],
  );
  assert.deepEqual(
    refused(() => readBody(bytes('grant_type=a', [0xff]), 'application/x-www-form-urlencoded', TOKEN)),
    [400, 'error.malformed-json'],
  );
  // Valid UTF-8 outside ASCII passes, declared Latin-1 or not (RFC 8259 §11: the parameter has no effect).
  assert.deepEqual(readBody(bytes('{"t":"é😀"}'), 'application/json; charset=iso-8859-1', JSON_ONLY).json, {
    t: 'é😀',
  });
});

test('D-06: a form, its JSON twin, and an empty body without a media type at the token endpoint', () => {
  assert.equal(
    readBody(bytes('grant_type=x&__proto__=y'), 'application/x-www-form-urlencoded', TOKEN).form.__proto__,
    'y',
  );
  assert.deepEqual(
    { ...readBody(bytes('{"grant_type":"x","n":1}'), 'application/json', TOKEN).form },
    { grant_type: 'x' },
  );
  assert.deepEqual({ ...readBody(new Uint8Array(0), undefined, TOKEN).form }, {});
});

let server: Awaited<ReturnType<typeof start>>;
before(async () => {
  server = await start();
});
after(() => server.stop());

const post = async (path: string, body: Uint8Array | string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.base}${path}`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const envelope = (status: number, ref: string) => ({ success: false, status, context: 'request', ref });
const shape = (r: { status: number; body: Record<string, unknown> }) => ({
  success: r.body.success,
  status: r.status,
  context: r.body.context,
  ref: (r.body.errors as { ref: string }[] | undefined)?.[0]?.ref,
});

test('D-66 over HTTP: merge-patch+json is 415, bytes that are not UTF-8 are 400; a gzip body is read', async () => {
  const before = (await server.call('GET', '/api/v2/roles.json')).body.pagination.total;
  const auth = { authorization: (await token()).header };
  const role = JSON.stringify({ data: { reference: 'fuzzed', title: 'Fuzzed' } });
  assert.deepEqual(
    shape(await post('/api/v2/roles.json', role, { ...auth, 'content-type': 'application/merge-patch+json' })),
    envelope(415, 'error.unsupported-media-type'),
  );
  const latin1 = Buffer.from(JSON.stringify({ data: { reference: 'fuzzed', title: 'Fuzzé' } }), 'latin1');
  assert.deepEqual(
    shape(
      await post('/api/v2/roles.json', latin1, { ...auth, 'content-type': 'application/json; charset=iso-8859-1' }),
    ),
    envelope(400, 'error.malformed-json'),
  );
  assert.deepEqual(
    shape(
      await post('/api/v2/roles.json', role, { ...auth, 'content-type': 'application/json', 'content-encoding': 'x' }),
    ),
    envelope(415, 'error.unsupported-media-type'),
  );
  // A compressed body the reader knows is read (Express's body reader inflates gzip).
  const gz = await post('/api/v2/roles.json', gzipSync(role), {
    ...auth,
    'content-type': 'application/json',
    'content-encoding': 'gzip',
  });
  assert.equal(gz.status, 201);
  assert.equal((await server.call('GET', '/api/v2/roles.json')).body.pagination.total, before + 1);
});

test('D-67 over HTTP: the token endpoint answers 400 invalid_request to a body it cannot read', async () => {
  const form = 'grant_type=client_credentials&client_id=conformance-full&client_secret=conformance-full-secret';
  for (const [type, body] of [
    [undefined, form],
    ['', form],
    ['text/plain', form],
    ['multipart/form-data; boundary=x', form],
    ['application/merge-patch+json', '{"grant_type":"client_credentials"}'],
    ['application/x-www-form-urlencoded', bytes(form, [0xff])],
    ['application/json', '{"grant_type":'],
    ['application/json', `{"grant_type":"${'a'.repeat(1024 * 1024)}"}`],
  ] as [string | undefined, string | Uint8Array][]) {
    for (const path of ['/admin/oauth/token.json', '/admin/oauth/token']) {
      const res = await post(path, body, type === undefined ? {} : { 'content-type': type });
      assert.equal(res.status, 400, `${type} ${path}`);
      assert.equal(res.body.error, 'invalid_request', `${type} ${path}`);
      assert.equal(typeof res.body.error_description, 'string');
    }
  }
  // Without a body and a media type, it still answers what is missing (D-06).
  const empty = await post('/admin/oauth/token.json', '');
  assert.deepEqual([empty.status, empty.body.error], [400, 'invalid_request']);
});

test('D-41 over HTTP: ?__proto__= and ?constructor= are unknown parameters (422), never ignored', async () => {
  for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '__proto__[polluted]']) {
    const res = await server.call('GET', `/api/v2/products.json?${encodeURIComponent(key)}=x`);
    assert.equal(res.status, 422, key);
    assert.deepEqual(res.body.errors, [
      { name: key, message: 'is not a parameter of this operation', ref: 'error.unknown-parameter' },
    ]);
  }
  assert.equal((await server.call('GET', '/api/v2/products.json?limit=1')).status, 200);
});

async function token() {
  const res = await post(
    '/admin/oauth/token.json',
    'grant_type=client_credentials&client_id=conformance-full&client_secret=conformance-full-secret',
    { 'content-type': 'application/x-www-form-urlencoded' },
  );
  return { header: `Bearer ${res.body.access_token as string}` };
}
