// Webhooks (§6, D-16, D-17, D-23, D-45): subscriptions made through the API, events caused through the API, and the
// deliveries judged as the built-in App receiver recorded them: which events arrive for which pattern, the body
// against the document's EventDelivery, the headers the document lists for the webhook, the signature with the
// owning client's secret, retries, inactive subscriptions, subscriptions kept per client, and no callback delivered
// as an event.
// Deliveries go to every matching subscription of the account, so each test reads only the deliveries about the
// resources it made (by event resource and data.id) and judges "nothing arrives" after a control delivery came.
// Bases: §6 says a subscription's `isActive` controls it and subscriptions belong to their client (source);
// the event names, the body and the headers are the platform's (D-16, D-17); retries, and 404 for another client's
// webhook, are ours (D-23, D-45).
import { isDeepStrictEqual } from 'node:util';
import { expect, requirement, afterEach, skipping, together } from '../lib/requirement.ts';
import { check, doc, type Json } from '../lib/contract.ts';
import { config, type ClientRole } from '../lib/config.ts';
import { bodyWith, create, product, uid, uniqueMarks } from '../lib/fixtures.ts';
import {
  appUrl,
  bodyOf,
  eventOf,
  headerProblems,
  inbox,
  metadataOfDelivery,
  quietPeriod,
  requestSchemaPointer,
  signatureValid,
  expectValidatable,
  resourceOfDelivery,
  waitFor,
  type Recorded,
} from '../lib/inbox.ts';
import { Nonconformance, type Api, type ApiResponse } from '../lib/api.ts';
import { createdIn, expectAccepted, itemsIn, resourceIn } from '../lib/expectations.ts';
import { wholeUpdate } from '../lib/updates.ts';
import {
  MANUAL_CHECKOUT,
  about as aboutProducts,
  checkout,
  manualCheckout,
  register,
  ship,
  stocked,
} from './callbacks/shared.ts';

/** The document's webhook: its operation, the pointer of its body schema and of its parameter list. */
const [hookName, hookItem] = Object.entries(doc.webhooks as Record<string, Json>).find(
  ([, item]) => item.post?.operationId === 'createEventDelivery',
)!;
const hookPointer = `#/webhooks/${hookName}`;
const delivery = hookItem.post;
const bodyPointer = requestSchemaPointer(hookPointer, delivery);
const paramsPointer = `${hookPointer}/post/parameters`;
/** How long "nothing arrives" is watched, after a control delivery of the same event arrived elsewhere. */
const QUIET_MS = 1500;
/** Deliveries (and retries with the suite's WEBHOOK_RETRY_BASE_MS) arrive well within this. */
const WAIT_MS = 15_000;
/** D-23: a delivery that has not succeeded within 5 s has failed. */
const DELIVERY_TIMEOUT_MS = 5000;

/** D-17: `<resource>/<action>` where either part may be `*`, or `*` alone. */
const matches = (pattern: string, event: string) => {
  if (pattern === '*') return true;
  const [pr, pa] = pattern.split('/');
  const [er, ea] = event.split('/');
  return (pr === '*' || pr === er) && (pa === '*' || pa === ea);
};
/** Deliveries about one resource this test made. Ids of deleted resources may be given again to new ones, so the
 * id is paired with a value unique to the test (a product's sku, a redirect's target, an entry's productId). */
const about = (resource: string, item: Json) => (r: Recorded) => {
  const data = resourceOfDelivery(r);
  const key = identity[resource] ?? 'id';
  return (
    r.kind === 'hooks' && !!eventOf(r)?.startsWith(`${resource}/`) && data?.id === item.id && data?.[key] === item[key]
  );
};
const attemptOf = (r: Recorded) => Number(r.headers['x-store-webhook-attempt']);

