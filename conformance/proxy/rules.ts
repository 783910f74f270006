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
  type Json,
  type Operation,
} from '../lib/contract.ts';
import { isObject, requestWrapperOf, type LoadedDialect } from '../lib/dialect.ts';
import { resourceOf } from '../lib/expectations.ts';
import type { BasisName } from '../lib/verdict.ts';
import type { Declared } from '../lib/requirement.ts';
import type { Judge } from '../lib/judging/judge.ts';
import { validatorFor } from '../../openapi/validators.ts';
import { createOf, endlessNext, itemSchema, propertiesOf, resolveLink } from '../lib/lists.ts';
import { returnedFields, typeProblem } from '../lib/returned.ts';
import { derived as derivedFields, filtersOf, matches, type Filter } from '../requirements/filters/shared.ts';
import { nullable as productNullable, sourceNullable as productSourceNullable } from '../requirements/products.ts';
import { notImplemented as contactNotImplemented } from '../requirements/contacts/shared.ts';
import { depthOf, isUtf8, jsonOf, mediaType, operationOf, pathOf, type Exchange } from '../lib/judging/exchange.ts';
import {
  answerText,
  BODY_LIMIT,
  envelopeGap,
  familyOf,
  gap422,
  got,
  MAX_DEPTH,
  isList,
  isPaginated,
  ok2xx,
  readingOf,
  remember,
  resourceSchema,
  tokenOps,
  withBody,
  writeOf,
  type Reading,
} from '../lib/judging/reading.ts';
import { collectionKey, itemKey, type Memory } from '../lib/judging/memory.ts';

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

/** Every id a rule may attribute, by operation (each family's generator in requirements/*.ts, cited). */
function candidates(o: Operation): string[] {
  const id = o.operationId;
  const out: string[] = [];
  if (o.security) {
    // requirements/auth.ts: the token families of every secured operation, the scopes of §5's table and D-07.
    out.push();
  }
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

/** D-64: 100 query parameters. */
const MAX_QUERY_PARAMETERS = 100;
/** D-70: an `:in` list holds at most 1000 values, in at most 12,000 characters. */
const IN_MAX_VALUES = 1000;
const IN_MAX_CHARACTERS = 12_000;
/** How far the target's clock may be from the proxy's when it derives a status at a publish window's edge (§3). */
const EDGE_SLACK_MS = 1000;
/** Time a token's lifetime is allowed either side of its edge: the request and the answer take some. */
const EXPIRY_SLACK_MS = 1500;
/** D-10: a v2 date-time as answered, `YYYY-MM-DDTHH:MM:SS±hh:mm` (requirements/resources/lifecycle.ts `date-time-shape`). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

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

/** §5, D-05, D-07, RFC 6750, RFC 9110 §15.5.2: tokens and scopes (requirements/auth.ts). True: nothing else to judge. */
function auth(r: Reading, j: Judgement): boolean {
  const { x, o } = r;
  if (!o?.security) return false;
  const id = o.operationId;
  const refused = x.status >= 400 && x.status < 500;
  // Without a token, or refused for its caller: judged by the requirements' own judgements (requirements/auth.ts).
  if (!r.token) return true;
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
  // The scopes are judged by the requirements' own judgements (requirements/auth/operations.ts).
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
  if (r.stage === 'unreadable') return true;
  if (!o || !withBody(o) || x.requestLength === 0 || !r.token) return false;
  const key = requestWrapperOf(o.operationId);
  const resource = key ? r.request?.[key] : undefined;
  if (!key || !isObject(resource)) return false;
  const known = propertiesOf(propertiesOf(deref({ $ref: o.bodyPointer }))[key]);
  const unknown = Object.keys(resource).filter((f) => !(f in known));
  const missing = o.method === 'POST' ? requiredFields(o).filter((f) => !(f in resource)) : [];
  for (const f of missing) j.at(`${o.operationId}.required.${f}`, gap422(r, `${key}.${f}`));
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
  if (query.length > MAX_QUERY_PARAMETERS) return;
  let refusal = false;
  const refuse = (check: string, gap: string | undefined) => {
    j.at(check, gap);
    refusal = true;
  };
  if (query.some(([k]) => !o.parameters.some((p) => p.name === k && p.in === 'query'))) return;
  const page = value('page');
  const limit = value('limit');
  const param = (name: string) => deref(o.parameters.find((p) => p.name === name)?.schema);
  const outOf = (raw: string, s: Json) => !/^-?\d+$/.test(raw) || Number(raw) < s.minimum || Number(raw) > s.maximum;
  if (page !== undefined && isPaginated(o) && outOf(page, param('page'))) {
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
  if (envelope && (!Array.isArray(b?.data) || !isObject(b?.pagination) || !isObject(b?.links))) return;
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
  /** The requirements' own judgements (lib/judging/judge.ts), by the operation whose exchanges they read. */
  private readonly judged = new Map<string, Judge>();
  private readonly byOperation = new Map<string | undefined, { id: string; judge: Judge }[]>();
  /** `declared`: the suite's requirements (lib/requirement.ts `declared`). */
  constructor(declared: readonly Declared[], loaded: LoadedDialect) {
    this.ids = new Map(declared.map((d) => [d.id, d.basis]));
    this.loaded = loaded;
    for (const d of declared)
      if (d.judge) {
        this.judged.set(d.id, d.judge);
        const at = this.byOperation.get(d.judge.operation) ?? [];
        this.byOperation.set(d.judge.operation, [...at, { id: d.id, judge: d.judge }]);
      }
  }
  /** Every requirement's judgement that reads the exchange. */
  private declaredChecks(r: Reading, j: Judgement): void {
    for (const { id, judge } of [
      ...(this.byOperation.get(r.o?.operationId ?? '') ?? []),
      ...(this.byOperation.get(undefined) ?? []),
    ])
      if (judge.on(r)) j.at(id, judge.gap(r), judge.contract !== false);
  }

  /** Every id of the suite the rules can attribute, from traffic alone. */
  judgeable(): string[] {
    const all = [...operations.flatMap(candidates), ...CALLBACK_IDS, ...this.judged.keys()];
    return [...new Set(all)].filter((id) => this.ids.has(id)).sort();
  }

  /** Judges one exchange with what `memory` holds of those before it, then remembers what it shows. */
  judge(x: Exchange, memory: Memory): Judged {
    const j = new Judgement(this.ids);
    if (x.direction === 'callback') {
      const cb = callbackOperations.find((c) => c.operationId === x.callback);
      if (!cb) return { checks: [], contract: [], contractOf: 'app' };
      const reading = readingOf(x, memory, this.loaded);
      callback(reading, j, cb);
      const contract = x.status
        ? checkResponse(cb.operation, x.status, x.responseHeaders, reading.raw, x.responseBody.toString('utf8'))
        : [];
      return { checks: j.checks, operationId: cb.operationId, contract, contractOf: 'app' };
    }
    const match = operationOf(x.method, pathOf(x.url));
    const r = readingOf(x, memory, this.loaded);
    if (x.status === 0)
      return {
        checks: [],
        contract: [],
        contractOf: 'target',
        ...(match ? { operationId: match.operation.operationId } : {}),
      };
    this.declaredChecks(r, j);
    const routed = r.stage !== 'unrouted';
    if (routed) {
      tokenEndpoint(r, j);
      // A caller refused (401, 403) was judged by the token rules alone: the target never read the rest.
      if (!auth(r, j) && x.status !== 401 && x.status !== 403 && !bodies(r, j)) {
        lists(r, j);
        items(r, j);
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
}
