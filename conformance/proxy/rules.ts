// What one exchange (or a short sequence) shows, judged by the suite's requirement it belongs to. Each rule reads an
// exchange the way the suite's requirement of that id makes one, and asserts what that requirement asserts of its
// answer; a rule never judges an id the suite does not declare (`Judgement.at` keeps only those). The families and
// what they assert are the requirements files' (conformance/requirements/*.ts, cited per rule); the document, the
// filter semantics and the dialect are read through the suite's own modules, never copied.
//
// Answers are read in our contract's form (lib/dialect.ts `fromTarget`), as the suite's requirements read them; the
// contract check (lib/contract.ts `checkResponse`) sees the answer as it came (verdicts.ts attributes its problems).
import {
  check,
  checkResponse,
  deref,
  isNullable,
  op,
  operations,
  parseList,
  SCOPE_TABLE,
  type Json,
  type Operation,
} from '../lib/contract.ts';
import {
  createFor,
  fromTarget,
  isObject,
  requestWrapperOf,
  resourceFromTarget,
  scopeOf,
  type LoadedDialect,
} from '../lib/dialect.ts';
import { resourceOf } from '../lib/expectations.ts';
import type { BasisName } from '../lib/verdict.ts';
import { validatorFor } from '../../openapi/validators.ts';
import { createOf, endlessNext, itemSchema, propertiesOf, resolveLink } from '../lib/lists.ts';
import { returnedFields, typeProblem } from '../lib/returned.ts';
import { derived as derivedFields, filtersOf, matches, type Filter } from '../requirements/filters.ts';
import { nullable as productNullable, sourceNullable as productSourceNullable } from '../requirements/products.ts';
import { notImplemented as contactNotImplemented } from '../requirements/contacts/shared.ts';
import {
  depthOf,
  isUtf8,
  jsonOf,
  mediaType,
  operationOf,
  pathMatches,
  pathOf,
  queryOf,
  type Exchange,
  type Matched,
} from './exchange.ts';
import { collectionKey, itemKey, type Memory } from './memory.ts';

/** One assertion of a requirement on one exchange: held, or not, and why not. */
export interface Check {
  id: string;
  ok: boolean;
  reason?: string;
  /**
   * Whether the suite checks the contract on the exchanges of this requirement (lib/api.ts `untyped` does, `send`
   * does not): a decision or platform requirement then fails on the answer's contract problems too (verdicts.ts).
   */
  contract: boolean;
}

export interface Judged {
  checks: Check[];
  /** The request body's problems against the document, in our contract's form: the client's, not the target's. */
  request?: string[];
  /** The operation (or callback) the exchange called, when the document has it. */
  operationId?: string;
  /** The answer's problems against the document (lib/contract.ts `checkResponse`), on the raw answer. */
  contract: string[];
  /** Whose answer broke the document: the target's, or (a callback) the App's. */
  contractOf: 'target' | 'app';
}

// ---------------------------------------------------------------------------------------------------------
// The families of ids the rules judge, per operation: what `judgeable` counts (rules.test.ts keeps it honest).

const has = (o: Operation, name: string) => o.parameters.some((p) => p.name === name && p.in === 'query');
const isList = (o: Operation) =>
  o.method === 'GET' && !!o.responses['200'] && JSON.stringify(o.responses['200']).includes('ListEnvelope');
const isPaginated = (o: Operation) => o.method === 'GET' && has(o, 'page') && has(o, 'limit');
const isById = (o: Operation) => !!o.security && /\{(id|mediaId)\}/.test(o.path);
const withBody = (o: Operation) => !!o.security && o.requestExample !== undefined;
const tokenOps = operations.filter((o) => o.path.startsWith('/admin/oauth')).map((o) => o.operationId);
/** §5's scope table and D-07: the operations whose scopes tell families apart with one-scope clients. */
const inTable = (o: Operation) => SCOPE_TABLE.includes(o.operationId);
/** The verbs of a write, by operationId (§4.3: list, get, add, update, delete; D-01). */
const writeOf = (id: string): 'add' | 'update' | 'delete' | undefined =>
  /^create/.test(id) ? 'add' : /^update/.test(id) ? 'update' : /^delete/.test(id) ? 'delete' : undefined;

/** Every id a rule may attribute, by operation (each family's generator in requirements/*.ts, cited). */
function candidates(o: Operation): string[] {
  const id = o.operationId;
  const out: string[] = [];
  if (o.security) {
    // requirements/auth.ts: the token families of every secured operation, the scopes of §5's table and D-07.
    out.push(
      `${id}.auth.no-token`,
      `${id}.auth.no-token.challenge`,
      `${id}.auth.no-token.status`,
      `${id}.auth.envelope`,
      `${id}.auth.missing-scope`,
      `${id}.auth.missing-scope.status`,
      `${id}.auth.readonly-reads`,
      `${id}.auth.readonly-cannot-write`,
      `${id}.scope-family`,
      `${id}.scope-family.status`,
    );
  }
  if (withBody(o))
    // requirements/envelopes.ts: bodies an operation cannot read, and an unknown field (D-02, D-09, D-48, D-64, D-66).
    out.push(
      ...['too-large', 'content-type', 'content-type.missing', 'content-type.merge-patch', 'not-utf8'].map(
        (s) => `${id}.${s}`,
      ),
      ...['byte-order-mark', 'too-deep', 'malformed-json', 'unknown-field'].map((s) => `${id}.${s}`),
    );
  // requirements/resources/lifecycle.ts: required fields of an add (D-39).
  if (o.method === 'POST' && o.bodyPointer) out.push(...requiredFields(o).map((f) => `${id}.required.${f}`));
  // requirements/contacts/fields.ts: a field's length and pattern (§2.2, §8).
  const key = withBody(o) ? requestWrapperOf(id) : undefined;
  if (key && o.bodyPointer)
    for (const [f, p] of Object.entries(propertiesOf(propertiesOf(deref({ $ref: o.bodyPointer }))[key]))) {
      const field = deref(p);
      const kinds = [
        ...(field?.maxLength !== undefined ? ['max-length'] : []),
        ...(JSON.stringify(field).includes(JSON.stringify(NO_HTML)) ? ['no-html'] : []),
        ...(field?.pattern !== undefined && field.pattern !== NO_HTML ? ['pattern'] : []),
      ];
      // §2.2's "Currently not implemented" fields: the source asserts no refusal of them over their length.
      for (const k of kinds)
        out.push(
          ...(k === 'max-length' && contactNotImplemented.has(f) ? [] : [`${id}.${k}.${f}`]),
          `${id}.${k}.${f}.naming`,
          `${id}.${k}.${f}.stored`,
        );
    }
  if (isList(o))
    out.push(
      `${id}.envelope`,
      `${id}.page-zero`,
      `${id}.unknown-parameter`,
      `${id}.unknown-parameter.prototype-keys`,
      `${id}.too-many-parameters`,
    );
  if (isPaginated(o))
    // requirements/pagination.ts.
    out.push(
      ...['limit-range', 'page-range', 'max-limit', 'first-page', 'default-limit', 'walk', 'walk.order', 'links'].map(
        (s) => `${id}.pagination.${s}`,
      ),
      // A page past the end is known by the envelope's totalPages (D-03).
      ...(isList(o) ? [`${id}.pagination.past-end`] : []),
    );
  if (hasFilters(o))
    // requirements/filters.ts.
    out.push(
      ...filterIds(o),
      `${id}.filter.combined`,
      `${id}.filter.no-match`,
      `${id}.filter.no-match.total-pages`,
      `${id}.filter.date-time-input`,
      `${id}.filter.date-time-fraction`,
    );
  if (isById(o)) out.push(`${id}.not-found.envelope`);
  // requirements/resources/ and contacts/: writes, read back, gone; the shape of what a get answers.
  const create = familyOf(o);
  if (create) {
    out.push(`${create}.lifecycle`, `${create}.lifecycle.status`, `${create}.success-envelope`);
    if (writeOf(id) === 'delete') out.push(`${id}.id-not-reused`, `${id}.gone`, `${id}.gone.status`);
    if (o.method === 'GET' && !isList(o))
      out.push(
        `${id}.all-properties`,
        `${id}.date-time-shape`,
        `${id}.as-returned`,
        `${id}.envelope`,
        `${id}.reads-back`,
      );
    if (create === 'createProduct') out.push('createProduct.nulls', 'createProduct.nulls.others');
    if (create === 'createContact') out.push('createContact.unset-null');
  }
  if (tokenOps.includes(id))
    // requirements/auth.ts, the token endpoint (RFC 6749, §4.1, §2.9, D-05, D-06, D-67).
    out.push(
      `${id}.form`,
      `${id}.status`,
      `${id}.basic`,
      `${id}.grant-type`,
      `${id}.no-credentials`,
      `${id}.no-credentials.status`,
      `${id}.tokens-differ`,
      ...['media-type', 'not-utf8', 'not-json', 'no-media-type', 'too-deep', 'too-large'].map(
        (s) => `${id}.unreadable.${s}`,
      ),
    );
  if (id === 'listWebhooks')
    out.push('createToken.expiry', 'createToken.expiry.status', 'createToken.lowercase-bearer');
  if (id === 'getProduct' || id === 'listProducts')
    out.push(
      ...['active-open', 'open-window', 'future-start', 'past-end', 'inactive', 'at-request-time'].map(
        (c) => `getProduct.status.${c}`,
      ),
    );
  return out;
}
/** requirements/envelopes.ts and auth.ts: the ids of no operation. */
const ROUTING = [
  'routing.unknown-route',
  'routing.unknown-route.envelope',
  'routing.wrong-method',
  'routing.headers-too-large',
];
/** requirements/envelopes.ts: a literal path's own 405, per method it lacks. */
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];
/** requirements/callbacks/: a callback's request against the document. */
const CALLBACK_IDS = ['calculateShippingRates.request-schema', 'createShippingLabel.request-schema'];

