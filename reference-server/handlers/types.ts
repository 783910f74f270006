// Handler typing from the generated contract types: the map must hold exactly one handler per operationId.
import type { operations } from '../../openapi/dist/types.ts';
import type { Client } from '../http/auth.ts';
import type { Services } from '../app.ts';
import type { Db } from '../store/db.ts';

/** Operations the server serves; callbacks and webhooks are served by Apps, not by us. */
export type ServedOperation = Exclude<keyof operations, 'calculateShippingRates' | 'createShippingLabel' | 'createEventDelivery'>;

type BodyOf<K extends keyof operations> = operations[K] extends { requestBody: { content: { 'application/json': infer B } } } ? B
  : operations[K] extends { requestBody?: { content: { 'application/json': infer B } } } ? B | undefined : undefined;

export interface Req<B = unknown> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  params: Record<string, any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: Record<string, any>;
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
export interface Reply { status: number; body?: unknown; headers?: Record<string, string> }
export type Handler<K extends keyof operations> = (req: Req<BodyOf<K>>) => Reply | Promise<Reply>;
export type Handlers = { [K in ServedOperation]: Handler<K> };
