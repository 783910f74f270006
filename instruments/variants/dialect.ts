// A whole other dialect of the API, as another team's server speaks it (otherDialect.ts, strictDialect.ts): the choices
// such a variant makes where the source is silent (bare v2 and contact bodies, bare contact answers, the contact
// search under `results`, errors under `problems`, `pageNumber`/`pageSize`, its names for the scopes and events the
// source does not name), and what each variant gives: its names and shapes for the fields of the resources §2.12 does
// not show, the paths and wrapper of a resource it serves elsewhere, and its own triggers of the App callbacks (D-20).
// A helper, not a variant (index.ts `helpers`).
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { escapePointer, operationById, type Json } from '../../openapi/contract.ts';
import type { ReferenceApp } from '../../reference-server/app.ts';
import { pathRegex } from '../../reference-server/http/routes.ts';
import { onJson, rewriteBody, wrapHandler } from '../faults/lib.ts';
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
  /**
   * Where it serves the resource instead of our paths, which then answer 404 (a dialect file's `shippingServices`:
   * its collection and item paths, its wrapper of one, where an add's answer has the id), and its key of a list.
   */
  at?: { path: string; item: string; wrapper: string; id: string; list: string };
}

/**
 * Where each field of ours is in its body, in a dialect file's `checkout.answer` syntax: a JSON pointer, or
 * `{ at, each }`, our array of objects at `at`, each object shaped by `each`.
 */
export interface Shape {
  [ours: string]: string | { at: string; each: Shape };
}

/**
 * One of its triggers of the App callbacks (D-20), in a dialect file's `checkout` and `dispatch` syntax: its method
 * and path (`{{checkoutId}}`: the id of a checkout it answered), its body with `{{field}}` where a field of ours goes
 * (`item`: each of `{{items}}`), and where its answer has ours.
 */
export interface Trigger {
  method: string;
  path: string;
  body: Json;
  item?: Json;
  answer: Shape;
}

/**
 * Its triggers: `checkout`, of rate requests (ours: `calculateCheckoutRates`), which it remembers under a fresh id with
 * the cart it quoted; `dispatch`, of label requests (ours: `createShipment`), which ships a remembered checkout's cart
 * with the option its body chooses. Our paths of the two answer 404. Their method is ours (POST): a request at its path
 * is routed with its own method, so another answers 405 as ours would.
 */
