// Envelopes and status codes (§2.1, §7, D-01..D-04, D-48) for every operation of the document: lists answer
// the list envelope, unknown ids the 404 error envelope, broken rules the 422 error envelope naming the field.
// Basis: the list envelope is the source's (§2.1), a 404 for what does not exist is HTTP's (RFC 9110);
// the error envelope and the status codes of D-02 and D-48 are decisions, each in a requirement of its own.
import { requirement } from '../lib/requirement.ts';
import { expectNotFound } from '../lib/expectations.ts';
import { deref, operations, type Json, type Operation } from '../lib/contract.ts';
import { config } from '../lib/config.ts';
import { isObject, requestWrapperOf } from '../lib/dialect.ts';
import { anyBody, exampleOf, paramsFor, wrapperOf } from '../lib/fixtures.ts';
import { propertiesOf } from '../lib/lists.ts';
import type { Api } from '../lib/api.ts';
import type { Judge } from '../lib/judging/judge.ts';
import { pathMatches, pathOf } from '../lib/judging/exchange.ts';
import {
  envelopeGap,
  gap422,
  got,
  HEADER_LIMIT_BYTES,
  named,
  type Reading,
  type Unreadable,
} from '../lib/judging/reading.ts';

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
  slug: Unreadable;
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

// What each requirement judges of an exchange (lib/judging/judge.ts): the suite over the exchanges its act made, the
// proxy over live traffic. `reading.ts` reads the exchange; a gap is the first way it breaks the requirement.

/** The query of a list request, the dialect's page parameters named as ours (D-03). */
function queryOf(r: Reading): [string, string][] {
  const names = r.loaded.dialect.pageParams;
  return r.query.map(([k, v]) => [k === names.page ? 'page' : k === names.limit ? 'limit' : k, v]);
}
const PROTOTYPE_KEYS = ['__proto__', 'constructor'];
/** A call of `o` whose body the target read (a token, a caller not refused, a body it can read). */
const read = (o: Operation, r: Reading) => r.o === o && r.stage === 'read';
/** A list request whose query the target must refuse: too many parameters, an unknown one, a page or limit out of range. */
function refusedQuery(o: Operation, r: Reading): boolean {
  const query = queryOf(r);
  if (query.length > MAX_QUERY_PARAMETERS) return true;
  if (query.some(([k]) => !o.parameters.some((p) => p.name === k && p.in === 'query'))) return true;
  return query.some(([k, v]) => {
    const s = deref(o.parameters.find((p) => p.name === k && p.in === 'query')?.schema);
    return (k === 'page' || k === 'limit') && (!/^-?\d+$/.test(v) || Number(v) < s?.minimum || Number(v) > s?.maximum);
  });
}
/** D-02: the error envelope with `status`, on the exchanges `on` picks. */
const errorEnvelope = (reads: string, status: number, on: Judge['on'], extra?: Partial<Judge>): Judge => ({
  reads,
  on,
  gap: (r) => envelopeGap(r, status),
  ...extra,
});
/** D-48, D-64, D-66: a body the target cannot read, the way `slug` names, refused with `status` in the envelope. */
const unreadable = (o: Operation, slug: Unreadable, status: number): Judge =>
  errorEnvelope(
    `a call of ${o.operationId} with a token and a body that is ${slug}`,
    status,
    (r) => r.o === o && r.stage === 'unreadable' && r.unreadable?.slug === slug,
    { operation: o.operationId },
  );
/** The fields of a body's resource the document does not have (D-09). */
function unknownFields(o: Operation, r: Reading): string[] {
  const key = requestWrapperOf(o.operationId);
  const resource: Json = key ? r.request?.[key] : undefined;
  if (!key || !isObject(resource) || !o.bodyPointer) return [];
  const known = propertiesOf(propertiesOf(deref({ $ref: o.bodyPointer }))[key]);
  return Object.keys(resource).filter((f) => !(f in known));
}
/** A request to a path under /api/ that no operation of the document has, within D-64's 16 KiB of head. */
const unknownRoute = (r: Reading) =>
  r.stage === 'unrouted' &&
  r.x.requestHeadBytes <= HEADER_LIMIT_BYTES &&
  pathOf(r.x.url).startsWith('/api/') &&
  !pathMatches(pathOf(r.x.url)).length;

// The judgements, one builder each (lib/judging/judge.ts): what a requirement below reads of an exchange, and when it
// breaks it. The suite runs each over the exchanges its act made; the proxy over live traffic.

