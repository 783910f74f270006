// The dialect: an implementer's choices where the source is silent, stated in a YAML or JSON file
// (CONFORMANCE_DIALECT), so that the suite makes its data and reads answers the way the target does. The suite's
// requirements are written in our contract's wire form; the dialect translates between it and the target's, in one
// place (lib/api.ts): request bodies on the way out, answers on the way in (the raw answer is still what the
// contract check and the evidence see). With no file every choice is our contract's, so such a run is unchanged.
// What a key leaves out stays our contract's, *assumed* rather than stated: under the source profile, a
// requirement whose setup needed an assumed choice that the target refused is not applicable (lib/fixtures.ts).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { deref, op, operations, SCOPE_TABLE, scopes, type Json } from './contract.ts';

export interface Dialect {
  /** The v2 write body: inside `{"data": …}` (D-01, the platform's) or the resource object itself (`none`). */
  v2Body: 'data' | 'none';
  /** Contact bodies and answers: inside `{"contact": …}` (D-11, the platform's) or the contact itself (`none`). */
  contactBody: 'contact' | 'none';
  /** Contact answers: inside `{"contact": …}` or bare; `contactBody` gives both, or `{ request, answer }` each. */
  contactAnswer: 'contact' | 'none';
  /** Where the contact search answer holds its list: a JSON pointer (`/contacts`; `` for a bare array). */
  contactSearchList: string;
  /** Where an error answer lists its errors (a JSON pointer, `/errors`), or `none` when it lists none (D-02). */
  errors: string;
  /** A valid body (the resource object, unwrapped) to create each resource whose fields the source does not show. */
  bodies: Record<string, Json>;
  /** The success status of an add, an update and a delete (D-01, D-04: 201, 200, 204; §4.3 "not shown"). */
  statuses: Record<Write, number>;
  /** The query parameters choosing the page and its size (D-03: `page`, `limit`; §8 "not shown"). */
  pageParams: Record<'page' | 'limit', string>;
  /** The target's name for each scope of ours that guards operations §5 names no scope for (D-07). */
  scopes: Record<string, string>;
  /** The target's name for each event name of ours (D-17; §6 "Full list of event names: not shown"). */
  events: Record<string, string>;
  /**
   * The target's names and shapes for fields of ours, by the create operation of the resource (§2.12 "fields: not
   * shown"): `title: name` renames; `{ name: rules/verification }` nests; `{ name: countryCodes, pluck: countryCode }`
   * turns an array of objects into the array of one key's values.
   */
  fields: Record<string, Record<string, FieldMap>>;
  /**
   * Where a webhook delivery's body names its event and holds the resource it is about: JSON pointers (D-17's `/event`
   * and `/data`; §6: "Body of a webhook delivery: not shown").
   */
  deliveries: { event: string; resource: string; metadata: string };
  /** Where the target's shipping services are added and removed (§4.5: "Endpoint for adding a shipping service: not shown"; D-18); unstated, D-18's operations. */
  shippingServices?: ShippingServices;
  /** How a checkout starts, the trigger of rate requests (D-20: checkout is not an operation of the source); unstated, our `calculateCheckoutRates`. */
  checkout?: Trigger;
  /** How a dispatch starts, the trigger of label requests (D-20, D-49); unstated, our `createShipment`. */
  dispatch?: Trigger;
  /** How webhook deliveries and App callbacks are signed (§5: "Names and computation of the validation headers: not shown"; D-16). */
  signatures: Signatures;
}

/**
 * A signature scheme: the header holding an HMAC-SHA256 of what is signed, keyed with the owning App client's
 * secret (its UTF-8 bytes), in an encoding, after an optional prefix (`v1,`); several space-separated signatures
 * may be sent. What is signed: the raw body, or `<id>.<timestamp>.<body>` with the id and timestamp headers named.
 */
export interface Signatures {
  header: string;
  signs: 'body' | 'id.timestamp.body';
  id?: string;
  timestamp?: string;
  encoding: 'base64' | 'hex';
  prefix?: string;
}
/** Schemes a team may state by name alone. */
export const SIGNATURE_SCHEMES: Record<string, Signatures> = {
  // D-16's.
  'store-signature': { header: 'x-store-signature', signs: 'body', encoding: 'base64' },
  // Standard Webhooks (standardwebhooks.com): `webhook-signature: v1,<base64>` over `<webhook-id>.<webhook-timestamp>.<body>`.
  'standard-webhooks': {
    header: 'webhook-signature',
    signs: 'id.timestamp.body',
    id: 'webhook-id',
    timestamp: 'webhook-timestamp',
    encoding: 'base64',
    prefix: 'v1,',
  },
};

/**
 * Where shipping services live: `path` takes a POST that adds one, `item` (`{id}` the service's id) a DELETE that
 * removes one; the body is `fields.createShippingService` and `bodies.createShippingService` in `wrapper` (`none`: bare),
 * and the answer holds the new service's id at the pointer `id`.
 */
export interface ShippingServices {
  path: string;
  item: string;
  wrapper: string;
  id: string;
}