/** The lists whose filters requirements/filters.ts judges: filtered, with an add of their resource. */
const hasFilters = (o: Operation) => o.method === 'GET' && o.parameters.some((p) => p['x-filter']) && !!createOf(o);

function filterIds(o: Operation): string[] {
  return filtersOf(o).flatMap((f) => {
    const base = `${o.operationId}.filter.${f.name}`;
    const range = ['gte', 'lte', 'gt', 'lt'].includes(f.rule.op);
    return [
      range ? `${base}.boundary` : base,
      `${base}.empty`,
      `${base}.bound`,
      `${base}.quoted-comma`,
      `${base}.case-insensitive`,
    ];
  });
}

/** The create operation of the resource family an operation reads or writes (lib/dialect.ts `createFor`). */
function familyOf(o: Operation): string | undefined {
  if (!o.security || o.path.startsWith('/admin/')) return undefined;
  if (o.method === 'GET' && isList(o)) return undefined;
  try {
    return createFor(o.operationId);
  } catch {
    return undefined;
  }
}

/** The required fields of an add's resource (`required` lists, `allOf` parts; requirements/resources/shared.ts `requiredOf`). */
function requiredFields(o: Operation): string[] {
  const wrapper = requestWrapperOf(o.operationId);
  if (!wrapper || !o.bodyPointer) return [];
  const fields = new Set<string>();
  const walk = (node: Json) => {
    const s = deref(node);
    if (!s || typeof s !== 'object') return;
    for (const r of s.required ?? []) fields.add(r);
    for (const part of s.allOf ?? []) walk(part);
  };
  walk(propertiesOf(deref({ $ref: o.bodyPointer }))[wrapper]);
  return [...fields];
}

// ---------------------------------------------------------------------------------------------------------
// Reading an exchange.

const MiB = 1024 * 1024;
/** D-48: a body over 1 MiB is refused with 413. */
const BODY_LIMIT = MiB;
/** D-64: 32 levels of nesting; 100 query parameters; request line and headers within 16 KiB. */
const MAX_DEPTH = 32;
const MAX_QUERY_PARAMETERS = 100;
const HEADER_LIMIT_BYTES = 16 * 1024;
/** D-70: an `:in` list holds at most 1000 values, in at most 12,000 characters. */
const IN_MAX_VALUES = 1000;
const IN_MAX_CHARACTERS = 12_000;
/** How far the target's clock may be from the proxy's when it derives a status at a publish window's edge (§3). */
const EDGE_SLACK_MS = 1000;
/** Time a token's lifetime is allowed either side of its edge: the request and the answer take some. */
const EXPIRY_SLACK_MS = 1500;
/** D-10: a v2 date-time as answered, `YYYY-MM-DDTHH:MM:SS±hh:mm` (requirements/resources/lifecycle.ts `date-time-shape`). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** What a rule reads of one exchange. */
interface Reading {
  x: Exchange;
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

const ok2xx = (s: number) => s >= 200 && s < 300;
const short = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);
const answerText = (r: Reading) => short(r.x.responseBody.toString('utf8'));
const got = (r: Reading) => `got ${r.x.status}${r.x.responseBody.length ? `: ${answerText(r)}` : ''}`;

/** D-02's error envelope with `status` (requirements/envelopes.ts `expectErrorEnvelope`): the first gap, or undefined. */
function envelopeGap(r: Reading, status: number): string | undefined {
  if (r.x.status !== status) return `expected ${status} in the error envelope, ${got(r)}`;
  if (r.body?.success !== false) return `expected success false, ${got(r)}`;
  if (r.body?.status !== status) return `expected status ${status} in the body, ${got(r)}`;
  if (!(Array.isArray(r.body?.errors) && r.body.errors.length > 0))
    return `expected a non-empty errors list, ${got(r)}`;
  return undefined;
}
const named = (r: Reading, name: string) =>
  Array.isArray(r.body?.errors) && r.body.errors.some((e: Json) => e?.name === name);
/** D-02's 422 naming a field (lib/expectations.ts `expect422`). */
function gap422(r: Reading, name: string): string | undefined {
  const gap = envelopeGap(r, 422);
  if (gap) return gap;
  return named(r, name) ? undefined : `expected an error naming ${name}, ${got(r)}`;
}

/** What the rules gather for one exchange; `at` keeps only ids the suite declares. */
class Judgement {
  readonly checks: Check[] = [];
  private readonly ids: ReadonlyMap<string, BasisName>;
  constructor(ids: ReadonlyMap<string, BasisName>) {
    this.ids = ids;
  }
  /** The basis of a requirement the suite declares; undefined for any other id. */
  basis = (id: string): BasisName | undefined => this.ids.get(id);
  /** Records `id`'s check: held when `gap` is undefined. `contract: false` for the suite's unchecked requests. */
  at(id: string, gap: string | undefined, contract = true): void {
    if (this.ids.has(id)) this.checks.push({ id, ok: gap === undefined, ...(gap ? { reason: gap } : {}), contract });
  }
}

// ---------------------------------------------------------------------------------------------------------
// The rules.

/** §9, D-48, D-64, RFC 9110 §15.5.5 and §15.5.6: no operation for the method and path (requirements/envelopes.ts). */
function routing(r: Reading, j: Judgement): boolean {
  const { x } = r;
  if (r.x.requestHeadBytes > HEADER_LIMIT_BYTES) {
    j.at(
      'routing.headers-too-large',
      x.status === 431
        ? undefined
        : `expected 431 to ${x.requestHeadBytes} bytes of request line and headers, ${got(r)}`,
      false,
    );
    return true;
  }
  if (r.match || x.method === 'OPTIONS' || x.method === 'HEAD') return false;
  const path = pathOf(x.url);
  const hits = pathMatches(path);
  if (!hits.length) {
    if (!path.startsWith('/api/')) return true;
    j.at('routing.unknown-route', x.status === 404 ? undefined : `expected 404 for an unknown route, ${got(r)}`, false);
    j.at('routing.unknown-route.envelope', envelopeGap(r, 404), false);
    return true;
  }
  const methods = hits.map((h) => h.operation.method);
  const allow = (x.responseHeaders.allow ?? '')
    .split(',')
    .map((m) => m.trim().toUpperCase())
    .filter(Boolean);
  const literal = !path.includes('{') && hits.every((h) => !h.operation.path.includes('{'));
  const shadowing =
    literal &&
    operations.some(
      (o) =>
        o.path.includes('{') &&
        new RegExp(`^${o.path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`).test(path),
    );
  if (shadowing && METHODS.includes(x.method)) {
    const id = `${hits[0]!.operation.operationId}.method-not-allowed.${x.method.toLowerCase()}`;
    // RFC 9110 §15.5.6: 404 or 405; a 405 names this resource's methods, not the template's.
    const wrongAllow =
      x.status === 405 &&
      (methods.some((m) => !allow.includes(m)) || allow.some((m) => METHODS.includes(m) && !methods.includes(m)));
    j.at(
      id,
      ![404, 405].includes(x.status)
        ? `expected 404 or 405, ${got(r)}`
        : wrongAllow
          ? `Allow: ${x.responseHeaders.allow ?? '(none)'}, expected ${methods.join(', ')}`
          : undefined,
      false,
    );
    j.at(`${id}.status`, envelopeGap(r, 405), false);
    return true;
  }
  const gap = envelopeGap(r, 405);
  const missing = methods.filter((m) => !allow.includes(m));
  j.at(
    'routing.wrong-method',
    gap ?? (missing.length ? `Allow: ${x.responseHeaders.allow ?? '(none)'} lacks ${missing.join(', ')}` : undefined),
    false,
  );
  return true;
}

