// What the auth requirements share (operations.ts: the token and scope families of every secured operation; tokens.ts:
// the token endpoint): how a requirement calls an operation as a caller, the path parameters it calls with, the
// clients it needs, and how a judgement reads the token a call carries (lib/judging/).
import { expect, skip } from '../../lib/requirement.ts';
import { operations, SCOPE_TABLE, type Operation } from '../../lib/contract.ts';
import { scopeOf } from '../../lib/dialect.ts';
import { config, type ClientRole } from '../../lib/config.ts';
import { anyBody, create, makeItem, paramsFor, sharedInWorker, uid } from '../../lib/fixtures.ts';
import { NoAnswer, TargetGone } from '../../lib/unanswered.ts';
import type { Api, ApiResponse, CallOptions } from '../../lib/api.ts';
import { got, type Reading } from '../../lib/judging/reading.ts';
import type { Token } from '../../lib/judging/memory.ts';

/** Refused: any 4xx. */
export const isRefused = (r: Reading) => r.x.status >= 400 && r.x.status < 500;
/** Allowed: not refused for its caller (401, 403); what else it answers is not the scope's to say. */
export const allowedGap = (r: Reading, what: string) =>
  [401, 403].includes(r.x.status) ? `${what} must be allowed, ${got(r)}` : undefined;
/** Refused with 403 (D-02; RFC 6750 §3.1 insufficient_scope). */
export const forbiddenGap = (r: Reading, what: string) =>
  r.x.status === 403 ? undefined : `${what} must be refused with 403, ${got(r)}`;
/** Refused, any 4xx (§5's table). */
export const refusedGap = (r: Reading, what: string) =>
  isRefused(r) ? undefined : `${what} must be refused (4xx), ${got(r)}`;
/**
 * The token a call carries, as the token endpoint answered it (its scopes; tokens are opaque, §4.1), when the
 * exchanges before it showed it issued, or it is one of the run's clients' (lib/judging/judge.ts).
 */
export function tokenIn(r: Reading): Token | undefined {
  const t = r.token ? r.memory.tokens.get(r.token.value) : undefined;
  // A token at or past the end of its expires_in is the expiry's to judge (tokens.ts), not its scopes'.
  return t?.expiresIn !== undefined && r.x.started - t.issuedAt > t.expiresIn * 1000 - EXPIRY_SLACK_MS ? undefined : t;
}
/** Time a token's lifetime is allowed either side of its edge: the request and the answer take some. */
export const EXPIRY_SLACK_MS = 1500;
/** Whether `scopes` (the target's names) hold one alternative of the operation's security (D-07, the dialect's names). */
export const holds = (r: Reading, o: Operation, scopes: string[]) =>
  o.security!.some((alt) => alt.every((s) => scopes.includes(scopeOf(r.loaded.dialect, s, o.operationId))));
/** A token of the readonly kind: more than one scope, each `.readonly`. */
export const readonlyOnly = (t: Token) => t.scopes.length > 1 && t.scopes.every((s) => s.endsWith('.readonly'));
/** §5's scope table and D-07: the operations whose scopes tell families apart with one-scope clients. */
export const inTable = (o: Operation) => SCOPE_TABLE.includes(o.operationId);

export const secured = operations.filter((o) => o.security);
export const isRead = (o: Operation) => o.method === 'GET';
export const readonlyAllowed = (o: Operation) =>
  o.security!.some((alt) => alt.length > 0 && alt.every((s) => s.endsWith('.readonly')));

export async function callAs(
  api: Api,
  o: Operation,
  as: CallOptions['as'],
  params?: Record<string, number>,
): Promise<ApiResponse> {
  return api.untyped(o.operationId, {
    as,
    params: params ?? (await parentsOf(api, o, 1)),
    body: anyBody(api, o.operationId),
  });
}

/**
 * What this family shares within a worker (lib/fixtures.ts), each requirement with its own copy of the parameters.
 * The requirements of an operation call it as callers the target must refuse, or as one-scope clients; none of them
 * writes what is shared.
 */
export const once = (key: string, make: () => Promise<Record<string, number>>) =>
  sharedInWorker(key, make).then((params) => ({ ...params }));
/**
 * The path parameters of an operation: its parents (a product, a specification) made once per operation and worker,
 * and its item `id` (by default one that names nothing). A parent is never the item an operation writes: a target that
 * wrongly takes one requirement's write changes an item of its own, not what the next requirement reads.
 */
