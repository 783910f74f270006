// Helpers of the contacts faults: the `contact` body of add and update, before validation or before the handler.
import type { Json } from '../../openapi/contract.ts';
import type { ReferenceApp } from '../../reference-server/app.ts';
import { fail } from '../../shared/errors.ts';
import { beforeDispatch, rewriteBody, wrapHandler } from './lib.ts';

const isContactWrite = (method: string, path: string) =>
  /^\/api\/contacts(\/\d+)?\.json$/.test(path) && (method === 'POST' || method === 'PUT');

/** Rewrites the `contact` object of every add and update body before the server validates it. */
export function beforeContactValidation(app: ReferenceApp, fn: (contact: Json) => Json): void {
  beforeDispatch(app, (req) => {
    if (!isContactWrite(req.method, req.path)) return;
    rewriteBody(req, (body) =>
      body?.contact && typeof body.contact === 'object' ? { ...body, contact: fn(body.contact) } : body,
    );
  });
}

/** A stricter length rule than the contract's, applied to add and update after validation (`<` written for `<=`). */
export function rejectAtLength(app: ReferenceApp, field: string, length: number, ref: string): void {
  wrapHandler(app, ['createContact', 'updateContact', 'updateContactPost'], (original) => (req) => {
    const value = (req.body as { contact?: Json })?.contact?.[field];
    if (typeof value === 'string' && value.length === length)
      fail(422, ref, `contact.${field}`, `must be shorter than ${length} characters`, 'contact');
    return original(req);
  });
}