/**
 * A request that causes callbacks: its method, its path and its body, templates whose `{{name}}` the suite fills with
 * what it made (TRIGGER_VALUES); `item` is one cart line, `{{items}}` the list of them. `answer` says where the answer
 * holds each field of ours (D-20's CheckoutRates or Shipment): a JSON pointer, or `{ at, each }` for a list whose
 * elements' fields are at the pointers of `each`.
 */
export interface Trigger {
  method: string;
  path: string;
  body: Json;
  item: Json;
  answer?: Record<string, string | { at: string; each: Record<string, string> }>;
}
/** The values the suite fills a trigger's templates with, by trigger: a cart, then what a dispatch adds. */
export const TRIGGER_VALUES = {
  item: ['productId', 'quantity'],
  checkout: ['items', 'currency', 'destination', 'dispatchDate'],
  dispatch: ['items', 'currency', 'destination', 'dispatchDate', 'checkoutId', 'shippingServiceId', 'serviceCode'],
};
/** What each value the suite fills a template with is, and its JSON type (a whole-string placeholder keeps it). */
export const TRIGGER_TYPES: Record<string, [type: string, what: string]> = {
  items: ['array', 'the cart lines, each `item` filled'],
  productId: ['number', 'a product the run made, its id as the target answered it (§2.1: numeric)'],
  quantity: ['number', 'whole units of the product'],
  currency: ['string', 'an ISO 4217 code (`GBP`, `JPY`, `KWD`)'],
  destination: [
    'object',
    "an address of §2.10 (`{{destination.countryCode}}`: one of its fields, a string); the document's Address",
  ],
  dispatchDate: ['string', 'the next weekday, `YYYY-MM-DD` (§2.10)'],
  checkoutId: [
    'as answered',
    "the checkout's `answer.id`, of the type the target answered (the suite starts one first)",
  ],
  shippingServiceId: ['as answered', 'the chosen shipping service, its id as `shippingServices.id` read it'],
  serviceCode: ['string', 'the chosen option, as the App returned it'],
};
/** The `{{name}}` placeholders of a template (a `destination.<field>` names one field of the address). */
export function placeholders(template: Json): string[] {
  if (typeof template === 'string') return [...template.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!);
  if (Array.isArray(template)) return template.flatMap(placeholders);
  return isObject(template) ? [...Object.keys(template), ...Object.values(template)].flatMap(placeholders) : [];
}
/**
 * A template filled: a string that is one placeholder becomes its value (any JSON; a key whose value is undefined is
 * left out), a placeholder inside a longer string its text.
 */
export function fillTemplate(template: Json, values: Record<string, Json>): Json {
  const valueOf = (name: string): Json =>
    name.split('.').reduce<Json>((v, k) => (isObject(v) ? v[k] : undefined), values);
  if (typeof template === 'string') {
    const whole = /^\{\{\s*([\w.]+)\s*\}\}$/.exec(template);
    if (whole) return valueOf(whole[1]!);
    return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_m, name: string) => String(valueOf(name) ?? ''));
  }
  if (Array.isArray(template)) return template.map((t) => fillTemplate(t, values)).filter((v) => v !== undefined);
  if (!isObject(template)) return template;
  const out: Record<string, Json> = {};
  for (const [k, t] of Object.entries(template)) {
    const v = fillTemplate(t, values);
    if (v !== undefined) out[fillTemplate(k, values) as string] = v;
  }
  return out;
}
/** An answer of a trigger in our contract's form: each field of ours read where `answer` says; unstated, D-20's `data`. */
export function answerOf(trigger: Trigger | undefined, body: Json): Json {
  if (!trigger?.answer) return isObject(body) && 'data' in body ? body.data : body;
  const out: Record<string, Json> = {};
  for (const [ours, where] of Object.entries(trigger.answer)) {
    if (typeof where === 'string') out[ours] = at(body, where);
    else {
      const list = at(body, where.at);
      out[ours] = Array.isArray(list)
        ? list.map((el) =>
            isObject(el)
              ? { ...el, ...Object.fromEntries(Object.entries(where.each).map(([f, p]) => [f, at(el, p)])) }
              : el,
          )
        : list;
    }
  }
  return out;
}

/** One field of ours as the target has it: its name (a `/` nests it in an object) and, for an array of objects, the key each object is reduced to. */
export interface FieldMap {
  name: string;
  pluck?: string;
}

/** The writes whose success status the dialect states. */
export type Write = 'add' | 'update' | 'delete';
export const WRITES: Write[] = ['add', 'update', 'delete'];

/** Our contract's choices: what a run without a dialect file assumes. */
export const CONTRACT_DIALECT: Dialect = {
  v2Body: 'data',
  contactBody: 'contact',
  contactAnswer: 'contact',
  contactSearchList: '/contacts',
  errors: '/errors',
  bodies: {},
  statuses: { add: 201, update: 200, delete: 204 },
  pageParams: { page: 'page', limit: 'limit' },
  scopes: {},
  events: {},
  fields: {},
  signatures: SIGNATURE_SCHEMES['store-signature']!,
  deliveries: { event: '/event', resource: '/data', metadata: '/metadata' },
};

