// The live part of the dialect check (README.md here): each key tried with one short request, or a look at one answer,
// through the suite's own code, so that what the check tries is what the run will do: lib/api.ts's `Api` (the
// dialect's translation of requests and answers), lib/fixtures.ts's `create` (a stated body, fresh unique values, the
// resources it names made for real), lib/triggers.ts (a shipping service at the App receiver, a checkout, a
// dispatch), lib/inbox.ts (the receiver's inbox, a delivery's signature). Groups of keys run side by side, each with
// its own Api; what they made goes at the end (webhooks and shipping services in their own group, at once).
//
// Fairness: an answer that contradicts a key is `wrong` (a 4xx to a stated body or template, a pointer that finds
// nothing in a success, a stated status or page size not honoured, a signature that does not verify); whatever proves
// nothing is `unsure` and never stops a run: no answer within the check's short timeouts, a 5xx, a 401 or 403 (the
// token setup judges those), a 409 (data of an earlier run), no delivery within the wait.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Api, firstLine, tokenFile, type ApiResponse } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { op, operations, type Json } from '../lib/contract.ts';
import { inert } from '../lib/cleanup.ts';
import {
  at,
  createFor,
  eventFromTarget,
  eventToTarget,
  fromTarget,
  isObject,
  type Dialect,
  type DialectKey,
  type Trigger,
} from '../lib/dialect.ts';
import { resourceOf } from '../lib/expectations.ts';
import { bodyFrom, create, exampleOf, paramsFor, product, wrapperOf } from '../lib/fixtures.ts';
import { appUrl, bodyOf, inbox, type Recorded } from '../lib/inbox.ts';
import { addShippingService, removeShippingService, startCheckout, startDispatch } from '../lib/triggers.ts';
import { requested } from '../lib/wire.ts';
import { firstError, foundWhat, oneLine, topFields, type Finding } from './report.ts';
import { signatureProblem } from './signatures.ts';

/** How long one request of the check may take; a trigger's (the target calls the App first) a little longer. */
export const REQUEST_MS = 3000;
export const TRIGGER_MS = 6000;
/** How long the check waits for a webhook delivery; none by then is `unsure`, never a failure (§6 states no time). */
export const DELIVERY_MS = 5000;

/** The groups of keys, each tried by one function; a group runs when one of its keys is asked for. */
export const GROUPS: Record<string, DialectKey[]> = {
  errors: ['errors'],
  writes: ['bodies', 'fields', 'statuses', 'v2Body', 'contactBody'],
  pages: ['pageParams'],
  contacts: ['contactSearchList'],
  scopes: ['scopes'],
  hooks: ['events', 'deliveries', 'signatures'],
  shipping: ['shippingServices', 'checkout', 'dispatch'],
};

interface Ctx {
  d: Dialect;
  stated: Set<string>;
  out: Finding[];
  apis: Api[];
  secret: string;
}

/** An Api of the check: the suite's, its requests bounded by the check's short timeouts. */
function checkApi(ctx: Ctx): Api {
  const api = new Api((method, url, headers, data, timeoutMs) =>
    requested(method, url, headers, data, Math.min(timeoutMs ?? REQUEST_MS, timeoutMs ? TRIGGER_MS : REQUEST_MS)),
  );
  api.begin(true, 'dialect check');
  ctx.apis.push(api);
  return api;
}

/** The last exchange an Api had: its status, its answer's text and JSON, its method and path. */
function last(api: Api): { status: number; text: string; body: Json; what: string } | undefined {
  const x = api.observed.at(-1);
  if (!x) return undefined;
  const text = x.responseBody.toString('utf8');
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: x.status, text, body, what: `${x.method} ${x.url.split('?')[0]}` };
}

/** Whether a status is a refusal that says something of what was sent (not auth, not a conflict, not the server's). */
const refusal = (status: number) => status >= 400 && status < 500 && ![401, 403, 408, 409, 429].includes(status);
const raw = (res: ApiResponse): Json => {
  try {
    return JSON.parse(res.text);
  } catch {
    return undefined;
  }
};

