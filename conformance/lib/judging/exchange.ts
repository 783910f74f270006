// One HTTP exchange as the proxy saw it pass (server.ts records it, rules.ts judges it), and how its parts read: the
// operation of the document it calls (by method and path, a literal path before a template, OpenAPI 3.1 §4.8.8), its
// query as sent, its bodies as bytes and as JSON.
import type { Json, Operation } from '../contract.ts';
import { operations } from '../contract.ts';

export interface Exchange {
  /** Its place in the order the exchanges ended, from 1. */
  seq: number;
  /** `api`: a client's request to the target; `callback`: the target's request to an App, relayed (server.ts). */
  direction: 'api' | 'callback';
  /** When the request arrived and when the answer ended, in ms since the epoch. */
  started: number;
  ended: number;
  method: string;
  /** The path and query as the client sent them (`/api/v2/products.json?sku:in=A,B`). */
  url: string;
  /** Where it went: the target's (or the App's) absolute URL. */
  upstream: string;
  requestHeaders: Record<string, string>;
  /** The request line and headers in bytes, as sent (D-64 limits them to 16 KiB). */
  requestHeadBytes: number;
  /** The body's first bytes, up to the cap (server.ts), and its full length. */
  requestBody: Buffer;
  requestLength: number;
  /** 0 when the target gave no HTTP answer (`error` says what happened). */
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: Buffer;
  responseLength: number;
  error?: string;
  /** For a callback: which one of the document (`calculateShippingRates`). */
  callback?: string;
  /**
   * In the suite: the configured client its act called as, with the scopes the clients file gives it. Its token reads
   * as that client's, though the target issued every client the same token (a mock answering from examples).
   */
  caller?: { scopes: string[] };
}

/** The JSON a body holds; undefined when it is empty, cut at the cap, or not JSON. */
export function jsonOf(body: Buffer, length: number): Json {
  if (!body.length || body.length < length) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The media type of a Content-Type value, lower case, without parameters; '' when there is none. */
export const mediaType = (value: string | undefined): string => (value ?? '').split(';')[0]!.trim().toLowerCase();

/** The path of a request, without its query, percent-decoding left to the template match. */
export const pathOf = (url: string): string => url.split('?')[0]!;
/**
 * The query as sent, in order: names as written (`id:min`), values percent-decoded; a repeated name is each time.
 * `+` stays a plus: the suite and the typed client encode a space as `%20`.
 */
export function queryOf(url: string): [string, string][] {
  const i = url.indexOf('?');
  if (i < 0) return [];
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  return url
    .slice(i + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
    });
}

/** A path template as a regular expression with a group per parameter (one segment each). */
const templateRegex = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, '(?<$1>[^/]+)')}$`);
const templates = operations.map((o) => ({ o, re: templateRegex(o.path), literal: !o.path.includes('{') }));

export interface Matched {
  operation: Operation;
  /** The path parameters, decoded (`{ productId: '5', id: '7' }`). */
  params: Record<string, string>;
}

/** The document's operations whose path matches, literal paths first (a literal path is its own resource). */
export function pathMatches(path: string): Matched[] {
  const hits = templates.flatMap(({ o, re, literal }) => {
    const m = re.exec(path);
    return m
      ? [
          {
            o,
            literal,
            params: Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)])),
          },
        ]
      : [];
  });
  const literalHits = hits.filter((h) => h.literal);
  return (literalHits.length ? literalHits : hits).map((h) => ({ operation: h.o, params: h.params }));
}

/** The operation a request calls, by method and path; undefined when no operation of the document has both. */
export function operationOf(method: string, path: string): Matched | undefined {
  return pathMatches(path).find((m) => m.operation.method === method.toUpperCase());
}

/** Whether the bytes are well-formed UTF-8 (D-66). */
export function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** How deep a JSON text nests arrays and objects, read from its brackets outside strings (D-64 allows 32). */
export function depthOf(text: string): number {
  let depth = 0;
  let max = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '[' || ch === '{') max = Math.max(max, ++depth);
    else if (ch === ']' || ch === '}') depth--;
  }
  return max;
}