/** §5, D-05, D-07, RFC 6750, RFC 9110 §15.5.2: tokens and scopes (requirements/auth.ts). True: nothing else to judge. */
function auth(r: Reading, j: Judgement): boolean {
  const { x, o } = r;
  if (!o?.security) return false;
  const id = o.operationId;
  const refused = x.status >= 400 && x.status < 500;
  const envelope = () =>
    j.at(
      `${id}.auth.envelope`,
      r.body?.success === false && r.body?.status === x.status
        ? undefined
        : `a refusal of the caller must carry the error envelope with status ${x.status}, ${got(r)}`,
    );
  if (!r.token) {
    const challenge = x.responseHeaders['www-authenticate'] ?? '';
    j.at(`${id}.auth.no-token`, refused ? undefined : `a call without a token must be refused (4xx), ${got(r)}`);
    j.at(
      `${id}.auth.no-token.challenge`,
      x.status !== 401 || /\S/.test(challenge) ? undefined : 'a 401 without a WWW-Authenticate challenge',
    );
    j.at(
      `${id}.auth.no-token.status`,
      x.status !== 401
        ? `expected 401, ${got(r)}`
        : /^Bearer/i.test(challenge)
          ? undefined
          : `WWW-Authenticate ${JSON.stringify(challenge)}, expected a Bearer challenge`,
    );
    if (x.status >= 400) envelope();
    return true;
  }
  if (x.status === 401 || x.status === 403) envelope();
  const token = r.memory.tokens.get(r.token.value);
  if (!token) return false;
  const age = x.started - token.issuedAt;
  if (token.expiresIn !== undefined && age > token.expiresIn * 1000 + EXPIRY_SLACK_MS) {
    // RFC 6749 §5.1: past expires_in the token no longer gives access; the 401 and its challenge are D-05's.
    j.at(
      'createToken.expiry',
      refused
        ? undefined
        : `a token ${Math.round(age / 1000)} s old (expires_in ${token.expiresIn}) must be refused, ${got(r)}`,
    );
    j.at(
      'createToken.expiry.status',
      x.status === 401 && /^Bearer/i.test(x.responseHeaders['www-authenticate'] ?? '')
        ? undefined
        : `expected 401 with a Bearer challenge to an expired token, ${got(r)}`,
    );
    return true;
  }
  if (token.expiresIn !== undefined && age > token.expiresIn * 1000 - EXPIRY_SLACK_MS) return true;
  // RFC 9110 §11.1: the scheme is case-insensitive.
  if (r.token.scheme === 'bearer' && id === 'listWebhooks')
    j.at('createToken.lowercase-bearer', x.status === 200 ? undefined : `the bearer scheme in lower case, ${got(r)}`);
  const d = r.loaded.dialect;
  const security = o.security.map((alt) => alt.map((s) => scopeOf(d, s)));
  const holds = security.some((alt) => alt.every((s) => token.scopes.includes(s)));
  const family = (s: string) => s.replace(/\.readonly$/, '');
  const forbidden = (what: string) => (x.status === 403 ? undefined : `${what} must be refused with 403, ${got(r)}`);
  const anyRefusal = (what: string) => (refused ? undefined : `${what} must be refused (4xx), ${got(r)}`);
  if (!holds) {
    // The suite's default client holds the default scope only (the token endpoint's scope null, D-07).
    if (token.scopes.length === 0) {
      if (inTable(o)) {
        j.at(`${id}.auth.missing-scope`, anyRefusal('a client holding only the default scope'));
        j.at(`${id}.auth.missing-scope.status`, forbidden('a client holding only the default scope'));
      } else j.at(`${id}.auth.missing-scope`, forbidden('a client holding only the default scope'));
    } else if (token.scopes.every((s) => s.endsWith('.readonly')) && o.method !== 'GET' && token.scopes.length > 1)
      j.at(`${id}.auth.readonly-cannot-write`, forbidden('a readonly client'));
    else if (
      token.scopes.length === 1 &&
      inTable(o) &&
      !security.flat().some((s) => family(s) === family(token.scopes[0]!))
    ) {
      j.at(`${id}.scope-family`, anyRefusal(`a client holding only ${token.scopes[0]}`));
      j.at(`${id}.scope-family.status`, forbidden(`a client holding only ${token.scopes[0]}`));
    }
    return x.status === 401 || x.status === 403;
  }
  const allowedMsg = (what: string) =>
    [401, 403].includes(x.status) ? `${what} must be allowed, ${got(r)}` : undefined;
  const readonlyOnly = token.scopes.length > 1 && token.scopes.every((s) => s.endsWith('.readonly'));
  if (o.method === 'GET' && readonlyOnly) j.at(`${id}.auth.readonly-reads`, allowedMsg('a readonly client'));
  if (token.scopes.length === 1 && inTable(o))
    j.at(`${id}.scope-family`, allowedMsg(`a client holding only ${token.scopes[0]}`));
  return x.status === 401 || x.status === 403;
}

/** RFC 6749 §4.4, §5.1, §5.2, §4.1, §2.9, D-05, D-06, D-67: the token endpoint (requirements/auth.ts). */
function tokenEndpoint(r: Reading, j: Judgement): void {
  const { x, o } = r;
  if (!o || !tokenOps.includes(o.operationId)) return;
  const id = o.operationId;
  const type = mediaType(x.requestHeaders['content-type']);
  const invalidRequest = () =>
    x.status === 400 && r.body?.error === 'invalid_request' ? undefined : `expected 400 invalid_request, ${got(r)}`;
  const unreadable = (slug: string) => j.at(`${id}.unreadable.${slug}`, invalidRequest());
  if (x.requestLength > BODY_LIMIT) return unreadable('too-large');
  if (x.requestLength > 0 && !x.requestHeaders['content-type']) return unreadable('no-media-type');
  if (type === 'text/plain') return unreadable('media-type');
  if (!isUtf8(x.requestBody)) return unreadable('not-utf8');
  const text = x.requestBody.toString('utf8');
  let fields: Record<string, string>;
  if (type === 'application/json') {
    if (depthOf(text) > MAX_DEPTH) return unreadable('too-deep');
    try {
      fields = JSON.parse(text) ?? {};
    } catch {
      return unreadable('not-json');
    }
  } else fields = Object.fromEntries(new URLSearchParams(text));
  const basic = /^basic\s/i.test(x.requestHeaders.authorization ?? '');
  if (fields.grant_type !== undefined && fields.grant_type !== 'client_credentials') {
    j.at(
      `${id}.grant-type`,
      x.status === 400 && r.body?.error === 'unsupported_grant_type'
        ? undefined
        : `expected 400 unsupported_grant_type, ${got(r)}`,
      false,
    );
    return;
  }
  if (!basic && !(fields.client_id && fields.client_secret)) {
    // RFC 6749 §5.2's own example of invalid_client: no client authentication.
    j.at(
      `${id}.no-credentials`,
      [400, 401].includes(x.status) && r.body?.error === 'invalid_client'
        ? undefined
        : `expected 400 or 401 invalid_client, ${got(r)}`,
      false,
    );
    j.at(
      `${id}.no-credentials.status`,
      x.status === 401 && /^Basic\b/i.test(x.responseHeaders['www-authenticate'] ?? '')
        ? undefined
        : `expected 401 with a Basic challenge, ${got(r)}`,
      false,
    );
    return;
  }
  if (!ok2xx(x.status)) return;
  j.at(`${id}.status`, x.status === 200 ? undefined : `a token is issued with 200, ${got(r)}`);
  const b = r.body ?? {};
  if (type === 'application/x-www-form-urlencoded' && !basic)
    j.at(
      `${id}.form`,
      b.token_type !== 'Bearer'
        ? `token_type ${JSON.stringify(b.token_type)}, expected Bearer`
        : b.expires_in !== 3600
          ? `expires_in ${JSON.stringify(b.expires_in)}, expected 3600`
          : 'refresh_token' in b
            ? 'a refresh_token was issued (§2.9: none is)'
            : typeof b.access_token !== 'string'
              ? 'no access_token string'
              : !('scope' in b) || !(b.scope === null || typeof b.scope === 'string')
                ? `scope ${JSON.stringify(b.scope)}, expected a string or null`
                : undefined,
    );
  if (basic)
    j.at(`${id}.basic`, typeof b.access_token === 'string' ? undefined : `no access_token string in ${answerText(r)}`);
  if (typeof b.access_token === 'string')
    j.at(
      `${id}.tokens-differ`,
      r.memory.tokens.has(b.access_token) ? 'the token endpoint issued a token it had issued before' : undefined,
      false,
    );
}