/** A client's token from the token endpoint (§4.1), with `scope` when given; the answer when none came. */
export async function tokenFor(
  scope?: string,
): Promise<{ token?: string; status?: number; body?: Json; problem?: string }> {
  const c = config.clients.full;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: c.clientId,
    client_secret: c.clientSecret,
    ...(scope ? { scope } : {}),
  }).toString();
  try {
    const a = await requested(
      'POST',
      `${config.authUrl}/admin/oauth/token.json`,
      { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      Buffer.from(form),
      REQUEST_MS,
    );
    let body: Json;
    try {
      body = JSON.parse(a.text);
    } catch {
      body = undefined;
    }
    const token =
      a.status === 200 && typeof body?.access_token === 'string' ? (body.access_token as string) : undefined;
    return { token, status: a.status, body, ...(token ? {} : { problem: `${a.status} ${oneLine(a.text, 100)}` }) };
  } catch (err) {
    return { problem: firstLine(err) };
  }
}

// ── errors ──

async function errorsGroup(ctx: Ctx): Promise<void> {
  const api = checkApi(ctx);
  const say = (verdict: Finding['verdict'], text: string) => void ctx.out.push({ key: 'errors', verdict, text });
  // An empty product: §2.12 gives a product a title, so any target refuses it as invalid.
  const res = await api.untyped('createProduct', { body: { [wrapperOf('createProduct')]: {} }, unchecked: true });
  if (res.status < 400 || !refusal(res.status))
    return say('unsure', `an empty createProduct answered ${res.status}: not checked`);
  if (ctx.d.errors === 'none') return say('ok', 'none');
  const body = raw(res);
  const list = at(body, ctx.d.errors);
  if (Array.isArray(list)) return say('ok', `a list at ${ctx.d.errors}`);
  say(
    'wrong',
    `an invalid createProduct answered ${res.status} and ${ctx.d.errors} found ${foundWhat(list)} (${topFields(body, res.text)}): check errors`,
  );
}

// ── bodies, fields, statuses, v2Body, contactBody ──

/** The keys a create of `operationId` rests on, as a problem names them. */
function keysOf(ctx: Ctx, operationId: string): string {
  const create = createFor(operationId) ?? operationId;
  const keys = [
    ...(ctx.stated.has(`bodies.${operationId}`) ? [`bodies.${operationId}`] : []),
    ...(ctx.d.fields[create] && ctx.stated.has('fields') ? [`fields.${create}`] : []),
    ...(op(operationId).path.startsWith('/api/v2/') && ctx.stated.has('v2Body') ? ['v2Body'] : []),
    ...(wrapperOf(operationId) === 'contact' && ctx.stated.has('contactBody') ? ['contactBody'] : []),
  ];
  return keys.join(', ');
}

/** The statuses a stated write answered, against what `statuses` states. */
function statusFinding(ctx: Ctx, write: 'add' | 'update' | 'delete', operationId: string, status: number): void {
  if (status < 200 || status > 299) return;
  const stated = ctx.d.statuses[write];
  ctx.out.push(
    stated === status
      ? { key: 'statuses', verdict: 'ok', text: `${write} ${status}` }
      : {
          key: 'statuses',
          verdict: 'wrong',
          text: `${operationId} answered ${status} where statuses.${write} states ${stated}: check statuses.${write}`,
        },
  );
}

