// Helpers of the variants beside the faults' patch helpers (../faults/lib.ts, imported, never copied): the error
// envelope's items, the list operations, and the signed requests the server sends out (webhooks, App callbacks).
import { createHmac } from 'node:crypto';
import { operationById, type Json } from '../../openapi/contract.ts';
import type { ReferenceApp } from '../../reference-server/app.ts';
import { onJson, operationIds, signerSecret, type OperationId } from '../faults/lib.ts';

/** True for the error envelope of D-02 (every 4xx/5xx of the API except the token endpoint's RFC 6749 bodies). */
export const isErrorEnvelope = (body: Json) => body?.success === false && Array.isArray(body.errors);

/** Rewrites each `{name, message, ref}` of every error envelope; `status` is the answer's HTTP status. */
export function onErrorItems(
  app: ReferenceApp,
  fn: (item: { name: string; message: string; ref: string }, status: number) => Json,
): void {
  onJson(app, (body, res) =>
    isErrorEnvelope(body) ? { ...body, errors: body.errors.map((e: Json) => fn(e, res.statusCode)) } : body,
  );
}

/** The operations that take the `limit` query parameter: every v2 list and the contacts search (D-03, D-11). */
export const listOperations = (app: ReferenceApp): OperationId[] =>
  operationIds(app, (id) =>
    Boolean(operationById.get(id)?.parameters.some((p) => p.in === 'query' && p.name === 'limit')),
  );

type Init = Omit<RequestInit, 'headers'> & { headers: Record<string, string> };
/**
 * Rewrites every signed request the app sends (D-16): webhook deliveries (the `transport` seam) and App callbacks
 * (the `appCalls.send` seam) alike; other requests (thumbnail downloads) do not go through either.
 */
export function onSignedRequest(app: ReferenceApp, fn: (url: string, init: Init) => Init): void {
  for (const seam of [app.seams.transport, app.seams.appCalls]) {
    const previous = seam.send;
    seam.send = (url, init) => previous(url, fn(url, init as Init) as RequestInit);
  }
}

/** The D-16 signature of `body` under the secret that signed `original` (so a changed body can be signed again). */
export function resign(
  app: ReferenceApp,
  original: string,
  signature: string,
  body: string,
  encoding: 'base64' | 'hex' = 'base64',
): string {
  return createHmac('sha256', signerSecret(app, original, signature))
    .update(body)
    .digest(encoding);
}

/** Marks a refused key: what follows it in the key is the error's ref and message (`refusedKey`). */
const MARK = '\u0000';
/**
 * `key` renamed so that the server refuses it as a field it does not know, in its own validation: after routing and
 * authentication (a 401 or 403 comes first, as for any other refusal), with the other errors of the body. The error
 * names the renamed key; `onRefusedKeys` names it back, with `message` and `ref`.
 */
export const refusedKey = (key: string, message: string, ref = 'error.unknown-field'): string =>
  `${key}${MARK}${ref}${MARK}${message}`;

/**
 * Names back the errors of the keys `refusedKey` renamed, those whose message `own` accepts (`data.id`, its message
 * and ref; `name` may rewrite the name), before every other hook of the answer (`onJson`), so that they rewrite these
 * errors as any other (another error ref, D-02, say).
 */
export function onRefusedKeys(
  app: ReferenceApp,
  own: (message: string) => boolean,
  name: (name: string) => string = (n) => n,
): void {
  app.seams.beforeSend.unshift((body) =>
    isErrorEnvelope(body as Json)
      ? {
          ...(body as Json),
          errors: (body as Json).errors.map((e: Json) => {
            const [key, ref, message] = String(e?.name).split(MARK);
            return ref !== undefined && message !== undefined && own(message)
              ? { ...e, name: name(key!), message, ref }
              : e;
          }),
        }
      : body,
  );
}