/** The keys a dialect file states (`contactAnswer` is `contactBody`'s second half). */
export type DialectKey = Exclude<keyof Dialect, 'contactAnswer'>;
/** The keys, what each accepts, and the decision of ours each replaces (for a not-applicable reason). */
export const DIALECT_KEYS: Record<DialectKey, { accepts: string; decision: string }> = {
  v2Body: { accepts: '`data` or `none`', decision: 'D-01' },
  contactBody: {
    accepts: '`contact` or `none` (requests and answers), or `{ request, answer }`, each `contact` or `none`',
    decision: 'D-11',
  },
  contactSearchList: { accepts: 'a JSON pointer (`/contacts`, or `` for a bare array)', decision: 'D-11' },
  errors: { accepts: 'a JSON pointer (`/errors`) or `none`', decision: 'D-02' },
  bodies: {
    accepts: "a map of create and update operationIds to a body object, in the target's own field names",
    decision: 'the decision of each operation',
  },
  statuses: { accepts: 'a map of add, update and delete to a 2xx status', decision: 'D-01' },
  pageParams: { accepts: 'a map of page and limit to query parameter names', decision: 'D-03' },
  scopes: {
    accepts: "a map of our scopes that §5's table does not name to the target's scope names",
    decision: 'D-07',
  },
  events: { accepts: "a map of our event names (`products/created`) to the target's", decision: 'D-17' },
  deliveries: {
    accepts:
      'a map of event, resource and metadata to JSON pointers into a delivery body (`/event`, `/data`, `/metadata`)',
    decision: 'D-17',
  },
  shippingServices: {
    accepts:
      "{ path, item, wrapper, id }: the path a POST adds a shipping service at, the path (with `{id}`) a DELETE removes one at, the body's wrapper (or `none`) and the JSON pointer to the new id in the answer",
    decision: 'D-18',
  },
  checkout: {
    accepts:
      '{ method, path, body, item, answer }: the request that starts a checkout, its templates filled with {{items}}, {{currency}}, {{destination}}, {{dispatchDate}} (and {{productId}}, {{quantity}} in `item`), and where the answer holds id, currency, deliveries and options (a pointer, or { at, each })',
    decision: 'D-20',
  },
  dispatch: {
    accepts:
      "{ method, path, body, item, answer }: the request that starts a dispatch, as checkout's, with {{checkoutId}}, {{shippingServiceId}} and {{serviceCode}} too, and where the answer holds id and boxes",
    decision: 'D-20',
  },
  signatures: {
    accepts:
      '`store-signature` (ours), `standard-webhooks`, or { header, signs: body | id.timestamp.body, id, timestamp, encoding: base64 | hex, prefix }',
    decision: 'D-16',
  },
  fields: {
    accepts:
      "a map of create operationIds to a map of our field names to the target's: a name (`a/b` nests it), or `{ name, pluck }` for an array of objects reduced to one key's values",
    decision: 'the decision of each operation',
  },
};

/** The scopes §5's table names (`products`, `products.readonly`, …), as the document writes them. */
export const tableScopes = (): Set<string> => new Set(SCOPE_TABLE.flatMap((id) => op(id).security?.flat() ?? []));
// An event name of ours (D-17), `<resource>/<action>`, or an action of every resource, `*/<action>`.
const isEventName = (e: string) => /^([a-zA-Z]+|\*)\/(created|updated|deleted)$/.test(e);

/** A dialect file and the keys it states; `stated` is empty without a file. */
export interface LoadedDialect {
  dialect: Dialect;
  stated: Set<string>;
}

/** A JSON object (not an array, not null). */
export const isObject = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const is2xx = (v: unknown) => Number.isInteger(v) && (v as number) >= 200 && (v as number) <= 299;
const isName = (v: unknown) => typeof v === 'string' && /^[^\s]+$/.test(v);
const pointer = (t: unknown) => typeof t === 'string' && (t === '' || /^(\/[^/]*)+$/.test(t));
const creates = () => new Set(operations.filter((o) => o.operationId.startsWith('create')).map((o) => o.operationId));
/** The operations whose body the dialect may state: every create and update of a resource. */
const writes = () =>
  new Set(operations.filter((o) => /^(create|update)/.test(o.operationId) && o.bodyPointer).map((o) => o.operationId));
/** A `signatures` entry, read: a scheme's name, or its parts; undefined when it is neither. */
function signaturesOf(v: unknown): Signatures | undefined {
  if (typeof v === 'string') return SIGNATURE_SCHEMES[v];
  if (!isObject(v) || !isName(v.header)) return undefined;
  const known = ['header', 'signs', 'id', 'timestamp', 'encoding', 'prefix'];
  if (!Object.keys(v).every((k) => known.includes(k))) return undefined;
  const signs = v.signs ?? 'body';
  const encoding = v.encoding ?? 'base64';
  if ((signs !== 'body' && signs !== 'id.timestamp.body') || (encoding !== 'base64' && encoding !== 'hex'))
    return undefined;
  if (signs === 'id.timestamp.body' && !(isName(v.id) && isName(v.timestamp))) return undefined;
  if (v.prefix !== undefined && typeof v.prefix !== 'string') return undefined;
  return {
    header: (v.header as string).toLowerCase(),
    signs,
    encoding,
    ...(signs === 'id.timestamp.body'
      ? { id: (v.id as string).toLowerCase(), timestamp: (v.timestamp as string).toLowerCase() }
      : {}),
    ...(v.prefix !== undefined ? { prefix: v.prefix as string } : {}),
  };
}

