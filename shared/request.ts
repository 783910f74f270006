// Reading a request before it is validated: its body (media type, UTF-8, JSON; D-66) and its query string (keys
// as data, never as properties of an object's prototype; D-41). What fails here leaves in the error envelope
// (D-02), or in RFC 6749's shape at the token endpoint (D-67, dispatch.ts).
import { fail } from './errors.ts';
import { LIMITS, requireShallowJson, type Limits } from './limits.ts';

/** The parameters of a request: a key given once holds a string, a repeated key all its values in order. */
export type Query = Record<string, string | string[]>;

/**
 * D-41: the query string as an object without a prototype, so that every key, `__proto__` and `constructor`
 * included, is an own key the validation sees (and refuses, when unknown) rather than a property it inherits.
 */
export function readQuery(params: URLSearchParams): Query {
  const query: Query = Object.create(null);
  for (const [k, v] of params) query[k] = Object.hasOwn(query, k) ? [query[k]!, v].flat() : v;
  return query;
}

/** RFC 8259 §8.1: JSON is UTF-8; `fatal` refuses other bytes, and a BOM is kept (so JSON.parse refuses it too). */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** `type/subtype` of a Content-Type, in lower case, without its parameters (`charset` has no effect, RFC 8259 §11). */
export const essenceOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * D-66: a body in one of the media types the operation lists (`opTypes`), read as UTF-8: JSON (`json`, and its
 * top-level string fields as `form`, for the token endpoint's JSON form) or a form (`form`). Another media type,
 * `+json` ones included, is 415; bytes that are not UTF-8, like text that is not JSON, are 400 `malformed-json`.
 * An empty body without a media type reads as an empty form where a form is taken (the token endpoint, D-06).
 */
export function readBody(
  raw: Uint8Array,
  contentType: string | undefined,
  opTypes: string[],
  limits: Limits = LIMITS,
): { json: unknown; form: Record<string, string> } {
  const type = essenceOf(contentType);
  if (!opTypes.includes(type)) {
    if (raw.length === 0 && opTypes.includes('application/x-www-form-urlencoded')) return { json: undefined, form: {} };
    fail(415, 'error.unsupported-media-type', 'body', `Expected Content-Type ${opTypes.join(' or ')}`);
  }
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    return fail(400, 'error.malformed-json', 'body', 'The body is not UTF-8 (RFC 8259 §8.1)');
  }
  if (type === 'application/x-www-form-urlencoded') {
    const form: Record<string, string> = Object.create(null);
    for (const [k, v] of new URLSearchParams(text)) form[k] = v;
    return { json: undefined, form };
  }
  requireShallowJson(text, limits);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    // The position only: the parser's own message quotes the body, which may hold a secret (D-64).
    const at = /at position (\d+)/.exec((err as Error).message);
    return fail(
      400,
      'error.malformed-json',
      'body',
      `The body is not valid JSON${at ? ` (at position ${at[1]})` : ''}`,
    );
  }
  const form: Record<string, string> = Object.create(null);
  if (json && typeof json === 'object' && !Array.isArray(json))
    for (const [k, v] of Object.entries(json)) if (typeof v === 'string') form[k] = v;
  return { json, form };
}
