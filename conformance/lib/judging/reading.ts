// One exchange as a requirement's judgement reads it (the suite's over the exchanges its act made, the proxy's over
// live traffic): the operation of the document it calls, its query, its bodies in our contract's form (the target's
// dialect undone, lib/dialect.ts), its token, how far the target had to read it, and what the exchanges before it
// left in memory (memory.ts). Plus the gaps judgements share: the error envelope of D-02, a 422 naming a field.
import { deref, operations, SCOPE_TABLE, type Json, type Operation } from '../contract.ts';
import {
  createFor,
  fromTarget,
  isObject,
  requestWrapperOf,
  resourceFromTarget,
  type LoadedDialect,
} from '../dialect.ts';
import { resourceOf } from '../expectations.ts';
import { propertiesOf, resolveLink } from '../lists.ts';
import {
  depthOf,
  isUtf8,
  jsonOf,
  mediaType,
  operationOf,
  pathOf,
  queryOf,
  type Exchange,
  type Matched,
} from './exchange.ts';
import { collectionKey, itemKey, type Memory } from './memory.ts';

export const hasQuery = (o: Operation, name: string) => o.parameters.some((p) => p.name === name && p.in === 'query');
export const isList = (o: Operation) =>
  o.method === 'GET' && !!o.responses['200'] && JSON.stringify(o.responses['200']).includes('ListEnvelope');
export const isPaginated = (o: Operation) => o.method === 'GET' && hasQuery(o, 'page') && hasQuery(o, 'limit');
export const isById = (o: Operation) => !!o.security && /\{(id|mediaId)\}/.test(o.path);
export const withBody = (o: Operation) => !!o.security && o.requestExample !== undefined;
export const tokenOps = operations.filter((o) => o.path.startsWith('/admin/oauth')).map((o) => o.operationId);
/** §5's scope table and D-07: the operations whose scopes tell families apart with one-scope clients. */
export const inTable = (o: Operation) => SCOPE_TABLE.includes(o.operationId);
/** The verbs of a write, by operationId (§4.3: list, get, add, update, delete; D-01). */
export const writeOf = (id: string): 'add' | 'update' | 'delete' | undefined =>
  /^create/.test(id) ? 'add' : /^update/.test(id) ? 'update' : /^delete/.test(id) ? 'delete' : undefined;

/** The create operation of the resource family an operation reads or writes (lib/dialect.ts `createFor`). */
export function familyOf(o: Operation): string | undefined {
  if (!o.security || o.path.startsWith('/admin/')) return undefined;
  if (o.method === 'GET' && isList(o)) return undefined;
  try {
    return createFor(o.operationId);
  } catch {
    return undefined;
  }
}

/** What a rule reads of one exchange. */
export interface Reading {
  x: Exchange;
  /**
   * How far the target had to read the request before it answered: `unrouted`, no operation of the document has its
   * method and path (or its head is past D-64's 16 KiB); `caller`, a secured operation called without a token, or
   * refused the caller (401, 403); `unreadable`, a body it cannot read (`unreadable` says how); `read`, the rest.
   */
  stage: 'unrouted' | 'caller' | 'unreadable' | 'read';
  /** The first way the request's body cannot be read, and the status D-02, D-48, D-64 and D-66 give it. */
  unreadable?: { slug: Unreadable; status: number };
  match?: Matched;
  o?: Operation;
  query: [string, string][];
  /** The answer as JSON, raw (as the target sent it) and in our contract's form (lib/dialect.ts `fromTarget`). */
  raw: Json;
  body: Json;
  /** The request body as JSON, in our contract's form; undefined when it is none or not JSON. */
  request: Json;
  token?: { scheme: string; value: string };
  loaded: LoadedDialect;
  memory: Memory;
}

export const ok2xx = (s: number) => s >= 200 && s < 300;
export const short = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);
export const answerText = (r: Reading) => short(r.x.responseBody.toString('utf8'));
export const got = (r: Reading) => `got ${r.x.status}${r.x.responseBody.length ? `: ${answerText(r)}` : ''}`;

