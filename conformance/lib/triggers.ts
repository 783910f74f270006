// How the suite causes the callbacks of §4.5: it adds a shipping service (the App's rates and labels addresses), starts
// a checkout (rate requests) and starts a dispatch (label requests). The source shows none of the three (§4.5:
// "Endpoint for adding a shipping service: not shown"; checkout and dispatch are not operations of the API), so each is
// the target's own, stated in the dialect (`shippingServices`, `checkout`, `dispatch`), or else ours: D-18's shipping
// service operations and D-20's reference extensions. Answers are read into our contract's form (D-18's
// ShippingService, D-20's CheckoutRates and Shipment) where the dialect says they hold each field, so the
// requirements read one form whatever the target's.
import { expect } from './expect.ts';
import { Nonconformance, type Api, type ApiResponse } from './api.ts';
import { config, type ClientRole } from './config.ts';
import type { Json } from './contract.ts';
import {
  answerOf,
  errorsFromTarget,
  at,
  fillTemplate,
  isObject,
  placeholders,
  resourceFromTarget,
  resourceToTarget,
  type Trigger,
} from './dialect.ts';
import { baseBody, create } from './fixtures.ts';
import { Unmet } from './verdict.ts';

/** A cart line: a product the suite made and its quantity. */
export type Line = { productId: number; quantity: number };
/** What a checkout is started with: the cart, its currency and where it ships to (an address of §2.10). */
export interface Cart {
  items: Line[];
  currency: string;
  destination: Json;
}
/** The option a dispatch ships a cart with, and the checkout it chose it at (when the target's dispatch names one). */
export interface Choice {
  shippingServiceId: number;
  serviceCode: string;
  checkoutId?: Json;
}
/** A trigger's exchange, and its answer in our contract's form (undefined unless it succeeded). */
export interface Triggered {
  res: ApiResponse;
  result: Json;
}

const dialect = () => config.dialect.dialect;
const urlOf = (path: string) => `${config.targetUrl}${path}`;
/** The next weekday (UTC), as a dispatch date is written (§2.10: "YYYY-MM-DD"); D-20 dispatches on it too. */
function nextWeekday(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * A trigger of the suite's setup (D-18's service, D-20's checkout and dispatch, or the dialect's own) that did not
 * start: a precondition of ours, never what a requirement asserts. Our own operation answered as a route the target
 * does not have: the suite has no way to cause the callbacks (any profile); refused: the body or form we sent was
 * not the target's (source profile). Recorded for the verdict stage (lib/verdict.ts).
 */
function started(api: Api, res: ApiResponse, what: string, key: string): void {
  if (res.status >= 200 && res.status < 300) return;
  // A server error is the target's, whatever it was sent: no request of ours makes one faithful (§7 has an App's
  // failure ignored, not turned into the checkout's).
  if (res.status >= 500)
    throw new Nonconformance(`${what} answered ${res.status}, a server error: ${res.text.slice(0, 300)}`);
  const decision = key === 'shippingServices' ? 'D-18' : 'D-20';
  const manual = key === 'checkout' || key === 'dispatch' ? ', or run with CONFORMANCE_MANUAL_CALLBACKS=1' : '';
  const stated = config.dialect.stated.has(key);
  if (!stated && (res.status === 404 || res.status === 405))
    throw api.precondition({
      under: 'any',
      key,
      reason: `needs ${decision}: the target has no ${what} (${res.status} at ${res.url}); state its own in the dialect as ${key}${manual}`,
    });
  throw api.precondition({
    under: 'source',
    failure: `${what} must succeed (2xx), got ${res.status}: ${res.text.slice(0, 300)}`,
    key: stated && key === 'shippingServices' ? 'bodies.createShippingService + fields.createShippingService' : key,
    reason: `${stated ? `the dialect's ${key}` : `needs ${decision}`}: ${what} answered ${res.status} (${res.text.slice(0, 200)}); ${stated ? `check ${key}${key === 'shippingServices' ? ', bodies.createShippingService and fields.createShippingService' : ''} in the dialect` : `state the target's own in the dialect as ${key}${manual}`}`,
  });
}

/**
 * How long a trigger's answer may take: the target calls the Apps of every active shipping service before it answers,
 * and the source bounds neither how long it waits for them nor in what order it calls them (D-22's 5 s is ours). The
 * run's own slow App (CONFORMANCE_SLOW_MS) may be among them, for some deliveries, while another requirement judges
 * it. The requirement's own timeout grows with it.
 */
