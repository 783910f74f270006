// The fuzzer's judge (robustness/README.md): whether a request breaks the document, decided by validating the
// request itself against the operation's security, parameters and body with ajv (openapi/validators.ts), never by
// what the generator meant (a mutation may still be valid, and the server is liberal where the document allows:
// read-only fields accepted and ignored, D-09); and whether an answer is the one the document gives.
import { escapePointer, isTokenEndpoint, resolvePointer, type Json, type Operation } from '../openapi/contract.ts';
import { BUNDLE_ID, createAjv, validatorFor } from '../openapi/validators.ts';
import type { ValidateFunction } from 'ajv/dist/2020.js';

/** What the judge reads of a request: everything that the document constrains. */
export interface RequestShape {
  op: Operation;
  /** Path parameter values as sent (percent-encoded), by name. */
  pathParams: Record<string, string>;
  /** Query pairs as sent, in order, before percent-encoding; a key may repeat. */
  query: [string, string][];
  contentType?: string;
  body?: Uint8Array;
}

/** The body limit of D-48, which the document's 413 answers state. */
export const BODY_LIMIT = 1024 * 1024;

const paramAjv = createAjv({ coerceTypes: true });
const paramValidators = new Map<string, Map<string, ValidateFunction>>();

/** Each parameter's schema, compiled by its pointer in the bundle (query and path values are strings: coerced). */
function parameterValidators(op: Operation): Map<string, ValidateFunction> {
  let found = paramValidators.get(op.operationId);
  if (found) return found;
  const itemPointer = `#/paths/${escapePointer(op.path)}`;
  const item = resolvePointer(itemPointer);
  const pointers = [
    ...(item.parameters ?? []).map((p: Json, i: number) => p.$ref ?? `${itemPointer}/parameters/${i}`),
    ...(item[op.method.toLowerCase()].parameters ?? []).map(
      (p: Json, i: number) => p.$ref ?? `${op.pointer}/parameters/${i}`,
    ),
  ] as string[];
  found = new Map(
    pointers.map((ptr) => [
      resolvePointer(ptr).name as string,
      paramAjv.compile({ $ref: `${BUNDLE_ID}${ptr}/schema` }),
    ]),
  );
  paramValidators.set(op.operationId, found);
  return found;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const describe = (v: ValidateFunction) =>
  (v.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message}`)
    .join('; ');

/** `type/subtype` in lower case and the parameters of a Content-Type; undefined for none. */
export function mediaType(value: string | undefined): { essence: string; params: Record<string, string> } | undefined {
  if (value === undefined) return undefined;
  const [essence, ...rest] = value.split(';');
  const params = Object.fromEntries(
    rest.map((p) => {
      const eq = p.indexOf('=');
      return [
        p
          .slice(0, eq < 0 ? undefined : eq)
          .trim()
          .toLowerCase(),
        eq < 0 ? '' : p.slice(eq + 1).trim(),
      ];
    }),
  );
  return { essence: essence!.trim().toLowerCase(), params };
}

/** The reasons the request breaks the document; empty when it is valid. `scopes`: the token's, undefined for none. */
export function judge(req: RequestShape, scopes: string[] | undefined): string[] {
  const { op } = req;
  const reasons: string[] = [];
  if (op.security) {
    if (!scopes) reasons.push('no valid bearer token (§5, D-05)');
    else if (!op.security.some((alt) => alt.every((s) => scopes.includes(s))))
      reasons.push(`the token lacks the scope: ${op.security.map((a) => a.join('+')).join(' or ')} (D-07)`);
  }
  const validators = parameterValidators(op);
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    const raw = req.pathParams[p.name] ?? '';
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      reasons.push(`path ${p.name}: not percent-encoded text`);
      continue;
    }
    const v = validators.get(p.name)!;
    if (!v(value)) reasons.push(`path ${p.name}=${JSON.stringify(value).slice(0, 60)}: ${describe(v)}`);
  }
  const seen = new Set<string>();
  for (const [name, value] of req.query) {
    const p = op.parameters.find((x) => x.in === 'query' && x.name === name);
    if (!p) {
      // The token endpoint ignores the parameters it does not know (RFC 6749 §3.2); every other operation refuses
      // them (D-41).
      if (!isTokenEndpoint(op)) reasons.push(`unknown query parameter ${JSON.stringify(name).slice(0, 60)} (D-41)`);
    } else if (seen.has(name) && p.schema.type !== 'array') reasons.push(`query ${name} given twice`);
    else {
      const v = validators.get(name)!;
      if (!v(value)) reasons.push(`query ${name}=${JSON.stringify(value).slice(0, 60)}: ${describe(v)}`);
    }
    seen.add(name);
  }
  for (const p of op.parameters.filter((x) => x.in === 'query' && x.required && !seen.has(x.name)))
    reasons.push(`query ${p.name} is required`);
  if (op.bodyTypes.length > 0) reasons.push(...judgeBody(req));
  return reasons;
}

function judgeBody(req: RequestShape): string[] {
  const { op, body } = req;
  const requestBody = resolvePointer(`${op.pointer}/requestBody`);
  const required = (requestBody?.$ref ? resolvePointer(requestBody.$ref) : requestBody)?.required === true;
  if (!body || body.length === 0) return required ? ['the body is required'] : [];
  if (body.length > BODY_LIMIT) return [`the body exceeds ${BODY_LIMIT} bytes (D-48)`];
  const type = mediaType(req.contentType);
  if (!type) return ['a body without Content-Type'];
  if (!op.bodyTypes.includes(type.essence)) return [`Content-Type ${type.essence} is not ${op.bodyTypes.join(' or ')}`];
  // RFC 8259 §8.1, §11: JSON is UTF-8 and a `charset` parameter "has no effect on compliant recipients", so the
  // bytes are read as UTF-8 whatever it says (a form body too, WHATWG URL); bytes that are not UTF-8 break it.
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return ['the body is not UTF-8 (RFC 8259 §8.1)'];
  }
  let value: unknown;
  if (type.essence === 'application/x-www-form-urlencoded') value = Object.fromEntries(new URLSearchParams(text));
  else
    try {
      value = JSON.parse(text);
    } catch (err) {
      return [`the body is not JSON: ${(err as Error).message.slice(0, 80)}`];
    }
  const schemaPointer = `${requestBody?.$ref ?? `${op.pointer}/requestBody`}/content/${escapePointer(type.essence)}/schema`;
  const v = validatorFor(schemaPointer);
  return v(value) ? [] : [`body: ${describe(v)}`];
}

/** The pointer of the response the operation documents for a status, followed through `$ref`; undefined if none. */
function responsePointer(op: Operation, status: number): string | undefined {
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => op.responses[k]);
  return key === undefined ? undefined : (op.responses[key].$ref ?? `${op.pointer}/responses/${key}`);
}

/**
 * Why an answer is not the one the document gives for its status (undefined when it is): a status the operation
 * does not document, a body that is not JSON or does not match the documented schema (the error envelope of D-02,
 * the RFC 6749 body of the token endpoint, D-06), or an envelope whose `status` differs from the HTTP status.
 */
export function checkAnswer(op: Operation, status: number, text: string): string | undefined {
  const pointer = responsePointer(op, status);
  if (!pointer) return `status ${status} is not documented for ${op.operationId}`;
  const response = resolvePointer(pointer);
  if (!response?.content) return text.length === 0 ? undefined : `a ${status} documented without a body has one`;
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    return `the ${status} body is not JSON: ${JSON.stringify(text.slice(0, 80))}`;
  }
  const v = validatorFor(`${pointer}/content/application~1json/schema`);
  if (!v(body)) return `the ${status} body does not match the document: ${describe(v)}`;
  const reported: unknown = (body as { status?: unknown } | null)?.status;
  if (typeof reported === 'number' && reported !== status)
    return `the body's status ${reported} is not the HTTP status ${status} (D-02)`;
  return undefined;
}