/** D-02's error envelope with `status` (requirements/envelopes.ts `expectErrorEnvelope`): the first gap, or undefined. */
export function envelopeGap(r: Reading, status: number): string | undefined {
  if (r.x.status !== status) return `expected ${status} in the error envelope, ${got(r)}`;
  if (r.body?.success !== false) return `expected success false, ${got(r)}`;
  if (r.body?.status !== status) return `expected status ${status} in the body, ${got(r)}`;
  if (!(Array.isArray(r.body?.errors) && r.body.errors.length > 0))
    return `expected a non-empty errors list, ${got(r)}`;
  return undefined;
}
export const named = (r: Reading, name: string) =>
  Array.isArray(r.body?.errors) && r.body.errors.some((e: Json) => e?.name === name);
/** D-02's 422 naming a field (lib/expectations.ts `expect422`). */
export function gap422(r: Reading, name: string): string | undefined {
  const gap = envelopeGap(r, 422);
  if (gap) return gap;
  return named(r, name) ? undefined : `expected an error naming ${name}, ${got(r)}`;
}

/** The resource schema of a family's get answer (its 200 `data`, or `contact`). */
export function resourceSchema(get: Operation, key: string): Json {
  const content = deref(get.responses['200'])?.content?.['application/json']?.schema;
  return deref(propertiesOf(content)[key]);
}
/**
 * How one exchange reads: the operation it calls, its query, its bodies as JSON in our contract's form, its token, and
 * how far the target had to read it (`stage`). The suite reads the exchanges of a requirement's act this way, the proxy
 * every exchange that passes; `memory` holds what the exchanges before it showed.
 */
export function readingOf(x: Exchange, memory: Memory, loaded: LoadedDialect): Reading {
  const match = x.direction === 'api' ? (operationOf(x.method, pathOf(x.url)) ?? moved(loaded, x)) : undefined;
  const o = match?.operation;
  const raw = jsonOf(x.responseBody, x.responseLength);
  const body = o ? fromTarget(loaded.dialect, o.operationId, x.status, raw) : raw;
  const auth = /^(\S+)\s+(\S+)$/.exec((x.requestHeaders.authorization ?? '').trim());
  const token = auth && /^bearer$/i.test(auth[1]!) ? { scheme: auth[1]!, value: auth[2]! } : undefined;
  const reading: Omit<Reading, 'stage'> = {
    x,
    ...(match ? { match, o } : {}),
    query: queryOf(x.url),
    raw,
    body,
    request: o ? requestFromTarget(loaded, o, jsonOf(x.requestBody, x.requestLength)) : undefined,
    ...(token ? { token } : {}),
    loaded,
    memory,
  };
  return { ...reading, stage: stageOf(reading), ...unreadableOf(reading) };
}

/**
 * Our shipping-service operation (D-18) a request calls at the path the dialect's `shippingServices` moves it to:
 * the collection's `path`, or `item` with the id in place of `{id}`.
 */
function moved(loaded: LoadedDialect, x: Exchange): Matched | undefined {
  const where = loaded.dialect.shippingServices;
  if (!where) return undefined;
  const path = pathOf(x.url);
  const [before, after = ''] = where.item.split('{id}');
  const id =
    where.item.includes('{id}') &&
    path.startsWith(before!) &&
    path.endsWith(after) &&
    path.length > before!.length + after.length
      ? path.slice(before!.length, path.length - after.length)
      : undefined;
  if (path !== where.path && (id === undefined || id.includes('/'))) return undefined;
  const ours = operations.find(
    (o) =>
      o.method === x.method.toUpperCase() &&
      /^\/api\/shipping\/services/.test(o.path) &&
      (path === where.path ? !o.path.includes('{id}') : o.path.includes('{id}')),
  );
  return ours ? { operation: ours, params: id === undefined ? {} : { id: decodeURIComponent(id) } } : undefined;
}

