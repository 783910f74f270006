// The calls the service makes on a shipping App (§4.5): signed POSTs (D-16) with a timeout, all at once, whose
// answers must match the contract's RateResponse / LabelResponse. An App that errors, times out or answers
// anything else is dropped, silently (§7, D-22) — a failure here is never the API caller's error. Those schemas are
// open: fields beyond ours are read past and never passed on (D-59), while what we send stays closed.
import { randomUUID } from 'node:crypto';
import { validatorFor } from '../../openapi/validators.ts';
import { signedHeaders } from '../../shared/signing.ts';
import type { Quote, Rate, ServiceSettings } from './aggregate.ts';

const validRates = validatorFor('#/components/schemas/RateResponse');
const validLabel = validatorFor('#/components/schemas/LabelResponse');

/** Label object of §2.11, as the App answered it. */
export type Label = {
  currency: string;
  image: string;
  priceExcTax: string;
  priceIncTax: string;
  trackingNumber: string;
};
const LABEL_FIELDS = ['currency', 'image', 'priceExcTax', 'priceIncTax', 'trackingNumber'] as const;
/** D-59: a label keeps the fields of §2.11 only; whatever else the App sent is not stored or returned. */
const ourLabel = (label: Record<string, unknown>): Label =>
  Object.fromEntries(LABEL_FIELDS.map((f) => [f, label[f]])) as Label;

/**
 * A shipping service as the callbacks need it: where to post, the secret of the App client that owns it (D-18) and
 * the shipping calculators it applies to (§4.5 rule 11, D-60; empty for every product).
 */
export interface ServiceTarget {
  settings: ServiceSettings;
  ratesUrl: string;
  labelsUrl: string | null;
  secret: string | undefined;
  shippingClassIds: number[];
}

/** What an App answered, once its schema (`valid`: RateResponse or LabelResponse) has passed it. */
type Answer = unknown;

/** One signed POST in the name of `account`; the parsed answer when it is a 2xx whose body passes `valid`, else undefined. */
export async function postToApp(
  send: Send,
  account: string,
  url: string,
  body: unknown,
  secret: string | undefined,
  timeoutMs: number,
  valid: (b: unknown) => boolean,
): Promise<Answer | undefined> {
  if (secret === undefined) return undefined; // the owning client is gone: nothing can sign for it (D-16)
  const raw = JSON.stringify(body);
  try {
    const res = await send(url, {
      method: 'POST',
      body: raw,
      headers: signedHeaders(raw, secret, randomUUID(), account),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs), // the timeout covers reading the body too
    });
    if (!res.ok) return undefined;
    const answer: unknown = JSON.parse(await res.text());
    return valid(answer) ? answer : undefined;
  } catch {
    return undefined; // refused, reset, timed out, not JSON
  }
}

type Send = (url: string, init: RequestInit) => Promise<Response>;

/** The calls on an App, as a seam of each app: the HTTP exchange, each signed POST, and a service's quote made of them. */
export interface AppCalls {
  send: Send;
  post(
    url: string,
    body: unknown,
    secret: string | undefined,
    timeoutMs: number,
    valid: (b: unknown) => boolean,
  ): Promise<Answer | undefined>;
  quote(target: ServiceTarget, deliveries: unknown[], timeoutMs: number): Promise<Quote | undefined>;
}

export function defaultAppCalls(account: string): AppCalls {
  const calls: AppCalls = {
    send: (url, init) => fetch(url, init),
    post: (url, body, secret, timeoutMs, valid) => postToApp(calls.send, account, url, body, secret, timeoutMs, valid),
    /** §4.5 rule 7: one rate request per delivery; the service's answers, or undefined when any of them failed (D-22). */
    async quote(target, deliveries, timeoutMs) {
      const answers = await Promise.all(
        deliveries.map((delivery) => calls.post(target.ratesUrl, { delivery }, target.secret, timeoutMs, validRates)),
      );
      if (answers.some((a) => a === undefined)) return undefined;
      return { service: target.settings, deliveries: answers.map((a) => (a as { rates: Rate[] }).rates) };
    },
  };
  return calls;
}

/** Every service is asked for every delivery concurrently; the services that failed are left out (§7, D-22). */
export async function collectQuotes(
  calls: AppCalls,
  targets: ServiceTarget[],
  deliveries: unknown[],
  timeoutMs: number,
): Promise<Quote[]> {
  const quotes = await Promise.all(targets.map((t) => calls.quote(t, deliveries, timeoutMs)));
  return quotes.filter((q) => q !== undefined);
}

/** §4.5 rules 2, 9: one label request per box, concurrently; undefined for a box whose request failed (D-49). */
export async function requestLabels(
  calls: AppCalls,
  labelsUrl: string,
  secret: string | undefined,
  boxes: unknown[],
  timeoutMs: number,
): Promise<(Label | undefined)[]> {
  const answers = await Promise.all(
    boxes.map((delivery) => calls.post(labelsUrl, { delivery }, secret, timeoutMs, validLabel)),
  );
  return answers.map((a) => (a ? ourLabel((a as { label: Record<string, unknown> }).label) : undefined));
}
