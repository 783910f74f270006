// Builds the reference server: one dispatcher that finds the operation in the contract, authenticates,
// validates (all from the document), calls the handler of that operationId and writes the envelope.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { type NextFunction, type Request, type Response } from 'express';
import { bundlePath } from '../openapi/contract.ts';
import { configFromEnv, type Config } from './core/config.ts';
import { DEMO_IMAGES, serveDemoImage } from './demo/images.ts';
import { ApiError, errorBody, fail } from './core/errors.ts';
import type { Req, Services } from './handlers/types.ts';
import { cors } from './http/cors.ts';
import { LIMITS, requireFewParams } from './http/limits.ts';
import { readBody, readQuery } from './http/request.ts';
import { answersRfc6749, dropReadOnly, validateBody, validateParams } from './http/validation.ts';
import { createSeams, type Seams } from './seams.ts';
import { readContent } from './store/content.ts';
import { openDb, type Db } from './store/db.ts';
import { createTables, seed } from './store/tables.ts';
import { startWorker } from './webhooks/worker.ts';

export { configFromEnv, type Config };

/**
 * What `/docs/` serves: the page `npm run docs` writes and the two pages it links (scripts/docs/pages.ts), by name;
 * nothing else. Until they are built, `/docs` is an unknown path (404).
 */
const DOCS_FILES = new Map(
  ['index.html', 'source.html', 'decisions.html'].map((f) => [
    f,
    fileURLToPath(new URL(`../reports/docs/${f}`, import.meta.url)),
  ]),
);

/** One app: the Express app, its services, its seams (the instruments patch them) and its webhook worker. */
export type ReferenceApp = ReturnType<typeof createApp>;