async function writesGroup(ctx: Ctx): Promise<void> {
  const api = checkApi(ctx);
  // A webhook and a shipping service are made by their own groups, at the App receiver, and removed there.
  const elsewhere = ['createWebhook', 'createShippingService'];
  const stated = [...ctx.stated]
    .filter((s) => s.startsWith('bodies.create'))
    .map((s) => s.slice('bodies.'.length))
    .filter((o) => !elsewhere.includes(o));
  // A create whose fields the file maps but whose body it leaves to our example: our example in the target's names.
  const fieldsOnly = ctx.stated.has('fields')
    ? Object.keys(ctx.d.fields).filter((o) => !elsewhere.includes(o) && !stated.includes(o))
    : [];
  const creates = [...new Set(['createProduct', ...stated, ...fieldsOnly])];
  const accepted: string[] = [];
  const refused: { operationId: string; text: string }[] = [];
  for (const operationId of creates) {
    const own = ctx.stated.has(`bodies.${operationId}`);
    let made: Json;
    let params: Record<string, number>;
    try {
      params = await paramsFor(api, operationId);
      made = await create(api, operationId, {}, { params });
    } catch (err) {
      const l = last(api);
      if (l && refusal(l.status) && own)
        refused.push({
          operationId,
          text: `${operationId} answered ${l.status} (${firstError(l.body, ctx.d.errors, l.text)}): check ${keysOf(ctx, operationId)}`,
        });
      else if (own) {
        const why =
          l && l.status >= 200 && l.status < 300 ? oneLine(firstLine(err), 100) : l ? `${l.status}` : firstLine(err);
        ctx.out.push({ key: 'bodies', verdict: 'unsure', text: `${operationId}: not checked (${why})` });
      } else if (fieldsOnly.includes(operationId))
        // Our example's values, not the target's: a refusal may be of a value, never proof that a name is wrong.
        ctx.out.push({
          key: 'fields',
          verdict: 'unsure',
          text: `${operationId}: our example body in your names answered ${l ? `${l.status} (${firstError(l.body, ctx.d.errors, l.text)})` : firstLine(err)}: not checked; state bodies.${operationId} to check fields.${operationId}`,
        });
      continue;
    }
    accepted.push(operationId);
    if (operationId === 'createProduct') {
      statusFinding(ctx, 'add', operationId, last(api)?.status ?? 0);
      const updated = await statusesOfProduct(ctx, api, made);
      if (refusal(updated.status) && ctx.stated.has('bodies.updateProduct'))
        refused.push({
          operationId: 'updateProduct',
          text: `updateProduct answered ${updated.status} (${firstError(raw(updated), ctx.d.errors, updated.text)}): check ${keysOf(ctx, 'updateProduct')}`,
        });
    }
    await updateStated(ctx, api, operationId, params, made, refused);
  }
  for (const r of refused) {
    ctx.out.push({ key: 'bodies', verdict: 'wrong', text: r.text });
    if (ctx.d.fields[createFor(r.operationId) ?? r.operationId])
      ctx.out.push({ key: 'fields', verdict: 'wrong', text: r.text });
  }
  const stated4 = (pick: (o: string) => boolean) => ({
    ok: accepted.some(pick),
    refused: refused.filter((r) => pick(r.operationId)),
  });
  const say = (key: DialectKey, of: { ok: boolean; refused: { text: string }[] }, what: string) => {
    if (of.ok) ctx.out.push({ key, verdict: 'ok', text: what });
    else if (of.refused.length)
      ctx.out.push({ key, verdict: 'wrong', text: `every ${what} was refused: ${of.refused[0]!.text}` });
  };
  if (accepted.some((o) => ctx.stated.has(`bodies.${o}`)))
    ctx.out.push({ key: 'bodies', verdict: 'ok', text: `${accepted.length} accepted` });
  if (accepted.some((o) => ctx.d.fields[o])) ctx.out.push({ key: 'fields', verdict: 'ok', text: 'accepted' });
  say(
    'v2Body',
    stated4((o) => op(o).path.startsWith('/api/v2/')),
    'v2 add',
  );
  say(
    'contactBody',
    stated4((o) => wrapperOf(o) === 'contact'),
    'contact add',
  );
}

