// The fuzzer's requests (robustness/README.md): request `index` of a run seeded `seed` is a valid request of an
// operation of the document, built from its schemas, then changed by one mutation kind. Every kind is one entry of
// `mutations`, data-driven from the operation's parameters and body schema; the judge (fuzz-judge.ts), not the
// kind, decides whether the result breaks the document. Pure: what exists on the server comes in through `World`.
import {
  isTokenEndpoint,
  operations,
  type JsonValue,
  type Operation,
  type Parameter,
  type Schema,
} from '../openapi/contract.ts';
import { validatorFor } from '../openapi/validators.ts';
import { BODY_LIMIT, type RequestShape } from './fuzz-judge.ts';
import { effective, jsonType, randFor, typesOf, valueOf, type Rand } from './fuzz-schema.ts';

export const kinds = [
  'valid',
  'wrong-type',
  'boundary',
  'out-of-range',
  'enum',
  'missing-required',
  'extra-field',
  'huge-string',
  'deep-nesting',
  'proto-keys',
  'bad-encoding',
  'content-type',
  'duplicate-query',
  'path-param',
  'filter',
  'auth-none',
  'auth-expired',
  'auth-scope',
  'auth-garbage',
] as const;
export type Kind = (typeof kinds)[number];

export interface FuzzRequest extends RequestShape {
  index: number;
  kind: Kind;
  /** What exactly this request is: `data.title: 256 characters`, `filter id:in huge-list`. */
  variant: string;
  method: string;
  /** The client whose bearer token is sent (`full`, `scope:products`, `shortLived`); none: no Authorization. */
  role?: string;
  /** An Authorization header sent as it is (garbage tokens, HTTP Basic at the token endpoint). */
  authorization?: string;
}

/** What the generator knows of the target: the resources that exist and the App clients it may call as. */
export interface World {
  /** An existing item of a collection (by `collectionKey`): its parents' ids by name, its own under `ITEM`. */
  existing(collection: string, r: Rand): Record<string, string> | undefined;
  /** The scopes of each client role the run holds a token for (`full`, `default`, `scope:<scope>`, `shortLived`). */
  roles: Record<string, string[]>;
  /** Credentials for the token endpoint's valid requests. */
  credentials: { clientId: string; clientSecret: string }[];
}

/** The key of an item's own id in the bindings `World.existing` gives (its parents are under their names). */
export const ITEM = '@id';