/** D-02, D-09, D-39, D-48, D-64, D-66: a body the operation cannot read, or must refuse (requirements/envelopes.ts). */
function bodies(r: Reading, j: Judgement): boolean {
  const { x, o } = r;
  if (!o || !withBody(o) || x.requestLength === 0 || !r.token) return false;
  const id = o.operationId;
  const type = x.requestHeaders['content-type'];
  const unreadable = (slug: string, status: number) => {
    j.at(`${id}.${slug}`, envelopeGap(r, status));
    return true;
  };
  if (x.requestLength > BODY_LIMIT) return unreadable('too-large', 413);
  if (type === undefined) return unreadable('content-type.missing', 415);
  if (mediaType(type) === 'application/merge-patch+json') return unreadable('content-type.merge-patch', 415);
  if (mediaType(type) !== 'application/json') return unreadable('content-type', 415);
  if (!isUtf8(x.requestBody)) return unreadable('not-utf8', 400);
  if (x.requestBody.subarray(0, 3).equals(BOM)) return unreadable('byte-order-mark', 400);
  const text = x.requestBody.toString('utf8');
  if (depthOf(text) > MAX_DEPTH) return unreadable('too-deep', 400);
  try {
    JSON.parse(text);
  } catch {
    return unreadable('malformed-json', 400);
  }
  const key = requestWrapperOf(id);
  const resource = key ? r.request?.[key] : undefined;
  if (!key || !isObject(resource)) return false;
  const known = propertiesOf(propertiesOf(deref({ $ref: o.bodyPointer }))[key]);
  const unknown = Object.keys(resource).filter((f) => !(f in known));
  // An update of an item that does not exist answers 404 before it reads the body (requirements/envelopes.ts).
  for (const f of unknown) j.at(`${id}.unknown-field`, x.status === 404 ? undefined : gap422(r, `${key}.${f}`));
  const missing = o.method === 'POST' ? requiredFields(o).filter((f) => !(f in resource)) : [];
  for (const f of missing) j.at(`${id}.required.${f}`, gap422(r, `${key}.${f}`));
  return unknown.length > 0 || missing.length > 0 || limits(r, j, o, key);
}

/** §2.2 "no HTML": the pattern the document gives such fields. */
const NO_HTML = '^[^<>]*$';
/**
 * §2.2, §8, D-02, D-13, D-14, D-27, D-55: a field over its length or outside its pattern is refused
 * (requirements/contacts/fields.ts `max-length`, `no-html`, `pattern`): a requirement of the source says refused (a 4xx
 * about the input), its `.naming` twin and one of our decisions a 422 naming the field. A field §2.2 says is
 * "Currently not implemented" may be ignored: the source asserts no refusal of it (D-27's `.stored` does).
 */
function limits(r: Reading, j: Judgement, o: Operation, key: string): boolean {
  const validate = validatorFor(o.bodyPointer!);
  if (validate(r.request)) return false;
  const refusedGap = () =>
    r.x.status >= 400 && r.x.status < 500 && ![401, 403, 404, 405, 429].includes(r.x.status)
      ? undefined
      : `must be refused as invalid (a 4xx such as 400 or 422), ${got(r)}`;
  let judged = false;
  for (const e of validate.errors ?? []) {
    const [, wrapper, field] = e.instancePath.split('/');
    if (wrapper !== key || !field || (e.keyword !== 'maxLength' && e.keyword !== 'pattern')) continue;
    const kind =
      e.keyword === 'maxLength'
        ? 'max-length'
        : (e.params as { pattern?: string }).pattern === NO_HTML
          ? 'no-html'
          : 'pattern';
    const base = `${o.operationId}.${kind}.${field}`;
    const name = `${key}.${field}`;
    // A value inside the field (a tag of `tags`) is named by the field or a name inside it.
    const nested = e.instancePath.split('/').length > 3;
    const names = (x: Json) => (nested ? String(x?.name).startsWith(name) : x?.name === name);
    const strict = () =>
      envelopeGap(r, 422) ?? (r.body.errors.some(names) ? undefined : `expected an error naming ${name}, ${got(r)}`);
    const unimplemented = contactNotImplemented.has(field);
    if (j.basis(base) === 'source' || unimplemented) {
      if (!(kind === 'max-length' && unimplemented && j.basis(base) === 'source')) j.at(base, refusedGap());
    } else j.at(base, strict());
    j.at(`${base}.stored`, refusedGap());
    j.at(`${base}.naming`, strict());
    judged = true;
  }
  return judged;
}

/** §2.1, §4.4, §8, D-03, D-41, D-62, D-64, D-70: a list's query and answer (envelopes.ts, pagination.ts, filters.ts). */
function lists(r: Reading, j: Judgement): void {
  const { x, o } = r;
  if (!o || o.method !== 'GET' || !(isList(o) || isPaginated(o))) return;
  const id = o.operationId;
  const names = r.loaded.dialect.pageParams;
  const query = r.query.map(([k, v]): [string, string] => [
    k === names.page ? 'page' : k === names.limit ? 'limit' : k,
    v,
  ]);
  const value = (name: string) => query.find(([k]) => k === name)?.[1];
  if (query.length > MAX_QUERY_PARAMETERS) {
    j.at(
      `${id}.too-many-parameters`,
      envelopeGap(r, 422) ?? (named(r, 'query') ? undefined : `expected an error naming query, ${got(r)}`),
      false,
    );
    return;
  }
  let refusal = false;
  const refuse = (check: string, gap: string | undefined) => {
    j.at(check, gap);
    refusal = true;
  };
  for (const name of ['__proto__', 'constructor'].filter((n) => query.some(([k]) => k === n)))
    refuse(`${id}.unknown-parameter.prototype-keys`, gap422(r, name));
  const unknown = query.filter(
    ([k]) => !o.parameters.some((p) => p.name === k && p.in === 'query') && k !== '__proto__' && k !== 'constructor',
  );
  if (unknown.length) refuse(`${id}.unknown-parameter`, envelopeGap(r, 422));
  const page = value('page');
  const limit = value('limit');
  const param = (name: string) => deref(o.parameters.find((p) => p.name === name)?.schema);
  const outOf = (raw: string, s: Json) => !/^-?\d+$/.test(raw) || Number(raw) < s.minimum || Number(raw) > s.maximum;
  if (page !== undefined && isPaginated(o) && outOf(page, param('page'))) {
    if (page === '0' && isList(o)) refuse(`${id}.page-zero`, gap422(r, 'page'));
    refuse(`${id}.pagination.page-range`, gap422(r, names.page));
  }
  if (limit !== undefined && isPaginated(o) && outOf(limit, param('limit')))
    refuse(`${id}.pagination.limit-range`, gap422(r, names.limit));
  const filters = hasFilters(o) ? filtersOf(o) : [];
  for (const [k, raw] of query) {
    const f = filters.find((x) => x.name === k);
    if (f?.rule.op === 'in' && (raw.split(',').length > IN_MAX_VALUES || raw.length > IN_MAX_CHARACTERS))
      refuse(
        `${id}.filter.${k}.bound`,
        x.status === 422 && r.body?.success === false && r.body?.status === 422
          ? undefined
          : `expected 422 to an :in list past D-70's bounds, ${got(r)}`,
      );
  }
  if (refusal || x.status === 401 || x.status === 403) return;

  const pageNo = page === undefined ? 1 : Number(page);
  const envelope = isList(o);
  if (x.status !== 200) {
    // D-03: a page past the end is a 200 with no items, never a 404 of a list that exists.
    // A list whose path names a parent answers 404 for a parent that is gone; one that answered 200 before has one.
    if (pageNo > 1 && x.status === 404 && (!o.path.includes('{') || r.memory.listed.has(pathOf(x.url)))) {
      const gap = `a page past the end answered 404: ${answerText(r)}`;
      j.at(`${id}.pagination.past-end`, gap);
      // The walk reads the page after the last too (requirements/pagination.ts `walk`).
      if (limit !== undefined) j.at(`${id}.pagination.walk.order`, gap);
    }
    return;
  }
  const b = r.body;
  if (envelope) {
    // §2.1: the list envelope's fields, each present.
    const gap =
      b?.success !== true ||
      b?.status !== 200 ||
      !Array.isArray(b?.data) ||
      !isObject(b?.pagination) ||
      !isObject(b?.links)
        ? `expected success true, status 200, data, pagination and links, ${got(r)}`
        : ['page', 'limit', 'total', 'totalPages'].find((k) => !(k in b.pagination))
          ? `pagination lacks ${['page', 'limit', 'total', 'totalPages'].find((k) => !(k in b.pagination))}`
          : ['self', 'previous', 'next'].find((k) => !(k in b.links))
            ? `links lacks ${['self', 'previous', 'next'].find((k) => !(k in b.links))}`
            : undefined;
    j.at(`${id}.envelope`, gap);
    if (gap) return;
  }
  const items: Json[] | undefined = envelope ? b.data : Object.values(b ?? {}).find(Array.isArray);
  if (!items) return;
  const p = envelope ? b.pagination : undefined;
  const links = envelope ? b.links : undefined;
  const max = param('limit')?.maximum;
  if (isPaginated(o) && limit !== undefined && Number(limit) === max)
    j.at(
      `${id}.pagination.max-limit`,
      items.length > max
        ? `${items.length} items for limit=${max}`
        : p && p.limit !== max
          ? `pagination.limit ${p.limit}, expected ${max}`
          : undefined,
    );
  if (p && page === undefined && limit === undefined) {
    const ceil = p.total > 0 ? Math.ceil(p.total / p.limit) : undefined;
    const firstPage =
      p.page !== 1
        ? `pagination.page ${p.page}, expected 1`
        : !(Number.isInteger(p.limit) && p.limit > 0)
          ? `pagination.limit ${p.limit}`
          : ceil !== undefined && p.totalPages !== ceil
            ? `totalPages ${p.totalPages}, expected ceil(${p.total} / ${p.limit}) = ${ceil}`
            : items.length !== Math.min(p.total, p.limit)
              ? `${items.length} items on the first page, expected min(total ${p.total}, limit ${p.limit})`
              : links.previous !== null
                ? `links.previous ${JSON.stringify(links.previous)} on the first page`
                : p.total <= p.limit
                  ? links.next !== null
                    ? `links.next ${JSON.stringify(links.next)} on the only page`
                    : undefined
                  : typeof links.next !== 'string'
                    ? `links.next ${JSON.stringify(links.next)} with more pages`
                    : undefined;
    j.at(`${id}.pagination.first-page`, firstPage);
    const def = param('limit')?.default;
    const exact = Math.ceil(p.total / p.limit);
    j.at(
      `${id}.pagination.default-limit`,
      p.limit !== def
        ? `pagination.limit ${p.limit}, expected the default ${def}`
        : p.page !== 1
          ? `pagination.page ${p.page}, expected 1`
          : p.totalPages !== exact
            ? `totalPages ${p.totalPages}, expected ceil(${p.total} / ${p.limit}) = ${exact}`
            : items.length !== Math.min(p.total, p.limit)
              ? `${items.length} items, expected min(total ${p.total}, limit ${p.limit})`
              : links.previous !== null
                ? `links.previous ${JSON.stringify(links.previous)} on page 1`
                : p.totalPages <= 1 !== (links.next === null)
                  ? `links.next ${JSON.stringify(links.next)} with totalPages ${p.totalPages}`
                  : undefined,
    );
  }
  if (p && page !== undefined && pageNo > 1 && typeof p.totalPages === 'number' && p.totalPages < pageNo)
    j.at(
      `${id}.pagination.past-end`,
      items.length
        ? `${items.length} items past the last page`
        : p.page !== pageNo
          ? `pagination.page ${p.page}, expected ${pageNo}`
          : links.next !== null
            ? `links.next ${JSON.stringify(links.next)} past the last page`
            : undefined,
    );
  if (p && limit !== undefined) {
    // §2.1: each page's pagination (its number, size, total and pages) and items, whatever the links look like.
    // A target that answers pages of its own size to our `limit`, its name unstated, is not judged (D-03; the suite
    // makes the requirement not applicable).
    if (p.limit === Number(limit) || r.loaded.stated.has('pageParams'))
      j.at(`${id}.pagination.links`, pagesGap(pageNo, Number(limit), p, items.length) ?? endsGap(pageNo, p, links));
    // The walk's pages are `walk`'s and `walk.order`'s alike (requirements/pagination.ts `walk`).
    const walked = walkGap(r, query, pageNo, Number(limit), p, links, items.length);
    j.at(`${id}.pagination.walk`, walked);
    j.at(`${id}.pagination.walk.order`, walked);
    // D-03: a page lists its items in id order, ascending.
    const ids = items.map((i) => i?.id);
    const unordered = ids.findIndex((v, i) => i > 0 && !(v > ids[i - 1]));
    j.at(
      `${id}.pagination.walk.order`,
      unordered > 0 ? `items ${ids[unordered - 1]} then ${ids[unordered]}: not in ascending id order` : undefined,
    );
  }
  const followed = r.memory.links.get(x.url);
  if (p && followed && followed.operationId === id)
    j.at(
      `${id}.pagination.links`,
      p.page !== followed.page
        ? `links.${followed.rel} led to page ${p.page}, expected ${followed.page}`
        : p.total !== followed.total
          ? `links.${followed.rel} led to a search of ${p.total} items, expected ${followed.total}`
          : followed.ids && JSON.stringify(items.map((i) => i.id).sort()) !== JSON.stringify([...followed.ids].sort())
            ? `links.self led to items ${items.map((i) => i.id).join(', ')}, expected ${followed.ids.join(', ')}`
            : undefined,
    );
  if (id === 'listProducts') productStatus(r, j, items);
  filtered(r, j, query, filters, items, p, links, pageNo);
}

