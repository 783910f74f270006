// Builds the reference server: one app's seams, database and services, the files it serves beside the API, and
// every API request through the stages of dispatch.ts: route, authenticate, validate, call, send, or the error exit.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { bundlePath } from '../openapi/contract.ts';
import { configFromEnv, type Config } from './core/config.ts';
import { DEMO_IMAGES, serveDemoImage } from './demo/images.ts';
import { authenticate, call, route, send, sendError, validate, type Dispatch } from './dispatch.ts';
import type { Services } from './handlers/types.ts';
import { cors } from './http/cors.ts';
import { LIMITS } from '../shared/limits.ts';
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
  const { config, auth, outbox, resources, listSyntax, appCalls, pricing, calculators } = seams;
  seed(db, config.clock(), seams.builtIns.rows);
  const services: Services = { config, auth, db, resources, listSyntax, outbox, appCalls, pricing, calculators };
  const worker = startDelivering(seams, db);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(cors(config.corsOrigins));
  app.use(express.raw({ type: () => true, limit: LIMITS.maxBodyBytes }));
  serveFiles(app, db);
  const dispatch: Dispatch = { seams, services, buckets: new Map() };
  app.use(async (req: Request, res: Response) => {
    const routed = route(dispatch, req, res);
    const client = authenticate(dispatch, routed);
    const input = validate(dispatch, routed);
    send(dispatch, res, await call(dispatch, routed, client, input));
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => sendError(dispatch, err, req, res));

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

/** The app's webhook worker (D-23): it delivers what the outbox queues, signed with the owning client's secret. */
function startDelivering({ config, auth, outbox, transport }: Seams, db: Db) {
  return startWorker(db, outbox, transport, {
    secretOf: (id) => auth.clients.get(id)?.clientSecret,
    account: config.account,
    retryBaseMs: config.webhookRetryBaseMs,
    maxAttempts: config.webhookMaxAttempts,
    timeoutMs: 5000,
    pollMs: Math.min(250, config.webhookRetryBaseMs),
  });
}

/**
 * What the app serves beside the API: stored content (D-24), the demo store's images, the contract and its docs, for
 * the developers and frontends that call this server.
 */
function serveFiles(app: Express, db: Db): void {
  app.get('/content/{*file}', (req, res, next) => {
    const file = readContent(db, `~${req.path}`);
    if (!file) return next();
    res.setHeader('Content-Type', file.mime);
    res.end(Buffer.from(file.data));
  });
  app.get(`${DEMO_IMAGES}/:slug/:file`, serveDemoImage);
  const bundle = readFileSync(bundlePath);
  app.get('/openapi.json', (_req, res) => res.type('application/json').send(bundle));
  // The page links the source text and the decisions register written beside it (scripts/docs/main.ts), by relative
  // addresses that work from the file too: so it is served as a folder, /docs/ and the pages next to it.
  app.get('/docs{/:page}', (req, res, next) => {
    const file = DOCS_FILES.get(req.params.page ?? 'index.html');
    if (!file || !existsSync(file)) return next();
    return req.path === '/docs' ? res.redirect(301, '/docs/') : res.sendFile(file);
  });
}