/** A `shippingServices` entry, read; undefined when it is not one. */
function shippingServicesOf(v: unknown): ShippingServices | undefined {
  const known = ['path', 'item', 'wrapper', 'id'];
  if (!isObject(v) || !Object.keys(v).every((k) => known.includes(k)) || !isPath(v.path)) return undefined;
  const item =
    v.item ?? `${(v.path as string).replace(/\.json$/, '')}/{id}${(v.path as string).endsWith('.json') ? '.json' : ''}`;
  const wrapper = v.wrapper ?? 'none';
  if (!isPath(item) || !(item as string).includes('{id}') || !isName(wrapper)) return undefined;
  const id = v.id ?? (wrapper === 'none' ? '/id' : `/${wrapper as string}/id`);
  if (!pointer(id)) return undefined;
  return { path: v.path as string, item: item as string, wrapper: wrapper as string, id: id as string };
}
const isPath = (v: unknown) => typeof v === 'string' && v.startsWith('/') && !/\s/.test(v);

/** Our own triggers' templates (D-20): what a stated trigger leaves out is ours. */
const OUR_TRIGGERS: Record<'checkout' | 'dispatch', Pick<Trigger, 'body' | 'item'>> = {
  checkout: {
    body: { data: { currency: '{{currency}}', destination: '{{destination}}', items: '{{items}}' } },
    item: { productId: '{{productId}}', quantity: '{{quantity}}' },
  },
  dispatch: {
    body: {
      data: {
        currency: '{{currency}}',
        destination: '{{destination}}',
        items: '{{items}}',
        shippingServiceId: '{{shippingServiceId}}',
        serviceCode: '{{serviceCode}}',
      },
    },
    item: { productId: '{{productId}}', quantity: '{{quantity}}' },
  },
};
/** A `checkout` or `dispatch` entry, read; each problem is given to `problem` (after the key) and undefined returned. */
function triggerOf(key: 'checkout' | 'dispatch', v: unknown, problem: (p: string) => void): Trigger | undefined {
  let bad = false;
  const say = (p: string) => {
    bad = true;
    problem(p);
  };
  if (!isObject(v)) return (say(` must be ${DIALECT_KEYS[key].accepts}`), undefined);
  for (const k of Object.keys(v))
    if (!['method', 'path', 'body', 'item', 'answer'].includes(k))
      say(`.${k} is not a part of a trigger (method, path, body, item, answer)`);
  const method = v.method ?? 'POST';
  if (typeof method !== 'string' || !/^(GET|POST|PUT|PATCH|DELETE)$/.test(method))
    say('.method must be GET, POST, PUT, PATCH or DELETE');
  if (!isPath(v.path)) say('.path must be a path from the target URL (`/api/test/checkouts`)');
  const body = v.body ?? OUR_TRIGGERS[key].body;
  const item = v.item ?? OUR_TRIGGERS[key].item;
  if (!isObject(body)) say('.body must be an object (a template)');
  if (!isObject(item)) say('.item must be an object (a template of one cart line)');
  const check = (part: string, template: Json, names: string[]) => {
    for (const n of placeholders(template))
      if (!names.includes(n.split('.')[0]!))
        say(`.${part}: {{${n}}} is not a value the suite fills (${names.map((x) => `{{${x}}}`).join(', ')})`);
  };
  check('path', v.path, TRIGGER_VALUES[key]);
  check('body', body, TRIGGER_VALUES[key]);
  check('item', item, TRIGGER_VALUES.item);
  const answer = v.answer;
  if (answer !== undefined) {
    if (!isObject(answer)) say('.answer must map our fields to JSON pointers, or { at, each } for a list');
    else
      for (const [f, where] of Object.entries(answer)) {
        const list =
          isObject(where) &&
          pointer(where.at) &&
          isObject(where.each) &&
          Object.values(where.each).every(pointer) &&
          Object.keys(where).every((k) => k === 'at' || k === 'each');
        if (!pointer(where) && !list) say(`.answer.${f} must be a JSON pointer, or { at, each } for a list`);
      }
  }
  if (bad) return undefined;
  return {
    method: method as string,
    path: v.path as string,
    body,
    item,
    ...(answer === undefined ? {} : { answer: answer as Trigger['answer'] }),
  };
}

/** A `fields` entry, read: a name, or `{ name, pluck }`; undefined when it is neither. */
function fieldMap(v: unknown): FieldMap | undefined {
  if (isName(v)) return { name: v as string };
  if (!isObject(v) || !isName(v.name) || !Object.keys(v).every((k) => k === 'name' || k === 'pluck')) return undefined;
  if (v.pluck !== undefined && !isName(v.pluck)) return undefined;
  return { name: v.name as string, ...(v.pluck === undefined ? {} : { pluck: v.pluck as string }) };
}

