// A whole other dialect of the API, as another team's server speaks it (otherDialect.ts, strictDialect.ts): the choices
// such a variant makes where the source is silent (bare v2 and contact bodies, bare contact answers, the contact
// search under `results`, errors under `problems`, `pageNumber`/`pageSize`, its names for the scopes and events the
// source does not name), and its names and shapes for the fields of the resources §2.12 does not show, which each
// variant gives. A helper, not a variant (index.ts `helpers`).
import type { Request } from 'express';
import type { Json } from '../../openapi/contract.ts';
import type { ReferenceApp } from '../../reference-server/app.ts';
import { findOperation } from '../../reference-server/http/routes.ts';
import { onJson, rewriteBody } from '../faults/lib.ts';
import { isErrorEnvelope, onRefusedKeys, onSignedRequest, refusedKey, resign } from './lib.ts';

/**
 * Its name for one field of ours, in the syntax of a dialect file's `fields` (conformance/lib/dialect.ts): a name;
 * `a/b`, the key `b` of its object `a`; or `{ name, pluck }`, our array of objects as its array of their `pluck` values.
 */
export type FieldName = string | { name: string; pluck: string };

/** Its names and shapes of the fields of one resource whose fields §2.12 does not show. */
export interface ResourceFields {
  /** The resource's operations (list, get, add, update, delete), by operationId. */
  operations: RegExp;
  /** Its create operation: the key of its dialect file's `fields` and `bodies`. */
  create: string;
  /** Its event resource name (D-17): the deliveries whose `data` it is. */
  resource: string;
  /** Our field → its name or shape; the others are named alike. */
  names: Record<string, FieldName>;
  /** Our fields it has none of: never returned, refused as unknown when sent. */
  absent?: string[];
}

export interface DialectChoices {
  fields: ResourceFields[];
  /**
   * Its own vocabulary throughout (strictDialect): a field it has no such name for (one of ours it names otherwise or
   * lacks) is refused by the server's validation like any unknown field (after authentication), error names are the
   * paths of its bodies (`amount`, `rules.verification`, `countryCodes.0`, not `data.priceExcTax`), and webhook
   * deliveries carry its names and shapes. Without it (otherDialect), such a field is sent on as `<name>_` and refused
   * as unknown under that name, errors name our paths and deliveries carry our fields.
   */
  strict?: boolean;
}

/** Its names for the page and its size, and for our scopes §5 names none for (what its dialect file states). */
const pageParams: Record<string, string> = { page: 'pageNumber', limit: 'pageSize' };
const scopeNames: Record<string, string> = {
  settings: 'admin',
  'settings.readonly': 'admin.readonly',
  shipping: 'logistics',
  'shipping.readonly': 'logistics.readonly',
};

/** Its event actions (ours → its): `products/created` is its `products/added`; `<resource>/*` is the same. */
const actions: Record<string, string> = { created: 'added', updated: 'changed', deleted: 'removed' };
const eventToIts = (e: string) => e.replace(/\/(created|updated|deleted)$/, (_m, a: string) => `/${actions[a]}`);
const eventFromIts = (e: string) =>
  e.replace(/\/(added|changed|removed|created|updated|deleted)$/, (_m, a: string) =>
    a in actions ? `/${a}_` : `/${Object.entries(actions).find(([, its]) => its === a)![0]}`,
  );

/** The messages of its refusals of a field it does not have, and of an object it expects that is none (strict). */
const NOT_A_FIELD = 'is not a writable field of this resource';
const NOT_AN_OBJECT = 'must be an object';

const isObject = (v: Json): boolean => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
/** The key of its body a name of `FieldName` is under (`rules` for `rules/verification`). */
const topKey = (n: FieldName) => (typeof n === 'string' ? n.split('/')[0]! : n.name);

/**
 * A write body of its, in our names and shapes. A field of ours it names otherwise or lacks is sent on under a key the
 * server refuses as unknown: `<name>_`, or (strict) a refused key naming the field as it was sent.
 */