/** §2.1, D-03: a page's pagination is the page and size asked, its totals agree, and it holds what they say. */
function pagesGap(page: number, limit: number, p: Json, count: number): string | undefined {
  if (p.page !== page || p.limit !== limit) return `pagination ${JSON.stringify(p)} for page ${page}, limit ${limit}`;
  if (p.totalPages !== Math.ceil(p.total / limit))
    return `totalPages ${p.totalPages}, expected ceil(${p.total} / ${limit})`;
  if (page <= p.totalPages && count !== (page < p.totalPages ? limit : p.total - limit * (p.totalPages - 1)))
    return `${count} items on page ${page} of ${p.totalPages} (total ${p.total}, limit ${limit})`;
  if (page > p.totalPages && count > 0) return `${count} items on page ${page}, past the last page ${p.totalPages}`;
  return undefined;
}

/** §2.1: `previous` is null on the first page and `next` on the last, each a URL elsewhere (whatever its form). */
function endsGap(page: number, p: Json, links: Json): string | undefined {
  if (page === 1 && links.previous !== null)
    return `links.previous ${JSON.stringify(links.previous)} on the first page`;
  if (page > 1 && page <= p.totalPages && typeof links.previous !== 'string')
    return `links.previous ${JSON.stringify(links.previous)} on page ${page}`;
  if (page >= p.totalPages && links.next !== null) return `links.next ${JSON.stringify(links.next)} on the last page`;
  if (page < p.totalPages && typeof links.next !== 'string')
    return `links.next ${JSON.stringify(links.next)} on page ${page} of ${p.totalPages}`;
  return undefined;
}

/**
 * D-03, §2.1: a page's pagination and links, as the walk of requirements/pagination.ts checks each page: the page and
 * size asked, totals that agree, and links on the same path with the same filters and size, null at the ends.
 */
function walkGap(
  r: Reading,
  query: [string, string][],
  page: number,
  limit: number,
  p: Json,
  links: Json,
  count: number,
): string | undefined {
  const names = r.loaded.dialect.pageParams;
  const pages = pagesGap(page, limit, p, count);
  if (pages) return pages;
  const filters = query.filter(([k]) => k !== 'page' && k !== 'limit');
  const path = pathOf(r.x.url);
  const linkGap = (link: Json, expected: number, what: string): string | undefined => {
    if (typeof link !== 'string') return `links.${what} ${JSON.stringify(link)}, expected a link to page ${expected}`;
    const url = new URL(resolveLink(link), 'http://x');
    const q = new URLSearchParams(url.search);
    if (url.pathname !== path) return `links.${what} ${link}: path, expected ${path}`;
    if (q.get(names.limit) !== String(limit)) return `links.${what} ${link}: ${names.limit}, expected ${limit}`;
    if ((q.get(names.page) ?? '1') !== String(expected))
      return `links.${what} ${link}: ${names.page}, expected ${expected}`;
    const lost = filters.find(([k, v]) => q.get(k) !== v);
    return lost ? `links.${what} ${link} drops ${lost[0]}=${lost[1]}` : undefined;
  };
  if (page <= Math.max(p.totalPages, 1)) {
    const self = linkGap(links.self, page, 'self');
    if (self) return self;
  }
  if (page === 1 && links.previous !== null) return `links.previous ${JSON.stringify(links.previous)} on page 1`;
  if (page > 1 && page <= p.totalPages) {
    const previous = linkGap(links.previous, page - 1, 'previous');
    if (previous) return previous;
  }
  if (page >= p.totalPages)
    return links.next === null ? undefined : `links.next ${JSON.stringify(links.next)} on the last page`;
  return linkGap(links.next, page + 1, 'next');
}

/** A filter of a search and the value it was given. */
interface Given {
  f: Filter;
  raw: string;
}

/**
 * The requirement a filter's value belongs to, as requirements/filters.ts writes its queries: a date-time with a
 * fraction of a second or `Z` (D-10), a quoted `:in` value (§4.4, D-62), an empty equality (§4.4), else the filter's
 * own (`.boundary` for a range).
 */
function filterCheck(id: string, f: Filter, raw: string): string {
  const range = ['gte', 'lte', 'gt', 'lt'].includes(f.rule.op);
  if (f.kind === 'date' && range && /\.\d*[1-9]/.test(raw)) return `${id}.filter.date-time-fraction`;
  if (f.kind === 'date' && /(Z|\.\d+)/.test(raw.slice(19))) return `${id}.filter.date-time-input`;
  if (f.rule.op === 'in' && raw.includes('"')) return `${id}.filter.${f.name}.quoted-comma`;
  if (f.rule.op === 'eq' && f.rule.empty === 'none' && raw === '') return `${id}.filter.${f.name}.empty`;
  return `${id}.filter.${f.name}${range ? '.boundary' : ''}`;
}