/** §2.1's list envelope, on a call answered 200 to a query it accepts: each of its fields present. */
const listEnvelope = (o: Operation): Judge => ({
  operation: o.operationId,
  reads: `a call of ${o.operationId} answered 200 to a query it accepts`,
  on: (r) => read(o, r) && !refusedQuery(o, r) && r.x.status === 200,
  // More than §2.1's fields is not the source's to forbid (our contract's schema is).
  gap: (r) => {
    const b = r.body;
    if (b?.success !== true || b?.status !== 200 || !Array.isArray(b?.data))
      return `expected success true, status 200 and a data list, ${got(r)}`;
    if (!isObject(b.pagination) || !isObject(b.links)) return `expected pagination and links, ${got(r)}`;
    const lacking =
      ['page', 'limit', 'total', 'totalPages'].find((k) => !(k in b.pagination)) ??
      ['self', 'previous', 'next'].find((k) => !(k in b.links));
    return lacking ? `the envelope lacks ${lacking}, ${got(r)}` : undefined;
  },
});
/** D-03: page=0 refused with 422 naming page. */
const pageZero = (o: Operation): Judge => ({
  operation: o.operationId,
  reads: `a call of ${o.operationId} with page=0`,
  on: (r) => read(o, r) && queryOf(r).some(([k, v]) => k === 'page' && v === '0'),
  gap: (r) => gap422(r, 'page'),
});
/** D-41: a query parameter the operation does not have, refused with 422. */
const unknownParameter = (o: Operation): Judge =>
  errorEnvelope(
    `a call of ${o.operationId} with a query parameter it does not have`,
    422,
    (r) =>
      read(o, r) &&
      queryOf(r).length <= MAX_QUERY_PARAMETERS &&
      queryOf(r).some(([k]) => !PROTOTYPE_KEYS.includes(k) && !o.parameters.some((p) => p.name === k)),
    { operation: o.operationId },
  );
/** D-41: `__proto__` and `constructor`, refused with 422 naming them. */
const prototypeKeys = (o: Operation): Judge => ({
  operation: o.operationId,
  reads: `a call of ${o.operationId} with __proto__ or constructor in its query`,
  on: (r) => read(o, r) && queryOf(r).some(([k]) => PROTOTYPE_KEYS.includes(k)),
  gap: (r) =>
    PROTOTYPE_KEYS.filter((k) => queryOf(r).some(([q]) => q === k))
      .map((k) => gap422(r, k))
      .find((gap) => gap !== undefined),
});
/** D-64: more than 100 query parameters, refused with 422 naming query. */
const tooManyParameters = (o: Operation): Judge => ({
  operation: o.operationId,
  reads: `a call of ${o.operationId} with more than ${MAX_QUERY_PARAMETERS} query parameters`,
  on: (r) => read(o, r) && queryOf(r).length > MAX_QUERY_PARAMETERS,
  gap: (r) => envelopeGap(r, 422) ?? (named(r, 'query') ? undefined : `expected an error naming query, ${got(r)}`),
  contract: false,
});
/** D-02, D-04: a 404 of a by-id operation in the error envelope (the proxy cannot tell an id unknown: any 404). */
const notFoundEnvelope = (o: Operation): Judge =>
  errorEnvelope(`a call of ${o.operationId} answered 404`, 404, (r) => read(o, r) && r.x.status === 404, {
    operation: o.operationId,
  });
/** D-09: a body field the document does not have, refused with 422 naming it. */
const unknownField = (o: Operation, key: string): Judge => ({
  operation: o.operationId,
  reads: `a call of ${o.operationId} whose body holds a field the document does not have`,
  on: (r) => read(o, r) && unknownFields(o, r).length > 0,
  // The item of an update that does not exist answers 404 before its body is read.
  gap: (r) =>
    r.x.status === 404
      ? undefined
      : unknownFields(o, r)
          .map((f) => gap422(r, `${key}.${f}`))
          .find((gap) => gap !== undefined),
});
const UNKNOWN_ROUTE = 'a request to a path under /api/ that no operation has';
/** RFC 9110 §15.5.5: an unknown route answers 404. */
const unknownRouteStatus: Judge = {
  operation: '',
  reads: UNKNOWN_ROUTE,
  on: unknownRoute,
  gap: (r) => (r.x.status === 404 ? undefined : `expected 404 for an unknown route, ${got(r)}`),
  contract: false,
};
/** D-64: a request line and headers over 16 KiB answer 431, before any route is found (no envelope). */
const headersTooLarge: Judge = {
  reads: `a request whose line and headers are over ${HEADER_LIMIT_BYTES} bytes`,
  on: (r) => r.x.requestHeadBytes > HEADER_LIMIT_BYTES,
  gap: (r) =>
    r.x.status === 431
      ? undefined
      : `expected 431 to ${r.x.requestHeadBytes} bytes of request line and headers, ${got(r)}`,
  contract: false,
};
/** The methods an `Allow` header lists, upper case. */
const allowOf = (r: Reading) =>
  (r.x.responseHeaders.allow ?? '')
    .split(',')
    .map((m) => m.trim().toUpperCase())
    .filter(Boolean);
