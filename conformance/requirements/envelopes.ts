// Envelopes and status codes (§2.1, §7, D-01..D-04, D-48) for every operation of the document: lists answer
// the list envelope, unknown ids the 404 error envelope, broken rules the 422 error envelope naming the field.
// Basis: the list envelope is the source's (§2.1), a 404 for what does not exist is HTTP's (RFC 9110);
// the error envelope and the status codes of D-02 and D-48 are decisions, each in a requirement of its own.
import { expect, requirement } from '../lib/requirement.ts';
import { errorNames, errorsOf, expectNotFound } from '../lib/expectations.ts';
import { operations } from '../lib/contract.ts';
import { config } from '../lib/config.ts';
import { anyBody, exampleOf, paramsFor, wrapperOf } from '../lib/fixtures.ts';
import type { Api, ApiResponse } from '../lib/api.ts';

const served = operations.filter((o) => o.security);
const lists = served.filter(
  (o) =>
    o.operationId.startsWith('list') &&
    o.responses['200'] &&
    JSON.stringify(o.responses['200']).includes('ListEnvelope'),
);
const byId = served.filter((o) => /\{(id|mediaId)\}/.test(o.path));
const withBody = served.filter((o) => o.requestExample);

/** The methods an operation of the document may have, and PATCH, which none has. */
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];
/** A path template as a regular expression (a parameter is one segment, without `/`). */
const templateRegex = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);
/**
 * Every literal path of the document that a template also matches (`/api/contacts/search.json` and
 * `/api/contacts/{id}.json`), with its own methods: OpenAPI 3.1 matches the concrete path first, so it is the target
 * resource of every method, those it lacks included.
 */
const byPath = new Map<string, typeof served>(); // Map.groupBy is Node 21+; the installed suite runs on Node 20
for (const o of served) byPath.set(o.path, [...(byPath.get(o.path) ?? []), o]);
const shadowedLiterals = [...byPath]
  .filter(
    ([path]) => !path.includes('{') && served.some((t) => t.path.includes('{') && templateRegex(t.path).test(path)),
  )
  .map(([path, ops]) => ({ path, ops, methods: ops.map((o) => o.method) }));

