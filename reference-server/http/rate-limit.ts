// The per-client rate limit (D-08; RATE_LIMIT requests a second, off unless set): a token bucket per App client,
// refilled continuously, one request a token; an empty bucket is a 429 with `Retry-After`.
import { fail } from '../../shared/errors.ts';

/** One bucket per client id: the tokens it holds and when it was last refilled (ms). */
export type Buckets = Map<string, { tokens: number; at: number }>;

/** Takes a token from `clientId`'s bucket, or fails 429 when it holds less than one. */
export function rateLimit(buckets: Buckets, clientId: string, perSecond: number, nowMs: number): void {
  const b = buckets.get(clientId) ?? { tokens: perSecond, at: nowMs };
  b.tokens = Math.min(perSecond, b.tokens + ((nowMs - b.at) / 1000) * perSecond);
  b.at = nowMs;
  buckets.set(clientId, b);
  if (b.tokens < 1)
    fail(429, 'error.rate-limited', 'rate', 'Too many requests; retry after 1 second', 'request', {
      'Retry-After': '1',
    });
  b.tokens -= 1;
}