/** §4.4, D-10, D-62: the items a filtered search answers each satisfy its filters (requirements/filters.ts). */
function filtered(
  r: Reading,
  j: Judgement,
  query: [string, string][],
  filters: Filter[],
  items: Json[],
  p: Json,
  links: Json,
  page: number,
): void {
  const o = r.o!;
  const id = o.operationId;
  const given: Given[] = query.flatMap(([k, raw]) => {
    const f = filters.find((x) => x.name === k);
    return f ? [{ f, raw }] : [];
  });
  if (!given.length) return;
  // The suite narrows a filter's search to its own items with id:min and id:max; two filters besides those are AND.
  const narrowing = (f: Filter) => f.rule.field === 'id' && (f.rule.op === 'gte' || f.rule.op === 'lte');
  const main = given.filter((g) => !narrowing(g.f));
  const combined = new Set(main.map((g) => g.f.rule.field)).size >= 2;
  // A filter's search is read page after page through links.next (lib/lists.ts `listAll`): a next that cannot be
  // right fails it there.
  const next =
    links && links.next !== null && links.next !== undefined
      ? endlessNext(r.body, links.next, new Set(), page)
      : undefined;
  for (const { f, raw } of given) {
    const check = combined && !narrowing(f) ? `${id}.filter.combined` : filterCheck(id, f, raw);
    const wrong = items.find((item) => !matches(f, item?.[f.rule.field], raw));
    j.at(
      check,
      wrong
        ? `item ${wrong.id} with ${f.rule.field} ${JSON.stringify(wrong[f.rule.field])} was returned for ${f.name}=${raw}`
        : next
          ? `links.next ${JSON.stringify(links.next)} ${next}`
          : undefined,
    );
  }
  // §4.4 `sku:in` "case-insensitive": an item returned for a value it holds in another case.
  for (const { f, raw } of given)
    if (
      f.rule.caseInsensitive &&
      !combined &&
      items.some((i) => matches(f, i?.[f.rule.field], raw) && !parseList(raw).includes(String(i?.[f.rule.field])))
    )
      j.at(
        `${id}.filter.${f.name}.case-insensitive`,
        next ? `links.next ${JSON.stringify(links.next)} ${next}` : undefined,
      );
  missing(r, j, given, main, combined, items, p);
  if (p && page === 1 && items.length === 0) {
    // §7, §2.1: a search with no matches; its totalPages 0 is D-03's.
    j.at(
      `${id}.filter.no-match`,
      p.total !== 0
        ? `pagination.total ${p.total} with no items`
        : links.previous !== null || links.next !== null
          ? `links ${JSON.stringify(links)} of a search with no matches`
          : undefined,
    );
    j.at(
      `${id}.filter.no-match.total-pages`,
      p.total === 0 && p.totalPages !== 0 ? `totalPages ${p.totalPages}, expected 0` : undefined,
    );
  }
}

/**
 * §4.4: a filtered search returns every item that satisfies it. Of a complete answer (all its items on this page),
 * every item the proxy saw made whose state it knows (its last write ended before the search began, no delete of
 * what it hangs off since) and that satisfies every filter must be there; the filters on fields the target assigns
 * once (id, createdOn) or the client writes, never on those it derives or changes on its own.
 */
function missing(
  r: Reading,
  j: Judgement,
  given: Given[],
  main: Given[],
  combined: boolean,
  items: Json[],
  p: Json,
): void {
  const o = r.o!;
  const create = createOf(o)?.operationId;
  if (!create || !p || p.total !== items.length || !r.match) return;
  // A field the target derives by a rule the suite knows (§3's status) is derived here at the time of the search;
  // one the document says is derived when read otherwise (a product redirect's target) cannot be known.
  const readTime = atRequestTime(itemSchema(o));
  const valueOf = (f: Filter, resource: Json) =>
    f.source === 'derived' ? derivedFields[f.rule.field]?.value(resource, r.x.started) : resource[f.rule.field];
  const unknowable = ({ f }: Given) =>
    derivedFields[f.rule.field] === undefined &&
    (f.source === 'derived' ||
      readTime.has(f.rule.field) ||
      (f.source === 'assigned' && !['id', 'createdOn', 'modifiedOn'].includes(f.rule.field)));
  if (given.some(unknowable)) return;
  const collection = collectionKey(create, r.match.params);
  const listed = new Set(items.map((i) => i?.id));
  const expected = [...r.memory.items.values()].filter(
    (it) =>
      it.collection === collection &&
      it.seenMade &&
      !it.deleted &&
      !it.stale &&
      it.last &&
      it.last.at < r.x.started &&
      it.madeBy === r.x.requestHeaders.authorization &&
      !listed.has(it.last.resource.id) &&
      given.every(({ f, raw }) => matches(f, valueOf(f, it.last!.resource), raw)),
  );
  if (!expected.length) return;
  const first = expected[0]!.last!.resource;
  const asked = given.map(({ f, raw }) => `${f.name}=${raw}`).join('&');
  const gap = `item ${first.id} (${given.map(({ f }) => `${f.rule.field} ${JSON.stringify(valueOf(f, first))}`).join(', ')}) satisfies ${asked} but is missing`;
  const id = o.operationId;
  // A value matched in another case only is the case-insensitivity's (§4.4 `sku:in`, requirements/filters.ts).
  const blame = ({ f, raw }: Given) =>
    combined
      ? `${id}.filter.combined`
      : f.rule.caseInsensitive && !parseList(raw).includes(String(valueOf(f, first)))
        ? `${id}.filter.${f.name}.case-insensitive`
        : filterCheck(id, f, raw);
  for (const check of new Set((main.length ? main : given).map(blame))) j.at(check, gap);
}

/**
 * Fields the document says are derived when read (`status`: "… now is within the publish window", §3; `isCurrent`,
 * D-30; a product redirect's `target`, "derived when the redirect is read", §2.5, D-44): a later read may show
 * another value than the write answered, and a field never sent is not unset.
 */
const READ_TIME = /^Derived\b[^]*\bnow\b|\bderived (at the time of the request|when [^.]*\bread)\b/i;
const atRequestTime = (schema: Json): Set<string> =>
  new Set(
    Object.entries(propertiesOf(schema))
      .filter(([, s]) => READ_TIME.test(deref(s)?.description ?? ''))
      .map(([k]) => k),
  );
/** The resource schema of a family's get answer (its 200 `data`, or `contact`). */
function resourceSchema(get: Operation, key: string): Json {
  const content = deref(get.responses['200'])?.content?.['application/json']?.schema;
  return deref(propertiesOf(content)[key]);
}
/** The sections whose tables give a resource's fields "as returned" (§2.3–§2.8; requirements/resources/lifecycle.ts). */
const returnedSection: Record<string, string> = {
  createProduct: '2.3',
  createInventory: '2.4',
  createRedirect: '2.5',
  createProductDownload: '2.6',
  createProductMedia: '2.7',
  createWebhook: '2.8',
};
const returned = new Map<string, ReturnType<typeof returnedFields>>();
const returnedOf = (section: string) =>
  returned.get(section) ?? returned.set(section, returnedFields(section)).get(section)!;
/** The §2.3 fields (every one a product returns, `createProduct.nulls`). */
const productFields = () => returnedOf('2.3');

/**
 * §4.3, §2.1, §7, D-01, D-04, D-09, D-39: writes and reads of an item (requirements/resources/, contacts/): the
 * write's status and envelope, its answer read back by the next get with no write between, unset fields null, gone
 * after a delete, its id never given again; what a get answers (every property, date-times, §2.3–§2.8's fields).
 */