// Every subscription a requirement makes is deleted after it, so the account does not collect live subscriptions
// (by the requirement's own Api: requirements of one test may run at once).
const made = new WeakMap<Api, { id: number; as: ClientRole }[]>();
afterEach(async ({ api }) => {
  for (const h of made.get(api)?.splice(0) ?? [])
    await api.call('deleteWebhook', { as: h.as, params: { id: h.id } }).catch(() => undefined);
});

/** Subscribes the receiver key (fresh unless given) to `events`; metadata names the key. */
async function subscribe(
  api: Api,
  events: string[],
  o: { query?: Record<string, string | number>; fields?: Json; as?: ClientRole; key?: string } = {},
) {
  const key = o.key ?? uid('wh');
  const metadata = { suite: 'conformance', key };
  const as = o.as ?? 'full';
  const hook = await create(
    api,
    'createWebhook',
    {
      url: appUrl(key, 'hooks', o.query),
      events,
      metadata,
      ...o.fields,
    },
    { as },
  );
  (made.get(api) ?? made.set(api, []).get(api)!).push({ id: hook.id, as });
  return { key, hook, metadata };
}

const identity: Record<string, string> = { products: 'sku', redirects: 'target', inventory: 'productId' };

/** Resources whose events are caused here (D-17 names), with how to make, change and delete one. */
interface Lifecycle {
  resource: string;
  schema: string;
  make: (api: Api) => Promise<Json>;
  update: string;
  change: () => Json;
  del: string;
}
const lifecycles: Lifecycle[] = [
  {
    resource: 'products',
    schema: 'Product',
    make: (api) => product(api),
    update: 'updateProduct',
    change: () => ({ title: uid('Retitled') }),
    del: 'deleteProduct',
  },
  {
    resource: 'redirects',
    schema: 'Redirect',
    make: (api) =>
      create(api, 'createRedirect', {
        resource: 'url',
        resourceId: undefined,
        target: `https://example.com/${uid('moved')}`,
      }),
    update: 'updateRedirect',
    change: () => ({ path: `/${uid('moved')}` }),
    del: 'deleteRedirect',
  },
  {
    resource: 'inventory',
    schema: 'Inventory',
    make: async (api) => create(api, 'createInventory', { productId: (await product(api)).id }),
    update: 'updateInventory',
    change: () => ({ quantityInStock: 7 }),
    del: 'deleteInventory',
  },
];
const products = lifecycles[0]!;

/** Creates, updates and deletes one resource through the API; returns it as created, and the change. */
async function runLifecycle(api: Api, l: Lifecycle): Promise<{ item: Json; change: Json }> {
  const item = await l.make(api);
  const change = l.change();
  const up = await api.untyped(l.update, { params: { id: item.id }, body: { data: change } });
  expectAccepted(up, `${l.update}`);
  const del = await api.untyped(l.del, { params: { id: item.id } });
  expectAccepted(del, `${l.del}`);
  return { item, change };
}

