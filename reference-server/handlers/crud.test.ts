// Lists and gets over HTTP, answered with the JSON the store keeps per row (store/kept.ts) and the envelopes written
// around it (handlers/envelopes.ts), against an app with a `beforeSend` hook that changes nothing, which parses each
// answer back and sends it with res.json: the two apps, given the same writes at the same times, must answer alike —
// status, Content-Type, bytes — in the v2 envelopes and in those of shipping services (D-18).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReferenceApp } from '../app.ts';
import { start } from '../testing.ts';

let now = new Date('2026-01-01T00:00:00Z');
const clock = () => now;
const hooked = (app: ReferenceApp) => app.seams.beforeSend.push((body) => body);
const apps = await Promise.all([start({ clock }), start({ clock }, hooked)]);
test.after(() => Promise.all(apps.map((a) => a.stop())));

const tokens = await Promise.all(
  apps.map(async ({ base }) => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'conformance-full',
      client_secret: 'conformance-full-secret',
    });
    const res = await fetch(`${base}/admin/oauth/token.json`, { method: 'POST', body: form });
    return ((await res.json()) as { access_token: string }).access_token;
  }),
);
const raw = (i: number, path: string) =>
  fetch(`${apps[i]!.base}${path}`, { headers: { authorization: `Bearer ${tokens[i]}` } }).then(async (res) => ({
    status: res.status,
    type: res.headers.get('content-type'),
    length: res.headers.get('content-length'),
    bytes: Buffer.from(await res.arrayBuffer()).toString('base64'),
  }));
/** The same write to every app, answered alike. */
async function write(method: string, path: string, body?: unknown): Promise<void> {
  const answers = await Promise.all(apps.map((a) => a.call(method, path, body)));
  for (const a of answers) assert.deepEqual(a, answers[0], `${method} ${path}`);
}

const paths = [
  '/api/v2/products.json',
  '/api/v2/products.json?limit=3&page=2',
  '/api/v2/products.json?limit=3&page=9',
  '/api/v2/products.json?status=public&limit=5',
  '/api/v2/products.json?status=admin',
  '/api/v2/products.json?sku:in=sku-2,SKU-4&limit=1&page=2',
  '/api/v2/products/1.json',
  '/api/v2/products/4.json',
  '/api/v2/products/999.json',
  '/api/v2/products/1/prices.json',
  '/api/v2/products/2/prices.json',
  '/api/v2/products/999/prices.json',
  '/api/v2/webhooks.json',
  '/api/v2/redirects.json',
  '/api/shipping/services.json',
  '/api/shipping/services.json?limit=1&page=2',
  '/api/shipping/services/1.json',
  '/api/shipping/services/999.json',
];
async function assertSame(label: string): Promise<void> {
  for (const path of paths) {
    const answers = await Promise.all(apps.map((_, i) => raw(i, path)));
    assert.deepEqual(answers[1], answers[0], `${label}: ${path}, beforeSend hook`);
  }
}

test('lists and gets answer the bytes res.json writes of them, before and after changes', async () => {
  for (let i = 1; i <= 8; i++)
    await write('POST', '/api/v2/products.json', {
      data: {
        sku: `SKU-${i}`,
        title: `Product ${i}`,
        isActive: i !== 3,
        publishEndOn: i === 5 ? '2026-06-01T00:00:00+00:00' : null,
      },
    });
  await write('POST', '/api/v2/products/1/prices.json', { data: { price: 9.5, currency: 'EUR' } });
  await write('POST', '/api/v2/products/2/prices.json', {
    data: { price: 3, currency: 'EUR', endOn: '2026-06-01T00:00:00+00:00' },
  });
  for (const title of ['Courier', 'Post'])
    await write('POST', '/api/shipping/services.json', {
      shippingService: { title, ratesUrl: `https://app.example.com/${title}/rates` },
    });
  await assertSame('created');
  await assertSame('kept');
  now = new Date('2026-07-01T00:00:00Z');
  await assertSame('later (derived status and isCurrent)');
  await write('PATCH', '/api/v2/products/4.json', { data: { title: 'Renamed', isActive: false } });
  await write('DELETE', '/api/v2/products/6.json');
  await write('PUT', '/api/shipping/services/1.json', { shippingService: { title: 'Courier "Express"' } });
  await assertSame('after update and delete');
});
