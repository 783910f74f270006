// Integration: a tiny App on 127.0.0.1 with one well-behaved and several misbehaving endpoints (§7, D-22, D-16).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sign } from '../../shared/signing.ts';
import { aggregate, type ServiceSettings } from './aggregate.ts';
import { collectQuotes, defaultAppCalls, requestLabels, type ServiceTarget } from './callbacks.ts';

const calls = defaultAppCalls('reference-store');

const SECRET = 'app-secret';
// Long enough that a loaded machine (npm test keeps both cores busy) answers a fast App within it; the slow App
// answers after four of them.
const TIMEOUT_MS = 1000;
const received: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];

const rate = (serviceCode: string, currency: string, priceExcTax: number, priceIncTax: number) => ({
  serviceCode,
  title: `Service ${serviceCode}`,
  description: 'Tracked',
  currency,
  priceExcTax,
  priceIncTax,
  minDeliveryDate: '2026-11-25',
  maxDeliveryDate: '2026-11-26',
});
const label = {
  currency: 'GBP',
  image: 'data:image/png;base64,iVBORw0KGgo=',
  priceExcTax: '4.50',
  priceIncTax: '5.40',
  trackingNumber: 'TRK1',
};

const routes: Record<string, (send: (status: number, body: string) => void) => void> = {
  '/fast': (send) =>
    send(200, JSON.stringify({ rates: [rate('UK-48', 'GBP', 4.5, 5.4), rate('UK-24', 'GBP', 6, 7.2)] })),
  '/error': (send) => send(500, JSON.stringify({ error: 'boom' })),
  '/slow': (send) =>
    setTimeout(() => send(200, JSON.stringify({ rates: [rate('SLOW', 'GBP', 1, 1)] })), TIMEOUT_MS * 4).unref(),
  '/garbage': (send) => send(200, '{"rates": [{"serviceCode": "X", "priceExcTax": "cheap"}]}'),
  '/not-json': (send) => send(200, '<html>hello</html>'),
  '/eur': (send) => send(200, JSON.stringify({ rates: [rate('EU-1', 'EUR', 11.7, 14.04)] })),
  '/label': (send) => send(200, JSON.stringify({ label })),
  '/label-garbage': (send) => send(200, JSON.stringify({ label: { ...label, image: 'not a data uri' } })),
  '/label-extra': (send) =>
    send(200, JSON.stringify({ label: { ...label, carrier: 'Post', pieces: [1] }, requestId: 'r-1' })),
  '/extra': (send) =>
    send(
      200,
      JSON.stringify({
        rates: [{ ...rate('X-1', 'GBP', 4, 4.8), carrier: 'Post', landedCosts: 1.5, zones: [2] }],
        requestId: 'r-1',
      }),
    ),
};

let server: Server;
let base = '';
before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url!, headers: req.headers, body });
      routes[req.url!]!((status, text) => {
        if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(text);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const settings = (id: number): ServiceSettings => ({
  id,
  title: `S${id}`,
  fixedModifier: 0,
  percentageModifier: 0,
  currency: 'GBP',
});
const target = (id: number, path: string): ServiceTarget => ({
  settings: settings(id),
  ratesUrl: `${base}${path}`,
  labelsUrl: null,
  secret: SECRET,
  shippingClassIds: [],
});
const delivery = (n: number) => ({
  width: 100,
  height: 50 * n,
  depth: 80,
  weight: 500,
  currency: 'GBP',
  items: [],
  dispatchDate: '2026-11-24',
});

test('D-22 §7 services that error, time out or answer garbage are dropped; the others are aggregated', async () => {
  received.length = 0;
  const started = Date.now();
  const quotes = await collectQuotes(
    calls,
    [
      target(1, '/fast'),
      target(2, '/error'),
      target(3, '/slow'),
      target(4, '/garbage'),
      target(5, '/eur'),
      target(6, '/not-json'),
    ],
    [delivery(1), delivery(2)],
    TIMEOUT_MS,
  );
  const elapsed = Date.now() - started;
  assert.deepEqual(
    quotes.map((q) => q.service.id),
    [1, 5],
  );
  assert.ok(elapsed < TIMEOUT_MS * 3, `concurrent, bounded by the timeout (took ${elapsed} ms)`);
  assert.equal(received.length, 12, 'one request per service per delivery');

  const options = aggregate(quotes, 'GBP', { GBP: 1, EUR: 1.17, USD: 1.27 });
  assert.deepEqual(
    options.map((o) => [o.shippingServiceId, o.serviceCode, o.currency, o.priceExcTax, o.priceIncTax]),
    [
      [1, 'UK-48', 'GBP', 9, 10.8],
      [1, 'UK-24', 'GBP', 12, 14.4],
      [5, 'EU-1', 'GBP', 20, 24], // 2 × 11.70 EUR = 2 × 10.00 GBP
    ],
  );
});

test('D-16 callbacks are signed with the owning client secret and carry the delivery', async () => {
  received.length = 0;
  await collectQuotes(calls, [target(1, '/fast')], [delivery(1), delivery(2)], TIMEOUT_MS);
  assert.equal(received.length, 2);
  for (const r of received) {
    assert.equal(r.headers['x-store-signature'], sign(r.body, SECRET));
    assert.equal(r.headers['content-type'], 'application/json');
    assert.equal(r.headers['x-store-api-version'], 'v2');
    assert.ok(r.headers['x-store-timestamp']);
    assert.deepEqual(Object.keys(JSON.parse(r.body)), ['delivery']);
  }
  assert.notEqual(received[0]!.headers['x-store-delivery-id'], received[1]!.headers['x-store-delivery-id']);
  assert.deepEqual(
    received.map((r) => JSON.parse(r.body).delivery.height).sort((a, b) => a - b),
    [50, 100],
  );
});

test('D-16 a service whose client has no secret is not called', async () => {
  received.length = 0;
  assert.deepEqual(
    await collectQuotes(calls, [{ ...target(1, '/fast'), secret: undefined }], [delivery(1)], TIMEOUT_MS),
    [],
  );
  assert.equal(received.length, 0);
});

test('D-49 a label per box; a garbage or failed answer leaves that box without a label', async () => {
  assert.deepEqual(await requestLabels(calls, `${base}/label`, SECRET, [delivery(1), delivery(2)], TIMEOUT_MS), [
    label,
    label,
  ]);
  assert.deepEqual(await requestLabels(calls, `${base}/label-garbage`, SECRET, [delivery(1)], TIMEOUT_MS), [undefined]);
  assert.deepEqual(await requestLabels(calls, `${base}/error`, SECRET, [delivery(1)], TIMEOUT_MS), [undefined]);
});

test('D-59 answers with fields beyond the document are read; the label keeps its §2.11 fields only', async () => {
  const quotes = await collectQuotes(calls, [target(1, '/extra')], [delivery(1)], TIMEOUT_MS);
  assert.deepEqual(
    quotes.map((q) => q.service.id),
    [1],
  );
  const [option] = aggregate(quotes, 'GBP', { GBP: 1 });
  assert.equal(option!.priceExcTax, 4, 'the price is taken whole, landed costs included (§4.5 rule 6)');
  assert.equal('carrier' in option!, false);
  assert.deepEqual(await requestLabels(calls, `${base}/label-extra`, SECRET, [delivery(1)], TIMEOUT_MS), [label]);
});