// At once: each waits for its own deliveries (up to 15 s against a target that sends none).
together(
  () => {
    for (const l of lifecycles) {
      requirement(`createEventDelivery.${l.resource}-lifecycle`, '§6 D-17', { platform: true }).test(
        `a ${l.resource}/* subscription gets ${l.resource}/created, /updated and /deleted with the resource as data and the subscription's metadata`,
        async ({ api }) => {
          const { key, metadata } = await subscribe(api, [`${l.resource}/*`]);
          const { item, change } = await runLifecycle(api, l);
          const got = await waitFor(key, about(l.resource, item), { count: 3, timeoutMs: WAIT_MS, api });
          expect(got.map(eventOf).sort()).toEqual(['created', 'deleted', 'updated'].map((a) => `${l.resource}/${a}`));
          for (const r of got) {
            const body = bodyOf(r);
            expect(check(bodyPointer, body), `${eventOf(r)} body against ${bodyPointer}`).toEqual([]);
            expect(body.apiVersion).toBe('v2');
            expect(metadataOfDelivery(r), 'the subscription metadata the delivery carries').toEqual(metadata);
            // D-17: data is the resource as a get returns it (for deleted, as it was)
            expect(
              check(`#/components/schemas/${l.schema}`, body.data),
              `${eventOf(r)} data against ${l.schema}`,
            ).toEqual([]);
          }
          const byEvent = (a: string) => bodyOf(got.find((r) => eventOf(r) === `${l.resource}/${a}`)!).data;
          expect(byEvent('created')).toEqual(item);
          expect(byEvent('updated')).toMatchObject(change);
          expect(byEvent('deleted')).toMatchObject({ ...change, id: item.id });
          expect(new Set(got.map((r) => bodyOf(r).eventId)).size).toBe(3);
        },
      );
    }

    requirement('createEventDelivery.headers', '§6 D-16', { platform: true }).test(
      'a delivery carries every header the document lists for the webhook, consistent with its body',
      async ({ api }) => {
        const { key, hook } = await subscribe(api, ['products/created']);
        const p = await product(api);
        const [r] = await waitFor(key, about('products', p), { timeoutMs: WAIT_MS, api });
        const body = bodyOf(r!);
        expect(r!.method).toBe('POST');
        expect(Object.keys(delivery.requestBody.content)).toContain(
          (r!.headers['content-type'] ?? '').split(';')[0]!.trim(),
        );
        expect(headerProblems(r!, delivery.parameters, paramsPointer)).toEqual([]);
        expect(r!.headers['x-store-event']).toBe(body.event);
        expect(r!.headers['x-store-webhook-id']).toBe(String(hook.id));
        expect(r!.headers['x-store-webhook-attempt']).toBe('1');
        expect(r!.headers['x-store-account']).toBe(body.account);
        expect(r!.headers['x-store-api-version']).toBe(body.apiVersion);
        expect(Math.abs(Number(r!.headers['x-store-timestamp']) - r!.at / 1000)).toBeLessThan(300);
      },
    );

    requirement('createEventDelivery.signature', '§5 D-16', { platform: true }).test(
      "a delivery is signed with base64(HMAC-SHA256(raw body, the owning client's secret))",
      async ({ api }) => {
        // Subscribed by `other`, caused by `full`: the signature must use the subscription owner's secret.
        const { key } = await subscribe(api, ['products/created'], { as: 'other' });
        const p = await product(api);
        const [r] = await waitFor(key, about('products', p), { timeoutMs: WAIT_MS, api });
        expect(
          signatureValid(r!, config.clients.other.clientSecret),
          `X-Store-Signature ${r!.headers['x-store-signature']} over ${r!.body.length} bytes`,
        ).toBe(true);
        expect(signatureValid(r!, config.clients.full.clientSecret)).toBe(false);
      },
    );

    requirement('createEventDelivery.security-headers', '§5 §6', {
      quote: 'They are similar to those on webhook deliveries.',
    }).test(
      "a delivery carries security headers its App validates it by, as callbacks do: its signature, in the target's scheme, verifies with the subscription owner's secret and no other's",
      async ({ api }) => {
        const { key } = await subscribe(api, ['products/created'], { as: 'other' });
        const p = await product(api);
        const [r] = await waitFor(key, about('products', p), { timeoutMs: WAIT_MS, api });
        expectValidatable(r!, config.clients.other.clientSecret, config.clients.full.clientSecret, 'the delivery');
      },
    );

    requirement('createEventDelivery.retry', 'D-23 D-16').test(
      'a receiver answering 500 gets the same delivery again: attempts 1, 2, 3 with the same X-Store-Delivery-Id and body',
      async ({ api }) => {
        const { key } = await subscribe(api, ['products/created'], { query: { mode: 'fail' } });
        const p = await product(api);
        const got = await waitFor(key, about('products', p), { count: 3, timeoutMs: WAIT_MS, api });
        const first3 = got.slice(0, 3);
        expect(first3.map(attemptOf)).toEqual([1, 2, 3]);
        expect(new Set(first3.map((r) => r.headers['x-store-delivery-id'])).size).toBe(1);
        expect(new Set(first3.map((r) => bodyOf(r).eventId)).size).toBe(1);
        for (const r of first3) expect(signatureValid(r, config.clients.full.clientSecret)).toBe(true);
        expect(first3[1]!.at).toBeGreaterThan(first3[0]!.at); // backoff, not a burst
      },
    );

    requirement('createEventDelivery.retry-stops', 'D-23').test(
      'retries stop once the receiver answered 2xx (mode=fail&times=2)',
      async ({ api }) => {
        const times = 2;
        const { key } = await subscribe(api, ['products/created'], { query: { mode: 'fail', times } });
        const p = await product(api);
        // The receiver answers 500 to the first `times` requests at this key, whatever event they carry, then 200.
        const mine = (all: Recorded[]) =>
          all
            .filter((r) => r.kind === 'hooks')
            .map((r, i) => ({ r, status: i < times ? 500 : 200 }))
            .filter((x) => about('products', p)(x.r));
        const deadline = Date.now() + WAIT_MS;
        let all = await inbox(key);
        while (!mine(all).some((x) => x.status === 200)) {
          if (Date.now() > deadline)
            throw new Nonconformance(
              `no attempt of the delivery got the 2xx answer within ${WAIT_MS} ms; attempts that arrived: ${
                mine(all)
                  .map((x) => attemptOf(x.r))
                  .join(', ') || 'none'
              }`,
            );
          await quietPeriod(50);
          all = await inbox(key);
        }
        await quietPeriod(QUIET_MS);
        const got = mine(await inbox(key));
        expect(got.map((x) => attemptOf(x.r))).toEqual(got.map((_, i) => i + 1));
        expect(
          got.map((x) => x.status),
          'answers the receiver gave to the attempts, in order: nothing may follow the 2xx',
        ).toEqual([...got.slice(0, -1).map(() => 500), 200]);
        expect(new Set(got.map((x) => x.r.headers['x-store-delivery-id'])).size).toBe(1);
      },
    );

    requirement('createEventDelivery.inactive', '§6 D-23', { quote: '`isActive` controls whether it is active' }).test(
      'an inactive subscription (created inactive, or updated to isActive false) gets nothing',
      async ({ api }) => {
        const control = await subscribe(api, ['products/*']);
        const created = await subscribe(api, ['products/*'], { fields: { isActive: false } });
        const updated = await subscribe(api, ['products/*']);
        const off = await api.call('updateWebhook', {
          params: { id: updated.hook.id },
          body: await wholeUpdate(api, 'updateWebhook', { id: updated.hook.id }, { isActive: false }),
        });
        expectAccepted(off, 'the update to isActive false');
        // As a get reads it (an update's answer is D-01's).
        expect(
          resourceIn(await api.call('getWebhook', { params: { id: updated.hook.id } }), 'data', 'get of the webhook')
            .isActive,
        ).toBe(false);
        const p = await product(api);
        // About this test's product: by D-17's body, or any body holding a value the suite made unique for it (§6:
        // "Body of a webhook delivery: not shown"), so the control does not rest on the platform's delivery body.
        const marks = uniqueMarks(p);
        const mentions = (r: Recorded) =>
          about('products', p)(r) || (r.kind === 'hooks' && marks.some((m) => r.body.includes(m)));
        await waitFor(control.key, mentions, { timeoutMs: WAIT_MS, api });
        await quietPeriod(QUIET_MS);
        expect(
          (await inbox(created.key)).map((r) => eventOf(r) ?? r.body.slice(0, 120)),
          'deliveries to the subscription created inactive',
        ).toEqual([]);
        // It was active until the update, so only deliveries about this test's product count.
        expect(
          (await inbox(updated.key)).filter(mentions).map((r) => eventOf(r) ?? r.body.slice(0, 120)),
          'deliveries to the subscription updated to inactive',
        ).toEqual([]);
      },
    );

    requirement('createEventDelivery.failing-receiver', 'D-23').test(
      'a failing receiver neither fails nor slows the API call that caused the event',
      async ({ api }) => {
        // The receiver fails each delivery after holding it past D-23's 5 s timeout: an API call that made the
        // delivery on its request path would take those 5 s at least; one that leaves it to a worker does not.
        const { key } = await subscribe(api, ['products/created'], {
          query: { mode: 'fail', hold: DELIVERY_TIMEOUT_MS + 1000 },
        });
        const startedAt = Date.now();
        const res = await api.call('createProduct', {
          body: { data: { sku: uid('SKU').toUpperCase(), title: 'Failing receiver' } },
        });
        const took = Date.now() - startedAt;
        expectAccepted(res, 'the add that causes the event');
        const made = createdIn(res, 'data', 'the add that causes the event');
        await waitFor(key, about('products', made), { timeoutMs: WAIT_MS, api });
        expect(took, 'ms the add took, its event held by a failing receiver').toBeLessThan(DELIVERY_TIMEOUT_MS);
      },
    );
  },
  { concurrent: true },
);

