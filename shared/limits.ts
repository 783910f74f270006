// D-64: what one connection and one request may take from the server, so that a slow, huge or deeply nested request
// costs it a bounded amount of time and memory and is refused in the error envelope (D-02), never a crash or a 5xx.
import { createServer, type RequestListener, type Server } from 'node:http';
import { fail } from './errors.ts';

export const LIMITS = {
  /** The request line and headers must arrive within this, else 408 and the connection closes (slow-header clients). */
  headersTimeoutMs: 10_000,
  /** The whole request, body included, within this (Node's default is 5 minutes). */
  requestTimeoutMs: 30_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** The request line and headers together, in bytes; more is 431. */
  maxHeaderBytes: 16 * 1024,
  /** A JSON body (D-48). */
  maxBodyBytes: 1024 * 1024,
  /** Nesting of arrays and objects in a JSON body (RFC 8259 §9 lets a parser limit it); the contract needs 5. */
  maxJsonDepth: 32,
  /** Query parameters of one request; the longest list query of the contract needs far fewer. */
  maxQueryParams: 100,
};
export type Limits = typeof LIMITS;

/** The HTTP server of an app, with the connection limits (how often Node checks the timeouts: every second). */
export function createLimitedServer(listener: RequestListener, limits: Limits = LIMITS): Server {
  return createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      maxHeaderSize: limits.maxHeaderBytes,
      connectionsCheckingInterval: 1000,
    },
    listener,
  );
}

/** True when the JSON text nests arrays or objects deeper than `max`: scanned before parsing, so depth costs nothing. */
export function nestsDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** D-64: a JSON body nested too deeply is refused like one that cannot be read (400, D-02). */
export function requireShallowJson(raw: string, limits: Limits = LIMITS): void {
  if (nestsDeeperThan(raw, limits.maxJsonDepth))
    fail(
      400,
      'error.malformed-json',
      'body',
      `The body nests arrays and objects deeper than ${limits.maxJsonDepth} levels`,
    );
}

/** D-64: too many query parameters are refused before any of them is read (422, as for an unknown one, D-41). */
export function requireFewParams(params: URLSearchParams, limits: Limits = LIMITS): void {
  if (params.size > limits.maxQueryParams)
    fail(422, 'error.max-items', 'query', `At most ${limits.maxQueryParams} query parameters are accepted`, 'query');
}