export async function parentsOf(api: Api, o: Operation, id?: number): Promise<Record<string, number>> {
  const params = await once(`parents ${o.operationId}`, () => paramsFor(api, o.operationId));
  for (const name of ['id', 'mediaId']) if (name in params) params[name] = id ?? 987654321;
  return params;
}
/** A read's path parameters are shared by its requirements, item included; a write's item is its requirement's own. */
export const sharedIfRead = (
  api: Api,
  o: Operation,
  what: string,
  make: () => Promise<Record<string, number>>,
): Promise<Record<string, number>> => (isRead(o) ? once(`${what} ${o.operationId}`, make) : make());
/** §5, the sentence the token requirements of every operation rest on. */
export const TOKEN_FIRST = 'The token must be obtained before API data is accessed.';
export const UNKNOWN_TOKEN = { token: 'not-a-token-0123456789abcdef', label: 'an unknown token' } as const;
/** Refused for its caller: any 4xx (401 and its challenge are D-05's, RFC 6750's; the source names no status). */
export function expectCallerRefused(res: ApiResponse, what: string) {
  expect(
    res.status >= 400 && res.status < 500,
    `${what} must be refused (a 4xx), got ${res.status}: ${res.text.slice(0, 200)}`,
  ).toBe(true);
}
/** Fields that keep an item made for a token requirement inert: no delivery or callback leaves for an example URL. */
export const inertFields: Record<string, () => Record<string, unknown>> = {
  createWebhook: () => ({ url: `http://127.0.0.1:9/${uid('hooks')}`, isActive: false }),
  createShippingService: () => ({ ratesUrl: 'http://127.0.0.1:9/rates', labelsUrl: null, isActive: false }),
};
/**
 * The path parameters a token requirement calls with: for an item operation, a real item where the collection has a
 * create the suite can call on its own (not a shipment's), so that a target that skipped the token check would answer
 * 2xx rather than a 404 for an item that does not exist; else those of `callAs`.
 */
export const targetParams = (api: Api, o: Operation) => sharedIfRead(api, o, 'target', () => targetItem(api, o));
export async function targetItem(api: Api, o: Operation): Promise<Record<string, number>> {
  try {
    const item = /^(.*)\/\{(\w+)\}\.json$/.exec(o.path);
    const add = item && operations.find((x) => x.method === 'POST' && x.path === `${item[1]}.json`);
    if (!item || !add || add.operationId === 'createShipment') return await parentsOf(api, o, 1);
    const params = await parentsOf(api, o);
    const fields = inertFields[add.operationId]?.() ?? {};
    // Through the list's item maker where there is one: it makes what the create refers to (lib/lists.ts).
    const list = operations.find((x) => x.method === 'GET' && x.path === add.path);
    params[item[2]!] = (
      list ? await makeItem(api, list, params, fields) : await create(api, add.operationId, fields, { params })
    ).id;
    return params;
  } catch (err) {
    // The data only makes a refusal mean more: where the suite cannot make it (a create the target answers in a
    // form of its own), the call is still made without a valid token, at ids that name nothing. A target that
    // stopped answering stops the requirement.
    if (err instanceof NoAnswer || err instanceof TargetGone) throw err;
    return Object.fromEntries([...o.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, 987654321]));
  }
}
/** The words of §5's table for an operation whose scopes it names (`products` or `products.readonly`), else undefined. */
export function tableScopes(o: Operation): string | undefined {
  if (!SCOPE_TABLE.includes(o.operationId)) return undefined;
  const full = o.security!.flat().find((s) => !s.endsWith('.readonly'));
  return full ? `\`${full}\` or \`${full}.readonly\`` : undefined;
}
/** A scope's family: `products` for `products` and `products.readonly` (D-07). */
export const family = (scope: string) => scope.replace(/\.readonly$/, '');
/** Skips the requirement unless the clients configuration provides every optional role it needs (one line, naming them). */
export function needRoles(roles: ClientRole[]) {
  const missing = roles.filter((r) => !config.clients[r]);
  skip(
    missing.length > 0,
    `CONFORMANCE_CLIENTS provides no client for the role${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
  );
}
/** Path parameters naming real resources: fresh parents, and for an item operation a fresh item made through the
 *  create operation of its collection (so that an allowed get answers 200). */
export const realParams = (api: Api, o: Operation) => sharedIfRead(api, o, 'real', () => realItem(api, o));
export async function realItem(api: Api, o: Operation): Promise<Record<string, number>> {
  const params = await parentsOf(api, o);
  const item = /^(.*)\/\{(\w+)\}\.json$/.exec(o.path);
  const add = item && operations.find((x) => x.method === 'POST' && x.path === `${item[1]}.json`);
  if (item && add) params[item[2]!] = (await create(api, add.operationId, {}, { params })).id;
  return params;
}