function items(r: Reading, j: Judgement): void {
  const { x, o, match } = r;
  if (!o || !match) return;
  const create = familyOf(o);
  if (!create || o.extension) return;
  const id = o.operationId;
  const key = requestWrapperOf(create) ?? 'data';
  const v2 = key === 'data';
  const write = writeOf(id);
  const params = match.params;
  const itemParam = Object.keys(params).at(-1);
  const d = r.loaded.dialect;
  const resource = resourceOf(r.body, key);
  const getOp = operations.find((g) => g.method === 'GET' && g.operationId === `get${create.slice(6)}`);
  const schema = getOp ? resourceSchema(getOp, key) : undefined;
  if (write === 'add' && ok2xx(x.status)) {
    if (v2) {
      j.at(
        `${create}.lifecycle.status`,
        x.status !== d.statuses.add
          ? `add answered ${x.status}, expected ${d.statuses.add}`
          : !(r.body?.success === true && r.body?.status === x.status && resource?.id !== undefined)
            ? `expected success true, status ${x.status} and data with its id: ${answerText(r)}`
            : undefined,
      );
      if (x.responseLength)
        j.at(
          `${create}.success-envelope`,
          r.body?.success === true && r.body?.status === x.status
            ? undefined
            : `the add answered ${x.status} without success true and status ${x.status}: ${answerText(r)}`,
        );
    }
    if (resource?.id === undefined) return;
    // D-04: an add after a delete in the same collection never gets a deleted id (requirements/resources/lifecycle.ts).
    const deleted = r.memory.deletedIds.get(collectionKey(create, params));
    if (deleted)
      j.at(
        `delete${create.slice(6)}.id-not-reused`,
        deleted.has(String(resource.id)) ? `the add gave id ${resource.id}, which a delete had removed` : undefined,
      );
    if (getOp && schema)
      shape(
        r,
        j,
        getOp,
        schema,
        resource,
        create,
        unsetOf(r, create, key, new Set(Object.keys(r.request?.[key] ?? {}))),
        false,
      );
    return;
  }
  if (!itemParam) return;
  const parents = Object.fromEntries(Object.entries(params).slice(0, -1));
  const k = itemKey(create, parents, params[itemParam]!);
  const item = r.memory.items.get(k);
  if (write === 'update' && ok2xx(x.status) && v2) {
    j.at(
      `${create}.lifecycle.status`,
      x.status !== d.statuses.update
        ? `update answered ${x.status}, expected ${d.statuses.update}`
        : r.body?.success === true && r.body?.status === 200
          ? undefined
          : `expected success true and status 200: ${answerText(r)}`,
    );
    if (x.responseLength)
      j.at(
        `${create}.success-envelope`,
        r.body?.success === true && r.body?.status === x.status
          ? undefined
          : `the update answered ${x.status} without success true and status ${x.status}: ${answerText(r)}`,
      );
  }
  if (write === 'delete' && ok2xx(x.status)) {
    const gap =
      x.status !== d.statuses.delete
        ? `delete answered ${x.status}, expected ${d.statuses.delete}`
        : x.responseLength
          ? `delete answered a body: ${answerText(r)}`
          : undefined;
    if (v2) {
      j.at(`${id}.id-not-reused`, gap);
      if (x.responseLength)
        j.at(
          `${create}.success-envelope`,
          r.body?.success === true && r.body?.status === x.status
            ? undefined
            : `the delete answered ${x.status} without success true and status ${x.status}: ${answerText(r)}`,
        );
    } else j.at(`${id}.gone.status`, gap);
  }
  if (item?.deleted && (o.method === 'GET' || write)) {
    // RFC 9110 §15.5.5, §15.5.11: gone after the delete (404 or 410); D-04: 404, in the error envelope for contacts.
    const gone = [404, 410].includes(x.status)
      ? undefined
      : `the deleted item ${params[itemParam]} answered ${x.status}`;
    if (v2) {
      if (o.method === 'GET') {
        j.at(`${create}.lifecycle`, gone);
        j.at(
          `delete${create.slice(6)}.id-not-reused`,
          x.status === 404 ? undefined : `the deleted id ${params[itemParam]} answered ${x.status}, expected 404`,
        );
      }
    } else if (o.method === 'GET' || write === 'delete') {
      j.at(`delete${create.slice(6)}.gone`, gone);
      j.at(`delete${create.slice(6)}.gone.status`, envelopeGap(r, 404));
    }
    return;
  }
  if (o.method !== 'GET' || x.status !== 200 || !schema || !resource) return;
  if (id === 'getProduct') productStatus(r, j, [resource]);
  if (id === 'getProductMedia')
    j.at(
      `${id}.envelope`,
      r.body?.success === true && r.body?.status === 200 && resource.id !== undefined
        ? undefined
        : `expected success true, status 200 and data with the item: ${answerText(r)}`,
    );
  const last = item?.last;
  const fresh = last !== undefined && last.write === r.memory.writes;
  if (fresh) {
    // D-01: the write answered the object as stored, which the next get returns (fields derived at request time may
    // have moved on since).
    const skip = atRequestTime(schema);
    const differs = Object.keys({ ...resource, ...last.resource }).filter(
      (f) => !skip.has(f) && JSON.stringify(resource[f]) !== JSON.stringify(last.resource[f]),
    );
    const gap = differs.length
      ? `the get differs from what ${last.operationId} answered in ${differs.slice(0, 5).join(', ')}`
      : undefined;
    if (v2) j.at(`${create}.lifecycle.status`, gap);
    else if (writeOf(last.operationId) === 'add') j.at(`${id}.reads-back`, gap);
  }
  shape(r, j, o, schema, resource, create, fresh && item?.seenMade ? unsetOf(r, create, key, item.sent) : [], true);
}

/** The writable nullable fields with no non-null default that no write sent: unset, so null (§2.1, D-39). */
function unsetOf(r: Reading, create: string, key: string, sent: Set<string>): string[] {
  const body = propertiesOf(deref({ $ref: op(create).bodyPointer }))[key];
  return Object.entries(propertiesOf(body))
    .filter(([f, s]) => !sent.has(f) && !deref(s).readOnly && isNullable(s) && (deref(s).default ?? null) === null)
    .map(([f]) => f);
}

/** What an item answered must hold: every property, unset fields null, date-times, §2.3–§2.8's fields. */
function shape(
  r: Reading,
  j: Judgement,
  o: Operation,
  schema: Json,
  resource: Json,
  create: string,
  unset: string[],
  get: boolean,
): void {
  const id = o.operationId;
  const derived = atRequestTime(schema);
  const missing = (schema.required ?? []).filter((f: string) => !(f in resource));
  const notNull = unset.filter((f) => !derived.has(f) && resource[f] !== null);
  const show = (fs: string[]) =>
    fs.map((f) => `${f}: ${f in resource ? JSON.stringify(resource[f]) : 'missing'}`).join(', ');
  const gap = missing.length
    ? `missing ${missing.join(', ')}`
    : notNull.length
      ? `unset fields are not null: ${show(notNull)}`
      : undefined;
  // The add that makes the item is the suite's data (`setup`): its answer's contract is noted there, not failed.
  j.at(`${id}.all-properties`, gap, get);
  if (create === 'createProduct' && unset.length) {
    const fields = productFields();
    const lacking = [...fields.keys()].filter((f) => !(f in resource));
    const ours = notNull.filter((f) => productSourceNullable.includes(f));
    j.at(
      'createProduct.nulls',
      lacking.length
        ? `missing §2.3's ${lacking.join(', ')}`
        : ours.length
          ? `unset fields §2.3 types "or null" are not null: ${show(ours)}`
          : undefined,
    );
    const others = notNull.filter((f) => productNullable.includes(f) && !productSourceNullable.includes(f));
    j.at('createProduct.nulls.others', others.length ? `unset fields are not null: ${show(others)}` : undefined);
  }
  if (create === 'createContact' && unset.length) {
    const wrong = Object.entries(propertiesOf(schema))
      .filter(([f, s]) => unset.includes(f) && isNullable(s) && !contactNotImplemented.has(f))
      .map(([f]) => f)
      .filter((f) => resource[f] !== null);
    j.at('createContact.unset-null', wrong.length ? `unset fields are not null (§2.1): ${show(wrong)}` : undefined);
  }
  if (!get) return;
  const dates = Object.entries(propertiesOf(schema))
    .filter(([, s]) => JSON.stringify(s).includes('#/components/schemas/DateTime"'))
    .map(([f]) => f);
  const badDate = dates.find(
    (f) => resource[f] !== null && resource[f] !== undefined && !DATE_TIME.test(String(resource[f])),
  );
  if (dates.includes('createdOn'))
    j.at(
      `${id}.date-time-shape`,
      badDate ? `${badDate} ${JSON.stringify(resource[badDate])} is not YYYY-MM-DDTHH:MM:SS±hh:mm` : undefined,
    );
  const section = returnedSection[create];
  if (section) {
    const problems =
      typeof resource.id !== 'number'
        ? ['id: not a number']
        : [...returnedOf(section)].flatMap(([f, type]) => {
            if (!(f in resource)) return [`${f}: missing`];
            const problem = typeProblem(type, resource[f]);
            return problem ? [`${f}: ${problem}`] : [];
          });
    j.at(
      `${id}.as-returned`,
      problems.length ? `the fields of §${section}: ${problems.slice(0, 3).join('; ')}` : undefined,
    );
  }
}

/** The cases of §3's status rule the suite judges one by one (requirements/products.ts `statusCases`). */
function statusCase(p: Json, now: number): string {
  if (p.isActive !== true) return 'inactive';
  if (p.publishStartOn !== null && Date.parse(p.publishStartOn) > now) return 'future-start';
  if (p.publishEndOn !== null && Date.parse(p.publishEndOn) <= now) return 'past-end';
  return p.publishStartOn !== null || p.publishEndOn !== null ? 'open-window' : 'active-open';
}
/**
 * §3: a product's status, on a get and in a list, is derived at the time of the request from isActive and the publish
 * window (requirements/filters.ts `derived`); a window's edge that passed since the product's last write is
 * `at-request-time`'s. A request during which an edge passes is not judged.
 */