/** Patterns of one subscription, and which events of a product's lifecycle they must receive (D-17). */
const patterns: { slug: string; events: string[] }[] = [
  { slug: 'exact-created', events: ['products/created'] },
  { slug: 'resource-wildcard', events: ['products/*'] },
  { slug: 'action-wildcard', events: ['*/deleted'] },
  { slug: 'everything', events: ['*'] },
  { slug: 'two-patterns', events: ['products/updated', 'products/deleted'] },
  { slug: 'other-resource', events: ['redirects/*'] },
];

/**
 * One product's lifecycle watched by a subscription per pattern and a control subscription, and one quiet period
 * after the control received its three events: made once per worker and shared by the pattern requirements, where a
 * quiet period each made them the suite's longest wait. A watch that failed (the control got nothing in 15 s) fails
 * each of them with its error, as each would have after waiting for the same lifecycle again.
 */
let watched: Promise<{ item: Json; keys: Map<string, string> }> | undefined;
function watchLifecycle(api: Api) {
  watched ??= (async () => {
    const control = await subscribe(api, ['products/*']);
    const keys = new Map<string, string>();
    for (const pt of patterns) keys.set(pt.slug, (await subscribe(api, pt.events)).key);
    const { item } = await runLifecycle(api, products);
    await waitFor(control.key, about('products', item), { count: 3, timeoutMs: WAIT_MS, api });
    await quietPeriod(QUIET_MS);
    return { item, keys };
  })();
  return watched;
}

