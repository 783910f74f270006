// The named seams of one app: every piece a fault or a variant (instruments/) may patch. createApp
// builds a fresh set per app (or takes overrides), and every layer reads its seam from the app it belongs to, never
// from module state: two apps with different patches can run in one process. A patch changes a seam's properties
// (or pushes a hook); the seam objects themselves are fixed when the app is built.
import type { Request, Response } from 'express';
import type { Operation } from '../openapi/contract.ts';
import type { Config } from './core/config.ts';
import { createHandlers } from './handlers/index.ts';
import { Auth, loadClients } from './http/auth.ts';
import { LIMITS, type Limits } from '../shared/limits.ts';
import { findOperation, type Found } from './http/routes.ts';
import type { Handlers } from './handlers/types.ts';
import { createResources, type Resources } from './resources/index.ts';
import { defaultPricing, type Pricing } from './shipping/aggregate.ts';
import { defaultAppCalls, type AppCalls } from './shipping/callbacks.ts';
import { defaultCalculators, type Calculators } from './shipping/services.ts';
import { BuiltIns } from './store/builtIns.ts';
import type { Db } from './store/db.ts';
import { defaultListSyntax, type ListSyntax } from './store/filters.ts';
import { defaultRouting, Outbox, type Routing } from './webhooks/outbox.ts';
import { defaultTransport, type Transport } from './webhooks/worker.ts';

export interface Seams {
  /** The app's settings (core/config.ts), a copy of its own that the layers read: a cart's box capacity (D-21), say. */
  config: Config;
  /** The App clients and their tokens: `authenticate` and `issue` at the token endpoint, `bearer` and
   *  `requireScopes` on every other call (§5; D-05, D-06, D-07). */
  auth: Auth;
  /** Where a change queues the deliveries of its events, through `routing` (D-17, D-23). */
  outbox: Outbox;
  /** The handler of each operationId. */
  handlers: Handlers;
  /** The app's resources (store/resource.ts): the steps of their one read path (`reads`), their writes, definitions,
   *  cascades and compiled filters. */
  resources: Resources;
  /** The built-in access roles and geozones (D-34, D-35) a new database is seeded with; `replace` puts others in
   *  their place (store/builtIns.ts). */
  builtIns: BuiltIns;
  /** How `:in` values are split (§4.4, D-62). */
  listSyntax: ListSyntax;
  /** Who receives an event (D-17, D-23). */
  routing: Routing;
  /** The HTTP exchange of a webhook delivery (D-23). */
  transport: Transport;
  /** The signed calls on shipping Apps (§4.5, D-16, D-22). */
  appCalls: AppCalls;
  /** Conversion, common options and modifiers of checkout rates (§4.5 rules 8, 10; §7). */
  pricing: Pricing;
  /** Which services apply to which products (§4.5 rule 11, D-60). */
  calculators: Calculators;
  /** The operation a method and path name, or the methods of the path (405) or none (404); the contract's paths. */
  route: (method: string, path: string) => Found;
  /** The scopes an operation needs: alternatives, `[[]]` any valid token, null none (D-07; the contract's by default). */
  securityOf: (op: Operation) => string[][] | null;
  /** What one connection and one request may take (D-64): cli.ts builds the HTTP server from it, dispatch.ts
   *  reads it. */
  limits: Limits;
  /** Run on each request after its body is read, before routing, authentication and validation. */
  beforeDispatch: ((req: Request, res: Response) => void)[];
  /** Run, in order, on each JSON answer (success and error envelopes) before it is sent; `res.statusCode` is set. */
  beforeSend: ((body: unknown, res: Response) => unknown)[];
}

/** The reference behaviour of the app with settings `config` on the database `db`; `overrides` replace whole seams. */
export function createSeams(config: Config, db: Db, overrides: Partial<Seams> = {}): Seams {
  const listSyntax = overrides.listSyntax ?? defaultListSyntax();
  const routing = overrides.routing ?? defaultRouting();
  return {
    config: { ...config },
    auth: new Auth(db, loadClients(config.clientsFile)),
    outbox: new Outbox(config.account, routing),
    handlers: createHandlers(),
    resources: createResources(listSyntax),
    builtIns: new BuiltIns(db, config.clock),
    listSyntax,
    routing,
    transport: defaultTransport(),
    appCalls: defaultAppCalls(config.account),
    pricing: defaultPricing(),
    calculators: defaultCalculators(),
    route: findOperation,
    securityOf: (op) => op.security,
    limits: { ...LIMITS },
    beforeDispatch: [],
    beforeSend: [],
    ...overrides,
  };
}
