// A trigger: a request of the target's that causes App callbacks, as `checkout` and `dispatch` state one (D-20:
// checkout is not an operation of the source): its templates, the values the suite fills them with, how a file's entry
// is read, and how its answer is read in our form. lib/triggers.ts sends it.
import type { Json } from '../contract.ts';
import { at, isObject, isPath, isPointer } from './core.ts';

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

/**
 * A `checkout` or `dispatch` entry, read: what it leaves out is ours (`ours`, D-20's templates). Each problem is said
 * after the key (`checkout.method must be …`); undefined when the entry is not an object or has a problem.
 */
export function readTrigger(
  key: 'checkout' | 'dispatch',
  ours: Pick<Trigger, 'body' | 'item'>,
  v: unknown,
  say: (problem: string) => void,
): Trigger | undefined {
  if (!isObject(v)) return undefined;
  let bad = false;
  const problem = (p: string) => {
    bad = true;
    say(`${key}${p}`);
  };
  for (const k of Object.keys(v))
    if (!['method', 'path', 'body', 'item', 'answer'].includes(k))
      problem(`.${k} is not a part of a trigger (method, path, body, item, answer)`);
  const method = v.method ?? 'POST';
  if (typeof method !== 'string' || !/^(GET|POST|PUT|PATCH|DELETE)$/.test(method))
    problem('.method must be GET, POST, PUT, PATCH or DELETE');
  if (!isPath(v.path)) problem('.path must be a path from the target URL (`/api/test/checkouts`)');
  const body = v.body ?? ours.body;
  const item = v.item ?? ours.item;
  if (!isObject(body)) problem('.body must be an object (a template)');
  if (!isObject(item)) problem('.item must be an object (a template of one cart line)');
  const check = (part: string, template: Json, names: string[]) => {
    for (const n of placeholders(template))
      if (!names.includes(n.split('.')[0]!))
        problem(`.${part}: {{${n}}} is not a value the suite fills (${names.map((x) => `{{${x}}}`).join(', ')})`);
  };
  check('path', v.path, TRIGGER_VALUES[key]);
  check('body', body, TRIGGER_VALUES[key]);
  check('item', item, TRIGGER_VALUES.item);
  const answer = v.answer;
  if (answer !== undefined) {
    if (!isObject(answer)) problem('.answer must map our fields to JSON pointers, or { at, each } for a list');
    else
      for (const [f, where] of Object.entries(answer)) {
        const list =
          isObject(where) &&
          isPointer(where.at) &&
          isObject(where.each) &&
          Object.values(where.each).every(isPointer) &&
          Object.keys(where).every((k) => k === 'at' || k === 'each');
        if (!isPointer(where) && !list) problem(`.answer.${f} must be a JSON pointer, or { at, each } for a list`);
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