/** A product updated and deleted: the statuses `statuses` states for an update and a delete. */
async function statusesOfProduct(ctx: Ctx, api: Api, made: Json): Promise<ApiResponse> {
  const body = await bodyFrom(api, op('updateProduct'), made);
  const updated = await api.untyped('updateProduct', {
    params: { id: made.id },
    body: { [wrapperOf('updateProduct')]: body },
    setup: true,
  });
  statusFinding(ctx, 'update', 'updateProduct', updated.status);
  const deleted = await api.untyped('deleteProduct', { params: { id: made.id }, setup: true });
  statusFinding(ctx, 'delete', 'deleteProduct', deleted.status);
  return updated;
}

/** The stated update body of what a create made, sent: refused, the key is wrong. */
async function updateStated(
  ctx: Ctx,
  api: Api,
  createId: string,
  params: Record<string, number>,
  made: Json,
  refused: { operationId: string; text: string }[],
): Promise<void> {
  const update = `update${createId.slice('create'.length)}`;
  if (!ctx.stated.has(`bodies.${update}`) || update === 'updateProduct') return;
  const o = operations.find((x) => x.operationId === update);
  if (!o) return;
  const ids = Object.fromEntries(['id', 'mediaId'].filter((n) => o.path.includes(`{${n}}`)).map((n) => [n, made.id]));
  const body = await bodyFrom(api, o, made);
  const res = await api.untyped(update, {
    params: { ...params, ...ids },
    body: { [wrapperOf(update)]: body },
    setup: true,
  });
  if (refusal(res.status))
    refused.push({
      operationId: update,
      text: `${update} answered ${res.status} (${firstError(raw(res), ctx.d.errors, res.text)}): check ${keysOf(ctx, update)}`,
    });
}

// ── pageParams ──

async function pagesGroup(ctx: Ctx): Promise<void> {
  const api = checkApi(ctx);
  const say = (verdict: Finding['verdict'], text: string) => void ctx.out.push({ key: 'pageParams', verdict, text });
  try {
    for (let i = 0; i < 3; i++) await product(api);
  } catch {
    return say('unsure', 'three products could not be made: not checked');
  }
  const { page, limit } = ctx.d.pageParams;
  const res = await api.untyped('listProducts', { query: { page: 1, limit: 2 }, unchecked: true });
  const sent = `listProducts with ${page}=1 and ${limit}=2`;
  if (refusal(res.status))
    return say(
      'wrong',
      `${sent} answered ${res.status} (${firstError(raw(res), ctx.d.errors, res.text)}): check pageParams`,
    );
  if (res.status < 200 || res.status > 299) return say('unsure', `${sent} answered ${res.status}: not checked`);
  const list: Json = res.body?.data;
  if (!Array.isArray(list)) return say('unsure', `${sent} answered no list at /data: not checked`);
  if (list.length > 2)
    return say(
      'wrong',
      `${sent} answered ${list.length} products: the page size is not honoured; check pageParams.limit`,
    );
  say('ok', `${list.length} of a page of 2`);
}

// ── contactSearchList ──

async function contactsGroup(ctx: Ctx): Promise<void> {
  const api = checkApi(ctx);
  const say = (verdict: Finding['verdict'], text: string) =>
    void ctx.out.push({ key: 'contactSearchList', verdict, text });
  const res = await api.untyped('searchContacts', { query: { email: 'dialect-check@example.com' }, unchecked: true });
  if (res.status < 200 || res.status > 299) return say('unsure', `searchContacts answered ${res.status}: not checked`);
  const body = raw(res);
  const list = at(body, ctx.d.contactSearchList);
  if (Array.isArray(list)) return say('ok', `a list at ${ctx.d.contactSearchList}`);
  say(
    'wrong',
    `searchContacts answered ${res.status} and ${ctx.d.contactSearchList || 'the empty pointer'} found ${foundWhat(list)} (${topFields(body, res.text)}): check contactSearchList`,
  );
}

// ── scopes ──

