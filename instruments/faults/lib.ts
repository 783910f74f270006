// Patch helpers shared by the faults: each patches one named seam of one app (seams.ts: a handler of its map, a step
// of a Resource's reads or one of its writes, a hook before dispatch or before an answer is sent); none touches the
// reference code.
import type { Request, Response } from 'express';
import type { Json } from '../../openapi/contract.ts';
import type { ReferenceApp } from '../../reference-server/app.ts';
import { sign } from '../../shared/signing.ts';
import type { Handlers, Reply, Req } from '../../reference-server/handlers/types.ts';
import type { Reads, Resource } from '../../reference-server/store/resource.ts';

type AnyHandler = (req: Req) => Reply | Promise<Reply>;
export type OperationId = keyof Handlers;

/** Replaces the app's `handlers[id]` with `wrap(original)`. */
export function wrapHandler(
  app: ReferenceApp,
  ids: OperationId | OperationId[],
  wrap: (original: AnyHandler) => AnyHandler,
): void {
  const map = app.seams.handlers as unknown as Record<string, AnyHandler>;
  for (const id of [ids].flat()) map[id] = wrap(map[id]!);
}

/** Every operationId of the app's handler map matching `test`. */
export const operationIds = (app: ReferenceApp, test: (id: string) => boolean) =>
  Object.keys(app.seams.handlers).filter(test) as OperationId[];

/** Rewrites every JSON answer of the app (success and error envelopes alike) before it is sent. */
export function onJson(app: ReferenceApp, fn: (body: Json, res: Response) => Json): void {
  app.seams.beforeSend.push(fn);
}

/**
 * Answers `to` wherever the reference answers `from`, keeping the envelope's `status` in step; `errors` replaces the
 * error list (the mistake a server makes when it confuses the two cases).
 */
export function restatus(app: ReferenceApp, from: number, to: number, errors?: Json[]): void {
  onJson(app, (body, res) => {
    if (res.statusCode !== from) return body;
    res.status(to);
    if (!body || typeof body !== 'object' || !('status' in body)) return body;
    return { ...body, status: to, ...(errors ? { errors } : {}) };
  });
}

/** Runs `fn` on each request after the body is read and before the dispatcher (routing, auth, validation). */
export function beforeDispatch(app: ReferenceApp, fn: (req: Request, res: Response) => void): void {
  app.seams.beforeDispatch.push(fn);
}

/** Rewrites a JSON request body (raw Buffer) before validation; other bodies pass untouched. */
export function rewriteBody(req: Request, fn: (body: Json) => Json): void {
  if (!Buffer.isBuffer(req.body) || req.body.length === 0) return;
  try {
    req.body = Buffer.from(JSON.stringify(fn(JSON.parse(req.body.toString('utf8')))));
  } catch {
    /* not JSON: left to the server */
  }
}

/** Every v2 resource of the app, shipping services included. */
export const allResources = (app: ReferenceApp): Resource[] => Object.values(app.seams.resources);

/** Replaces one write of a Resource instance (its `create`, `update` or `delete`) with `wrap(original)`. */
export function wrapMethod<K extends 'create' | 'update' | 'delete'>(
  r: Resource,
  method: K,
  wrap: (original: Resource[K]) => Resource[K],
): void {
  const original = (r[method] as (...a: unknown[]) => unknown).bind(r) as Resource[K];
  (r as unknown as Record<string, unknown>)[method] = wrap(original);
}

/**
 * Replaces one step of a Resource instance's read path (`reads`: which rows a list's page or a get takes) with
 * `wrap(original)`: every list and get reads through it, and so do the store's own reads.
 */
export function wrapRead<K extends keyof Reads>(r: Resource, step: K, wrap: (original: Reads[K]) => Reads[K]): void {
  r.reads[step] = wrap(r.reads[step]);
}

/** Replaces the filter declarations of every resource that match `test` (the compiled `x-filter`s). */
export function rewriteFilters(
  app: ReferenceApp,
  test: (f: Resource['filters'][number], r: Resource) => boolean,
  change: (f: Resource['filters'][number]) => Resource['filters'][number],
): void {
  for (const r of allResources(app)) {
    r.filters.forEach((f, i) => {
      if (test(f, r)) (r.filters as Resource['filters'][number][])[i] = change(f);
    });
  }
}

/** Applies `fn` to every value of a JSON tree, depth first; the result replaces the value. */
export function walk(node: Json, fn: (value: Json, key: string) => Json, key = ''): Json {
  const value = Array.isArray(node)
    ? node.map((v, i) => walk(v, fn, String(i)))
    : node && typeof node === 'object'
      ? Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, fn, k)]))
      : node;
  return fn(value, key);
}

/** The App client secret whose D-16 signature `signature` is for `body`, to sign a changed body the same way. */
export function signerSecret(app: ReferenceApp, body: string, signature: string): string {
  return [...app.seams.auth.clients.values()].find((c) => sign(body, c.clientSecret) === signature)?.clientSecret ?? '';
}
