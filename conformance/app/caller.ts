// The App suite's side of the wire: it plays the service and posts rate and label requests to the App under test
// (§4.5), signed as the service signs them (D-16: `X-Store-Signature` = base64(HMAC-SHA256(raw body, secret)), with
// `X-Store-Delivery-Id`, `X-Store-Timestamp`, `X-Store-Account` and `X-Store-Api-Version`), or deliberately not. Every
// answer is kept whole with its time, for the requirements to judge and for a failure's evidence. Black box: HTTP only.
import { createHmac, randomUUID } from 'node:crypto';
import { formatExchange, Nonconformance, type Exchange } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { answered, unanswered } from '../lib/unanswered.ts';
import type { CallbackOperation } from '../lib/callbacks.ts';
import { appConfig } from './config.ts';

/** The two calls of §4.5, by the operationIds of the document's callbacks (lib/callbacks.ts). */
export type Operation = CallbackOperation;
/**
 * How a request is signed: as the service signs it; without `X-Store-Signature`; with a secret that is not the App's;
 * or signed, then its body changed on the way (a signature over other bytes).
 */
export type Signing = 'signed' | 'unsigned' | 'other-secret' | 'body-changed';

/** The account the requests are made in the name of (`X-Store-Account`, D-16). */
export const ACCOUNT = 'store-api-conformance';
/** A secret that is not the App's, for `other-secret`. */
const OTHER_SECRET = 'not-the-app-secret';

const sign = (raw: string, secret: string) => createHmac('sha256', secret).update(raw).digest('base64');

/** One request to the App and what came back: the App's answer, or why there was none. */
export interface Answer {
  operation: Operation;
  /** What was asked, in words: the delivery's name from deliveries.ts. */
  what: string;
  /** The `delivery` sent (§2.10, §2.11). */
  delivery: Record<string, unknown>;
  signing: Signing;
  /** 0 when there was no HTTP answer. */
  status: number;
  /** The answer's body parsed, or undefined when it is not JSON. */
  json: unknown;
  /** From sending the request to the last byte of the answer, in milliseconds. */
  ms: number;
  /** Why there was no HTTP answer (a timeout, a refused or reset connection). */
  noAnswer?: string;
  exchange: Exchange;
}

const CREDENTIALS: Record<Signing, string> = {
  signed: 'signed with the App secret (X-Store-Signature, D-16)',
  unsigned: 'unsigned: no X-Store-Signature',
  'other-secret': 'signed with a secret that is not the App secret',
  'body-changed': 'signed with the App secret over another body: the body was changed after signing',
};

/** Posts signed requests to the App under test; the same for every requirement of a worker. */
export class AppCaller {
  get ratesUrl(): string {
    return appConfig.ratesUrl;
  }
  get labelsUrl(): string | undefined {
    return appConfig.labelsUrl;
  }

  /** Posts `{delivery}` to the App's rates or labels address, signed as `signing` says; never throws. */
  async post(
    operation: Operation,
    what: string,
    delivery: Record<string, unknown>,
    signing: Signing = 'signed',
  ): Promise<Answer> {
    const url = operation === 'calculateShippingRates' ? this.ratesUrl : this.labelsUrl;
    if (!url) throw new Error(`${operation}: no labels address to post to`);
    const raw = JSON.stringify({ delivery });
    // The signed bytes differ from those sent by one value: the box's weight, a gram more.
    const signedRaw =
      signing === 'body-changed'
        ? JSON.stringify({ delivery: { ...delivery, weight: Number(delivery.weight) + 1 } })
        : raw;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(signing === 'unsigned'
        ? {}
        : { 'x-store-signature': sign(signedRaw, signing === 'other-secret' ? OTHER_SECRET : appConfig.secret) }),
      'x-store-delivery-id': randomUUID(),
      'x-store-timestamp': String(Math.floor(Date.now() / 1000)),
      'x-store-account': ACCOUNT,
      'x-store-api-version': 'v2',
    };
    const started = performance.now();
    const base = { operation, what, delivery, signing };
    const exchange: Exchange = {
      method: 'POST',
      url,
      credentials: CREDENTIALS[signing],
      headers,
      body: raw,
      status: 0,
      responseHeaders: {},
      responseText: '',
      responseLength: 0,
      repeatNote: '# repeat it (the signature is the one sent: it holds for these bytes and the secret given):',
    };
    try {
      // A redirect is the App's answer, never followed: the service treats one as a failure (D-22).
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body: raw,
        redirect: 'manual',
        signal: AbortSignal.timeout(config.requestTimeoutMs),
      });
      const text = await res.text();
      const ms = Math.round(performance.now() - started);
      answered();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      Object.assign(exchange, {
        status: res.status,
        responseHeaders: Object.fromEntries(res.headers),
        responseText: text.slice(0, 20_000),
        responseLength: text.length,
      });
      return { ...base, status: res.status, json, ms, exchange };
    } catch (err) {
      const ms = Math.round(performance.now() - started);
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const noAnswer =
        e.name === 'TimeoutError'
          ? `POST ${url} timed out after ${config.requestTimeoutMs} ms (no answer)`
          : `POST ${url} got no HTTP answer (${e.cause?.code ?? e.cause?.message ?? e.message})`;
      unanswered(noAnswer);
      return { ...base, status: 0, json: undefined, ms, noAnswer, exchange };
    }
  }
}

/** A 2xx: the App answered the request as done (RFC 9110 §15.3); the service reads any other status as a failure. */
export const succeeded = (a: Answer) => a.status >= 200 && a.status < 300;

/** The App does not conform: `answers` are the exchanges that show it, the first one shown whole. */
export class AppNonconformance extends Nonconformance {
  readonly answers: Answer[];
  constructor(message: string, answers: Answer[]) {
    super(message);
    this.answers = answers;
  }
  /** The first answer's exchange whole, then up to two more, each with what was asked. */
  evidence(): string {
    return this.answers
      .slice(0, 3)
      .map(
        (a, i) =>
          `${i ? '\n' : ''}# ${a.operation}: ${a.what}${a.noAnswer ? ` (${a.noAnswer})` : ''}\n${formatExchange(a.exchange)}`,
      )
      .join('\n');
  }
}
