// The stages of an API request, in order (createApp in app.ts chains them): route (the operation in the contract),
// authenticate (token, scopes, rate), validate (query and body against the document), call (the handler of that
// operationId) and send (the envelope); any failure leaves by the error exit (D-02), and the token endpoint's
// failures to read a request by its own answer (D-67).
import type { Request, Response } from 'express';
import { isTokenEndpoint, type Operation } from '../openapi/contract.ts';
import { ApiError, errorBody, fail } from '../shared/errors.ts';
import type { Reply, Req, Services } from './handlers/types.ts';
import type { Client } from './http/auth.ts';
import { LIMITS, requireFewParams } from '../shared/limits.ts';
import { rateLimit, type Buckets } from './http/rate-limit.ts';
import { readBody, readQuery } from '../shared/request.ts';
import { dropReadOnly, validateBody, validateParams } from './http/validation.ts';
import type { Seams } from './seams.ts';

/** One app as its stages see it: its seams, its services and the rate limit's buckets. */
export interface Dispatch {
  seams: Seams;
  services: Services;
  buckets: Buckets;
}

/** A request once routed: its operation, path parameters and URL, and the time it is served at. */
export interface Routed {
  req: Request;
  url: URL;
  op: Operation;
  params: Record<string, string>;
  now: Date;
}

/** What validation read: the query, and the JSON body or the form fields of the token endpoint. */
export interface Input {
  query: ReturnType<typeof readQuery>;
  body: unknown;
  form: Record<string, string>;
}

/** Route: the `beforeDispatch` hooks, then the operation the method and path name; else 405 (with `Allow`) or 404. */
export function route({ seams }: Dispatch, req: Request, res: Response): Routed {
  for (const hook of seams.beforeDispatch) hook(req, res);
  const url = new URL(req.originalUrl, 'http://localhost');
  const { op, params, allow } = seams.route(req.method, url.pathname);
  if (!op) {
    if (allow.length)
      fail(405, 'error.method-not-allowed', 'method', `${req.method} is not allowed here`, 'request', {
        Allow: allow.join(', '),
      });
    fail(404, 'error.not-found', 'path', `No operation at ${url.pathname}`);
  }
  return { req, url, op, params, now: seams.config.clock() };
}

/**
 * Authenticate: the client behind the bearer token (401, D-05), holding the scopes of one alternative the operation
 * names (403, D-07), within its rate (429, D-08); none for an operation without security (the token endpoint).
 */
export function authenticate({ seams, buckets }: Dispatch, { req, op, now }: Routed): Client | undefined {
  const security = seams.securityOf(op);
  const client = security ? seams.auth.bearer(req.headers.authorization, now) : undefined;
  if (client && security!.some((alt) => alt.length > 0)) seams.auth.requireScopes(client, security!);
  if (client && seams.config.rateLimit > 0) rateLimit(buckets, client.clientId, seams.config.rateLimit, now.getTime());
  return client;
}

/** Validate: the query (how many parameters, D-64; each against the document) and the body, read and checked. */
export function validate({ seams }: Dispatch, { req, url, op, params }: Routed): Input {
  // The token endpoint ignores the parameters it does not know (RFC 6749 §3.2), so it has none to count.
  if (!isTokenEndpoint(op)) requireFewParams(url.searchParams, seams.limits);
  const query = readQuery(url.searchParams);
  validateParams(op, params, query);
  let body: unknown;
  let form: Record<string, string> = {};
  if (op.bodyTypes.length > 0) {
    const raw = Buffer.isBuffer(req.body) ? req.body : new Uint8Array(0);
    ({ json: body, form } = readBody(raw, req.headers['content-type'], op.bodyTypes, seams.limits));
    if (body !== undefined || !isTokenEndpoint(op)) validateBody(op, body);
    dropReadOnly(op, body);
  }
  return { query, body, form };
}

