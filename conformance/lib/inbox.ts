// Helpers over the App receiver (receiver.ts) for the webhook and callback tests: the URL a test registers at the
// target, polling the receiver's inbox with a deadline, and the checks every signed request shares (D-16).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { check, deref, type Json } from './contract.ts';
import type { Recorded } from './receiver.ts';
import { Nonconformance, type Api } from './api.ts';
import { config } from './config.ts';
import { at, eventFromTarget, SIGNATURE_SCHEMES, type Signatures } from './dialect.ts';
import { requirementTimeout } from './requirement.ts';
import { Unmet } from './verdict.ts';

export type { Recorded };

/** The App receiver global setup started (its URL is in the run's runtime file, lib/config.ts). */
const base = () => config.receiverUrl.replace(/\/$/, '');

/** The receiver URL a test registers at the target: `<receiver>/<key>/<kind>?<query>` (see receiver.ts for modes). */
export function appUrl(
  key: string,
  kind: 'rates' | 'labels' | 'hooks',
  query: Record<string, string | number> = {},
): string {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return `${base()}/${encodeURIComponent(key)}/${kind}${q ? `?${q}` : ''}`;
}

/** Everything the receiver recorded for `key` so far, in arrival order. */
export async function inbox(key: string): Promise<Recorded[]> {
  const res = await fetch(`${base()}/_inbox/${encodeURIComponent(key)}`);
  if (!res.ok) throw new Error(`receiver inbox ${key} answered ${res.status}`);
  return (await res.json()) as Recorded[];
}

/** The recorded body as JSON, or undefined when it is not JSON. */
export function bodyOf(r: Recorded): Json {
  try {
    return JSON.parse(r.body);
  } catch {
    return undefined;
  }
}

/** The event a delivery names (at the dialect's `deliveries.event`, D-17's `/event`), by our name (`events`). */
export function eventOf(r: Recorded): string | undefined {
  const event = at(bodyOf(r), config.dialect.dialect.deliveries.event);
  return typeof event === 'string' ? eventFromTarget(config.dialect.dialect, event) : undefined;
}
/** The resource a delivery is about (at the dialect's `deliveries.resource`, D-17's `/data`). */
export const resourceOfDelivery = (r: Recorded): Json => at(bodyOf(r), config.dialect.dialect.deliveries.resource);
/** The subscription's metadata a delivery carries (at the dialect's `deliveries.metadata`, D-17's `/metadata`). */
export const metadataOfDelivery = (r: Recorded): Json => at(bodyOf(r), config.dialect.dialect.deliveries.metadata);

const summary = (list: Recorded[]) =>
  list.length === 0
    ? '  (nothing arrived)'
    : list
        .map((r, i) => {
          const b = bodyOf(r);
          const what = b?.event
            ? `${b.event} data.id=${b.data?.id}`
            : b?.delivery
              ? `delivery items=${JSON.stringify((b.delivery.items ?? []).map((it: Json) => it.id))}`
              : r.body.slice(0, 120);
          return `  #${i} ${r.kind} ${r.method} attempt=${r.headers['x-store-webhook-attempt'] ?? '-'} ${what}`;
        })
        .join('\n');

export interface WaitOptions {
  count?: number;
  /** The wait the requirement states (default 10 s): a delivery later than this is still awaited (`lateMs`). */
  timeoutMs?: number;
  intervalMs?: number;
  /**
   * The requirement's Api: a wait past `timeoutMs` is reported through it (its `late` notes), and a wait in vain, for
   * deliveries in a body or under event names the dialect does not state, is a precondition of ours (its `unmet`).
   */
  api?: Api;
}

/**
 * Polls the inbox of `key` until at least `count` (default 1) records satisfy `predicate`, and returns those records.
 * The source states no delivery time (§6: "Retry or delivery guarantees: not shown"), so a wait is not a deadline: past
 * the `timeoutMs` the requirement states, the wait goes on up to CONFORMANCE_LATE_MS in all (the requirement's own
 * timeout extended with it), and what arrives late passes, its delay noted in the requirement's outcome. What never
 * arrives fails, listing what did arrive.
 */
