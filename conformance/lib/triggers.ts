// How the suite causes the callbacks of §4.5: it adds a shipping service (the App's rates and labels addresses), starts
// a checkout (rate requests) and starts a dispatch (label requests). The source shows none of the three (§4.5:
// "Endpoint for adding a shipping service: not shown"; checkout and dispatch are not operations of the API), so each is
// the target's own, stated in the dialect (`shippingServices`, `checkout`, `dispatch`), or else ours: D-18's shipping
// service operations and D-20's reference extensions. Answers are read into our contract's form (D-18's
// ShippingService, D-20's CheckoutRates and Shipment) where the dialect says they hold each field, so the
// requirements read one form whatever the target's.
import { expect } from './expect.ts';
import type { Api, ApiResponse } from './api.ts';
import { config, type ClientRole } from './config.ts';
import type { Json } from './contract.ts';
import {
  answerOf,
  errorsFromTarget,
  at,
  fillTemplate,
  isObject,
  NotApplicable,
  placeholders,
  resourceFromTarget,
  resourceToTarget,
  type Trigger,
} from './dialect.ts';
import { expectAccepted } from './expectations.ts';
import { baseBody, create } from './fixtures.ts';

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
 * Our own operation answered as a route the target does not have: the requirement needed a trigger of ours (D-18,
 * D-20) that the dialect does not replace, so it is not applicable, naming the key that would.
 */
function unreached(res: ApiResponse, operationId: string, key: string): void {
  if (res.status === 404 || res.status === 405)
    throw new NotApplicable(
      `needs ${key === 'shippingServices' ? 'D-18' : 'D-20'}: the target has no ${operationId} (${res.status} at ${res.url}); state its own in the dialect as ${key}${key === 'shippingServices' ? '' : ', or run with CONFORMANCE_MANUAL_CALLBACKS=1'}`,
    );
}

/** Sends a stated trigger, its templates filled with `values`; its answer read as the dialect says. */
async function send(api: Api, trigger: Trigger, values: Record<string, Json>): Promise<Triggered> {
  const filled = { ...values, items: (values.items as Line[]).map((l) => fillTemplate(trigger.item, l)) };
  const res = await api.send(trigger.method, urlOf(fillTemplate(trigger.path, filled) as string), {
    body: fillTemplate(trigger.body, filled),
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
  const res = await api.call('calculateCheckoutRates', { body: { data: cart }, setup: true });
  unreached(res, 'calculateCheckoutRates', 'checkout');
  return { res, result: res.status >= 200 && res.status < 300 ? res.body?.data : undefined };
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
    });
    unreached(res, 'createShipment', 'dispatch');
    return { res, result: res.status >= 200 && res.status < 300 ? res.body?.data : undefined };
  }
  let { checkoutId } = choice;
  if (checkoutId === undefined && placeholders([trigger.path, trigger.body]).includes('checkoutId')) {
    const started = await startCheckout(api, cart);
    expectAccepted(started.res, 'the checkout the dispatch is of');
    checkoutId = answered(started.result, 'id', 'checkout');
  }
  return send(api, trigger, { ...cart, ...choice, checkoutId, dispatchDate: nextWeekday() });
}

/**
 * A field of a trigger's answer that the requirement reads. Where the dialect states the trigger without saying where
 * its answer holds the field, the requirement is not applicable, naming the key; otherwise a missing field fails.
 */
export function answered(result: Json, field: string, key: 'checkout' | 'dispatch'): Json {
  const trigger = dialect()[key];
  const value = isObject(result) ? result[field] : undefined;
  if (value === undefined && trigger && !trigger.answer?.[field])
    throw new NotApplicable(
      `needs ${key}.answer.${field}: the dialect does not say where the ${key}'s answer holds its ${field} (D-20's is data.${field})`,
    );
  expect(value, `the ${field} of the ${key}'s answer: ${JSON.stringify(result)?.slice(0, 300)}`).toBeDefined();
  return value;
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
        throw new NotApplicable(
          `needs D-18: the target has no createShippingService (${last.status}); state where it adds shipping services in the dialect as shippingServices`,
        );
      throw err;
    }
  }
  const body: Json = { ...baseBody(api, 'createShippingService').data, ...fields };
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  const theirs = resourceToTarget(dialect(), 'createShippingService', body);
  const res = await api.send('POST', urlOf(where.path), {
    as,
    body: where.wrapper === 'none' ? theirs : { [where.wrapper]: theirs },
  });
  expectAccepted(res, `adding a shipping service at ${where.path}`);
  const raw = where.wrapper === 'none' ? res.body : (res.body?.[where.wrapper] ?? res.body);
  const service = {
    ...(resourceFromTarget(dialect(), 'createShippingService', raw) as object),
    id: at(res.body, where.id),
  };
  expect(service.id, `the id of the shipping service added, at ${where.id}: ${res.text.slice(0, 300)}`).toBeDefined();
  api.ledger.saw(service);
  return service;
}

/** Removes a shipping service (active ones are asked at every checkout of the account). */
export async function removeShippingService(api: Api, id: Json, as: ClientRole = 'full'): Promise<void> {
  const where = dialect().shippingServices;
  if (!where) await api.call('deleteShippingService', { as, params: { id: id as number } });
  else await api.send('DELETE', urlOf(where.item.replace('{id}', encodeURIComponent(String(id)))), { as });
}