/** One name per collection, whatever the API version of its paths (`/api/v2/products` and `/api/products`). */
export const collectionKey = (template: string) => template.replace(/^\/api\/v2\//, '/api/');

/** The last path parameter of a template and the collection its values come from; undefined without one. */
export function lastParameter(template: string): { name: string; collection: string } | undefined {
  const last = [...template.matchAll(/\{(\w+)\}/g)].at(-1);
  if (!last) return undefined;
  return { name: last[1]!, collection: collectionKey(`${template.slice(0, last.index - 1)}.json`) };
}

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

const queryParams = (op: Operation) => op.parameters.filter((p) => p.in === 'query');
const filters = (op: Operation) => queryParams(op).filter((p) => p['x-filter']);
/** A parameter value as the query carries it. */
const asText = (v: JsonValue) => (typeof v === 'string' ? v.toWellFormed() : JSON.stringify(v));

/** The request being built: its JSON body as a value until `serialize` writes it. */
interface Draft extends FuzzRequest {
  json?: JsonValue;
  /** Text of the serialized body replaced afterwards: a placeholder string (quoted) by raw text or bytes. */
  splices: [placeholder: string, replacement: string | Uint8Array][];
}

function validRole(op: Operation, r: Rand, world: World): string | undefined {
  if (!op.security) return undefined;
  const satisfying = Object.keys(world.roles).filter(
    (role) => role !== 'shortLived' && op.security!.some((alt) => alt.every((s) => world.roles[role]!.includes(s))),
  );
  return r.chance(0.6) || satisfying.length === 0 ? 'full' : r.pick(satisfying);
}

/** A body the operation's schema accepts: generated (checked with ajv, a few tries), else the document's example. */
function validBody(op: Operation, r: Rand): JsonValue {
  const validate = validatorFor(op.bodyPointer!);
  for (let i = 0; i < 6; i++) {
    const v = valueOf({ $ref: op.bodyPointer }, r);
    if (validate(v)) return v;
  }
  return structuredClone(op.requestExample ?? {});
}

function validRequest(op: Operation, index: number, r: Rand, world: World): Draft {
  const params: Record<string, string> = {};
  const last = lastParameter(op.path);
  const pathNames = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  // Collection operations (`/products/{productId}/prices.json`) bind their parents from the parent's collection.
  const bound = last ? world.existing(last.collection, r) : undefined;
  for (const name of pathNames)
    params[name] = (name === last!.name ? bound?.[ITEM] : bound?.[name]) ?? String(r.int(1, 20));
  const draft: Draft = {
    index,
    kind: 'valid',
    variant: 'valid',
    op,
    method: op.method,
    pathParams: params,
    query: [],
    role: validRole(op, r, world),
    splices: [],
  };
  for (const p of queryParams(op))
    if (p.required || r.chance(p['x-filter'] ? 0.1 : 0.3))
      draft.query.push([p.name, asText(valueOf(p.schema, r, p.name))]);
  if (isTokenEndpoint(op)) {
    // The token endpoint (§4.1, D-06): a known client's credentials, in the form, as JSON or in HTTP Basic.
    const c = r.pick(world.credentials);
    const how = r.pick(['form', 'json', 'basic'] as const);
    if (how === 'basic') draft.authorization = `Basic ${btoa(`${c.clientId}:${c.clientSecret}`)}`;
    const fields = {
      grant_type: 'client_credentials',
      ...(how === 'basic' ? {} : { client_id: c.clientId, client_secret: c.clientSecret }),
    };
    if (how === 'form') {
      draft.contentType = 'application/x-www-form-urlencoded';
      draft.body = new TextEncoder().encode(new URLSearchParams(fields).toString());
    } else draft.json = fields;
  } else if (op.bodyPointer) draft.json = validBody(op, r);
  return draft;
}

/** A place in the JSON body: its path and the schema the document gives it. */
interface Site {
  path: (string | number)[];
  schema: Schema;
  value: JsonValue;
  /** The properties required whichever `oneOf`/`anyOf` branch the value takes. */
  required: string[];
}

function sitesOf(schema: Schema | undefined, value: JsonValue, path: (string | number)[] = [], out: Site[] = []) {
  let s = effective(schema);
  const required = s.required ?? [];
  const branches = s.oneOf ?? s.anyOf;
  if (branches) {
    const fitting = branches.map(effective).find((b) => typesOf(b).includes(jsonType(value)));
    if (!fitting) return out;
    s = effective({ allOf: [{ ...s, oneOf: undefined, anyOf: undefined }, fitting] });
  }
  out.push({ path, schema: s, value, required });
  if (Array.isArray(value)) {
    if (value.length > 0 && s.items) sitesOf(s.items, value[0]!, [...path, 0], out);
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      const child =
        s.properties?.[k] ??
        (typeof s.additionalProperties === 'object' ? (s.additionalProperties as Schema) : undefined);
      if (child) sitesOf(child, v, [...path, k], out);
    }
  return out;
}

function setAt(root: JsonValue, path: (string | number)[], v: JsonValue | undefined): JsonValue | undefined {
  if (path.length === 0) return v;
  let node = root as Record<string | number, JsonValue>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, JsonValue>;
  const key = path.at(-1)!;
  if (v === undefined) delete node[key];
  else node[key] = v;
  return root;
}

const pathName = (path: (string | number)[]) => path.join('.') || 'body';
const codePoints = (s: string) => [...s];
/** A string of exactly `n` code points, kept close to `base` (its characters repeated), so a pattern still fits. */
const sized = (base: string, n: number) => {
  const unit = base || 'a';
  const count = codePoints(unit).length;
  const whole = unit.repeat(Math.ceil(n / count));
  return count === unit.length ? whole.slice(0, n) : codePoints(whole).slice(0, n).join('');
};

/** The body sites and the query and path parameters a kind may change, each with its schema. */
type Target =
  { where: 'body'; site: Site } | { where: 'query'; param: Parameter } | { where: 'path'; param: Parameter };

function targets(d: Draft, keep: (s: Schema) => boolean): Target[] {
  const body: Target[] =
    d.json !== undefined && d.op.bodyPointer
      ? sitesOf({ $ref: d.op.bodyPointer }, d.json)
          .filter((site) => keep(site.schema))
          .map((site) => ({ where: 'body', site }))
      : [];
  const params: Target[] = d.op.parameters
    .filter((p) => (p.in === 'query' || p.in === 'path') && keep(effective(p.schema)))
    .map((param) => ({ where: param.in as 'query' | 'path', param }));
  return [...body, ...params];
}

/** Puts a value at a target: into the body, or as the (only) value of a query or path parameter. */
function put(d: Draft, t: Target, value: JsonValue | undefined): string {
  if (t.where === 'body') {
    d.json = setAt(d.json!, t.site.path, value);
    return pathName(t.site.path);
  }
  const text = value === undefined ? '' : asText(value);
  if (t.where === 'path') d.pathParams[t.param.name] = encodeURIComponent(text);
  else d.query = [...d.query.filter(([k]) => k !== t.param.name), [t.param.name, text]];
  return `${t.where} ${t.param.name}`;
}
const schemaOf = (t: Target) => (t.where === 'body' ? t.site.schema : effective(t.param.schema));

const hasLimit = (s: Schema) =>
  ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems'].some(
    (k) => typeof s[k] === 'number',
  );