// In one test, so that they share one watched lifecycle.
together(() => {
  for (const pt of patterns) {
    const expected = ['created', 'updated', 'deleted']
      .map((a) => `products/${a}`)
      .filter((e) => pt.events.some((p) => matches(p, e)));
    requirement(`createWebhook.pattern.${pt.slug}`, '§6 D-17', { platform: true }).test(
      `events ${JSON.stringify(pt.events)} get exactly ${expected.length ? expected.join(', ') : 'no product event'} of a product's lifecycle, and no event they do not match`,
      async ({ api }) => {
        const { item, keys } = await watchLifecycle(api);
        const all = await inbox(keys.get(pt.slug)!);
        expect(all.filter(about('products', item)).map(eventOf).sort()).toEqual([...expected].sort());
        const unmatched = all
          .map((r) => eventOf(r) ?? '(no event name)')
          .filter((e) => !pt.events.some((p) => matches(p, e)));
        expect(unmatched, 'events delivered that no pattern of the subscription matches').toEqual([]);
      },
    );
  }
});

/**
 * Every operation on one webhook, as another client calls it (§5, §6): the list leaves it out; get, update and
 * delete are refused (source: "Subscriptions are scoped to the App client that owns them"), with 404 as if it did
 * not exist (D-45; a faithful target may answer 403).
 */