function triggerWait(api: Api): number {
  const ms = config.requestTimeoutMs + 4 * (config.slowMs ?? 8000);
  api.extendTimeout?.(ms + 20_000);
  return ms;
}

/** Sends a stated trigger, its templates filled with `values`; its answer read as the dialect says. */
async function send(api: Api, trigger: Trigger, values: Record<string, Json>): Promise<Triggered> {
  const filled = { ...values, items: (values.items as Line[]).map((l) => fillTemplate(trigger.item, l)) };
  const res = await api.send(trigger.method, urlOf(fillTemplate(trigger.path, filled) as string), {
    body: fillTemplate(trigger.body, filled),
    waitMs: triggerWait(api),
  });
  const result = res.status >= 200 && res.status < 300 ? answerOf(trigger, res.body) : undefined;
  // A refusal is read as any other: its errors where the dialect says (`errors`).
  if (res.status >= 400) res.body = errorsFromTarget(dialect(), res.body);
  if (result !== undefined) api.ledger.saw(result);
  return { res, result };
}

/** Starts a checkout of `cart`: the rate requests go out (§4.5 rules 7, 8). */
export async function startCheckout(api: Api, cart: Cart): Promise<Triggered> {
  const trigger = dialect().checkout;
  if (trigger) return send(api, trigger, { ...cart, dispatchDate: nextWeekday() });
  // A means of causing callbacks: its answer's conformance to D-20 is noted, not judged (`setup`).
  const res = await api.call('calculateCheckoutRates', { body: { data: cart }, setup: true, waitMs: triggerWait(api) });
  return { res, result: res.status >= 200 && res.status < 300 ? res.body?.data : undefined };
}
/** A checkout started (`startCheckout`), or the precondition it is of the requirement's setup (`started`). */
export async function checkoutStarted(api: Api, cart: Cart): Promise<Json> {
  const { res, result } = await startCheckout(api, cart);
  started(api, res, 'the checkout', 'checkout');
  return answeredObject(result, res, 'checkout');
}
/** A dispatch started (`startDispatch`), or the precondition it is of the requirement's setup (`started`). */
export async function dispatchStarted(api: Api, cart: Cart, choice: Choice): Promise<Json> {
  const { res, result } = await startDispatch(api, cart, choice);
  started(api, res, 'the dispatch', 'dispatch');
  return answeredObject(result, res, 'dispatch');
}
/** A trigger's answer in our form: an object, or (its `answer` unstated, D-20's `data` absent) a precondition of ours. */
function answeredObject(result: Json, res: ApiResponse, key: 'checkout' | 'dispatch'): Json {
  if (isObject(result)) return result;
  throw new Unmet({
    under: dialect()[key]?.answer ? 'source' : 'read',
    failure: `the ${key}'s answer holds no object: ${res.text.slice(0, 300)}`,
    key: `${key}.answer`,
    reason: `needs ${key}.answer: the ${key} answered ${res.status} with nothing the suite reads as its answer (${res.text.slice(0, 120)}); state where its answer holds its fields in the dialect as ${key}.answer`,
  });
}

/**
 * Starts a dispatch of `cart` with the chosen option: the label requests go out (§4.5 rules 2, 4, 9). A target whose
 * dispatch names the checkout (`{{checkoutId}}`) gets one first, unless the choice names it.
 */
export async function startDispatch(api: Api, cart: Cart, choice: Choice): Promise<Triggered> {
  const trigger = dialect().dispatch;
  if (!trigger) {
    const res = await api.call('createShipment', {
      body: {
        data: { ...cart, shippingServiceId: choice.shippingServiceId, serviceCode: choice.serviceCode },
      } as never,
      setup: true,
      waitMs: triggerWait(api),
    });
    return { res, result: res.status >= 200 && res.status < 300 ? res.body?.data : undefined };
  }
  let { checkoutId } = choice;
  if (checkoutId === undefined && placeholders([trigger.path, trigger.body]).includes('checkoutId')) {
    checkoutId = answered(await checkoutStarted(api, cart), 'id', 'checkout');
  }
  return send(api, trigger, { ...cart, ...choice, checkoutId, dispatchDate: nextWeekday() });
}

/**
 * A field of a trigger's answer that the requirement reads, in our form. Where the answer has none, and the dialect
 * does not say where it holds it (a trigger stated without `answer.<field>`), the suite cannot read it: a
 * precondition of ours under any profile. With no trigger stated, the answer is D-20's, whose shape is our decision:
 * a precondition under the source profile, the target's failure under the contract profile. Where the dialect places
 * the field and the answer lacks it, the target answered without it: its failure.
 */