function productStatus(r: Reading, j: Judgement, products: Json[]): void {
  const rule = derivedFields.status;
  if (!rule) return;
  for (const p of products) {
    // A product answered without the fields the rule reads breaks the document, not §3's rule: not judged here.
    if (!isObject(p) || typeof p.status !== 'string') continue;
    if (!['isActive', 'publishStartOn', 'publishEndOn'].every((k) => k in p)) continue;
    const edges = [p.publishStartOn, p.publishEndOn].filter((e) => typeof e === 'string').map((e) => Date.parse(e));
    // The target's clock read the time somewhere between the request and its answer: near an edge, either value.
    const before = rule.value(p, r.x.started - EDGE_SLACK_MS);
    const after = rule.value(p, r.x.ended + EDGE_SLACK_MS);
    const last = r.memory.items.get(itemKey('createProduct', {}, p.id))?.last;
    const passed = last && edges.some((e) => e > last.at && e <= r.x.ended + EDGE_SLACK_MS);
    j.at(
      `getProduct.status.${passed ? 'at-request-time' : statusCase(p, r.x.started)}`,
      p.status === before || p.status === after
        ? undefined
        : `product ${p.id} is ${p.status}, expected ${before} (isActive ${p.isActive}, publish window ${p.publishStartOn} to ${p.publishEndOn})`,
    );
  }
}

/** D-02, D-04: a by-id operation's 404 carries the error envelope (requirements/envelopes.ts). */
function notFound(r: Reading, j: Judgement): void {
  if (r.o && isById(r.o) && r.x.status === 404 && r.token)
    j.at(`${r.o.operationId}.not-found.envelope`, envelopeGap(r, 404));
}

// ---------------------------------------------------------------------------------------------------------
// Callbacks: the target's request to an App (createShippingService's callbacks, §4.5, D-16), and the App's answer.

export interface CallbackOperation {
  operationId: string;
  /** The field of the shipping service that names the App's URL (`ratesUrl`, `labelsUrl`). */
  field: string;
  operation: Operation;
  bodyPointer: string;
}
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
/** Every callback the document declares, as an operation `checkResponse` can read (their `{$request.body#/…}` URLs). */
export const callbackOperations: CallbackOperation[] = operations.flatMap((o) =>
  Object.entries((deref({ $ref: o.pointer }).callbacks ?? {}) as Record<string, Json>).flatMap(([name, cb]) =>
    Object.entries(deref(cb) as Record<string, Json>).flatMap(([expression, item]) =>
      Object.entries(item as Record<string, Json>).map(([method, c]) => {
        const pointer = `${o.pointer}/callbacks/${esc(name)}/${esc(expression)}/${method}`;
        return {
          operationId: c.operationId as string,
          field: /\/(\w+)\}$/.exec(expression)?.[1] ?? expression,
          bodyPointer: `${pointer}/requestBody/content/application~1json/schema`,
          operation: {
            ...o,
            operationId: c.operationId,
            method: method.toUpperCase(),
            path: expression,
            pointer,
            parameters: (c.parameters ?? []).map((p: Json) => deref(p)),
            responses: c.responses ?? {},
            security: null,
          } satisfies Operation,
        };
      }),
    ),
  ),
);

/** D-16, §4.5: a callback request matches the document's body and headers (requirements/callbacks/rate-requests.ts `request-schema`). */
function callback(r: Reading, j: Judgement, cb: CallbackOperation): void {
  const { x } = r;
  const request = jsonOf(x.requestBody, x.requestLength);
  const headers = cb.operation.parameters.filter((p) => p.in === 'header');
  const problems = [
    ...(x.method !== 'POST' ? [`method ${x.method}, expected POST`] : []),
    ...(mediaType(x.requestHeaders['content-type']) !== 'application/json'
      ? [`content type ${x.requestHeaders['content-type'] ?? '(none)'}`]
      : []),
    ...check(cb.bodyPointer, request),
    ...headers
      .filter((p) => p.required && x.requestHeaders[p.name.toLowerCase()] === undefined)
      .map((p) => `header ${p.name} is missing`),
  ];
  j.at(
    `${cb.operationId}.request-schema`,
    problems.length ? `the ${cb.operationId} request: ${problems.slice(0, 3).join('; ')}` : undefined,
  );
}

// ---------------------------------------------------------------------------------------------------------

/** The rules, over the suite's registry: what they judge of an exchange, and what they can judge at all. */
export class Rules {
  private readonly ids: ReadonlyMap<string, BasisName>;
  private readonly loaded: LoadedDialect;
  /** `ids`: the suite's requirements and their bases (lib/requirement.ts `declared`). */
  constructor(ids: ReadonlyMap<string, BasisName>, loaded: LoadedDialect) {
    this.ids = ids;
    this.loaded = loaded;
  }

  /** Every id of the suite the rules can attribute, from traffic alone. */
  judgeable(): string[] {
    const all = [
      ...operations.flatMap(candidates),
      ...ROUTING,
      ...CALLBACK_IDS,
      ...operations.flatMap((o) =>
        METHODS.flatMap((m) => [
          `${o.operationId}.method-not-allowed.${m.toLowerCase()}`,
          `${o.operationId}.method-not-allowed.${m.toLowerCase()}.status`,
        ]),
      ),
    ];
    return [...new Set(all)].filter((id) => this.ids.has(id)).sort();
  }

  /** Judges one exchange with what `memory` holds of those before it, then remembers what it shows. */
  judge(x: Exchange, memory: Memory): Judged {
    const j = new Judgement(this.ids);
    if (x.direction === 'callback') {
      const cb = callbackOperations.find((c) => c.operationId === x.callback);
      if (!cb) return { checks: [], contract: [], contractOf: 'app' };
      const reading = this.reading(x, memory, undefined);
      callback(reading, j, cb);
      const contract = x.status
        ? checkResponse(cb.operation, x.status, x.responseHeaders, reading.raw, x.responseBody.toString('utf8'))
        : [];
      return { checks: j.checks, operationId: cb.operationId, contract, contractOf: 'app' };
    }
    const match = operationOf(x.method, pathOf(x.url));
    const r = this.reading(x, memory, match);
    if (x.status === 0)
      return {
        checks: [],
        contract: [],
        contractOf: 'target',
        ...(match ? { operationId: match.operation.operationId } : {}),
      };
    const routed = !routing(r, j);
    if (routed) {
      tokenEndpoint(r, j);
      // A caller refused (401, 403) was judged by the token rules alone: the target never read the rest.
      if (!auth(r, j) && x.status !== 401 && x.status !== 403 && !bodies(r, j)) {
        lists(r, j);
        items(r, j);
        notFound(r, j);
      }
    }
    // An answer cut at the cap is not judged against the document; nor one given before any route (D-64's 431).
    const complete = x.responseBody.length === x.responseLength;
    const contract =
      match && routed && complete
        ? checkResponse(match.operation, x.status, x.responseHeaders, r.raw, x.responseBody.toString('utf8'))
        : [];
    // A body the document does not allow (a frontend's mistake): the target should refuse it, and the client learns why.
    const o = match?.operation;
    const request = o?.bodyPointer && r.request !== undefined && routed ? check(o.bodyPointer, r.request) : [];
    remember(r);
    return {
      checks: j.checks,
      contract,
      contractOf: 'target',
      ...(request.length ? { request } : {}),
      ...(match ? { operationId: match.operation.operationId } : {}),
    };
  }

  private reading(x: Exchange, memory: Memory, match: Matched | undefined): Reading {
    const o = match?.operation;
    const raw = jsonOf(x.responseBody, x.responseLength);
    const body = o ? fromTarget(this.loaded.dialect, o.operationId, x.status, raw) : raw;
    const auth = /^(\S+)\s+(\S+)$/.exec((x.requestHeaders.authorization ?? '').trim());
    const token = auth && /^bearer$/i.test(auth[1]!) ? { scheme: auth[1]!, value: auth[2]! } : undefined;
    return {
      x,
      ...(match ? { match, o } : {}),
      query: queryOf(x.url),
      raw,
      body,
      request: o ? requestFromTarget(this.loaded, o, jsonOf(x.requestBody, x.requestLength)) : undefined,
      ...(token ? { token } : {}),
      loaded: this.loaded,
      memory,
    };
  }
}

/** A request body in our contract's form: the target's wrapper and field names (lib/dialect.ts) undone. */
function requestFromTarget(loaded: LoadedDialect, o: Operation, body: Json): Json {
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
function remember(r: Reading): void {
  const { x, o, match, memory } = r;
  if (!o || !match) return;
  if (tokenOps.includes(o.operationId) && ok2xx(x.status) && typeof r.body?.access_token === 'string') {
    const scope = r.body.scope;
    memory.tokens.set(r.body.access_token, {
      scopes: typeof scope === 'string' ? scope.split(/\s+/).filter(Boolean) : [],
      issuedAt: x.ended,
      ...(typeof r.body.expires_in === 'number' ? { expiresIn: r.body.expires_in } : {}),
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
function dependsOn(family: string, deleted: string): boolean {
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