/** `at`: a value exactly at one of the schema's limits; else one step past it. */
function limitValue(s: Schema, current: JsonValue, r: Rand, at: boolean): { value: JsonValue; what: string } {
  const limits = Object.entries(s).filter(([k, v]) => typeof v === 'number' && hasLimit({ [k]: v } as Schema)) as [
    string,
    number,
  ][];
  const [key, limit] = r.pick(limits);
  const step = at ? 0 : 1;
  const isInt = typesOf(s).includes('integer');
  switch (key) {
    case 'minLength':
    case 'maxLength': {
      const n = key === 'minLength' ? limit - step : limit + step;
      return { value: sized(typeof current === 'string' ? current : '', Math.max(0, n)), what: `${n} characters` };
    }
    case 'minItems':
    case 'maxItems': {
      const items = Array.isArray(current) ? current : [];
      const n = Math.max(0, key === 'minItems' ? limit - step : limit + step);
      const value = Array.from({ length: n }, (_, i) => structuredClone(items[i % Math.max(1, items.length)] ?? 1));
      return { value, what: `${n} items` };
    }
    case 'minimum':
      return { value: limit - (at ? 0 : isInt ? 1 : 0.5), what: `${key} ${at ? '' : '- 1'}` };
    case 'maximum':
      return { value: limit + (at ? 0 : isInt ? 1 : 0.5), what: `${key} ${at ? '' : '+ 1'}` };
    case 'exclusiveMinimum':
      return { value: at ? limit + (isInt ? 1 : 0.5) : limit, what: key };
    default:
      return { value: at ? limit - (isInt ? 1 : 0.5) : limit, what: key };
  }
}

/** The kinds of value every suffix filter is sent with (§4.4, `x-filter`). */
export const filterValues = ['valid', 'empty', 'wrong-type', 'quoted-list', 'huge-list'] as const;
type FilterValue = (typeof filterValues)[number];

function applyFilter(d: Draft, r: Rand, p: Parameter, how: FilterValue): string {
  const f = p['x-filter']!;
  const numeric =
    /^\^\\d/.test(String(effective(p.schema).pattern ?? '')) || f.field.endsWith('Id') || f.field === 'id';
  const value =
    how === 'valid'
      ? asText(valueOf(p.schema, r, p.name))
      : how === 'empty'
        ? ''
        : how === 'wrong-type'
          ? r.pick(['abc', 'true', '1.5', '2026-13-45', '-1', '[1,2]'])
          : how === 'quoted-list'
            ? r.pick(['"a,b",c', '"unterminated', '""""', '"x""y",1', ',,', '1,,2', '" 1 ",2'])
            : // Long, yet within the 16 KiB of headers HTTP servers take by default once percent-encoded.
              Array.from({ length: numeric ? 1000 : 400 }, (_, i) => (numeric ? String(i + 1) : `"v,${i}"`)).join(',');
  d.query = [...d.query.filter(([k]) => k !== p.name), [p.name, value]];
  return `filter ${p.name} ${how}`;
}