export function answered(result: Json, field: string, key: 'checkout' | 'dispatch'): Json {
  const trigger = dialect()[key];
  const value = isObject(result) ? result[field] : undefined;
  const shown = `the ${field} of the ${key}'s answer: ${JSON.stringify(result)?.slice(0, 300)}`;
  if (value === undefined && !trigger?.answer?.[field])
    throw new Unmet({
      under: trigger ? 'read' : 'source',
      failure: `${shown}: none`,
      key: `${key}.answer.${field}`,
      reason: `needs ${key}.answer.${field}: the dialect does not say where the ${key}'s answer holds its ${field} (D-20's is data.${field}); state it in the dialect as ${key}.answer.${field}`,
    });
  expect(value, shown).toBeDefined();
  return value;
}

/**
 * A field of an element of a list a trigger's answer holds (a checkout's `deliveries`, a dispatch's `boxes`), in our
 * form. Where the element has none, and the dialect does not place it (`answer.<list>` a `{ at, each }` without it, or
 * a pointer to whole elements), the suite cannot read it: a precondition of ours, as `answered`.
 */
export function elementField(element: Json, field: string, key: 'checkout' | 'dispatch', list: string): Json {
  const value = isObject(element) ? element[field] : undefined;
  if (value !== undefined) return value;
  const trigger = dialect()[key];
  const where = trigger?.answer?.[list];
  if (typeof where === 'object' && where.each[field]) return value;
  throw new Unmet({
    under: trigger ? 'read' : 'source',
    failure: `the ${field} of an element of the ${key}'s ${list}: ${JSON.stringify(element)?.slice(0, 300)}`,
    key: `${key}.answer.${list}.each.${field}`,
    reason: `needs ${key}.answer.${list}.each.${field}: the dialect does not say where an element of the ${key}'s ${list} holds its ${field} (D-20's is ${field}); state it in the dialect as ${key}.answer.${list} { at, each: { ${field} } }`,
  });
}

/** Adds a shipping service with `fields` (ours: ratesUrl, labelsUrl, modifiers, …): the service in our form. */
export async function addShippingService(api: Api, fields: Json, as: ClientRole = 'full'): Promise<Json> {
  const where = dialect().shippingServices;
  if (!where) {
    try {
      return await create(api, 'createShippingService', fields, { as });
    } catch (err) {
      const last = api.writes.findLast((w) => w.operationId === 'createShippingService');
      if (last && (last.status === 404 || last.status === 405))
        throw api.precondition({
          under: 'any',
          key: 'shippingServices',
          reason: `needs D-18: the target has no createShippingService (${last.status}); state where it adds shipping services in the dialect as shippingServices`,
        });
      throw err;
    }
  }
  // The stated body is the body: the suite adds only the fields the requirement is about (`fields`), by the target's
  // names (fields.createShippingService).
  const body: Json = { ...baseBody(api, 'createShippingService').data, ...fields };
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  const theirs = resourceToTarget(dialect(), 'createShippingService', body);
  const res = await api.send('POST', urlOf(where.path), {
    as,
    body: where.wrapper === 'none' ? theirs : { [where.wrapper]: theirs },
  });
  started(api, res, `adding a shipping service at ${where.path}`, 'shippingServices');
  const raw = where.wrapper === 'none' ? res.body : (res.body?.[where.wrapper] ?? res.body);
  const service = {
    ...(resourceFromTarget(dialect(), 'createShippingService', raw) as object),
    id: at(res.body, where.id),
  };
  if (service.id === undefined)
    throw api.precondition({
      under: 'any',
      key: 'shippingServices.id',
      reason: `needs shippingServices.id: no id at ${where.id} in the answer to adding a shipping service (${res.text.slice(0, 200)}); state the pointer to it in the dialect as shippingServices.id`,
    });
  api.ledger.saw(service);
  return service;
}

/** Removes a shipping service (active ones are asked at every checkout of the account). */
export async function removeShippingService(api: Api, id: Json, as: ClientRole = 'full'): Promise<void> {
  const where = dialect().shippingServices;
  if (!where) await api.call('deleteShippingService', { as, params: { id: id as number } });
  else await api.send('DELETE', urlOf(where.item.replace('{id}', encodeURIComponent(String(id)))), { as });
}