/** A request body in our contract's form: the target's wrapper and field names (lib/dialect.ts) undone. */
export function requestFromTarget(loaded: LoadedDialect, o: Operation, body: Json): Json {
  const key = requestWrapperOf(o.operationId);
  if (!key || !isObject(body)) return body;
  const d = loaded.dialect;
  const bare = (key === 'data' && d.v2Body === 'none') || (key === 'contact' && d.contactBody === 'none');
  const resource = bare ? body : body[key];
  const create = (() => {
    try {
      return createFor(o.operationId);
    } catch {
      return undefined;
    }
  })();
  return { [key]: create ? resourceFromTarget(d, create, resource) : resource };
}

/** What an exchange leaves in memory: a token and its scopes, a write, a delete, the links of a list answer. */
export function remember(r: Reading): void {
  const { x, o, match, memory } = r;
  if (!o || !match) return;
  if (tokenOps.includes(o.operationId) && ok2xx(x.status) && typeof r.body?.access_token === 'string') {
    const scope = r.body.scope;
    memory.tokens.set(r.body.access_token, {
      scopes: typeof scope === 'string' ? scope.split(/\s+/).filter(Boolean) : [],
      issuedAt: x.ended,
      ...(typeof r.body.expires_in === 'number' ? { expiresIn: r.body.expires_in } : {}),
      ...(/^basic\s/i.test(x.requestHeaders.authorization ?? '') ? { basic: true as const } : {}),
    });
    return;
  }
  const write = writeOf(o.operationId);
  if (write && ok2xx(x.status) && o.method !== 'GET') memory.writes++;
  if (o.method === 'GET' && x.status === 200 && (isList(o) || isPaginated(o))) memory.listed.add(pathOf(x.url));
  if (o.method === 'GET' && x.status === 200 && isList(o) && isObject(r.body?.links) && isObject(r.body?.pagination)) {
    const p = r.body.pagination;
    const ids = Array.isArray(r.body.data) ? r.body.data.map((i: Json) => i?.id) : undefined;
    for (const rel of ['self', 'next', 'previous'] as const) {
      const link = r.body.links[rel];
      if (typeof link !== 'string') continue;
      const url = new URL(resolveLink(link), 'http://x');
      const page = rel === 'self' ? p.page : rel === 'next' ? p.page + 1 : p.page - 1;
      memory.links.set(`${url.pathname}${url.search}`, {
        operationId: o.operationId,
        rel,
        page,
        total: p.total,
        ...(rel === 'self' && ids ? { ids } : {}),
      });
    }
  }
  const create = familyOf(o);
  if (!create || !write || !ok2xx(x.status)) return;
  const key = requestWrapperOf(create) ?? 'data';
  const params = match.params;
  const sent = Object.keys(r.request?.[key] ?? {});
  const resource = resourceOf(r.body, key);
  if (write === 'add') {
    if (resource?.id === undefined) return;
    const it = memory.item(itemKey(create, params, resource.id), create, collectionKey(create, params));
    // A new item under an id a delete removed (D-04 forbids it; the add was judged for it): this item is not gone.
    delete it.deleted;
    delete it.stale;
    it.seenMade = true;
    it.madeBy = x.requestHeaders.authorization;
    it.sent.clear();
    for (const f of sent) it.sent.add(f);
    it.last = { resource, write: memory.writes, operationId: o.operationId, at: x.ended };
    return;
  }
  const itemParam = Object.keys(params).at(-1);
  if (!itemParam) return;
  const parents = Object.fromEntries(Object.entries(params).slice(0, -1));
  const c = collectionKey(create, parents);
  const it = memory.item(itemKey(create, parents, params[itemParam]!), create, c);
  if (write === 'delete') {
    it.deleted = true;
    delete it.last;
    memory.deletedIds.set(c, (memory.deletedIds.get(c) ?? new Set()).add(params[itemParam]!));
    for (const other of memory.items.values())
      if (other.create !== create && dependsOn(other.create, create)) other.stale = true;
    return;
  }
  for (const f of sent) it.sent.add(f);
  if (resource) it.last = { resource, write: memory.writes, operationId: o.operationId, at: x.ended };
  else delete it.last;
  delete it.stale;
}

