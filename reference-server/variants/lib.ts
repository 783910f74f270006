// Helpers of the variants beside the faults' patch helpers (../faults/lib.ts, imported, never copied): the error
// envelope's items, the list operations, and the signed requests the server sends out (webhooks, App callbacks).
import { createHmac } from 'node:crypto';
import { onJson, operationIds, signerSecret, type OperationId } from '../faults/lib.ts';
import { operationById, type Json } from '../http/spec.ts';
import type { Target } from './types.ts';

/** True for the error envelope of D-02 (every 4xx/5xx of the API except the token endpoint's RFC 6749 bodies). */
export const isErrorEnvelope = (body: Json) => body?.success === false && Array.isArray(body.errors);

/** Rewrites each `{name, message, ref}` of every error envelope; `status` is the answer's HTTP status. */
export function onErrorItems(target: Target, fn: (item: { name: string; message: string; ref: string }, status: number) => Json): void {
  onJson(target, (body, res) => (isErrorEnvelope(body) ? { ...body, errors: body.errors.map((e: Json) => fn(e, res.statusCode)) } : body));
}

/** The operations that take the `limit` query parameter: every v2 list and the contacts search (D-03, D-11). */
export const listOperations = (): OperationId[] =>
  operationIds((id) => Boolean(operationById.get(id)?.parameters.some((p) => p.in === 'query' && p.name === 'limit')));

type Init = Omit<RequestInit, 'headers'> & { headers: Record<string, string> };
/**
 * Rewrites every signed request the server sends (webhook deliveries and App callbacks both go out through the
 * global `fetch` with `x-store-signature`, D-16); other requests (thumbnail downloads) pass untouched.
 */
export function onSignedRequest(fn: (url: string, init: Init) => Init): void {
  const previous = globalThis.fetch;
  globalThis.fetch = ((url: string | URL | Request, init?: RequestInit) => {
    const headers = init?.headers;
    const signed = headers && typeof headers === 'object' && !Array.isArray(headers) && !(headers instanceof Headers) && 'x-store-signature' in headers;
    return previous(url, signed ? fn(String(url), init as Init) as RequestInit : init);
  }) as typeof fetch;
}

/** The D-16 signature of `body` under the secret that signed `original` (so a changed body can be signed again). */
export function resign(target: Target, original: string, signature: string, body: string, encoding: 'base64' | 'hex' = 'base64'): string {
  return createHmac('sha256', signerSecret(target, original, signature)).update(body).digest(encoding);
}