/** Call: the app's handler of the operationId, with the request as the handlers see it (handlers/types.ts). */
export function call({ seams, services }: Dispatch, routed: Routed, client: Client | undefined, input: Input) {
  const { req, url, op, params, now } = routed;
  const handler = seams.handlers[op.operationId as keyof Seams['handlers']] as (r: Req) => Reply | Promise<Reply>;
  return handler({
    params,
    query: input.query as Req['query'],
    body: input.body,
    form: input.form,
    authorization: req.headers.authorization,
    client: client!,
    db: services.db,
    now,
    baseUrl: `${req.protocol}://${req.headers.host ?? 'localhost'}`,
    path: url.pathname + url.search,
    services,
  });
}

/** Send: the reply's headers, then its body: already serialized, through `sendJson`, or none. */
export function send({ seams }: Dispatch, res: Response, reply: Reply): void {
  for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
  // An answer already serialized (lists and gets, from the JSON the store keeps per row) is sent as is, with
  // res.json's Content-Type; the app's `beforeSend` hooks get it parsed back, which JSON.stringify turns into the same
  // bytes again.
  if (reply.json !== undefined && seams.beforeSend.length === 0)
    res.status(reply.status).set('Content-Type', 'application/json; charset=utf-8').send(reply.json);
  else if (reply.json !== undefined) sendJson(seams, res, reply.status, JSON.parse(reply.json.toString('utf8')));
  else if (reply.body === undefined) res.status(reply.status).end();
  else sendJson(seams, res, reply.status, reply.body);
}

/** Every JSON answer leaves here, through the app's `beforeSend` hooks. */
function sendJson(seams: Seams, res: Response, status: number, body: unknown): void {
  res.status(status);
  let out = body;
  for (const hook of seams.beforeSend) out = hook(out, res);
  res.json(out);
}

/** The error exit (D-02): the error envelope for every failure, never a crash; the token endpoint's own (D-67). */
export function sendError({ seams }: Dispatch, err: unknown, req: Request, res: Response): void {
  const e = apiErrorOf(err, req);
  for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
  const rfc6749 = tokenEndpointAnswer(seams, req, e);
  if (rfc6749) sendJson(seams, res, 400, rfc6749);
  else sendJson(seams, res, e.status, errorBody(e));
}

/** The failure as the API states it: ours as thrown, the body reader's (size, encoding, JSON) as D-48 and D-66 say. */
function apiErrorOf(err: unknown, req: Request): ApiError {
  if (err instanceof ApiError) return err;
  const { type, status } = err as { type?: string; status?: number };
  if (type === 'entity.too.large')
    return new ApiError(413, 'request', [
      { name: 'body', message: `The body exceeds ${LIMITS.maxBodyBytes} bytes`, ref: 'error.payload-too-large' },
    ]);
  // A Content-Encoding the body reader does not know (D-66): the body cannot be read as sent.
  if (type === 'encoding.unsupported')
    return new ApiError(415, 'request', [
      { name: 'body', message: 'Unsupported Content-Encoding', ref: 'error.unsupported-media-type' },
    ]);
  if (status === 400 || type?.startsWith('entity.'))
    return new ApiError(400, 'request', [
      { name: 'body', message: (err as Error).message, ref: 'error.malformed-json' },
    ]);
  // The path only: a query string may carry what a client should not have sent (a token, a secret).
  console.error('[reference-server] internal error on', req.method, req.path, err);
  return new ApiError(500, 'request', [{ name: 'server', message: 'Internal error', ref: 'error.internal' }]);
}

/** The errors of a body that cannot be read (D-48, D-64, D-66), which the token endpoint answers its own way (D-67). */
const unreadable = new Set(['error.malformed-json', 'error.unsupported-media-type', 'error.payload-too-large']);

/**
 * D-67: the token endpoint answers a request it cannot read (no or another media type, bytes that are not UTF-8,
 * text that is not JSON, too deep, too large) as RFC 6749 §5.2 does: 400 `invalid_request` (D-06). Undefined for
 * any other failure or operation. Routed again here: a body too large fails before the request is routed.
 */
function tokenEndpointAnswer(seams: Seams, req: Request, e: ApiError) {
  const { op } = seams.route(req.method, new URL(req.originalUrl, 'http://localhost').pathname);
  if (!op || !isTokenEndpoint(op) || !unreadable.has(e.errors[0]?.ref ?? '')) return undefined;
  return { error: 'invalid_request', error_description: e.errors[0]!.message };
}