export interface Triggers {
  checkout: Trigger;
  dispatch: Trigger;
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
  triggers?: Triggers;
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
 * A key the server refuses as unknown, for `key` (a path of its body) sent: `<name>_`, or (strict) a refused key naming
 * it as it was sent.
 */
const refusedAs = (strict: boolean, key: string, message = NOT_A_FIELD, ref?: string) =>
  strict ? refusedKey(key, message, ref) : `${key.replace('.', '/')}_`;

/**
 * A write body of its, in our names and shapes. A field of ours it names otherwise or lacks is sent on under a key the
 * server refuses as unknown (`refusedAs`).
 */
function fromIts(value: Json, f: ResourceFields, strict: boolean): Json {
  if (!isObject(value)) return value;
  const refused = (key: string, message?: string, ref?: string) => refusedAs(strict, key, message, ref);
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

/** The keys of a JSON pointer (`/price/net`: `price`, `net`). */
const keysOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
/** A JSON pointer as the dotted path errors name (`/basket/lines`: `basket.lines`). */
const dotted = (pointer: string) => keysOf(pointer).join('.');
const pointerOf = (s: Shape[string]) => (typeof s === 'string' ? s : s.at);

/** The shape a body template states: `{{field}}` at a pointer is our field there, `{{items}}` each shaped by `item`. */
export function templateShape(template: Json, item?: Json, at = ''): Shape {
  const shape: Shape = {};
  for (const [k, v] of Object.entries((isObject(template) ? template : {}) as Record<string, Json>)) {
    const pointer = `${at}/${escapePointer(k)}`;
    const field = typeof v === 'string' ? /^\{\{(\w+)\}\}$/.exec(v)?.[1] : undefined;
    if (field) shape[field] = field === 'items' && item ? { at: pointer, each: templateShape(item) } : pointer;
    else Object.assign(shape, templateShape(v, item, pointer));
  }
  return shape;
}

/** Ours in its shape: each field of ours the shape places, at its pointer; the others are not its. */
export function shaped(ours: Json, shape: Shape): Json {
  if (!isObject(ours)) return ours;
  const out: Record<string, Json> = {};
  for (const [field, s] of Object.entries(shape)) {
    if (!Object.hasOwn(ours, field)) continue;
    const v = ours[field];
    const keys = keysOf(pointerOf(s));
    const last = keys.pop()!;
    let node = out;
    for (const k of keys) node = (isObject(node[k]) ? node[k] : (node[k] = {})) as Record<string, Json>;
    node[last] = typeof s !== 'string' && Array.isArray(v) ? v.map((x: Json) => shaped(x, s.each)) : v;
  }
  return out;
}

/**
 * Its body in our fields, by `shape`. What the shape does not place is sent on, at the top of ours, under a key the
 * server refuses as unknown naming its path (`basket.lines.0.extra`; `refusedAs`), and so is a value that is not an
 * object where the shape places fields inside it.
 */
function unshaped(its: Json, shape: Shape, strict: boolean): Json {
  if (!isObject(its)) return its;
  const refused: [string, Json][] = [];
  const read = (node: Record<string, Json>, s: Shape, path: string[]): Record<string, Json> => {
    const fieldAt = new Map(Object.entries(s).map(([field, p]) => [pointerOf(p), field]));
    const out: [string, Json][] = [];
    const visit = (inner: Record<string, Json>, at: string, names: string[]) => {
      for (const [k, v] of Object.entries(inner)) {
        const pointer = `${at}/${escapePointer(k)}`;
        const name = [...names, k];
        const field = fieldAt.get(pointer);
        const place = field === undefined ? undefined : s[field]!;
        if (place !== undefined)
          out.push([
            field!,
            typeof place !== 'string' && Array.isArray(v)
              ? v.map((x: Json, i) => (isObject(x) ? read(x, place.each, [...name, String(i)]) : x))
              : v,
          ]);
        else if (![...fieldAt.keys()].some((p) => p.startsWith(`${pointer}/`)))
          refused.push([refusedAs(strict, name.join('.')), v]);
        else if (!isObject(v)) refused.push([refusedAs(strict, name.join('.'), NOT_AN_OBJECT, 'error.type'), v]);
        else visit(v, pointer, name);
      }
    };
    visit(node, '', path);
    // Entries, not assignments: a key `__proto__` sent stays a key (and is refused), never the object's prototype.
    return Object.fromEntries(out);
  };
  return Object.fromEntries([...Object.entries(read(its, shape, [])), ...refused]);
}

/** A path in our body (`items.0.productId`) as the path in its body (`basket.lines.0.product`), by `shape`. */
function shapedPath(path: string, shape: Shape): string {
  const [head, index, ...rest] = path.split('.') as [string, ...string[]];
  const s = Object.hasOwn(shape, head) ? shape[head]! : undefined;
  if (s === undefined) return path;
  if (typeof s === 'string') return [dotted(s), ...(index === undefined ? [] : [index, ...rest])].join('.');
  const inner = rest.length ? [shapedPath(rest.join('.'), s.each)] : [];
  return [dotted(s.at), ...(index === undefined ? [] : [index, ...inner])].join('.');
}

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

/** Our operations its triggers stand for (D-20). */
const triggered = { checkout: 'calculateCheckoutRates', dispatch: 'createShipment' } as const;

/** A path of a dialect file (`/api/testing/checkouts/{{checkoutId}}/dispatch`) as a path template (`{checkoutId}`). */
const templateOf = (path: string) => path.replace(/\{\{(\w+)\}\}/g, '{$1}');

/** Our operation's path template. */
const pathOf = (operationId: string) => operationById.get(operationId)!.path;

/** Our wrapper of a resource's bodies (D-18's `shippingService`), from its create operation. */
const oursWrapperOf = (f: ResourceFields) => wrapperOf(operationById.get(f.create)!)!;

/** One of its paths: a request at `its` is one at our `ours`, with the same path parameters, while `known` holds. */
interface Move {
  its: RegExp;
  ours: string;
  known?: (params: Record<string, string>) => boolean;
}

/**
 * Its body of a resource it wraps in a wrapper of its own, in ours: the wrapper's fields in our names under our
 * wrapper; our wrapper, sent, is refused as unknown.
 */
function rewrapped(body: Json, f: ResourceFields, strict: boolean): Json {
  if (!isObject(body)) return body;
  const ours = oursWrapperOf(f);
  return Object.fromEntries(
    Object.entries(body as Record<string, Json>).map(([k, v]) =>
      k === f.at!.wrapper ? [ours, fromIts(v, f, strict)] : [k === ours ? refusedAs(strict, k) : k, v],
    ),
  );
}

/**
 * Applies the dialect to `app`. Its reading of a request comes first, before every other hook of the app (they see the
 * request in our form and route it to our operation); its rewriting of an answer comes after those applied before it
 * (so apply the variants it adopts first: their answers are rewritten before its own).
 */
export function applyDialect(app: ReferenceApp, { fields, strict = false, triggers }: DialectChoices): void {
  const familyOf = (operationId: string | undefined) =>
    operationId === undefined ? undefined : fields.find((f) => f.operations.test(operationId));
  const byResource = (resource: string) => fields.find((f) => f.resource === resource);
  /** Its wrapper of each resource it serves elsewhere, by ours. */
  const wrappers = new Map(fields.flatMap((f) => (f.at ? [[oursWrapperOf(f), f.at.wrapper] as const] : [])));

  /** The checkouts it answered, by id: the cart each quoted (in memory, this app's). */
  const checkouts = new Map<string, Json>();
  /** Its triggers by our operation: the shape of its body, the names of its errors and the shape of its answer. */
  const shapes = new Map<string, { body: Shape; names: Shape; answer: Shape }>();
  const dispatchAt = triggers && pathRegex(templateOf(triggers.dispatch.path));
  if (triggers) {
    const cart = templateShape(triggers.checkout.body, triggers.checkout.item);
    const choice = templateShape(triggers.dispatch.body, triggers.dispatch.item);
    shapes.set(triggered.checkout, { body: cart, names: cart, answer: triggers.checkout.answer });
    // A dispatch ships its checkout's cart: a field of the cart is named as the checkout's body has it.
    shapes.set(triggered.dispatch, { body: choice, names: { ...cart, ...choice }, answer: triggers.dispatch.answer });
    // A checkout answered is remembered under a fresh id, with the cart it quoted, for its dispatch.
    wrapHandler(app, triggered.checkout, (original) => async (req) => {
      const reply = await original(req);
      const id = randomUUID();
      checkouts.set(id, (req.body as Json).data);
      const body = reply.body as Json;
      return { ...reply, body: { ...body, data: { id, ...body.data } } };
    });
  }

  // Routing: its paths are our operations'; ours of what it serves at its own are paths it does not serve (404), and
  // so is the dispatch of a checkout it does not know.
  const moves: Move[] = [
    ...fields.flatMap((f) =>
      f.at
        ? [
            { its: pathRegex(f.at.path), ours: pathOf(f.create) },
            { its: pathRegex(f.at.item), ours: pathOf(f.create.replace(/^create/, 'get')) },
          ]
        : [],
    ),
    ...(triggers
      ? [
          { its: pathRegex(templateOf(triggers.checkout.path)), ours: pathOf(triggered.checkout) },
          {
            its: dispatchAt!,
            ours: pathOf(triggered.dispatch),
            known: (p: Record<string, string>) => checkouts.has(p.checkoutId!),
          },
        ]
      : []),
  ];
  if (moves.length) {
    const route = app.seams.route;
    const vacated = moves.map((m) => pathRegex(m.ours));
    app.seams.route = (method, path) => {
      for (const m of moves) {
        const hit = m.its.exec(path);
        if (hit && (m.known?.(hit.groups ?? {}) ?? true))
          return route(
            method,
            m.ours.replace(/\{(\w+)\}/g, (_t, k: string) => hit.groups?.[k] ?? ''),
          );
      }
      return vacated.some((r) => r.test(path)) ? { params: {}, allow: [] } : route(method, path);
    };
  }
  /** The operation a request is for, as the app routes it (its original URL: the server reads that one). */
  const operationOf = (req: Pick<Request, 'method' | 'originalUrl'>) =>
    app.seams.route(req.method, new URL(req.originalUrl, 'http://localhost').pathname).op;

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
    if (family)
      rewriteBody(req, (body) => (family.at ? rewrapped(body, family, strict) : fromIts(body, family, strict)));
    const trigger = o && shapes.get(o.operationId);
    if (trigger) {
      // A dispatch ships the cart of the checkout its path names (known: the route found the operation).
      const cart =
        o.operationId === triggered.dispatch ? checkouts.get(dispatchAt!.exec(url.pathname)!.groups!.checkoutId!) : {};
      rewriteBody(req, (body) => {
        const ours = unshaped(body, trigger.body, strict);
        return isObject(ours) ? { ...cart, ...ours } : ours;
      });
    }
    if (/Webhook$/.test(o?.operationId ?? ''))
      rewriteBody(req, (body) =>
        Array.isArray(body?.events)
          ? { ...body, events: body.events.map((e: Json) => (typeof e === 'string' ? eventFromIts(e) : e)) }
          : body,
      );
    const wrapper = bareWrapperOf(o);
    if (wrapper) rewriteBody(req, (body) => ({ [wrapper]: body }));
  });
  // Strict: a field it refused is named as it was sent: without the wrapper it never sent (`priceIncTax`), in the
  // wrapper of its own it sent (`carrier.endpoints.extra`).
  if (strict)
    onRefusedKeys(
      app,
      (message) => message === NOT_A_FIELD || message === NOT_AN_OBJECT,
      (name) => {
        const dot = name.indexOf('.');
        const its = dot < 0 ? undefined : wrappers.get(name.slice(0, dot));
        return its ? `${its}${name.slice(dot)}` : name.slice(dot + 1);
      },
    );
  /**
   * How the errors of operation `o` name a field of our body in its own: our wrapper, its wrapper (none: it sends the
   * body bare) and its path for ours.
   */
  const namingOf = (o: { operationId: string; requestExample?: Json } | undefined) => {
    const family = familyOf(o?.operationId);
    const trigger = o && shapes.get(o.operationId);
    if (family?.at)
      return { ours: oursWrapperOf(family), its: family.at.wrapper, path: (p: string) => itsPath(p, family) };
    if (trigger) return { ours: bareWrapperOf(o)!, path: (p: string) => shapedPath(p, trigger.names) };
    const ours = strict ? bareWrapperOf(o) : undefined;
    return ours ? { ours, path: (p: string) => itsPath(p, family) } : undefined;
  };
  onJson(app, (body, res) => {
    const o = operationOf(res.req);
    const family = familyOf(o?.operationId);
    const trigger = o && shapes.get(o.operationId);
    if (trigger && body?.success === true) return shaped(body.data, trigger.answer);
    if (family?.at && isObject(body) && Object.keys(body).length === 1) {
      // Its wrapper of one and its key of a list, for ours (D-18's `shippingService`, `shippingServices`).
      const [value] = Object.values(body as Record<string, Json>);
      return { [Array.isArray(value) ? family.at.list : family.at.wrapper]: toIts(value, family) };
    }
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
      const naming = namingOf(o);
      /** Its name for a field of ours an error names (`shippingService.title`: `carrier.name`), where it has one. */
      const itsName = ({ name, message }: { name: string; message: unknown }): string | undefined => {
        if (!naming) return undefined;
        // Our wrapper missing is its own missing (none for a bare body); our wrapper refused is its refusal of ours
        // sent, named as sent (`rewrapped`).
        if (name === naming.ours) return message === NOT_A_FIELD ? undefined : naming.its;
        if (!name.startsWith(`${naming.ours}.`)) return undefined;
        const path = naming.path(name.slice(naming.ours.length + 1));
        return naming.its ? `${naming.its}.${path}` : path;
      };
      const named = (e: Json): Json => {
        const its = typeof e.name === 'string' ? itsName(e) : undefined;
        if (its === undefined) return { ...e, name: pageParams[e.name] ?? e.name };
        const field = e.name.split('.').at(-1);
        return {
          ...e,
          name: its,
          // The field a message quotes (`must have required property 'priceExcTax'`), by its name too.
          message:
            typeof e.message === 'string'
              ? e.message.replace(/'([^']+)'/g, (_q: string, n: string) => `'${n === field ? its : naming!.path(n)}'`)
              : e.message,
        };
      };
      return { ...rest, problems: errors.map(named) };
    }
    if (body && typeof body === 'object' && o?.operationId === 'searchContacts' && 'contacts' in body)
      return { results: body.contacts };
    if (body && typeof body === 'object' && 'contact' in body && Object.keys(body).length === 1) return body.contact;
    return body;
  });
}