/** A literal path's own resource (`shadowedLiterals`) a request calls, when its method is one the path lacks. */
const shadowed = (r: Reading) =>
  r.stage === 'unrouted' && METHODS.includes(r.x.method)
    ? shadowedLiterals.find((l) => l.path === pathOf(r.x.url) && !l.methods.includes(r.x.method))
    : undefined;
/** D-48: a path of the document called with a method it lacks: 405 in the envelope, Allow listing its methods. */
const wrongMethod: Judge = {
  operation: '',
  reads: 'a request to a path of the document with a method the path does not have',
  on: (r) =>
    r.stage === 'unrouted' &&
    r.x.requestHeadBytes <= HEADER_LIMIT_BYTES &&
    !['OPTIONS', 'HEAD'].includes(r.x.method) &&
    pathMatches(pathOf(r.x.url)).length > 0 &&
    !shadowedLiterals.some((l) => l.path === pathOf(r.x.url)),
  // RFC 9110 §15.5.6: a 405 lists the methods the path has.
  gap: (r) => {
    const methods = pathMatches(pathOf(r.x.url)).map((h) => h.operation.method);
    const missing = methods.filter((m) => !allowOf(r).includes(m));
    return (
      envelopeGap(r, 405) ??
      (missing.length ? `Allow: ${r.x.responseHeaders.allow ?? '(none)'} lacks ${missing.join(', ')}` : undefined)
    );
  },
  contract: false,
};
/** A `method` request to a literal path that lacks it. */
const toLiteral = (path: string, method: string) => (r: Reading) => shadowed(r)?.path === path && r.x.method === method;
/** RFC 9110 §15.5.6: 404 or 405, a 405 naming the methods of this resource, not of the template that also matches. */
const literalMethod = (path: string, method: string, methods: string[]): Judge => ({
  operation: '',
  reads: `a ${method} request to ${path}`,
  on: toLiteral(path, method),
  gap: (r) =>
    ![404, 405].includes(r.x.status)
      ? `expected 404 or 405, ${got(r)}`
      : r.x.status === 405 &&
          (methods.some((m) => !allowOf(r).includes(m)) ||
            allowOf(r).some((m) => METHODS.includes(m) && !methods.includes(m)))
        ? `Allow: ${r.x.responseHeaders.allow ?? '(none)'}, expected ${methods.join(', ')}`
        : undefined,
  contract: false,
});
const literalMethodEnvelope = (path: string, method: string): Judge =>
  errorEnvelope(`a ${method} request to ${path}`, 405, toLiteral(path, method), { operation: '', contract: false });

for (const o of lists) {
  const id = o.operationId;
  const list = async (api: Api, query: Record<string, string | number>) =>
    api.untyped(id, { params: await paramsFor(api, id), query });
  const quote = 'List (search) response envelope (all v2 list endpoints)';
  requirement(`${id}.envelope`, '§2.1 §7', { quote, judge: listEnvelope(o) }).test(
    'answers the list envelope: success, status 200, data, pagination, links',
    async ({ api }) => {
      await list(api, {});
    },
  );
  requirement(`${id}.page-zero`, 'D-03 D-02', { judge: pageZero(o) }).test(
    'rejects page=0 with 422 naming page',
    async ({ api }) => {
      await list(api, { page: 0 });
    },
  );
  requirement(`${id}.unknown-parameter`, 'D-41', { level: 'SHOULD', judge: unknownParameter(o) })
    .test('rejects an unknown query parameter with 422 instead of ignoring it', async ({ api }) => {
      await list(api, { 'id:mim': 1 });
    })
    // A query read into a plain object loses `__proto__` (it sets the prototype) and finds `constructor` inherited.
    .twin('prototype-keys', 'D-41', { level: 'SHOULD', judge: prototypeKeys(o) })
    .test(
      'rejects `__proto__` and `constructor` as query keys with 422 naming them, like any unknown parameter',
      async ({ api }) => {
        for (const name of PROTOTYPE_KEYS) await list(api, { [name]: 1 });
      },
    );
  requirement(`${id}.too-many-parameters`, 'D-64 D-02', { judge: tooManyParameters(o) }).test(
    `rejects more than ${MAX_QUERY_PARAMETERS} query parameters with 422 naming query, before reading them`,
    async ({ api }) => {
      const url = api.url(id, await paramsFor(api, id));
      const query = Array.from({ length: MAX_QUERY_PARAMETERS + 1 }, () => 'page=1').join('&');
      await api.send(o.method, `${url}?${query}`);
    },
  );
}