function fromIts(value: Json, f: ResourceFields, strict: boolean): Json {
  if (!isObject(value)) return value;
  const refused = (key: string, message = NOT_A_FIELD, ref?: string) =>
    strict ? refusedKey(key, message, ref) : `${key.replace('.', '/')}_`;
  // Entries, not assignments: a key `__proto__` sent stays a key (and is refused), never the object's prototype.
  const out: [string, Json][] = [];
  for (const [k, v] of Object.entries(value as Record<string, Json>)) {
    const ours = Object.entries(f.names).filter(([, n]) => topKey(n) === k);
    const [first] = ours;
    if (!first) {
      out.push([Object.hasOwn(f.names, k) || f.absent?.includes(k) ? refused(k) : k, v]);
      continue;
    }
    const [o, n] = first;
    // Plucked: each value is one object's key again (a value that is not an array is refused by the server).
    if (typeof n !== 'string') out.push([o, Array.isArray(v) ? v.map((x: Json) => ({ [n.pluck]: x })) : v]);
    else if (!n.includes('/')) out.push([o, v]);
    else if (!isObject(v)) out.push([refused(k, NOT_AN_OBJECT, 'error.type'), v]);
    else
      for (const [sub, w] of Object.entries(v as Record<string, Json>)) {
        const inner = ours.find(([, m]) => m === `${k}/${sub}`);
        out.push([inner ? inner[0] : refused(`${k}.${sub}`), w]);
      }
  }
  return Object.fromEntries(out);
}

/** Our resource (or a list of them), in its names and shapes. */
export function toIts(value: Json, f: ResourceFields): Json {
  if (Array.isArray(value)) return value.map((v) => toIts(v, f));
  if (!isObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(value as Record<string, Json>)) {
    if (f.absent?.includes(k)) continue;
    const n: FieldName = Object.hasOwn(f.names, k) ? f.names[k]! : k;
    if (typeof n !== 'string') out[n.name] = Array.isArray(v) ? v.map((x: Json) => (isObject(x) ? x[n.pluck] : x)) : v;
    else {
      const [a, b] = n.split('/') as [string, string | undefined];
      out[a] = b === undefined ? v : { ...(isObject(out[a]) ? out[a] : {}), [b]: v };
    }
  }
  return out;
}

/** A path in our body (`countries.0.countryCode`) as the path in its body (`countryCodes.0`). */
function itsPath(path: string, f: ResourceFields | undefined): string {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const n = f && Object.hasOwn(f.names, head) ? f.names[head] : undefined;
  if (n === undefined) return path;
  if (typeof n === 'string') return [n.replace('/', '.'), ...rest].join('.');
  return [n.name, ...rest.filter((seg, i) => !(i === 1 && seg === n.pluck))].join('.');
}

/** The operation a request is for, as the server routes it (its original URL: the server reads that one). */
const operationOf = (req: Pick<Request, 'method' | 'originalUrl'>) =>
  findOperation(req.method, new URL(req.originalUrl, 'http://localhost').pathname).op;
/** The wrapper our contract puts around an operation's request body, from its example (`data`, `contact`). */
const wrapperOf = (o: { requestExample?: Json }) => {
  const keys = o.requestExample && typeof o.requestExample === 'object' ? Object.keys(o.requestExample) : [];
  return keys.length === 1 ? keys[0] : undefined;
};
/** The wrapper it sends bare: ours of `data` and `contact` bodies. */
const bareWrapperOf = (o: { requestExample?: Json } | undefined) => {
  const w = o && wrapperOf(o);
  return w === 'data' || w === 'contact' ? w : undefined;
};

/**
 * Applies the dialect to `app`. Its reading of a request comes first, before every other hook of the app (they see the
 * request in our form); its rewriting of an answer comes after those applied before it (so apply the variants it
 * adopts first: their answers are rewritten before its own).
 */
