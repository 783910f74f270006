// Whole-server tests that the black-box suite cannot make: a walk through every operation of the contract with
// valid and broken input (never a 5xx), and a restart on a file database (data and pending deliveries kept).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deref, doc, operations, type Json } from '../openapi/contract.ts';
import { start } from './testing.ts';

/** Values of the wrong kind for a schema: the walk's broken input. */
function wrongValues(schema: Json): Json[] {
  const s = deref(schema) ?? {};
  const type = [s.type ?? (s.allOf || s.oneOf || s.anyOf ? 'object' : 'string')]
    .flat()
    .find((t: string) => t !== 'null');
  const common = [null, 'x'.repeat(70_000), -1, Number.POSITIVE_INFINITY, true, [], {}, '<script>'];
  return type === 'string'
    ? [...common, 12, '', ' ']
    : type === 'array'
      ? [...common, [null], [{}], ['x'.repeat(300)]]
      : [...common, 'abc'];
}

test('a walk through every operation with valid and broken input never gets a 5xx', async (t) => {
  const server = await start();
  t.after(() => server.stop());
  const product = (await server.call('POST', '/api/v2/products.json', { data: { title: 'Walk', sku: 'WALK-1' } })).body
    .data;
  const spec1 = (await server.call('POST', '/api/v2/specifications.json', { data: { title: 'Walk heading' } })).body
    .data;
  const counts: Record<string, number> = {};
  const fiveXX: string[] = [];
  const served = operations.filter((o) => o.security);
  for (const o of served) {
    const opNode = deref({ $ref: o.pointer });
    const media = deref(opNode.requestBody)?.content?.['application/json'];
    const example = media?.example ?? {};
    const key = Object.keys(example)[0] ?? 'data';
    const inner = example[key] ?? {};
    const path = (params: Record<string, string | number>) =>
      o.path.replace(/\{(\w+)\}/g, (_, n: string) => String(params[n] ?? 1));
    const good = { productId: product.id, specId: spec1.id, id: 1, mediaId: 1 };
    const bodies: Json[] = media
      ? [
          example,
          {},
          [],
          null,
          'x',
          { [key]: null },
          { [key]: [] },
          { [key]: { ...inner, extra: 1 } },
          ...Object.keys(inner).flatMap((field) =>
            wrongValues(findProperty(media.schema, key, field)).map((v) => ({ [key]: { ...inner, [field]: v } })),
          ),
        ]
      : [undefined];
    const paths = [
      path(good),
      path({ ...good, id: 'abc', productId: 'abc', specId: 'abc', mediaId: 'abc' }),
      path({ ...good, id: '99999999999999999999', productId: 0 }),
    ];
    const queries = [
      '',
      ...o.parameters
        .filter((p) => p.in === 'query')
        .flatMap((p) =>
          ['abc', '', '-1', '1e309', '"a,"b', 'x'.repeat(5000)].map(
            (v) => `?${encodeURIComponent(p.name)}=${encodeURIComponent(v)}`,
          ),
        ),
    ];
    const requests = [
      ...bodies.map((b) => ({ p: paths[0]!, q: '', b })),
      ...paths.slice(1).map((p) => ({ p, q: '', b: example })),
      ...queries.map((q) => ({ p: paths[0]!, q, b: media ? example : undefined })),
    ];
    for (const r of requests) {
      const res = await server.call(o.method, r.p + r.q, r.b);
      counts[`${String(res.status)[0]}xx`] = (counts[`${String(res.status)[0]}xx`] ?? 0) + 1;
      if (res.status >= 500)
        fiveXX.push(`${o.operationId} ${o.method} ${r.p}${r.q} ${JSON.stringify(r.b)?.slice(0, 120)} → ${res.status}`);
    }
    // Malformed JSON, for operations that take a body.
    if (media) {
      const res = await server.call(o.method, paths[0]!, undefined, '{"data": ');
      counts[`${String(res.status)[0]}xx`] = (counts[`${String(res.status)[0]}xx`] ?? 0) + 1;
      if (res.status !== 400) fiveXX.push(`${o.operationId} malformed JSON → ${res.status}`);
    }
  }
  t.diagnostic(
    `${served.length} operations, ${Object.values(counts).reduce((a, b) => a + b, 0)} requests: ${JSON.stringify(counts)}`,
  );
  assert.deepEqual(fiveXX, []);
});

function findProperty(schema: Json, key: string, field: string): Json {
  const wrapper = deref(schema);
  const inner = deref(wrapper?.properties?.[key]);
  const parts = [inner, ...(inner?.allOf ?? []).map(deref)];
  for (const p of parts) if (p?.properties?.[field]) return p.properties[field];
  return { type: 'string' };
}

test('a file database keeps data and pending webhook deliveries across a restart', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'store-')), 'store.sqlite');
  // A receiver port that is closed while the first server runs: the delivery stays pending.
  const receiver = createServer();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const port = (receiver.address() as AddressInfo).port;
  await new Promise<void>((resolve) => receiver.close(() => resolve()));

  const first = await start({ db: file });
  const hook = await first.call('POST', '/api/v2/webhooks.json', {
    data: { url: `http://127.0.0.1:${port}/hook`, events: ['products/*'] },
  });
  assert.equal(hook.status, 201);
  const product = await first.call('POST', '/api/v2/products.json', { data: { title: 'Kept', sku: 'KEEP-1' } });
  assert.equal(product.status, 201);
  await first.stop();

  const arrived: string[] = [];
  const live = createServer((req, res) => {
    let b = '';
    req.on('data', (c) => (b += c));
    req.on('end', () => {
      arrived.push(b);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => live.listen(port, '127.0.0.1', () => resolve()));
  const second = await start({ db: file });
  const kept = await second.call('GET', `/api/v2/products/${product.body.data.id}.json`);
  assert.equal(kept.status, 200);
  assert.equal(kept.body.data.sku, 'KEEP-1');
  const deadline = Date.now() + 5000;
  while (arrived.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await second.stop();
  live.close();
  assert.equal(arrived.length >= 1, true, 'the pending delivery was sent after the restart');
  assert.equal(JSON.parse(arrived[0]!).event, 'products/created');
});

test('the bundled document is served at /openapi.json, and /docs is the built page or a 404 envelope', async () => {
  const server = await start();
  try {
    const res = await fetch(`${server.base}/openapi.json`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    const served = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    assert.equal(served.openapi, doc.openapi);
    assert.deepEqual(Object.keys(served.paths), Object.keys(doc.paths));
    const docs = await fetch(`${server.base}/docs`);
    if (docs.status === 200) assert.match(docs.headers.get('content-type') ?? '', /^text\/html/);
    else {
      assert.equal(docs.status, 404);
      assert.equal(((await docs.json()) as { success: boolean }).success, false);
    }
  } finally {
    await server.stop();
  }
});