async function scopesGroup(ctx: Ctx): Promise<void> {
  const say = (verdict: Finding['verdict'], text: string) => void ctx.out.push({ key: 'scopes', verdict, text });
  const names = [...new Set(Object.values(ctx.d.scopes))];
  if (!names.length) return;
  const got = await tokenFor(names.join(' '));
  if (got.token) return say('ok', 'granted');
  const error = typeof got.body?.error === 'string' ? (got.body.error as string) : undefined;
  if (got.status === 400 && error === 'invalid_scope')
    return say(
      'wrong',
      `a token request of the full client naming ${names.join(' ')} answered 400 invalid_scope (${oneLine(String(got.body?.error_description ?? ''), 100)}): check scopes, and the full client's scopes in the clients file`,
    );
  say('unsure', `a token request naming the stated scopes answered ${got.problem}: not checked`);
}

// ── events, deliveries, signatures ──

async function hooksGroup(ctx: Ctx): Promise<void> {
  const api = checkApi(ctx);
  const keys: DialectKey[] = ['events', 'deliveries', 'signatures'];
  const all = (verdict: Finding['verdict'], text: string) => {
    for (const key of keys) ctx.out.push({ key, verdict, text });
  };
  const key = `dialect-check-${randomUUID().slice(0, 8)}`;
  const ours = 'products/created';
  let hook: Json;
  try {
    hook = await create(api, 'createWebhook', { url: appUrl(key, 'hooks'), events: [ours] });
  } catch {
    const l = last(api);
    return all(
      'unsure',
      `createWebhook for ${eventToTarget(ctx.d, ours)} answered ${l?.status ?? 'nothing'}${l ? ` (${firstError(l.body, ctx.d.errors, l.text)})` : ''}: not checked`,
    );
  }
  let delivery: Recorded | undefined;
  try {
    await product(api);
    const until = Date.now() + DELIVERY_MS;
    while (!delivery && Date.now() < until) {
      delivery = (await inbox(key)).find((r) => r.kind === 'hooks');
      if (!delivery) await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    all('unsure', `no product made (${firstLine(err)}): not checked`);
  } finally {
    await api.untyped('deleteWebhook', { params: { id: hook.id }, setup: true }).catch(() => undefined);
  }
  if (!delivery) {
    if (!ctx.out.some((f) => f.key === 'events')) all('unsure', `not seen within ${DELIVERY_MS / 1000} s: not checked`);
    return;
  }
  judgeDelivery(ctx, delivery, hook);
}

/** A delivery read where `deliveries` says, its event named as `events` says, its signature as `signatures` says. */
export function judgeDelivery(ctx: Pick<Ctx, 'd' | 'out' | 'secret'>, r: Recorded, hook: Json): void {
  const body = bodyOf(r);
  const where = ctx.d.deliveries;
  const fields = topFields(body, r.body);
  const found = (part: 'event' | 'resource' | 'metadata', ok: (v: Json) => boolean) => {
    const v = at(body, where[part]);
    if (ok(v)) return true;
    ctx.out.push({
      key: 'deliveries',
      verdict: 'wrong',
      text: `${where[part]} (deliveries.${part}) found ${foundWhat(v)} in a delivery received (${fields})`,
    });
    return false;
  };
  const eventOk = found('event', (v) => typeof v === 'string');
  found('resource', isObject);
  if (hook?.metadata !== undefined && hook.metadata !== null) found('metadata', (v) => v !== undefined);
  if (!ctx.out.some((f) => f.key === 'deliveries')) ctx.out.push({ key: 'deliveries', verdict: 'ok', text: 'found' });
  if (!eventOk)
    ctx.out.push({ key: 'events', verdict: 'unsure', text: 'no event read (deliveries.event): not checked' });
  else {
    const theirs = at(body, where.event) as string;
    const read = eventFromTarget(ctx.d, theirs);
    ctx.out.push(
      read === 'products/created'
        ? { key: 'events', verdict: 'ok', text: theirs }
        : {
            key: 'events',
            verdict: 'wrong',
            text: `a delivery of products/created (subscribed as ${eventToTarget(ctx.d, 'products/created')}) names ${theirs}, read as ${read}: check events`,
          },
    );
  }
  const problem = signatureProblem(r, ctx.secret, ctx.d.signatures);
  ctx.out.push(
    problem
      ? { key: 'signatures', verdict: 'wrong', text: problem }
      : { key: 'signatures', verdict: 'ok', text: 'verifies' },
  );
}

// ── shippingServices, checkout, dispatch ──

/** Where the `{{items}}` of a trigger's body sit (`/cart/lines`), to tell an error of a line from one of the body. */
function itemsPointer(template: Json, path = ''): string | undefined {
  if (typeof template === 'string') return /^\{\{\s*items\s*\}\}$/.test(template) ? path : undefined;
  if (!isObject(template)) return undefined;
  for (const [k, v] of Object.entries(template)) {
    const p = itemsPointer(v, `${path}/${k}`);
    if (p !== undefined) return p;
  }
  return undefined;
}

/** A trigger's refusal in words, with the part of it to check (`checkout.item`, `checkout.body`, `checkout.path`). */
function triggerRefused(
  ctx: Ctx,
  key: 'checkout' | 'dispatch',
  trigger: Trigger | undefined,
  res: ApiResponse,
): string {
  if (!trigger)
    return `${key === 'checkout' ? 'calculateCheckoutRates' : 'createShipment'} (ours, D-20) answered ${res.status}`;
  if (res.status === 404 || res.status === 405)
    return `${trigger.method} ${trigger.path} answered ${res.status}: check ${key}.path and ${key}.method`;
  const error = firstError(raw(res), ctx.d.errors, res.text);
  const items = itemsPointer(trigger.body);
  const ofItem = items !== undefined && new RegExp(`${items.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\d`).test(error);
  return `the template sent and answered ${res.status} (${error}): check ${ofItem ? `${key}.item` : `${key}.body${key === 'checkout' ? ' and checkout.item' : ''}`}`;
}

/** A trigger's answer read through its `answer` pointers: each stated pointer that finds nothing. */
function answerFindings(ctx: Ctx, key: 'checkout' | 'dispatch', trigger: Trigger | undefined, res: ApiResponse): void {
  if (!trigger?.answer) return void ctx.out.push({ key, verdict: 'ok', text: `${res.status}` });
  const body = raw(res);
  const missing: string[] = [];
  for (const [field, where] of Object.entries(trigger.answer)) {
    const pointer = typeof where === 'string' ? where : where.at;
    const v = at(body, pointer);
    if (v === undefined || (typeof where !== 'string' && !Array.isArray(v)))
      missing.push(`${key}.answer.${field} (${pointer} found ${foundWhat(v)})`);
  }
  ctx.out.push(
    missing.length
      ? {
          key,
          verdict: 'wrong',
          text: `its ${res.status} answer holds nothing where ${missing.join(', ')} (${topFields(body, res.text)})`,
        }
      : { key, verdict: 'ok', text: `${res.status}` },
  );
}

async function shippingGroup(ctx: Ctx, triggers: boolean): Promise<void> {
  const api = checkApi(ctx);
  const say = (key: DialectKey, verdict: Finding['verdict'], text: string) => void ctx.out.push({ key, verdict, text });
  const where = ctx.d.shippingServices;
  const key = `dialect-check-${randomUUID().slice(0, 8)}`;
  let service: Json;
  try {
    service = await addShippingService(api, { ratesUrl: appUrl(key, 'rates'), labelsUrl: appUrl(key, 'labels') });
  } catch (err) {
    const l = last(api);
    const at = where ? `POST ${where.path}` : 'createShippingService (ours, D-18)';
    const text = !l
      ? `${at}: no answer (${firstLine(err)})`
      : l.status >= 200 && l.status < 300
        ? `${at} answered ${l.status} and ${where?.id ?? 'the answer'} (shippingServices.id) found nothing (${topFields(l.body, l.text)})`
        : l.status === 404 || l.status === 405
          ? `${at} answered ${l.status}: check shippingServices.path`
          : `${at} answered ${l.status} (${firstError(l.body, ctx.d.errors, l.text)}): not checked (its body: bodies.createShippingService, fields.createShippingService and the App receiver's addresses)`;
    // A refusal of the body proves nothing of the key: it carries the App receiver's addresses, which a target may
    // refuse (a private address); the path and the pointer to the id are the key's own.
    const wrong = l && (l.status < 300 || l.status === 404 || l.status === 405);
    say('shippingServices', wrong ? 'wrong' : 'unsure', text);
    for (const k of ['checkout', 'dispatch'] as const) say(k, 'unsure', 'no shipping service added: not checked');
    return;
  }
  try {
    if (triggers) await checkoutAndDispatch(ctx, api, service);
    else
      for (const k of ['checkout', 'dispatch'] as const)
        say(k, 'unsure', 'not tried: an operator triggers the callbacks (CONFORMANCE_MANUAL_CALLBACKS)');
  } finally {
    const before = api.observed.length;
    await removeShippingService(api, service.id).catch(() => undefined);
    const l = api.observed.length > before ? last(api) : undefined;
    const item = where ? `DELETE ${where.item}` : 'deleteShippingService (ours, D-18)';
    if (!l) say('shippingServices', 'unsure', `${item} of the service just added got no answer: not checked`);
    else if (l.status === 404 || l.status === 405)
      say(
        'shippingServices',
        'wrong',
        `${item} of the service just added answered ${l.status}: check shippingServices.item and shippingServices.id`,
      );
    else if (l.status >= 200 && l.status < 300) say('shippingServices', 'ok', 'added and removed');
    else say('shippingServices', 'unsure', `${item} of the service just added answered ${l.status}: not checked`);
  }
}

async function checkoutAndDispatch(ctx: Ctx, api: Api, service: Json): Promise<void> {
  const say = (key: DialectKey, verdict: Finding['verdict'], text: string) => void ctx.out.push({ key, verdict, text });
  let made: Json;
  try {
    made = await product(api);
  } catch {
    for (const k of ['checkout', 'dispatch'] as const) say(k, 'unsure', 'no product made: not checked');
    return;
  }
  const destination: Json = exampleOf('calculateCheckoutRates').data.destination;
  const cart = { currency: 'GBP', destination, items: [{ productId: made.id as number, quantity: 1 }] };
  const checkout = await startCheckout(api, cart).catch((err: unknown) => firstLine(err));
  if (typeof checkout === 'string') {
    for (const k of ['checkout', 'dispatch'] as const)
      say(k, 'unsure', `the checkout got no answer (${checkout}): not checked`);
    return;
  }
  const { res, result } = checkout;
  if (!triggered(ctx, 'checkout', res)) return say('dispatch', 'unsure', 'no checkout: not checked');
  const options: Json[] = Array.isArray(result?.options) ? result.options : [];
  const option = options.find((o) => String(o?.shippingServiceId) === String(service.id)) ?? undefined;
  if (!option?.serviceCode) {
    say('dispatch', 'unsure', `the checkout answered no option of the check's shipping service: not checked`);
    return;
  }
  const dispatched = await startDispatch(api, cart, {
    shippingServiceId: option.shippingServiceId as number,
    serviceCode: String(option.serviceCode),
    checkoutId: result?.id,
  }).catch((err: unknown) => firstLine(err));
  if (typeof dispatched === 'string')
    return say('dispatch', 'unsure', `the dispatch got no answer (${dispatched}): not checked`);
  triggered(ctx, 'dispatch', dispatched.res);
}

/**
 * A trigger's answer judged: a success, by where the dialect says it holds our fields; a refusal, the template
 * wrong; any other status proves nothing. Whether it succeeded.
 */
function triggered(ctx: Ctx, key: 'checkout' | 'dispatch', res: ApiResponse): boolean {
  if (res.status >= 200 && res.status < 300) {
    answerFindings(ctx, key, ctx.d[key], res);
    return true;
  }
  const refused = refusal(res.status);
  ctx.out.push({
    key,
    verdict: refused ? 'wrong' : 'unsure',
    text: refused ? triggerRefused(ctx, key, ctx.d[key], res) : `the ${key} answered ${res.status}: not checked`,
  });
  return false;
}

// ── what the check made, removed ──

/** The top-level resources the check's Apis made (every 2xx POST to a create of `inert`), by create operation. */
function madeBy(apis: Api[], d: Dialect): Map<string, Json[]> {
  const made = new Map<string, Json[]>();
  const creates = inert.flat().map((id) => ({ id, path: new RegExp(`^${op(id).path.replace(/[.]/g, '\\.')}$`) }));
  for (const x of apis.flatMap((a) => a.observed)) {
    if (x.method !== 'POST' || x.status < 200 || x.status > 299) continue;
    const c = creates.find((k) => k.path.test(x.url.split('?')[0]!));
    if (!c) continue;
    let body: Json;
    try {
      body = fromTarget(d, c.id, x.status, JSON.parse(x.responseBody.toString('utf8')));
    } catch {
      continue;
    }
    const id = resourceOf(body, wrapperOf(c.id))?.id;
    if (id !== undefined) made.set(c.id, [...(made.get(c.id) ?? []), id]);
  }
  return made;
}

/** Deletes what the check made, in lib/cleanup.ts's order (what points at a product before the product). */
async function removeMade(ctx: Ctx): Promise<void> {
  const made = madeBy(ctx.apis, ctx.d);
  const api = new Api((m, u, h, data) => requested(m, u, h, data, REQUEST_MS));
  for (const phase of inert)
    await Promise.all(
      phase.flatMap((create) =>
        (made.get(create) ?? []).map((id) =>
          api
            .untyped(`delete${create.slice('create'.length)}`, { params: { id }, setup: true, unchecked: true })
            .catch(() => undefined),
        ),
      ),
    );
}

/**
 * Every live check of the groups asked for, side by side; what they made removed. Needs the run's runtime (the target,
 * the App receiver) written (lib/config.ts), and writes the full client's token where `tokenOf` reads it: the check
 * runs in a process and a report folder of its own (cli.ts).
 */
export async function liveFindings(groups: string[], triggers: boolean): Promise<Finding[]> {
  const { dialect: d, stated } = config.dialect;
  const out: Finding[] = [];
  const keys = groups.flatMap((g) => GROUPS[g] ?? []);
  const got = await tokenFor();
  if (!got.token) {
    for (const key of keys)
      out.push({ key, verdict: 'unsure', text: `no token for the full client (${got.problem}): not checked` });
    return out;
  }
  writeFileSync(tokenFile(), JSON.stringify({ full: got.token }));
  const ctx: Ctx = { d, stated, out, apis: [], secret: config.clients.full.clientSecret };
  const run: Record<string, () => Promise<void>> = {
    errors: () => errorsGroup(ctx),
    writes: () => writesGroup(ctx),
    pages: () => pagesGroup(ctx),
    contacts: () => contactsGroup(ctx),
    scopes: () => scopesGroup(ctx),
    hooks: () => hooksGroup(ctx),
    shipping: () => shippingGroup(ctx, triggers),
  };
  await Promise.all(
    groups.map((g) =>
      run[g]!().catch((err: unknown) => {
        for (const key of GROUPS[g] ?? [])
          if (!out.some((f) => f.key === key))
            out.push({ key, verdict: 'unsure', text: `not checked (${firstLine(err)})` });
      }),
    ),
  );
  await removeMade(ctx);
  return out;
}