export function createApp(given: Config = configFromEnv(), overrides: Partial<Seams> = {}) {
  const db = openDb(given.db);
  const seams = createSeams(given, db, overrides);
  createTables(db, Object.values(seams.resources));
  const { config, auth, outbox, resources, appCalls, pricing, calculators } = seams;
  seed(db, config.clock());
  const services: Services = { config, auth, db, resources, outbox, appCalls, pricing, calculators };
  const worker = startWorker(db, outbox, seams.transport, {
    secretOf: (id) => auth.clients.get(id)?.clientSecret,
    account: config.account,
    retryBaseMs: config.webhookRetryBaseMs,
    maxAttempts: config.webhookMaxAttempts,
    timeoutMs: 5000,
    pollMs: Math.min(250, config.webhookRetryBaseMs),
  });
  const buckets = new Map<string, { tokens: number; at: number }>();
  /** Every JSON answer leaves here, through the app's `beforeSend` hooks. */
  const sendJson = (res: Response, status: number, body: unknown) => {
    res.status(status);
    let out = body;
    for (const hook of seams.beforeSend) out = hook(out, res);
    res.json(out);
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(cors(config.corsOrigins));
  app.use(express.raw({ type: () => true, limit: LIMITS.maxBodyBytes }));
  app.get('/content/{*file}', (req, res, next) => serveContent(db, req, res, next));
  app.get(`${DEMO_IMAGES}/:slug/:file`, serveDemoImage);
  // The contract and its rendered docs, for the developers and frontends that call this server.
  const bundle = readFileSync(bundlePath);
  app.get('/openapi.json', (_req, res) => res.type('application/json').send(bundle));
  // The page links the source text and the decisions register written beside it (scripts/docs.ts), by relative
  // addresses that work from the file too: so it is served as a folder, /docs/ and the pages next to it.
  app.get('/docs{/:page}', (req, res, next) => {
    const file = DOCS_FILES.get(req.params.page ?? 'index.html');
    if (!file || !existsSync(file)) return next();
    return req.path === '/docs' ? res.redirect(301, '/docs/') : res.sendFile(file);
  });

  app.use(async (req: Request, res: Response) => {
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
    const now = config.clock();
    const authorization = req.headers.authorization;
    const security = seams.securityOf(op);
    const client = security ? auth.bearer(authorization, now) : undefined;
    if (client && security!.some((alt) => alt.length > 0)) auth.requireScopes(client, security!);
    if (client && config.rateLimit > 0) rateLimit(buckets, client.clientId, config.rateLimit, now.getTime());
    // The token endpoint ignores the parameters it does not know (RFC 6749 §3.2), so it has none to count.
    if (!answersRfc6749(op)) requireFewParams(url.searchParams, seams.limits);
    const query = readQuery(url.searchParams);
    validateParams(op, params, query);
    let body: unknown;
    let form: Record<string, string> = {};
    if (op.bodyTypes.length > 0) {
      const raw = Buffer.isBuffer(req.body) ? req.body : new Uint8Array(0);
      ({ json: body, form } = readBody(raw, req.headers['content-type'], op.bodyTypes, seams.limits));
      if (body !== undefined || !op.bodyTypes.includes('application/x-www-form-urlencoded')) validateBody(op, body);
      dropReadOnly(op, body);
    }
    const handler = seams.handlers[op.operationId as keyof Seams['handlers']] as (
      r: Req,
    ) => ReturnType<Seams['handlers']['listProducts']>;
    const host = req.headers.host ?? 'localhost';
    const reply = await handler({
      params,
      query: query as Req['query'],
      body,
      form,
      authorization,
      client: client!,
      db,
      now,
      baseUrl: `${req.protocol}://${host}`,
      path: url.pathname + url.search,
      services,
    });
    for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
    // An answer already serialized (the fast path of lists and gets) is sent as is, with res.json's Content-Type;
    // the app's `beforeSend` hooks get it parsed back, which JSON.stringify turns into the same bytes again.
    if (reply.json !== undefined && seams.beforeSend.length === 0)
      res.status(reply.status).set('Content-Type', 'application/json; charset=utf-8').send(reply.json);
    else if (reply.json !== undefined) sendJson(res, reply.status, JSON.parse(reply.json.toString('utf8')));
    else if (reply.body === undefined) res.status(reply.status).end();
    else sendJson(res, reply.status, reply.body);
  });

  // The one error exit (D-02): envelope for every failure, never a crash.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    let e: ApiError;
    if (err instanceof ApiError) e = err;
    else if ((err as { type?: string }).type === 'entity.too.large')
      e = new ApiError(413, 'request', [
        { name: 'body', message: `The body exceeds ${LIMITS.maxBodyBytes} bytes`, ref: 'error.payload-too-large' },
      ]);
    else if ((err as { type?: string }).type === 'encoding.unsupported')
      // A Content-Encoding the body reader does not know (D-66): the body cannot be read as sent.
      e = new ApiError(415, 'request', [
        { name: 'body', message: 'Unsupported Content-Encoding', ref: 'error.unsupported-media-type' },
      ]);
    else if ((err as { status?: number }).status === 400 || (err as { type?: string }).type?.startsWith('entity.'))
      e = new ApiError(400, 'request', [
        { name: 'body', message: (err as Error).message, ref: 'error.malformed-json' },
      ]);
    else {
      // The path only: a query string may carry what a client should not have sent (a token, a secret).
      console.error('[reference-server] internal error on', req.method, req.path, err);
      e = new ApiError(500, 'request', [{ name: 'server', message: 'Internal error', ref: 'error.internal' }]);
    }
    for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
    // D-67: the token endpoint answers a request it cannot read (no or another media type, bytes that are not
    // UTF-8, text that is not JSON, too deep, too large) as RFC 6749 §5.2 does: 400 `invalid_request` (D-06).
    const { op } = seams.route(req.method, new URL(req.originalUrl, 'http://localhost').pathname);
    if (op && answersRfc6749(op) && unreadable.has(e.errors[0]?.ref ?? '')) {
      sendJson(res, 400, { error: 'invalid_request', error_description: e.errors[0]!.message });
      return;
    }
    sendJson(res, e.status, errorBody(e));
  });

  return {
    app,
    services,
    seams,
    worker,
    async close() {
      await worker.stop();
      db.close();
    },
  };
}

/** The errors of a body that cannot be read (D-48, D-64, D-66), which the token endpoint answers its own way (D-67). */
const unreadable = new Set(['error.malformed-json', 'error.unsupported-media-type', 'error.payload-too-large']);

function rateLimit(
  buckets: Map<string, { tokens: number; at: number }>,
  clientId: string,
  perSecond: number,
  nowMs: number,
): void {
  const b = buckets.get(clientId) ?? { tokens: perSecond, at: nowMs };
  b.tokens = Math.min(perSecond, b.tokens + ((nowMs - b.at) / 1000) * perSecond);
  b.at = nowMs;
  buckets.set(clientId, b);
  if (b.tokens < 1)
    fail(429, 'error.rate-limited', 'rate', 'Too many requests; retry after 1 second', 'request', {
      'Retry-After': '1',
    });
  b.tokens -= 1;
}

/** D-24: stored images behind the absolute thumbnail URLs. */
function serveContent(db: Db, req: Request, res: Response, next: NextFunction): void {
  const file = readContent(db, `~${req.path}`);
  if (!file) return next();
  res.setHeader('Content-Type', file.mime);
  res.end(Buffer.from(file.data));
}