/** JSON text nesting arrays `depth` levels deep inside the body's wrapper, past D-64's 32 whatever the wrapper adds. */
const nested = (key: string, depth = 40) => `{"${key}": {"x": ${'['.repeat(depth)}${']'.repeat(depth)}}}`;
/** The operation's example body, with its first string value ending in "é" written in ISO-8859-1 (not UTF-8). */
function latin1Body(operationId: string): Buffer {
  const json = JSON.stringify(exampleOf(operationId));
  const changed = json.replace(/"((?:[^"\\]|\\.)*)"(?=[,}\]])/, '"$1é"');
  return Buffer.from(changed === json ? json.replace(/^\{"/, '{"é') : changed, 'latin1');
}
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Request bodies an operation cannot read, each refused in the error envelope (D-02): in a media type it does not
 * list, a `+json` one or none at all (415, D-66; RFC 9110 §15.5.16's code), bytes that are not UTF-8 or a leading
 * byte order mark (400, D-66; RFC 8259 §8.1 lets a parser refuse both), nesting past 32 levels (400, D-64). The
 * example body otherwise, so that the way it is sent is the only thing wrong with it.
 */
const unreadableBodies: {
  slug: string;
  title: string;
  status: number;
  source: string[];
  raw: (operationId: string, key: string) => { text: string | Uint8Array; contentType?: string };
}[] = [
  {
    slug: 'content-type.merge-patch',
    title: 'answers 415 in the error envelope to JSON sent as application/merge-patch+json',
    status: 415,
    source: ['D-66', 'D-02'],
    raw: (id) => ({ text: JSON.stringify(exampleOf(id)), contentType: 'application/merge-patch+json' }),
  },
  {
    slug: 'content-type.missing',
    title: 'answers 415 in the error envelope to a JSON body sent without Content-Type',
    status: 415,
    source: ['D-66', 'D-02'],
    raw: (id) => ({ text: JSON.stringify(exampleOf(id)) }),
  },
  {
    slug: 'not-utf8',
    title: 'answers 400 in the error envelope to a JSON body whose bytes are not UTF-8, whatever its charset says',
    status: 400,
    source: ['D-66', 'D-02'],
    raw: (id) => ({ text: latin1Body(id), contentType: 'application/json; charset=iso-8859-1' }),
  },
  {
    slug: 'byte-order-mark',
    title: 'answers 400 in the error envelope to a JSON body that starts with a byte order mark',
    status: 400,
    source: ['D-66', 'D-02'],
    raw: (id) => ({
      text: Buffer.concat([BOM, Buffer.from(JSON.stringify(exampleOf(id)))]),
      contentType: 'application/json',
    }),
  },
  {
    slug: 'too-deep',
    title: 'answers 400 in the error envelope to JSON nested deeper than 32 levels',
    status: 400,
    source: ['D-64', 'D-02'],
    raw: (_, key) => ({ text: nested(key), contentType: 'application/json' }),
  },
];
/** D-64: more query parameters than a request may carry (a repeated key counts each time). */
const MAX_QUERY_PARAMETERS = 100;
/** D-64: the request line and headers together may take 16 KiB; the padding header alone is past it. */
const HEADER_LIMIT_BYTES = 16 * 1024;

function expectErrorEnvelope(res: ApiResponse, status: number) {
  expect(res.status).toBe(status);
  expect(res.body, res.text.slice(0, 300)).toMatchObject({ success: false, status });
  expect(errorsOf(res).length, `the errors listed in ${res.text.slice(0, 300)}`).toBeGreaterThan(0);
}

for (const o of lists) {
  requirement(`${o.operationId}.envelope`, '§2.1 §7', {
    quote: 'List (search) response envelope (all v2 list endpoints)',
  }).test('answers the list envelope: success, status 200, data, pagination, links', async ({ api }) => {
    const res = await api.untyped(o.operationId, { params: await paramsFor(api, o.operationId) });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    // §2.1's fields, each present; more than those is not the source's to forbid (our contract's schema is).
    expect(res.body).toMatchObject({
      success: true,
      status: 200,
      data: expect.any(Array),
      pagination: expect.any(Object),
      links: expect.any(Object),
    });
    for (const k of ['page', 'limit', 'total', 'totalPages'])
      expect(res.body.pagination, 'pagination').toHaveProperty(k);
    for (const k of ['self', 'previous', 'next']) expect(res.body.links, 'links').toHaveProperty(k);
  });
  requirement(`${o.operationId}.page-zero`, 'D-03 D-02').test(
    'rejects page=0 with 422 naming page',
    async ({ api }) => {
      const res = await api.untyped(o.operationId, {
        params: await paramsFor(api, o.operationId),
        query: { page: 0 },
      });
      expectErrorEnvelope(res, 422);
      expect(errorNames(res)).toContain('page');
    },
  );
  requirement(`${o.operationId}.unknown-parameter`, 'D-41', { level: 'SHOULD' })
    .test('rejects an unknown query parameter with 422 instead of ignoring it', async ({ api }) => {
      const res = await api.untyped(o.operationId, {
        params: await paramsFor(api, o.operationId),
        query: { 'id:mim': 1 },
      });
      expectErrorEnvelope(res, 422);
    })
    // A query read into a plain object loses `__proto__` (it sets the prototype) and finds `constructor` inherited.
    .twin('prototype-keys', 'D-41', { level: 'SHOULD' })
    .test(
      'rejects `__proto__` and `constructor` as query keys with 422 naming them, like any unknown parameter',
      async ({ api }) => {
        const params = await paramsFor(api, o.operationId);
        for (const name of ['__proto__', 'constructor']) {
          const res = await api.untyped(o.operationId, { params, query: { [name]: 1 } });
          expectErrorEnvelope(res, 422);
          expect(errorNames(res)).toContain(name);
        }
      },
    );
  requirement(`${o.operationId}.too-many-parameters`, 'D-64 D-02').test(
    `rejects more than ${MAX_QUERY_PARAMETERS} query parameters with 422 naming query, before reading them`,
    async ({ api }) => {
      const url = api.url(o.operationId, await paramsFor(api, o.operationId));
      const query = Array.from({ length: MAX_QUERY_PARAMETERS + 1 }, () => 'page=1').join('&');
      const res = await api.send(o.method, `${url}?${query}`);
      expectErrorEnvelope(res, 422);
      expect(errorNames(res)).toContain('query');
    },
  );
}

for (const o of byId) {
  requirement(`${o.operationId}.not-found`, '§4', { standard: 'RFC 9110 §15.5.5' })
    .test(`${o.method} of an unknown id answers 404`, async ({ api }) => {
      expectNotFound(
        await api.untyped(o.operationId, {
          params: await paramsFor(api, o.operationId, 987654321),
          body: anyBody(api, o.operationId),
        }),
        'an unknown id',
      );
    })
    .twin('envelope', '§7 D-04 D-02')
    .test(`${o.method} of an unknown id answers 404 in the error envelope`, async ({ api }) => {
      const res = await api.untyped(o.operationId, {
        params: await paramsFor(api, o.operationId, 987654321),
        body: anyBody(api, o.operationId),
      });
      expectErrorEnvelope(res, 404);
    });
}

for (const o of withBody) {
  const key = wrapperOf(o.operationId);
  requirement(`${o.operationId}.malformed-json`, 'D-02 D-48').test(
    'answers 400 in the error envelope to malformed JSON',
    async ({ api }) => {
      const res = await api.untyped(o.operationId, {
        params: await paramsFor(api, o.operationId, 1),
        raw: { text: `{"${key}": {`, contentType: 'application/json' },
      });
      expectErrorEnvelope(res, 400);
    },
  );
  requirement(`${o.operationId}.content-type`, 'D-02 D-48').test(
    'answers 415 to a body that is not JSON',
    async ({ api }) => {
      const res = await api.untyped(o.operationId, {
        params: await paramsFor(api, o.operationId, 1),
        raw: { text: 'a=b', contentType: 'text/plain' },
      });
      expectErrorEnvelope(res, 415);
    },
  );
  for (const u of unreadableBodies)
    requirement(`${o.operationId}.${u.slug}`, u.source).test(u.title, async ({ api }) => {
      const res = await api.untyped(o.operationId, {
        params: await paramsFor(api, o.operationId, 1),
        raw: u.raw(o.operationId, key),
      });
      expectErrorEnvelope(res, u.status);
    });
  requirement(`${o.operationId}.unknown-field`, 'D-09 D-02').test(
    'rejects an unknown field with 422 naming it',
    async ({ api }) => {
      const body = { [key]: { ...exampleOf(o.operationId)[key], notAField: 1 } };
      const res = await api.untyped(o.operationId, { params: await paramsFor(api, o.operationId, 1), body });
      if (res.status === 404) return; // the item of an update does not exist; the create and parent forms check the field
      expectErrorEnvelope(res, 422);
      expect(errorNames(res)).toContain(`${key}.notAField`);
    },
  );
  requirement(`${o.operationId}.too-large`, 'D-48').test('answers 413 to a body over 1 MiB', async ({ api }) => {
    const res = await api.untyped(o.operationId, {
      params: await paramsFor(api, o.operationId, 1),
      raw: { text: `{"${key}": {"x": "${'a'.repeat(1024 * 1024 + 10)}"}}`, contentType: 'application/json' },
    });
    expectErrorEnvelope(res, 413);
  });
}

requirement('routing.unknown-route', '§9', { standard: 'RFC 9110 §15.5.5' })
  .test('an unknown route answers 404', async ({ api }) => {
    expectNotFound(await api.send('GET', `${config.targetUrl}/api/v2/no-such-resource.json`), 'an unknown route');
  })
  .twin('envelope', 'D-48 D-02')
  .test('an unknown route answers 404 in the error envelope', async ({ api }) => {
    expectErrorEnvelope(await api.send('GET', `${config.targetUrl}/api/v2/no-such-resource.json`), 404);
  });
// Answered by the HTTP layer, before any route is found: no envelope (D-64).
requirement('routing.headers-too-large', 'D-64').test('answers 431 to request headers over 16 KiB', async ({ api }) => {
  const res = await api.send('GET', api.url('listProducts'), {
    headers: { 'x-conformance-padding': 'a'.repeat(HEADER_LIMIT_BYTES + 1024) },
  });
  expect(res.status, res.text.slice(0, 200)).toBe(431);
});
requirement('routing.wrong-method', 'D-48 D-02').test(
  'a known path with another method answers 405 with Allow',
  async ({ api }) => {
    const res = await api.send('PATCH', `${config.targetUrl}/api/v2/products.json`);
    expectErrorEnvelope(res, 405);
    expect(res.headers.allow ?? '').toContain('GET');
  },
);

// A method a literal path lacks is its own 405, never the operation of a template that also matches the path.
for (const { path, ops, methods } of shadowedLiterals)
  for (const method of METHODS.filter((m) => !methods.includes(m))) {
    const id = `${ops[0]!.operationId}.method-not-allowed.${method.toLowerCase()}`;
    const send = (api: Api) =>
      api.send(method, `${config.targetUrl}${path}`, method === 'PUT' || method === 'POST' ? { body: {} } : {});
    requirement(id, ops[0]!.source, { standard: 'RFC 9110 §15.5.6' })
      .test(
        `${method} ${path} is not served by a template that also matches it; a 405 lists ${methods.join(', ')} in Allow`,
        async ({ api }) => {
          const res = await send(api);
          // 404 or 405: the path has no such method. A 405 names the methods of this resource, not of the template's.
          expect([404, 405], res.text.slice(0, 200)).toContain(res.status);
          if (res.status !== 405) return;
          const allow = (res.headers.allow ?? '').split(',').map((m) => m.trim().toUpperCase());
          for (const m of methods) expect(allow, `Allow: ${res.headers.allow}`).toContain(m);
          for (const m of METHODS.filter((x) => !methods.includes(x)))
            expect(allow, `Allow: ${res.headers.allow}`).not.toContain(m);
        },
      )
      .twin('status', 'D-02')
      .test(`${method} ${path} answers 405 in the error envelope`, async ({ api }) => {
        const res = await send(api);
        expectErrorEnvelope(res, 405);
      });
  }