/** Parses and checks a dialect file's text: the dialect, or every problem at once (one line each). */
export function parseDialect(text: string, name = 'dialect'): LoadedDialect {
  const problems: string[] = [];
  let data: unknown;
  try {
    data = parse(text);
  } catch (err) {
    throw new DialectError([`${name}: not YAML or JSON (${(err as Error).message.split('\n')[0]})`]);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new DialectError([`${name}: expected an object of dialect keys (${Object.keys(DIALECT_KEYS).join(', ')})`]);
  const given = data as Record<string, unknown>;
  const dialect: Dialect = {
    ...CONTRACT_DIALECT,
    bodies: {},
    fields: {},
    statuses: { ...CONTRACT_DIALECT.statuses },
    pageParams: { ...CONTRACT_DIALECT.pageParams },
  };
  const stated = new Set<string>();
  const bad = (key: string) => problems.push(`${name}: ${key} must be ${DIALECT_KEYS[key as DialectKey].accepts}`);
  for (const [key, value] of Object.entries(given)) {
    switch (key) {
      case 'v2Body':
        if (value === 'data' || value === 'none') dialect.v2Body = value;
        else bad(key);
        break;
      case 'contactBody': {
        const form = (v: unknown) => v === 'contact' || v === 'none';
        if (form(value)) dialect.contactBody = dialect.contactAnswer = value as 'contact' | 'none';
        else if (
          isObject(value) &&
          Object.keys(value).every((k) => k === 'request' || k === 'answer') &&
          Object.values(value).every(form)
        ) {
          dialect.contactBody = (value.request as 'contact' | 'none' | undefined) ?? dialect.contactBody;
          dialect.contactAnswer = (value.answer as 'contact' | 'none' | undefined) ?? dialect.contactAnswer;
        } else bad(key);
        break;
      }
      case 'contactSearchList':
        if (pointer(value)) dialect.contactSearchList = value as string;
        else bad(key);
        break;
      case 'errors':
        if (value === 'none' || pointer(value)) dialect.errors = value as string;
        else bad(key);
        break;
      case 'bodies': {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          bad(key);
          break;
        }
        const known = writes();
        for (const [id, body] of Object.entries(value)) {
          if (!known.has(id))
            problems.push(`${name}: bodies.${id} is not a create or update operation of the document`);
          else if (typeof body !== 'object' || body === null || Array.isArray(body))
            problems.push(`${name}: bodies.${id} must be an object (the resource, without a wrapper)`);
          else {
            dialect.bodies[id] = body;
            stated.add(`bodies.${id}`);
          }
        }
        continue;
      }
      case 'statuses':
        if (!isObject(value) || !Object.entries(value).every(([k, v]) => WRITES.includes(k as Write) && is2xx(v)))
          bad(key);
        else Object.assign(dialect.statuses, value);
        break;
      case 'pageParams':
        if (!isObject(value) || !Object.entries(value).every(([k, v]) => (k === 'page' || k === 'limit') && isName(v)))
          bad(key);
        else Object.assign(dialect.pageParams, value);
        break;
      case 'scopes': {
        if (!isObject(value) || !Object.values(value).every(isName)) {
          bad(key);
          break;
        }
        const named = tableScopes();
        for (const ours of Object.keys(value))
          if (named.has(ours)) problems.push(`${name}: scopes.${ours} is named by §5's table, not by a dialect`);
          else if (!scopes.includes(ours)) problems.push(`${name}: scopes.${ours} is not a scope of the document`);
        dialect.scopes = value as Record<string, string>;
        break;
      }
      case 'events': {
        if (!isObject(value) || !Object.values(value).every(isName)) {
          bad(key);
          break;
        }
        for (const e of Object.keys(value))
          if (!isEventName(e)) problems.push(`${name}: events.${e} is not an event name of ours (D-17)`);
        dialect.events = value as Record<string, string>;
        break;
      }
      case 'fields': {
        if (!isObject(value)) {
          bad(key);
          break;
        }
        const known = creates();
        for (const [id, names] of Object.entries(value)) {
          if (!known.has(id)) problems.push(`${name}: fields.${id} is not a create operation of the document`);
          else if (!isObject(names)) problems.push(`${name}: fields.${id} must map our field names to the target's`);
          else {
            const maps: Record<string, FieldMap> = {};
            for (const [ours, theirs] of Object.entries(names)) {
              const m = fieldMap(theirs);
              if (m) maps[ours] = m;
              else
                problems.push(
                  `${name}: fields.${id}.${ours} must be the target's name, or { name, pluck } (an array of objects as one key's values)`,
                );
            }
            dialect.fields[id] = maps;
          }
        }
        break;
      }
      case 'deliveries':
        if (
          !isObject(value) ||
          !Object.entries(value).every(([k, v]) => ['event', 'resource', 'metadata'].includes(k) && pointer(v))
        )
          bad(key);
        else dialect.deliveries = { ...CONTRACT_DIALECT.deliveries, ...(value as Record<string, string>) };
        break;
      case 'shippingServices': {
        const where = shippingServicesOf(value);
        if (where) dialect.shippingServices = where;
        else bad(key);
        break;
      }
      case 'checkout':
      case 'dispatch': {
        const trigger = triggerOf(key, value, (p) => problems.push(`${name}: ${key}${p}`));
        if (trigger) dialect[key] = trigger;
        break;
      }
      case 'signatures': {
        const scheme = signaturesOf(value);
        if (scheme) dialect.signatures = scheme;
        else bad(key);
        break;
      }
      default:
        problems.push(`${name}: unknown key ${key} (known: ${Object.keys(DIALECT_KEYS).join(', ')})`);
        continue;
    }
    stated.add(key);
  }
  if (problems.length) throw new DialectError(problems.map((p) => withDecision(p, name)));
  return { dialect, stated };
}

