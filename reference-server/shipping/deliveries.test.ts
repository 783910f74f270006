// D-65 over HTTP: a cart line takes at most 10 000 units and a cart at most 100 deliveries, refused before any App
// is called; any valid cart is answered quickly, its units packed by arithmetic (split.ts), never one at a time.
// D-68: an item of a product without a `commodityCode` carries "". Both are fuzzer findings (robustness/README.md).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { operations } from '../../openapi/contract.ts';
import { validatorFor } from '../../openapi/validators.ts';
import { MAX_DELIVERIES } from './split.ts';
import { start } from '../testing.ts';

let server: Awaited<ReturnType<typeof start>>;
let app: Server;
let rateRequests = 0;
let labelRequests = 0;
/** The last rate request's `delivery`, as the App got it. */
let lastDelivery: { items: { commodityCode: unknown }[] } | undefined;
const ids = { light: 0, heavy: 0, service: 0 };
const destination = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  line1: '12 Marylebone Road',
  city: 'London',
  countryCode: 'GB',
  zip: 'NW1 5LR',
};

before(async () => {
  // The App: one option for every delivery, a label for every box.
  app = createServer((req, res) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => {
      const isRates = req.url === '/rates';
      if (isRates) {
        rateRequests++;
        lastDelivery = JSON.parse(text).delivery;
      } else labelRequests++;
      const body = isRates
        ? {
            rates: [
              {
                serviceCode: 'STD',
                title: 'Standard',
                description: 'Two days',
                currency: 'GBP',
                priceExcTax: 1,
                priceIncTax: 1.2,
                minDeliveryDate: '2026-11-25',
                maxDeliveryDate: '2026-11-26',
              },
            ],
          }
        : {
            label: {
              currency: 'GBP',
              image: 'data:image/png;base64,iVBORw0KGgo=',
              priceExcTax: '1.00',
              priceIncTax: '1.20',
              trackingNumber: 'T1',
            },
          };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  // The App answers at once; the time limit is D-22's 5 s, not the short one of the server's other tests.
  server = await start({ callbackTimeoutMs: 5000 });
  const product = async (sku: string, packagedWeight: number) =>
    (await server.call('POST', '/api/v2/products.json', { data: { title: sku, sku, packagedWeight } })).body.data
      .id as number;
  ids.light = await product('LIGHT', 1);
  ids.heavy = await product('HEAVY', 40_000); // over the 30 kg of a box (D-21): one box per unit
  ids.service = (
    await server.call('POST', '/api/shipping/services.json', {
      shippingService: { title: 'App', ratesUrl: `${appUrl}/rates`, labelsUrl: `${appUrl}/labels` },
    })
  ).body.shippingService.id;
});
after(async () => {
  await server.stop();
  app.close();
});

const checkout = (items: { productId: number; quantity: number }[]) =>
  server.call('POST', '/api/v2/checkout/rates.json', { data: { currency: 'GBP', destination, items } });
const ship = (items: { productId: number; quantity: number }[]) =>
  server.call('POST', '/api/v2/shipments.json', {
    data: { currency: 'GBP', destination, items, shippingServiceId: ids.service, serviceCode: 'STD' },
  });

test('D-65: a quantity over 10 000 is 422 error.maximum naming the line, at once', async () => {
  const t0 = performance.now();
  const res = await checkout([
    { productId: ids.light, quantity: 1 },
    { productId: ids.light, quantity: 1_452_158_525 },
  ]);
  assert.equal(res.status, 422);
  assert.deepEqual(
    res.body.errors.map((e: { name: string; ref: string }) => [e.name, e.ref]),
    [['data.items.1.quantity', 'error.maximum']],
  );
  assert.ok(performance.now() - t0 < 1000);
});

test('D-65: the largest valid cart of light units is one quick checkout', async () => {
  rateRequests = 0;
  const t0 = performance.now();
  const res = await checkout(Array.from({ length: 100 }, () => ({ productId: ids.light, quantity: 10_000 })));
  assert.equal(res.status, 200);
  // 1 000 000 units of 1 g: 34 boxes of 30 000 g and one of 10 000 g (D-21), each quoted once.
  assert.equal(res.body.data.deliveries.length, 34);
  assert.equal(rateRequests, 34);
  assert.deepEqual(res.body.data.deliveries[0].items[0].quantity, 30_000);
  assert.ok(performance.now() - t0 < 2000, `took ${performance.now() - t0} ms`);
});

test('D-65: 100 deliveries are quoted and shipped; 101 are 422 error.max-items, and no App is called', async () => {
  rateRequests = 0;
  labelRequests = 0;
  const most = await checkout([{ productId: ids.heavy, quantity: MAX_DELIVERIES }]);
  assert.equal(most.status, 200);
  assert.equal(most.body.data.deliveries.length, MAX_DELIVERIES);
  assert.equal(rateRequests, MAX_DELIVERIES);
  const shipped = await ship([{ productId: ids.heavy, quantity: MAX_DELIVERIES }]);
  assert.equal(shipped.status, 201);
  assert.equal(labelRequests, MAX_DELIVERIES);

  rateRequests = 0;
  labelRequests = 0;
  for (const quantity of [MAX_DELIVERIES + 1, 10_000])
    for (const res of [
      await checkout([{ productId: ids.heavy, quantity }]),
      await ship([{ productId: ids.heavy, quantity }]),
    ]) {
      assert.equal(res.status, 422);
      assert.deepEqual(res.body.errors, [
        {
          name: 'data.items',
          message: `The cart packs into ${quantity} boxes; at most ${MAX_DELIVERIES} deliveries are allowed (D-65)`,
          ref: 'error.max-items',
        },
      ]);
    }
  assert.deepEqual([rateRequests, labelRequests], [0, 0]);
});

test('D-68: a product without a commodity code is sent and answered with "", as the document types it', async () => {
  const res = await checkout([{ productId: ids.light, quantity: 2 }]);
  assert.equal(res.status, 200);
  assert.equal(res.body.data.deliveries[0].items[0].commodityCode, '');
  assert.equal(lastDelivery?.items[0]?.commodityCode, '');
  const op = operations.find((o) => o.operationId === 'calculateCheckoutRates')!;
  const valid = validatorFor(`${op.pointer}/responses/200/content/application~1json/schema`);
  assert.ok(valid(res.body), JSON.stringify(valid.errors));
});
