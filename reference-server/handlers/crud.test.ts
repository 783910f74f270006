// Lists and gets over HTTP: the fast path (store/kept.ts) against the plain one, in two apps given the same writes
// at the same times. The plain app's resources have their fast path turned off, as a patch of their `list`, `find` or
// `get` turns it off (instruments/); a third app has a `beforeSend` hook that changes nothing, which parses the fast
// answer back. Every answer — status, Content-Type, bytes — must be the same in all three.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReferenceApp } from '../app.ts';
import { start } from '../testing.ts';

let now = new Date('2026-01-01T00:00:00Z');
const clock = () => now;
const plain = (app: ReferenceApp) => {
  for (const r of Object.values(app.seams.resources)) r.fastPath = false;
};
const hooked = (app: ReferenceApp) => app.seams.beforeSend.push((body) => body);
const apps = await Promise.all([start({ clock }), start({ clock }, plain), start({ clock }, hooked)]);
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
];
async function assertSame(label: string): Promise<void> {
  for (const path of paths) {
    const answers = await Promise.all(apps.map((_, i) => raw(i, path)));
    assert.deepEqual(answers[1], answers[0], `${label}: ${path}, plain path`);
    assert.deepEqual(answers[2], answers[0], `${label}: ${path}, beforeSend hook`);
  }
}

test('fast, plain and hooked apps answer lists and gets with the same bytes, before and after changes', async () => {
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
  await assertSame('created');
  await assertSame('kept');
  now = new Date('2026-07-01T00:00:00Z');
  await assertSame('later (derived status and isCurrent)');
  await write('PATCH', '/api/v2/products/4.json', { data: { title: 'Renamed', isActive: false } });
  await write('DELETE', '/api/v2/products/6.json');
  await assertSame('after update and delete');
});