const foreign: {
  operationId: string;
  call?: (api: Api, id: number) => Promise<void>;
  send?: (api: Api, id: number) => Promise<ApiResponse>;
}[] = [
  {
    operationId: 'listWebhooks',
    call: async (api, id) => {
      const res = await api.call('listWebhooks', { as: 'other', query: { 'id:in': String(id) } });
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      expect(itemsIn(res, "the other client's list")).toEqual([]);
      expect(res.body.pagination?.total, 'pagination.total').toBe(0);
    },
  },
  { operationId: 'getWebhook', send: (api, id) => api.call('getWebhook', { as: 'other', params: { id } }) },
  {
    operationId: 'updateWebhook',
    send: (api, id) =>
      api.call('updateWebhook', {
        as: 'other',
        params: { id },
        body: { data: api.ours('updateWebhook', { isActive: false, description: 'taken over' }) },
      }),
  },
  { operationId: 'deleteWebhook', send: (api, id) => api.call('deleteWebhook', { as: 'other', params: { id } }) },
];

for (const f of foreign) {
  const quote = f.call
    ? 'results are limited to webhooks of the calling App client'
    : 'Subscriptions are scoped to the App client that owns them.';
  const otherClient = requirement(`${f.operationId}.other-client`, '§5 §6 D-45', { quote }).test(
    f.call
      ? "another App client's webhook is not listed, and is left unchanged"
      : "another App client's webhook is refused to it (4xx) and left unchanged",
    async ({ api }) => {
      const { hook: made } = await subscribe(api, ['products/*']);
      // As its owner reads it, before and after (what an add answers is D-01's).
      const mine = async () => {
        const res = await api.call('getWebhook', { params: { id: made.id } });
        expect(res.status, res.text.slice(0, 200)).toBe(200);
        return resourceIn(res, 'data', "the owner's get of its webhook");
      };
      const hook = await mine();
      if (f.call) await f.call(api, hook.id);
      else {
        const res = await f.send!(api, hook.id);
        expect(
          res.status >= 400 && res.status < 500 && res.status !== 401,
          `${f.operationId} by another client must be refused (4xx), got ${res.status}: ${res.text.slice(0, 200)}`,
        ).toBe(true);
      }
      expect(await mine()).toEqual(hook);
    },
  );
  if (f.send)
    otherClient
      .twin('status', '§6 D-45')
      .test("another App client's webhook answers 404, as if it did not exist", async ({ api }) => {
        const { hook } = await subscribe(api, ['products/created']);
        const res = await f.send!(api, hook.id);
        expect(res.status, res.text.slice(0, 200)).toBe(404);
      });
}

/** Entries of §6's form that name no event of the catalogue (D-71): a typo of a resource, and an unknown action. */
const UNKNOWN_PATTERNS = ['prodcts/created', 'products/archived'];

requirement('createWebhook.events.source-example', '§6', { quote: 'such as `products/*` and `categories/*`' }).test(
  'accepts the `<resource>/*` patterns of the source example, products/* and categories/*',
  async ({ api }) => {
    const res = await api.untyped('createWebhook', {
      body: bodyWith(api, 'createWebhook', { url: appUrl(uid('wh'), 'hooks'), events: ['products/*', 'categories/*'] }),
    });
    expectAccepted(res, 'a subscription to products/* and categories/*');
  },
);
for (const operationId of ['createWebhook', 'updateWebhook'] as const)
  requirement(`${operationId}.events.unknown`, '§6 D-71 D-02').test(
    `refuses with 422 an events entry that names no event of the catalogue (${UNKNOWN_PATTERNS.join(', ')})`,
    async ({ api }) => {
      const url = appUrl(uid('wh'), 'hooks');
      const params: Record<string, number> =
        operationId === 'updateWebhook' ? { id: (await subscribe(api, ['products/created'])).hook.id } : {};
      for (const pattern of UNKNOWN_PATTERNS) {
        const res = await api.untyped(operationId, { params, body: { data: { url, events: [pattern] } } });
        expect(res.status, `${pattern}: ${res.text.slice(0, 200)}`).toBe(422);
        expect(res.body?.success, pattern).toBe(false);
      }
    },
  );

