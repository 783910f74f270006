// Patch helpers shared by the faults: each wraps one piece of the running server from outside (a handler of the
// map, a Resource method, the Express response, the request before dispatch); none touches the reference code.
import type { Request, Response } from 'express';
import { handlers } from '../handlers/index.ts';
import type { Handlers, Reply, Req } from '../handlers/types.ts';
import { resources } from '../store/resources.ts';
import type { Resource } from '../store/resource.ts';
import { shippingServices } from '../shipping/services.ts';
import type { Json } from '../http/spec.ts';
import { sign } from '../http/signing.ts';
import type { Target } from './types.ts';

type AnyHandler = (req: Req) => Reply | Promise<Reply>;
export type OperationId = keyof Handlers;

/** Replaces `handlers[id]` with `wrap(original)`. */
export function wrapHandler(ids: OperationId | OperationId[], wrap: (original: AnyHandler) => AnyHandler): void {
  const map = handlers as unknown as Record<string, AnyHandler>;
  for (const id of [ids].flat()) map[id] = wrap(map[id]!);
}

/** Every operationId of the handler map matching `test`. */
export const operationIds = (test: (id: string) => boolean) => Object.keys(handlers).filter(test) as OperationId[];

/** Rewrites every JSON answer of the app (success and error envelopes alike) before it is sent. */
export function onJson(target: Target, fn: (body: Json, res: Response) => Json): void {
  const proto = target.app.response;
  const previous = proto.json;
  proto.json = function json(this: Response, body: Json) { return previous.call(this, fn(body, this)); };
}

/**
 * Answers `to` wherever the reference answers `from`, keeping the envelope's `status` in step; `errors` replaces the
 * error list (the mistake a server makes when it confuses the two cases).
 */
export function restatus(target: Target, from: number, to: number, errors?: Json[]): void {
  onJson(target, (body, res) => {
    if (res.statusCode !== from) return body;
    res.status(to);
    if (!body || typeof body !== 'object' || !('status' in body)) return body;
    return { ...body, status: to, ...(errors ? { errors } : {}) };
  });
}

/** Runs `fn` on each request after the body is read and before the dispatcher (routing, auth, validation). */
export function beforeDispatch(target: Target, fn: (req: Request, res: Response) => void): void {
  target.app.use((req: Request, res: Response, next: () => void) => { fn(req, res); next(); });
  // The app's stack ends with the dispatcher and the error handler: the new layer goes before both.
  const stack = (target.app as unknown as { router: { stack: unknown[] } }).router.stack;
  const layer = stack.pop();
  stack.splice(stack.length - 2, 0, layer);
}

/** Rewrites a JSON request body (raw Buffer) before validation; other bodies pass untouched. */
export function rewriteBody(req: Request, fn: (body: Json) => Json): void {
  if (!Buffer.isBuffer(req.body) || req.body.length === 0) return;
  try { req.body = Buffer.from(JSON.stringify(fn(JSON.parse(req.body.toString('utf8'))))); } catch { /* not JSON: left to the server */ }
}

/** Every v2 resource of the store, shipping services included. */
export const allResources = (): Resource[] => [...Object.values(resources), shippingServices];

/** Replaces one method of a Resource instance with `wrap(original)`. */
export function wrapMethod<K extends 'list' | 'find' | 'get' | 'create' | 'update' | 'delete' | 'toObject'>(r: Resource, method: K, wrap: (original: Resource[K]) => Resource[K]): void {
  const original = (r[method] as (...a: unknown[]) => unknown).bind(r) as Resource[K];
  (r as unknown as Record<string, unknown>)[method] = wrap(original);
}

/** Replaces the filter declarations of every resource that match `test` (the compiled `x-filter`s). */
export function rewriteFilters(test: (f: Resource['filters'][number], r: Resource) => boolean, change: (f: Resource['filters'][number]) => Resource['filters'][number]): void {
  for (const r of allResources()) {
    r.filters.forEach((f, i) => { if (test(f, r)) (r.filters as Resource['filters'][number][])[i] = change(f); });
  }
}

/** Applies `fn` to every value of a JSON tree, depth first; the result replaces the value. */
export function walk(node: Json, fn: (value: Json, key: string) => Json, key = ''): Json {
  const value = Array.isArray(node) ? node.map((v, i) => walk(v, fn, String(i)))
    : node && typeof node === 'object' ? Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, fn, k)]))
    : node;
  return fn(value, key);
}

/** The App client secret whose D-16 signature `signature` is for `body`, to sign a changed body the same way. */
export function signerSecret(target: Target, body: string, signature: string): string {
  return [...target.services.auth.clients.values()].find((c) => sign(body, c.clientSecret) === signature)?.clientSecret ?? '';
}