/**
 * Every suffix filter of the document with every kind of value, in turn: every `FILTER_EVERY`th request is the next
 * of these, so a run of `FILTER_EVERY` × their number requests sends each at least once, whatever the seed.
 */
export const filterCases = operations.flatMap((op) =>
  filters(op).flatMap((param) => filterValues.map((how) => ({ op, param, how }))),
);
export const FILTER_EVERY = 10;

/** A placeholder that JSON.stringify writes as `"…"`, replaced in the serialized text afterwards. */
const placeholder = (d: Draft, name: string) => `\u0000fuzz-${name}-${d.splices.length}\u0000`;
const DEEP = 10_000;
const ONE_MIB = BODY_LIMIT;

/** One entry per kind: changes the draft, returns what it did, or undefined when the operation gives it no place. */
const mutations: Record<Exclude<Kind, 'valid'>, (d: Draft, r: Rand, w: World) => string | undefined> = {
  'wrong-type'(d, r) {
    const ts = targets(d, (s) => typesOf(s).length > 0 && !(typesOf(s).length === 1 && typesOf(s)[0] === 'string'));
    const bodyStrings = targets(d, (s) => typesOf(s).length > 0).filter((t) => t.where === 'body');
    const t = r.pick([...ts, ...bodyStrings].length ? [...ts, ...bodyStrings] : [undefined]);
    if (!t) return undefined;
    const allowed = typesOf(schemaOf(t));
    const fits = (v: JsonValue) =>
      allowed.includes(jsonType(v)) || (jsonType(v) === 'integer' && allowed.includes('number'));
    const candidates = (
      t.where === 'body' ? [42, 'text', true, null, [], {}, 1.5] : ['abc', '1.5', 'true', '[]', '{}']
    ).filter((v) => (t.where === 'body' ? !fits(v) : true));
    const v = r.pick(candidates);
    return `${put(d, t, v)} = ${JSON.stringify(v)}`;
  },
  boundary(d, r) {
    const ts = targets(d, hasLimit);
    if (ts.length === 0) return undefined;
    const t = r.pick(ts);
    const { value, what } = limitValue(schemaOf(t), t.where === 'body' ? t.site.value : null, r, true);
    return `${put(d, t, value)}: at the limit, ${what}`;
  },
  'out-of-range'(d, r) {
    const ts = targets(d, hasLimit);
    if (ts.length === 0) return undefined;
    const t = r.pick(ts);
    const { value, what } = limitValue(schemaOf(t), t.where === 'body' ? t.site.value : null, r, false);
    return `${put(d, t, value)}: past the limit, ${what}`;
  },
  enum(d, r) {
    const ts = targets(d, (s) => Array.isArray(s.enum));
    if (ts.length === 0) return undefined;
    const t = r.pick(ts);
    const values = schemaOf(t).enum as JsonValue[];
    const first = String(values[0]);
    const v = r.pick([first.toUpperCase(), `${first}x`, '', 'unknown', ` ${first}`].filter((x) => !values.includes(x)));
    return `${put(d, t, v)} = ${JSON.stringify(v)}, not one of ${values.length}`;
  },
  'missing-required'(d, r) {
    const ts = targets(d, () => true).filter(
      (t) => t.where === 'body' && Object.keys(t.site.value ?? {}).some((k) => t.site.required.includes(k)),
    );
    const required = queryParams(d.op).filter((p) => p.required);
    if (ts.length === 0 && required.length === 0) return undefined;
    const t = ts.length ? r.pick(ts) : undefined;
    if (!t || t.where !== 'body') {
      const p = r.pick(required);
      d.query = d.query.filter(([k]) => k !== p.name);
      return `query ${p.name} left out`;
    }
    const name = r.pick(t.site.required.filter((k) => k in (t.site.value as object)));
    setAt(d.json!, [...t.site.path, name], undefined);
    return `${pathName([...t.site.path, name])} left out`;
  },
  'extra-field'(d, r) {
    const objects = targets(d, (s) => typesOf(s).includes('object')).filter(
      (t) => t.where === 'body' && t.site.value && typeof t.site.value === 'object' && !Array.isArray(t.site.value),
    );
    if (objects.length && r.chance(0.6)) {
      const t = r.pick(objects) as Extract<Target, { where: 'body' }>;
      const known = Object.keys(t.site.schema.properties ?? {});
      // A misspelt field (a typo must never pass silently, D-09) or a field the resource does not have.
      const name = known.length && r.chance(0.5) ? `${r.pick(known)}_` : r.pick(['fuzz', 'isAdmin', 'extra', 'ID']);
      setAt(d.json!, [...t.site.path, name], r.pick([1, 'x', true, null]));
      return `${pathName([...t.site.path, name])} added`;
    }
    const known = queryParams(d.op).map((p) => p.name);
    const name = known.length && r.chance(0.5) ? `${r.pick(known)}x` : r.pick(['fuzz', 'id:mim', 'sort', 'fields']);
    d.query.push([name, '1']);
    return `query ${name} added`;
  },
  'huge-string'(d, r) {
    const strings = targets(d, (s) => typesOf(s).includes('string')).filter((t) => t.where === 'body');
    if (strings.length && r.chance(0.7)) {
      const t = r.pick(strings) as Extract<Target, { where: 'body' }>;
      const over = r.chance(0.5);
      const size = JSON.stringify(d.json).length;
      const n = over ? ONE_MIB + 1 : Math.max(1, ONE_MIB - size - 64);
      d.json = setAt(d.json!, t.site.path, sized(typeof t.site.value === 'string' ? t.site.value : 'x', n));
      return `${pathName(t.site.path)}: ${n} characters (${over ? 'over' : 'under'} the 1 MiB body limit)`;
    }
    // In the query: 8 KiB, within the header limits every HTTP server has.
    const params = queryParams(d.op);
    const name = params.length ? r.pick(params).name : 'fuzz';
    d.query = [...d.query.filter(([k]) => k !== name), [name, sized('9', 8192)]];
    return `query ${name}: 8192 characters`;
  },
  'deep-nesting'(d, r) {
    if (d.json === undefined) return undefined;
    const ts = targets(d, () => true).filter((t) => t.where === 'body') as Extract<Target, { where: 'body' }>[];
    const t = r.pick(ts);
    const mark = placeholder(d, 'deep');
    d.json = setAt(d.json, t.site.path, mark);
    const arrays = r.chance(0.5);
    d.splices.push([
      mark,
      arrays ? `${'['.repeat(DEEP)}${']'.repeat(DEEP)}` : `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`,
    ]);
    return `${pathName(t.site.path)}: ${DEEP} levels of ${arrays ? 'arrays' : 'objects'}`;
  },
  'proto-keys'(d, r) {
    const key = r.pick(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']);
    const objects = targets(d, () => true).filter(
      (t) => t.where === 'body' && t.site.value && typeof t.site.value === 'object' && !Array.isArray(t.site.value),
    ) as Extract<Target, { where: 'body' }>[];
    if (objects.length && r.chance(0.6)) {
      const t = r.pick(objects);
      const mark = placeholder(d, 'key');
      setAt(d.json!, [...t.site.path, mark], r.pick<JsonValue>([{ polluted: true }, { isAdmin: true }, 'x', null]));
      d.splices.push([mark, `"${key}"`]);
      return `${pathName([...t.site.path, key])} added`;
    }
    const name = r.pick([key, `${key}[polluted]`, `${key}.polluted`]);
    d.query.push([name, r.pick(['1', 'x'])]);
    if (r.chance(0.3)) d.query.push([name, '2']);
    return `query ${name}`;
  },
  'bad-encoding'(d, r) {
    if (d.json === undefined) return undefined;
    const text = JSON.stringify(d.json);
    const how = r.pick(['invalid-utf8', 'malformed', 'charset', 'bom'] as const);
    if (how === 'malformed') {
      const broken = r.pick([
        text.slice(0, r.int(0, Math.max(0, text.length - 1))),
        `${text.slice(0, -1)},}`,
        text.replace(/"/g, "'"),
        `${text}${text}`,
        text.replace(/"([^"]+)":/, '$1:'),
        '{"data": NaN}',
        'undefined',
        '\u0000',
      ]);
      d.json = undefined;
      d.contentType = 'application/json';
      d.body = new TextEncoder().encode(broken);
      return `malformed JSON (${broken.length} bytes)`;
    }
    if (how === 'bom') {
      d.body = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
      d.contentType = 'application/json';
      d.json = undefined;
      return 'a UTF-8 byte order mark before the JSON';
    }
    if (how === 'charset') {
      // Another charset's bytes (RFC 8259 §8.1 allows UTF-8 only): Latin-1 with an `é`, or UTF-16.
      const strings = sitesOf({ $ref: d.op.bodyPointer }, d.json).filter((t) => typeof t.value === 'string');
      const latin1 = strings.length > 0 && r.chance(0.5);
      if (latin1) {
        const t = r.pick(strings);
        d.json = setAt(d.json, t.path, `${String(t.value)}é`);
      }
      const sent = latin1 ? JSON.stringify(d.json) : text;
      d.contentType = latin1 ? 'application/json; charset=iso-8859-1' : 'application/json; charset=utf-16le';
      d.body = Buffer.from(sent, latin1 ? 'latin1' : 'utf16le');
      d.json = undefined;
      return `declared and sent ${d.contentType}`;
    }
    const strings = targets(d, () => true).filter(
      (t) => t.where === 'body' && (typeof t.site.value === 'string' || t.site.path.length > 0),
    ) as Extract<Target, { where: 'body' }>[];
    if (strings.length === 0) return undefined;
    const t = r.pick(strings);
    const mark = placeholder(d, 'bytes');
    d.json = setAt(d.json, t.site.path, mark);
    const bytes = r.pick([
      [0xff, 0xfe],
      [0xc3, 0x28],
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
    ]);
    d.splices.push([mark, new Uint8Array([0x22, 0x61, ...bytes, 0x22])]);
    return `${pathName(t.site.path)}: invalid UTF-8 bytes ${bytes.map((b) => b.toString(16)).join(' ')}`;
  },
  'content-type'(d, r) {
    if (d.op.bodyTypes.length === 0) return undefined;
    if (d.json === undefined) d.json = {};
    const type = r.pick([
      undefined,
      '',
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      'application/merge-patch+json',
      'application/jsonx',
      '*/*',
      'APPLICATION/JSON',
      'application/json; charset=UTF-8',
      'application/json;charset="utf-8";q=1',
      'application/json, text/plain',
    ]);
    d.contentType = type;
    return type === undefined ? 'no Content-Type' : `Content-Type: ${JSON.stringify(type)}`;
  },
  'duplicate-query'(d, r) {
    const params = queryParams(d.op);
    if (params.length === 0) return undefined;
    const p = r.pick(params);
    const v = asText(valueOf(p.schema, r, p.name));
    d.query = [
      ...d.query.filter(([k]) => k !== p.name),
      [p.name, v],
      [p.name, r.chance(0.5) ? v : asText(valueOf(p.schema, r, p.name))],
    ];
    return `query ${p.name} given twice`;
  },
  'path-param'(d, r) {
    const params = d.op.parameters.filter((p) => p.in === 'path');
    if (params.length === 0) return undefined;
    const p = r.pick(params);
    // Sent as written. Not a bare `%2e%2e`: URL parsing (fetch's, and the server's) takes it for `..` and removes
    // it with the segment before, so the request would go to another path than the judge looks at.
    const v = r.pick([
      '999999999',
      '0',
      '-1',
      'abc',
      '1.5',
      '1e3',
      '00001',
      '99999999999999999999',
      '%31',
      '%ff',
      '%2e%2e%2f',
      '%201',
      'null',
    ]);
    d.pathParams[p.name] = v;
    return `path ${p.name} = ${v}`;
  },
  filter(d, r) {
    const fs = filters(d.op);
    if (fs.length === 0) return undefined;
    return applyFilter(d, r, r.pick(fs), r.pick(filterValues));
  },
  'auth-none'(d) {
    if (!d.op.security) return undefined;
    d.role = undefined;
    return 'no Authorization';
  },
  'auth-expired'(d, _r, w) {
    if (!d.op.security || !w.roles.shortLived) return undefined;
    d.role = 'shortLived';
    return 'an expired token';
  },
  'auth-scope'(d, r, w) {
    const security = d.op.security;
    if (!security || security.every((alt) => alt.length === 0)) return undefined;
    const lacking = Object.keys(w.roles).filter(
      (role) => role !== 'shortLived' && !security.some((alt) => alt.every((s) => w.roles[role]!.includes(s))),
    );
    if (lacking.length === 0) return undefined;
    // The read-only scope of the same family for a write is the closest miss (§5's table, D-07).
    const near = lacking.filter((role) => security.some((alt) => alt.some((s) => role === `scope:${s}.readonly`)));
    d.role = near.length && r.chance(0.5) ? r.pick(near) : r.pick(lacking);
    return `a token of ${d.role}`;
  },
  'auth-garbage'(d, r) {
    if (!d.op.security) return undefined;
    d.role = undefined;
    d.authorization = r.pick([
      `Bearer ${'0'.repeat(64)}`,
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'Token abc',
      'Bearer a b',
      `Bearer ${'x'.repeat(8000)}`,
      'bearer\tabc',
    ]);
    return `Authorization: ${d.authorization.slice(0, 30)}`;
  },
};

/** Writes the body: the JSON value serialized, its placeholders replaced by raw text or bytes. */
function serialize(d: Draft): FuzzRequest {
  const { json, splices, ...req } = d;
  if (json !== undefined) {
    let parts: (string | Uint8Array)[] = [JSON.stringify(json)];
    for (const [mark, replacement] of splices) {
      const quoted = JSON.stringify(mark);
      parts = parts.flatMap((part) => {
        if (typeof part !== 'string' || !part.includes(quoted)) return [part];
        const [before, after] = [part.slice(0, part.indexOf(quoted)), part.slice(part.indexOf(quoted) + quoted.length)];
        return [before, replacement, after];
      });
    }
    const enc = new TextEncoder();
    req.body = Buffer.concat(parts.map((p) => (typeof p === 'string' ? enc.encode(p) : p)));
    // A content-type mutation may mean to send none.
    if (d.kind !== 'content-type') req.contentType ??= 'application/json';
  }
  return req;
}

/** Whether an operation has room for a kind at all (the kind's mutation may still find none and say so). */
const roomFor: Partial<Record<Kind, (op: Operation) => boolean>> = {
  'missing-required': (op) => op.bodyTypes.length > 0,
  'deep-nesting': (op) => op.bodyPointer !== undefined,
  'bad-encoding': (op) => op.bodyPointer !== undefined,
  'content-type': (op) => op.bodyTypes.length > 0,
  'duplicate-query': (op) => queryParams(op).length > 0,
  'path-param': (op) => op.path.includes('{'),
  filter: (op) => filters(op).length > 0,
  'auth-none': (op) => op.security !== null,
  'auth-expired': (op) => op.security !== null,
  'auth-scope': (op) => op.security?.some((alt) => alt.length > 0) === true,
  'auth-garbage': (op) => op.security !== null,
};

/**
 * Request `index` of the run seeded `seed`: every `FILTER_EVERY`th the next suffix-filter case, else a kind (valid
 * 30 %, else a mutation) and an operation with room for it; `only` asks for one kind.
 */
export function generate(seed: number, index: number, world: World, only?: Kind): FuzzRequest {
  const r = randFor(seed, index);
  if ((only === undefined && index % FILTER_EVERY === FILTER_EVERY - 1) || only === 'filter') {
    const c = filterCases[Math.floor(index / FILTER_EVERY) % filterCases.length]!;
    const d = validRequest(c.op, index, r, world);
    d.kind = 'filter';
    d.variant = applyFilter(d, r, c.param, c.how);
    return serialize(d);
  }
  for (let tries = 0; tries < 4; tries++) {
    const kind: Kind = only ?? (r.chance(0.3) ? 'valid' : r.pick(kinds.slice(1).filter((k) => k !== 'filter')));
    const op = r.pick(operations.filter((o) => roomFor[kind]?.(o) ?? true));
    const d = validRequest(op, index, r, world);
    const variant = kind === 'valid' ? 'valid' : mutations[kind](d, r, world);
    if (variant !== undefined) {
      d.kind = kind;
      d.variant = variant;
      return serialize(d);
    }
  }
  return serialize(validRequest(r.pick(operations), index, r, world));
}

/** A valid request of one operation, as request `index` of the run seeded `seed` (the run's setup makes data with it). */
export function validOf(op: Operation, seed: number, index: number, world: World): FuzzRequest {
  return serialize(validRequest(op, index, randFor(seed, index), world));
}

/** The request's URL path and query, percent-encoded as sent. */
export function target(req: FuzzRequest): string {
  const query = req.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return `${fill(req.op.path, req.pathParams)}${query ? `?${query}` : ''}`;
}