// Rate and label requests are calls to the App, never webhook events (§6): caused through the checkout and dispatch
// triggers of the callbacks (callbacks/shared.ts), and looked for in what a `*` subscription receives.

/**
 * Whether a webhook event body carries a callback: a request body of §4.5 (a `delivery` holding `productId`), one of
 * the `received` requests or deliveries as the App got it, or an App's answer (`rates`). A shipment or an order that
 * merely lists the same items is none of these.
 */
function carriesCallback(node: Json, productId: number, received: Json[]): boolean {
  if (Array.isArray(node)) return node.some((n) => carriesCallback(n, productId, received));
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node.rates)) return true;
  const items = node.delivery?.items;
  if (Array.isArray(items) && items.some((it: Json) => it?.id === productId)) return true;
  if (received.some((r) => isDeepStrictEqual(r, node))) return true;
  return Object.values(node).some((v) => carriesCallback(v as Json, productId, received));
}

skipping(manualCheckout, `${MANUAL_CHECKOUT}; see the operator-triggered requirements`, () => {
  requirement('calculateShippingRates.not-webhook-events', '§6 §4.5 D-17', {
    quote: 'Rate and label requests (section 4.5) are calls to the App, not webhook events.',
  }).test(
    'rate and label requests reach the App as callbacks and are never delivered as webhook events, even to a `*` subscription',
    async ({ api }) => {
      const p = await stocked(api, 1);
      const appKey = uid('app');
      const service = await register(api, appKey);
      const hookKey = uid('wh');
      const hook = await create(api, 'createWebhook', {
        url: appUrl(hookKey, 'hooks'),
        events: ['*'],
        metadata: { suite: 'conformance', key: hookKey },
      });
      try {
        const checkedOut = await checkout(api, [{ productId: p.id, quantity: 1 }]);
        await ship(api, [{ productId: p.id, quantity: 1 }], service.id, 'STD', checkedOut?.id);
        const app = await inbox(appKey);
        const requests = [
          ...app.filter(aboutProducts('rates', [p.id])),
          ...app.filter(aboutProducts('labels', [p.id])),
        ];
        expect(app.filter(aboutProducts('rates', [p.id])), 'the rate request, at the App').toHaveLength(1);
        expect(app.filter(aboutProducts('labels', [p.id])), 'the label request, at the App').toHaveLength(1);
        // Control: a product made after the dispatch is delivered to the `*` subscription (its event and resource
        // read where the dialect says a delivery holds them); whatever was queued before it has had time to arrive.
        const marker = await product(api);
        await waitFor(hookKey, (r) => resourceOfDelivery(r)?.id === marker.id, { timeoutMs: 15_000, api }).catch(
          (err) => {
            throw api.precondition({
              under: 'read',
              key: 'deliveries',
              reason: `the control: no delivery about the product made after the dispatch reached a * subscription (read at deliveries.resource, D-17; state it in the dialect as deliveries): ${(err as Error).message.split('\n')[0]}`,
            });
          },
        );
        await quietPeriod(1000);
        const received = requests.flatMap((r) => [bodyOf(r), bodyOf(r)?.delivery]);
        const events = (await inbox(hookKey)).filter((r) => r.kind === 'hooks');
        const callbacks = events.filter((r) => carriesCallback(bodyOf(r), p.id, received));
        expect(
          callbacks.map((r) => `${eventOf(r)}: ${JSON.stringify(resourceOfDelivery(r)).slice(0, 160)}`),
          'events that carry a rate or label request',
        ).toEqual([]);
      } finally {
        await api.call('deleteWebhook', { params: { id: hook.id } }).catch(() => undefined);
      }
    },
  );
});