export async function waitFor(
  key: string,
  predicate: (r: Recorded) => boolean,
  options: WaitOptions = {},
): Promise<Recorded[]> {
  const { count = 1, timeoutMs = 10_000, intervalMs = 50, api } = options;
  const started = Date.now();
  const stated = started + timeoutMs;
  const deadline = started + Math.max(timeoutMs, config.lateMs);
  let extended = false;
  let all: Recorded[];
  for (;;) {
    all = await inbox(key);
    const hits = all.filter(predicate);
    if (hits.length >= count) {
      const took = Date.now() - started;
      if (took > timeoutMs)
        api?.late.push(
          `${count} request(s) at the App receiver (${key}) came after ${Math.round(took / 1000)} s, past the ${Math.round(timeoutMs / 1000)} s this requirement waits for (the source states no delivery time; not judged)`,
        );
      return hits;
    }
    if (Date.now() >= stated && !extended && deadline > stated) {
      extended = true;
      (api?.extendTimeout ?? requirementTimeout)(deadline - Date.now() + 10_000);
    }
    if (Date.now() >= deadline) {
      unstatedDeliveries(all, api);
      // What the target did not send in time is its failure, not the suite's (reported `fail`, not `error`).
      throw new Nonconformance(
        `waited ${Date.now() - started} ms at the App receiver (${key}) for ${count} matching request(s), got ${hits.length}; what arrived:\n${summary(all)}`,
      );
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Deliveries arrived, but none named an event or held a resource where the dialect reads them (D-17's `/event` and
 * `/data`, or our event names, unless `deliveries` and `events` are stated): the wait was in vain for a body or names
 * of ours (§6: "Body of a webhook delivery: not shown", "Full list of event names: not shown"). A precondition of ours.
 */
function unstatedDeliveries(all: Recorded[], api: Api | undefined): void {
  const hooks = all.filter((r) => r.kind === 'hooks');
  if (!hooks.length) return;
  const { stated } = config.dialect;
  const unread = hooks.every((r) => eventOf(r) === undefined || resourceOfDelivery(r) === undefined);
  const unnamed = !unread && hooks.every((r) => !/^\w+\/(created|updated|deleted)$/.test(eventOf(r) ?? ''));
  const key =
    unread && !stated.has('deliveries') ? 'deliveries' : unnamed && !stated.has('events') ? 'events' : undefined;
  if (!key) return;
  const reason = `needs D-17: ${hooks.length} deliveries arrived, none ${key === 'deliveries' ? `with an event at ${config.dialect.dialect.deliveries.event} and a resource at ${config.dialect.dialect.deliveries.resource}` : 'named by our event names'} (the first: ${hooks[0]!.body.slice(0, 120)}); state ${key === 'deliveries' ? 'where a delivery holds them' : "the target's event names"} in the dialect as ${key}`;
  const p = { under: 'source' as const, key, reason };
  if (api) api.unmet.push(p);
  else throw new Unmet(p);
}

/** Waits a bounded time in which nothing is expected to change, for the "nothing arrives" checks. */
export const quietPeriod = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Whether a request the App received is signed with `secret` under a scheme (lib/dialect.ts): D-16's by default,
 * `X-Store-Signature` = base64(HMAC-SHA256(raw body, secret)); any of several space-separated signatures will do,
 * each compared in constant time.
 */
export function signatureValid(
  r: Recorded,
  secret: string,
  scheme: Signatures = SIGNATURE_SCHEMES['store-signature']!,
): boolean {
  const signed =
    scheme.signs === 'body'
      ? r.body
      : `${String(r.headers[scheme.id!] ?? '')}.${String(r.headers[scheme.timestamp!] ?? '')}.${r.body}`;
  const expected = Buffer.from(
    `${scheme.prefix ?? ''}${createHmac('sha256', secret).update(Buffer.from(signed, 'utf8')).digest(scheme.encoding)}`,
  );
  return String(r.headers[scheme.header] ?? '')
    .split(' ')
    .some((sent) => {
      const got = Buffer.from(sent);
      return got.length === expected.length && timingSafeEqual(got, expected);
    });
}
/**
 * The headers a request of the target's may carry that secure nothing (RFC 9110's and the transport's): any other is
 * a header an App could validate the request by.
 */
const PLAIN_HEADERS = new Set([
  'host',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'accept',
  'accept-encoding',
  'accept-language',
  'user-agent',
  'date',
  'expect',
  'te',
  'via',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'traceparent',
  'tracestate',
  'sec-fetch-mode',
]);
/**
 * §5: callbacks (and, "similar", webhook deliveries) "carry security headers so that the App can validate them".
 * - A request with no header but plain ones (`PLAIN_HEADERS`), or none holding a value of a MAC's length, carries none:
 *   it fails, whatever the dialect states.
 * - Under the dialect's scheme (D-16's unless stated), the request verifies with its owner's secret and not with
 *   another client's.
 * - Where the dialect states no scheme and the request carries headers of its own but not D-16's, the scheme is the
 *   target's, unknown: a precondition of ours, naming the key that would state it.
 */
export function expectValidatable(r: Recorded, owner: string, other: string, what: string): void {
  const { dialect, stated } = config.dialect;
  const scheme = dialect.signatures;
  const sent = r.headers[scheme.header];
  // A header an App could validate the request by carries a value of a MAC's length (20 or more characters of base64
  // or hex, after a prefix such as `v1=` or `sha256=`): an event name, an id or an attempt number secures nothing.
  const own = Object.entries(r.headers)
    .filter(([h, v]) => !PLAIN_HEADERS.has(h.toLowerCase()) && /[A-Za-z0-9+/_-]{20,}={0,2}/.test(String(v)))
    .map(([h]) => h);
  if (!own.length)
    throw new Nonconformance(
      `${what} carries no security header at all (none of ${Object.keys(r.headers).join(', ') || 'no header'} holds a signature): an App has nothing to validate it by`,
    );
  if (sent === undefined && !stated.has('signatures'))
    throw new Unmet({
      under: 'source',
      failure: `${what}: no ${scheme.header} header (D-16); it carries ${own.join(', ')}`,
      key: 'signatures',
      reason: `needs D-16: ${what} carries no ${scheme.header} header but ${own.join(', ')}; state the target's signature scheme in the dialect as signatures`,
    });
  if (!signatureValid(r, owner, scheme))
    throw new Nonconformance(
      `${what}: its ${scheme.header} (${sent ?? 'none'}) does not verify with the secret of the client it is for`,
    );
  if (signatureValid(r, other, scheme))
    throw new Nonconformance(`${what}: its ${scheme.header} verifies with another client's secret too`);
}

/**
 * The header parameters the document lists for a webhook or callback operation (`listPointer` is the pointer of its
 * `parameters` array), each with the pointer of its schema: required headers come from the document, not a list here.
 */
export function headerParams(
  parameters: Json[],
  listPointer: string,
): { name: string; required: boolean; pointer: string }[] {
  return parameters
    .map((p: Json, i: number) => ({
      p,
      param: deref(p),
      pointer: `${typeof p.$ref === 'string' ? p.$ref : `${listPointer}/${i}`}/schema`,
    }))
    .filter(({ param }) => param.in === 'header')
    .map(({ param, pointer }) => ({ name: String(param.name), required: param.required === true, pointer }));
}

/** Problems with a recorded request's headers: a required header missing, or a value that breaks its schema. */
export function headerProblems(r: Recorded, parameters: Json[], listPointer: string): string[] {
  const problems: string[] = [];
  for (const h of headerParams(parameters, listPointer)) {
    const value = r.headers[h.name.toLowerCase()];
    if (value === undefined) {
      if (h.required) problems.push(`header ${h.name} is missing`);
      continue;
    }
    for (const p of check(h.pointer, value)) problems.push(`header ${h.name}: "${value}" ${p}`);
  }
  return problems;
}

/** The JSON pointer of the request body schema of a webhook or callback operation (`post` of a path item). */
export function requestSchemaPointer(pathItemPointer: string, operation: Json): string {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${pathItemPointer} has no JSON request body in the document`);
  return typeof schema.$ref === 'string'
    ? schema.$ref
    : `${pathItemPointer}/post/requestBody/content/application~1json/schema`;
}

/**
 * What the receiver answered to a rate request, following its URL scheme (receiver.ts): `codes` sets taken in
 * arrival order at the key (one set per request, the last repeating), `price` × (position + 1), incl. tax × 1.2,
 * in `currency` or the requested one, with `landedCosts` when `landed` is given (part of those prices, D-59). `all` is the key's inbox snapshot that holds `r`.
 */
export function scriptedRates(
  all: Recorded[],
  r: Recorded,
): { serviceCode: string; currency: string; priceExcTax: number; priceIncTax: number; landedCosts?: number }[] {
  const n = all.filter((x) => x.kind === r.kind).indexOf(r);
  if (n < 0) throw new Error('scriptedRates: the record is not in the snapshot given');
  const sets = (r.query.codes ?? 'STD,EXP').split('|');
  const codes = (sets[Math.min(n, sets.length - 1)] ?? '').split(',').filter(Boolean);
  const price = Number(r.query.price ?? 4.5);
  const currency = r.query.currency ?? bodyOf(r)?.delivery?.currency ?? 'GBP';
  const landed = r.query.landed === undefined ? {} : { landedCosts: Number(r.query.landed) };
  return codes.map((serviceCode, i) => ({
    serviceCode,
    currency,
    priceExcTax: price * (i + 1),
    priceIncTax: Math.round(price * (i + 1) * 1.2 * 100) / 100,
    ...landed,
  }));
}