for (const o of byId) {
  const unknownId = async (api: Api) =>
    api.untyped(o.operationId, {
      params: await paramsFor(api, o.operationId, 987654321),
      body: anyBody(api, o.operationId),
    });
  requirement(`${o.operationId}.not-found`, '§4', { standard: 'RFC 9110 §15.5.5' })
    .test(`${o.method} of an unknown id answers 404`, async ({ api }) => {
      expectNotFound(await unknownId(api), 'an unknown id');
    })
    .twin('envelope', '§7 D-04 D-02', { judge: notFoundEnvelope(o) })
    .test(`${o.method} of an unknown id answers 404 in the error envelope`, async ({ api }) => {
      await unknownId(api);
    });
}

for (const o of withBody) {
  const key = wrapperOf(o.operationId);
  const send = async (api: Api, raw: { text: string | Uint8Array; contentType?: string }) =>
    api.untyped(o.operationId, { params: await paramsFor(api, o.operationId, 1), raw });
  requirement(`${o.operationId}.malformed-json`, 'D-02 D-48', { judge: unreadable(o, 'malformed-json', 400) }).test(
    'answers 400 in the error envelope to malformed JSON',
    async ({ api }) => {
      await send(api, { text: `{"${key}": {`, contentType: 'application/json' });
    },
  );
  requirement(`${o.operationId}.content-type`, 'D-02 D-48', { judge: unreadable(o, 'content-type', 415) }).test(
    'answers 415 to a body that is not JSON',
    async ({ api }) => {
      await send(api, { text: 'a=b', contentType: 'text/plain' });
    },
  );
  for (const u of unreadableBodies)
    requirement(`${o.operationId}.${u.slug}`, u.source, { judge: unreadable(o, u.slug, u.status) }).test(
      u.title,
      async ({ api }) => {
        await send(api, u.raw(o.operationId, key));
      },
    );
  requirement(`${o.operationId}.unknown-field`, 'D-09 D-02', { judge: unknownField(o, key) }).test(
    'rejects an unknown field with 422 naming it',
    async ({ api }) => {
      const body = { [key]: { ...exampleOf(o.operationId)[key], notAField: 1 } };
      await api.untyped(o.operationId, { params: await paramsFor(api, o.operationId, 1), body });
    },
  );
  requirement(`${o.operationId}.too-large`, 'D-48', { judge: unreadable(o, 'too-large', 413) }).test(
    'answers 413 to a body over 1 MiB',
    async ({ api }) => {
      await send(api, {
        text: `{"${key}": {"x": "${'a'.repeat(1024 * 1024 + 10)}"}}`,
        contentType: 'application/json',
      });
    },
  );
}

const unknownRouteOf = (api: Api) => api.send('GET', `${config.targetUrl}/api/v2/no-such-resource.json`);
const unknownRouteEnvelope = errorEnvelope(UNKNOWN_ROUTE, 404, unknownRoute, { operation: '', contract: false });
requirement('routing.unknown-route', '§9', { standard: 'RFC 9110 §15.5.5', judge: unknownRouteStatus })
  .test('an unknown route answers 404', async ({ api }) => {
    await unknownRouteOf(api);
  })
  .twin('envelope', 'D-48 D-02', { judge: unknownRouteEnvelope })
  .test('an unknown route answers 404 in the error envelope', async ({ api }) => {
    await unknownRouteOf(api);
  });
requirement('routing.headers-too-large', 'D-64', { judge: headersTooLarge }).test(
  'answers 431 to request headers over 16 KiB',
  async ({ api }) => {
    await api.send('GET', api.url('listProducts'), {
      headers: { 'x-conformance-padding': 'a'.repeat(HEADER_LIMIT_BYTES + 1024) },
    });
  },
);
requirement('routing.wrong-method', 'D-48 D-02', { judge: wrongMethod }).test(
  'a known path with another method answers 405 with Allow',
  async ({ api }) => {
    await api.send('PATCH', `${config.targetUrl}/api/v2/products.json`);
  },
);

// A method a literal path lacks is its own 405, never the operation of a template that also matches the path.
for (const { path, ops, methods } of shadowedLiterals)
  for (const method of METHODS.filter((m) => !methods.includes(m))) {
    const id = `${ops[0]!.operationId}.method-not-allowed.${method.toLowerCase()}`;
    const send = (api: Api) =>
      api.send(method, `${config.targetUrl}${path}`, method === 'PUT' || method === 'POST' ? { body: {} } : {});
    const standard = 'RFC 9110 §15.5.6';
    requirement(id, ops[0]!.source, { standard, judge: literalMethod(path, method, methods) })
      .test(
        `${method} ${path} is not served by a template that also matches it; a 405 lists ${methods.join(', ')} in Allow`,
        async ({ api }) => {
          await send(api);
        },
      )
      .twin('status', 'D-02', { judge: literalMethodEnvelope(path, method) })
      .test(`${method} ${path} answers 405 in the error envelope`, async ({ api }) => {
        await send(api);
      });
  }