export function applyDialect(app: ReferenceApp, { fields, strict = false }: DialectChoices): void {
  const familyOf = (operationId: string | undefined) =>
    operationId === undefined ? undefined : fields.find((f) => f.operations.test(operationId));
  const byResource = (resource: string) => fields.find((f) => f.resource === resource);

  // Deliveries name its events (and, strict, carry its fields), signed again over the body it sends.
  onSignedRequest(app, (_url, init) => {
    const original = String(init.body);
    let delivery: Json;
    try {
      delivery = JSON.parse(original);
    } catch {
      return init;
    }
    if (typeof delivery?.event !== 'string') return init;
    const family = strict ? byResource(delivery.event.split('/')[0]) : undefined;
    const body = JSON.stringify({
      ...delivery,
      event: eventToIts(delivery.event),
      ...(family && 'data' in delivery ? { data: toIts(delivery.data, family) } : {}),
    });
    const headers: Record<string, string> = {
      ...init.headers,
      'x-store-signature': resign(app, original, init.headers['x-store-signature']!, body),
    };
    if (headers['x-store-event']) headers['x-store-event'] = eventToIts(headers['x-store-event']);
    return { ...init, body, headers };
  });
  app.seams.securityOf = (op) => op.security?.map((alt) => alt.map((s) => scopeNames[s] ?? s)) ?? null;
  app.seams.beforeDispatch.unshift((req) => {
    const url = new URL(req.originalUrl, 'http://localhost');
    const names = [...url.searchParams.keys()];
    if (names.some((k) => k in pageParams || Object.values(pageParams).includes(k))) {
      const ours = (k: string) =>
        Object.entries(pageParams).find(([, its]) => its === k)?.[0] ?? (k in pageParams ? `${k}_` : k);
      url.search = new URLSearchParams(
        [...url.searchParams].map(([k, v]): [string, string] => [ours(k), v]),
      ).toString();
      req.originalUrl = `${url.pathname}${url.search}`;
    }
    const o = operationOf(req);
    const family = familyOf(o?.operationId);
    if (family) rewriteBody(req, (body) => fromIts(body, family, strict));
    if (/Webhook$/.test(o?.operationId ?? ''))
      rewriteBody(req, (body) =>
        Array.isArray(body?.events)
          ? { ...body, events: body.events.map((e: Json) => (typeof e === 'string' ? eventFromIts(e) : e)) }
          : body,
      );
    const wrapper = bareWrapperOf(o);
    if (wrapper) rewriteBody(req, (body) => ({ [wrapper]: body }));
  });
  // Strict: a field it refused is named as it was sent, without the wrapper it never sent (`priceIncTax`).
  if (strict)
    onRefusedKeys(
      app,
      (message) => message === NOT_A_FIELD || message === NOT_AN_OBJECT,
      (name) => name.slice(name.indexOf('.') + 1),
    );
  onJson(app, (body, res) => {
    const o = operationOf(res.req);
    const family = familyOf(o?.operationId);
    if (family && body && typeof body === 'object' && 'data' in body)
      body = { ...body, data: toIts(body.data, family) };
    if (body && typeof body === 'object' && body.links && typeof body.links === 'object') {
      const link = (l: Json) =>
        typeof l === 'string'
          ? l.replace(/([?&])(page|limit)=/g, (_m, sep: string, k: string) => `${sep}${pageParams[k]}=`)
          : l;
      body = { ...body, links: Object.fromEntries(Object.entries(body.links).map(([k, v]) => [k, link(v as Json)])) };
    }
    if (/Webhooks?$/.test(o?.operationId ?? '') && body && typeof body === 'object' && 'data' in body) {
      const its = (h: Json) => (Array.isArray(h?.events) ? { ...h, events: h.events.map(eventToIts) } : h);
      body = { ...body, data: Array.isArray(body.data) ? body.data.map(its) : its(body.data) };
    }
    if (isErrorEnvelope(body)) {
      const { errors, ...rest } = body;
      const wrapper = strict ? bareWrapperOf(o) : undefined;
      const named = (e: Json): Json => {
        if (wrapper && typeof e.name === 'string' && e.name.startsWith(`${wrapper}.`))
          return {
            ...e,
            name: itsPath(e.name.slice(wrapper.length + 1), family),
            // The field a message quotes (`must have required property 'priceExcTax'`), by its name too.
            message:
              typeof e.message === 'string'
                ? e.message.replace(/'([^']+)'/g, (quoted: string, n: string) =>
                    family && Object.hasOwn(family.names, n) ? `'${itsPath(n, family)}'` : quoted,
                  )
                : e.message,
          };
        return { ...e, name: pageParams[e.name] ?? e.name };
      };
      return { ...rest, problems: errors.map(named) };
    }
    if (body && typeof body === 'object' && o?.operationId === 'searchContacts' && 'contacts' in body)
      return { results: body.contacts };
    if (body && typeof body === 'object' && 'contact' in body && Object.keys(body).length === 1) return body.contact;
    return body;
  });
}