/**
 * Whether a delete of `deleted`'s resource may remove or change an item of `family`: a path parameter or a field
 * naming it (`productId` a product, `specId` a specification, `valueId` a specification value; D-40, D-42).
 */
export function dependsOn(family: string, deleted: string): boolean {
  const noun = deleted.slice(6).toLowerCase();
  const get = operations.find((g) => g.method === 'GET' && g.operationId === `get${family.slice(6)}`);
  if (!get) return true;
  const key = requestWrapperOf(family) ?? 'data';
  const names = [...get.path.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1]!)
    .concat(Object.keys(propertiesOf(resourceSchema(get, key))));
  return names.some((n) => {
    const stem = /^(\w+)Id$/.exec(n)?.[1]?.toLowerCase();
    return !!stem && (noun.startsWith(stem) || noun.endsWith(stem));
  });
}

/** D-48: a body over 1 MiB is refused with 413. */
export const BODY_LIMIT = 1024 * 1024;
/** D-64: 32 levels of nesting; the request line and headers within 16 KiB. */
export const MAX_DEPTH = 32;
export const HEADER_LIMIT_BYTES = 16 * 1024;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The ways a request body cannot be read, in the order a target finds them. */
export type Unreadable =
  | 'too-large'
  | 'content-type.missing'
  | 'content-type.merge-patch'
  | 'content-type'
  | 'not-utf8'
  | 'byte-order-mark'
  | 'too-deep'
  | 'malformed-json';
/**
 * D-48 (413 over 1 MiB; 400 malformed), D-66 (415 for another media type, one with `+json`, or none; 400 for bytes not
 * UTF-8 or a byte order mark), D-64 (400 past 32 levels): the first such way the body of a call with a token to an
 * operation that takes one cannot be read.
 */
function unreadableOf(r: Omit<Reading, 'stage'>): { unreadable?: { slug: Unreadable; status: number } } {
  const { x, o } = r;
  if (!o || !withBody(o) || x.requestLength === 0 || !r.token) return {};
  const type = x.requestHeaders['content-type'];
  const text = () => x.requestBody.toString('utf8');
  const malformed = () => {
    try {
      JSON.parse(text());
      return false;
    } catch {
      return true;
    }
  };
  const ways: [Unreadable, number, () => boolean][] = [
    ['too-large', 413, () => x.requestLength > BODY_LIMIT],
    ['content-type.missing', 415, () => type === undefined],
    ['content-type.merge-patch', 415, () => mediaType(type) === 'application/merge-patch+json'],
    ['content-type', 415, () => mediaType(type) !== 'application/json'],
    ['not-utf8', 400, () => !isUtf8(x.requestBody)],
    ['byte-order-mark', 400, () => x.requestBody.subarray(0, 3).equals(BOM)],
    ['too-deep', 400, () => depthOf(text()) > MAX_DEPTH],
    ['malformed-json', 400, malformed],
  ];
  const way = ways.find(([, , holds]) => holds());
  return way ? { unreadable: { slug: way[0], status: way[1] } } : {};
}

function stageOf(r: Omit<Reading, 'stage'>): Reading['stage'] {
  const { x, o } = r;
  if (x.direction === 'api' && (!o || x.requestHeadBytes > HEADER_LIMIT_BYTES)) return 'unrouted';
  if (o?.security && (!r.token || x.status === 401 || x.status === 403)) return 'caller';
  return unreadableOf(r).unreadable ? 'unreadable' : 'read';
}
