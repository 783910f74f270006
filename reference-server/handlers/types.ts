// Handler typing from the generated contract types: each handler takes its operation's body (handlers/index.test.ts
// checks that the map holds one handler per operationId).
import type { operations } from '../../openapi/dist/types.ts';
import type { Config } from '../core/config.ts';
import type { Auth, Client } from '../http/auth.ts';
import type { Resources } from '../resources/index.ts';
import type { AppCalls } from '../shipping/callbacks.ts';
import type { Pricing } from '../shipping/aggregate.ts';
import type { Calculators } from '../shipping/services.ts';
import type { Db } from '../store/db.ts';
import type { ListSyntax } from '../store/filters.ts';
import type { Outbox } from '../webhooks/outbox.ts';

/** Operations the server serves; callbacks and webhooks are served by Apps, not by us. */
export type ServedOperation = Exclude<
  keyof operations,
  'calculateShippingRates' | 'createShippingLabel' | 'createEventDelivery'
>;

/** What one app's handlers work with: its settings, clients, database, resources, `:in` syntax, outbox and shipping
 * seams. */
export interface Services {
  config: Config;
  auth: Auth;
  db: Db;
  resources: Resources;
  listSyntax: ListSyntax;
  outbox: Outbox;
  appCalls: AppCalls;
  pricing: Pricing;
  calculators: Calculators;
}

type BodyOf<K extends keyof operations> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;
/** Query and path parameters after validation and coercion (ajv, from the contract): strings, numbers, booleans. */
type Params = Record<string, string | number | boolean | undefined>;

export interface Req<B = unknown> {
  params: Params;
  query: Params;
  body: B;
  /** The raw form fields of the token endpoint, and its Authorization header. */
  form: Record<string, string>;
  authorization: string | undefined;
  /** The caller; absent only on operations without security (the token endpoint). */
  client: Client;
  db: Db;
  now: Date;
  /** `{base_url}` as the caller sees it, for absolute URLs (thumbnails, links). */
  baseUrl: string;
  /** Path and query string of the request, for `links.self`. */
  path: string;
  services: Services;
}
export interface Reply {
  status: number;
  body?: unknown;
  /** The body already serialized as UTF-8 JSON (lists and gets, from the JSON the store keeps per row); dispatch.ts
   * `send` parses it back for the `beforeSend` hooks. */
  json?: Buffer;
  headers?: Record<string, string>;
}
export type Handler<K extends keyof operations> = (req: Req<BodyOf<K>>) => Reply | Promise<Reply>;
export type Handlers = { [K in ServedOperation]: Handler<K> };