/** A problem of a key, naming the decision of ours the key replaces (`bodies.createGeozone`: that operation's). */
function withDecision(problem: string, name: string): string {
  const [, key, sub] = /^(\w+)(?:\.(\w+))?/.exec(problem.slice(name.length + 2)) ?? [];
  if (!key || !Object.hasOwn(DIALECT_KEYS, key)) return problem;
  const perOperation = (key === 'bodies' || key === 'fields') && sub && operations.some((o) => o.operationId === sub);
  const decision = perOperation ? op(sub).decision.join(', ') : DIALECT_KEYS[key as DialectKey].decision;
  return decision && !decision.startsWith('the decision') && !problem.includes(decision)
    ? `${problem} (ours: ${decision})`
    : problem;
}

export class DialectError extends Error {
  override name = 'DialectError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid dialect (see README.md, "A dialect"):\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

/** The dialect of the run: the file's, or our contract's with nothing stated. */
export const loadDialect = (path: string | undefined): LoadedDialect =>
  path ? parseDialect(readFileSync(path, 'utf8'), path) : { dialect: CONTRACT_DIALECT, stated: new Set() };

/** The value at a JSON pointer, undefined where there is none. */
export function at(value: Json, ptr: string): Json {
  let v = value;
  for (const part of ptr.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}

/** The wrapper our contract puts around an operation's request body (`data`, `contact`, …), from its example. */
export const requestWrapperOf = (operationId: string): string | undefined => {
  const ex = op(operationId).requestExample;
  const keys = ex && typeof ex === 'object' && !Array.isArray(ex) ? Object.keys(ex) : [];
  return keys.length === 1 ? keys[0] : undefined;
};

/** The value at a `/`-separated path of names (not a JSON pointer: a name has no escapes), and setting one. */
const getPath = (o: Record<string, Json>, path: string): Json =>
  path.split('/').reduce<Json>((v, k) => (isObject(v) ? v[k] : undefined), o);
function setPath(o: Record<string, Json>, path: string, value: Json): void {
  const keys = path.split('/');
  let at = o;
  for (const k of keys.slice(0, -1)) at = isObject(at[k]) ? at[k] : (at[k] = {});
  at[keys.at(-1)!] = value;
}
function deletePath(o: Record<string, Json>, path: string): void {
  const keys = path.split('/');
  const parent = getPath(o, keys.slice(0, -1).join('/')) ?? (keys.length === 1 ? o : undefined);
  if (isObject(parent)) delete parent[keys.at(-1)!];
  if (keys.length > 1 && isObject(o[keys[0]!]) && !Object.keys(o[keys[0]!]).length) delete o[keys[0]!];
}
const renameEvents = (k: string, v: Json, event: (e: string) => string): Json =>
  k === 'events' && Array.isArray(v) ? v.map((e) => (typeof e === 'string' ? event(e) : e)) : v;

/** A resource (or a list of them) of ours as the target names and shapes it (`fields`), events by its names. */
function toTheirs(value: Json, maps: Record<string, FieldMap>, event: (e: string) => string): Json {
  if (Array.isArray(value)) return value.map((v) => toTheirs(v, maps, event));
  if (!isObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const [k, raw] of Object.entries(value)) {
    const v = renameEvents(k, raw, event);
    const m = Object.hasOwn(maps, k) ? maps[k]! : undefined;
    if (!m) out[k] = v;
    else setPath(out, m.name, m.pluck && Array.isArray(v) ? v.map((x) => (isObject(x) ? x[m.pluck!] : x)) : v);
  }
  return out;
}
/** The target's resource (or a list of them) in our names and shapes: `toTheirs` backwards. */
function fromTheirs(value: Json, maps: Record<string, FieldMap>, event: (e: string) => string): Json {
  if (Array.isArray(value)) return value.map((v) => fromTheirs(v, maps, event));
  if (!isObject(value)) return value;
  const out: Record<string, Json> = structuredClone(value);
  const found: [string, Json][] = [];
  for (const [ours, m] of Object.entries(maps)) {
    const v = getPath(out, m.name);
    if (v === undefined) continue;
    deletePath(out, m.name);
    found.push([ours, m.pluck && Array.isArray(v) ? v.map((x) => (isObject(x) ? x : { [m.pluck!]: x })) : v]);
  }
  for (const [ours, v] of found) out[ours] = v;
  if (Array.isArray(out.events)) out.events = renameEvents('events', out.events, event);
  return out;
}

/** A resource of ours in the target's names and shapes (`fields` of its create operation), and back. */
export const resourceToTarget = (d: Dialect, create: string, v: Json): Json =>
  toTheirs(v, d.fields[create] ?? {}, (e) => eventToTarget(d, e));
export const resourceFromTarget = (d: Dialect, create: string, v: Json): Json =>
  fromTheirs(v, d.fields[create] ?? {}, (e) => eventFromTarget(d, e));

/**
 * The body the dialect states for a write, in our contract's form: the operation's own, else (an update) its add's;
 * undefined where it states neither.
 */
export const statedBodyFor = (d: Dialect, operationId: string): Json =>
  statedBody(d, operationId) ?? statedBody(d, createFor(operationId) ?? '');

/** Our contract's form of a body the dialect states in the target's names (`bodies`), for the suite to extend. */
export function statedBody(d: Dialect, operationId: string): Json | undefined {
  const given = d.bodies[operationId];
  return given === undefined
    ? undefined
    : fromTheirs(given, d.fields[createFor(operationId) ?? ''] ?? {}, (e) => eventFromTarget(d, e));
}

/**
 * A body in our contract's form, as the target's dialect sends it: fields and event names by its names, and
 * unwrapped where the dialect says `none`.
 */
export function toTarget(d: Dialect, operationId: string, body: unknown): unknown {
  const wrapper = requestWrapperOf(operationId);
  const names = d.fields[createFor(operationId) ?? ''] ?? {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const inner = (v: Json) => toTheirs(v, names, (e) => eventToTarget(d, e));
  const keys = Object.keys(body);
  const wrapped = wrapper !== undefined && keys.length === 1 && keys[0] === wrapper;
  const resource = wrapped ? inner((body as Record<string, Json>)[wrapper]) : inner(body as Json);
  const unwrap = (wrapper === 'data' && d.v2Body === 'none') || (wrapper === 'contact' && d.contactBody === 'none');
  const moved = d.shippingServices && SHIPPING_PATH.test(op(operationId).path) ? d.shippingServices : undefined;
  if (wrapped && moved) return moved.wrapper === 'none' ? resource : { [moved.wrapper]: resource };
  return !wrapped ? resource : unwrap ? resource : { [wrapper]: resource };
}

/** Our shipping-service operations (D-18), which the dialect's `shippingServices` moves to the target's own paths. */
const SHIPPING_PATH = /^\/api\/shipping\/services(\/\{id\})?\.json$/;
/**
 * Where one of our shipping-service operations goes on a target that states `shippingServices`: its path there (the
 * collection's `path`, or `item` with the id), with the query; undefined for any other operation or dialect.
 */
export function shippingPathOf(
  d: Dialect,
  o: { path: string },
  params: Record<string, string | number> = {},
): string | undefined {
  const where = d.shippingServices;
  if (!where || !SHIPPING_PATH.test(o.path)) return undefined;
  return o.path.includes('{id}') ? where.item.replace('{id}', encodeURIComponent(String(params.id))) : where.path;
}
/** Where the target's answer holds a shipping service: the object its `shippingServices.id` pointer is in. */
const shippingResourceOf = (where: ShippingServices, body: Json): Json =>
  where.id.split('/').length > 2 ? at(body, where.id.split('/').slice(0, -1).join('/')) : body;

/** The contact operations whose 2xx answers our contract wraps in `contact`, from the document's examples. */
const contactAnswer = (operationId: string, status: number): boolean => {
  const response = op(operationId).responses[String(status)];
  const ex = response && deref(response).content?.['application/json']?.example;
  return !!ex && typeof ex === 'object' && 'contact' in ex;
};

/**
 * An answer of the target, in our contract's form for the requirement to read: a bare contact wrapped in `contact`,
 * the contact search's list put at `contacts`, the error list put at `errors`. Returns the body unchanged where the
 * dialect is ours.
 */
export function fromTarget(d: Dialect, operationId: string, status: number, body: Json): Json {
  if (body === null || typeof body !== 'object') return body;
  const moved = d.shippingServices && SHIPPING_PATH.test(op(operationId).path) ? d.shippingServices : undefined;
  if (moved && status >= 200 && status < 300 && !Array.isArray(body)) {
    const names = d.fields.createShippingService ?? {};
    const resource = shippingResourceOf(moved, body);
    const ours = (v: Json) => fromTheirs(v, names, (e) => eventFromTarget(d, e));
    return Array.isArray(resource)
      ? { ...body, data: resource.map(ours) }
      : { ...body, shippingService: isObject(resource) ? ours(resource) : resource };
  }
  const names = d.fields[createFor(operationId) ?? ''];
  if (status >= 200 && status < 300 && (names || Object.keys(d.events).length) && 'data' in body)
    body = { ...body, data: fromTheirs(body.data, names ?? {}, (e) => eventFromTarget(d, e)) };
  if (status >= 200 && status < 300) {
    if (d.contactAnswer === 'none' && contactAnswer(operationId, status) && !('contact' in body))
      return { contact: body };
    if (operationId === 'searchContacts' && d.contactSearchList !== '/contacts')
      return { ...(Array.isArray(body) ? {} : body), contacts: at(body, d.contactSearchList) };
    return body;
  }
  return status >= 400 ? errorsFromTarget(d, body) : body;
}
/** An error answer in our contract's form: its list of errors put at `errors` (D-02's place) from the dialect's. */
export function errorsFromTarget(d: Dialect, body: Json): Json {
  if (d.errors === '/errors' || !isObject(body)) return body;
  return { ...body, errors: d.errors === 'none' ? [] : at(body, d.errors) };
}

/**
 * The choices a create of `operationId` relies on that the dialect leaves to our contract, as a not-applicable reason
 * gives them: `needs D-01, D-37: …; state it in the dialect as v2Body and bodies.createProduct`. Undefined when the
 * dialect states them all.
 */
export function assumedFor(
  loaded: LoadedDialect,
  operationId: string,
): { decisions: string; keys: string } | undefined {
  const wrapper = requestWrapperOf(operationId);
  const key = wrapper === 'data' ? 'v2Body' : wrapper === 'contact' ? 'contactBody' : undefined;
  const pairs: [string, string[]][] = [
    ...(key && !loaded.stated.has(key) ? [[key, [DIALECT_KEYS[key].decision]] as [string, string[]]] : []),
    ...(!loaded.stated.has(`bodies.${operationId}`)
      ? [[`bodies.${operationId}`, op(operationId).decision] as [string, string[]]]
      : []),
  ];
  if (!pairs.length) return undefined;
  const decisions = [...new Set(pairs.flatMap(([, d]) => d))].sort();
  return { decisions: decisions.join(', ') || 'a decision', keys: pairs.map(([k]) => k).join(' and ') };
}

/** The create operation of the resource a write operation is for (its collection path's POST), if any. */
export function createFor(operationId: string): string | undefined {
  const o = op(operationId);
  if (o.method === 'POST' && !o.path.includes('{id}') && operationId.startsWith('create')) return operationId;
  const collection = o.path.replace(/\/\{(id|mediaId)\}\.json$/, '.json');
  // §4.3: product specifications are added without the v2 segment and updated with it.
  const paths = [collection, collection.replace(/^\/api\/v2\//, '/api/')];
  return operations.find((x) => x.method === 'POST' && paths.includes(x.path) && x.operationId.startsWith('create'))
    ?.operationId;
}

/** A query in our contract's names, as the target's dialect names it: the page and its size (D-03). */
export function queryToTarget<V>(d: Dialect, query: Record<string, V>): Record<string, V> {
  const names: Record<string, string> = d.pageParams;
  if (names.page === 'page' && names.limit === 'limit') return query;
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [Object.hasOwn(names, k) ? names[k]! : k, v]));
}

/** The target's name for one of our scopes (D-07), and the scopes of the run: the document's, so named. */
export const scopeOf = (d: Dialect, ours: string): string => (Object.hasOwn(d.scopes, ours) ? d.scopes[ours]! : ours);
export const scopesOf = (d: Dialect): string[] => [...new Set(scopes.map((s) => scopeOf(d, s)))];

// An event name of ours (D-17) as the target names it, and back: by its own entry, else by an action's
// (`*/created: */added` renames the action of every resource); a wildcard pattern is kept.
export function eventToTarget(d: Dialect, ours: string): string {
  if (Object.hasOwn(d.events, ours)) return d.events[ours]!;
  const [resource, action] = ours.split('/');
  const renamed = action && resource !== '*' ? d.events[`*/${action}`] : undefined;
  return renamed?.startsWith('*/') ? `${resource}/${renamed.slice(2)}` : ours;
}
export function eventFromTarget(d: Dialect, theirs: string): string {
  const own = Object.entries(d.events).find(([ours, t]) => t === theirs && !ours.startsWith('*/'));
  if (own) return own[0];
  const [resource, action] = theirs.split('/');
  const ours = Object.entries(d.events).find(([o, t]) => o.startsWith('*/') && t === `*/${action}`)?.[0];
  return ours && resource ? `${resource}/${ours.slice(2)}` : theirs;
}

/**
 * A choice of ours, left unstated, that a call's answer shows the target made otherwise (source profile, lib/api.ts):
 * a 403 to the full client on an operation §5's table does not name (its scope names are D-07's; a clients file's
 * full client holds every scope of the target), or a refusal of our page parameters (D-03's names). The reason, as a
 * not-applicable requirement gives it; undefined otherwise.
 */
export function assumedChoice(
  loaded: LoadedDialect,
  operationId: string,
  call: { as?: unknown; query?: Record<string, unknown> },
  status: number,
): { reason: string; key: string } | undefined {
  if (
    status === 403 &&
    (call.as ?? 'full') === 'full' &&
    !loaded.stated.has('scopes') &&
    !SCOPE_TABLE.includes(operationId)
  )
    return {
      key: 'scopes',
      reason: `needs D-07: ${operationId} answered 403 to the client holding every scope; state the target's scope names in the dialect as scopes`,
    };
  const paging = Object.keys(call.query ?? {}).filter((k) => k === 'page' || k === 'limit');
  if ((status === 400 || status === 422) && paging.length && !loaded.stated.has('pageParams'))
    return {
      key: 'pageParams',
      reason: `needs D-03: ${operationId} refused (${status}) our ${paging.join(' and ')} parameter; state the target's names in the dialect as pageParams`,
    };
  return undefined;
}
