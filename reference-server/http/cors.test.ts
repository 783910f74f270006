// CORS: a web page on another origin can get a token and call every operation; a restricted server
// answers only its origins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { start } from '../testing.ts';

const page = 'http://localhost:5173';
const preflight = (base: string, path: string, origin = page) =>
  fetch(`${base}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });

test('any origin by default: preflights answered 204, answers readable, the token endpoint included', async () => {
  const server = await start();
  try {
    for (const path of ['/admin/oauth/token.json', '/api/v2/products.json', '/api/contacts/1.json']) {
      const res = await preflight(server.base, path);
      assert.equal(res.status, 204, path);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.match(res.headers.get('access-control-allow-headers') ?? '', /Authorization/);
      assert.match(res.headers.get('access-control-allow-headers') ?? '', /Content-Type/);
      assert.match(res.headers.get('access-control-allow-methods') ?? '', /POST/);
    }
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'conformance-full',
      client_secret: 'conformance-full-secret',
    });
    const token = await fetch(`${server.base}/admin/oauth/token.json`, {
      method: 'POST',
      body: form,
      headers: { origin: page },
    });
    assert.equal(token.status, 200);
    assert.equal(token.headers.get('access-control-allow-origin'), '*');
    const refused = await fetch(`${server.base}/api/v2/products.json`, { headers: { origin: page } });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('access-control-allow-origin'), '*', 'a browser can read the error too');
    assert.match(refused.headers.get('access-control-expose-headers') ?? '', /WWW-Authenticate/);
  } finally {
    await server.stop();
  }
});

test('an OPTIONS that is not a preflight is still 405 with Allow', async () => {
  const server = await start();
  try {
    const res = await fetch(`${server.base}/api/v2/products.json`, { method: 'OPTIONS' });
    assert.equal(res.status, 405);
    assert.match(res.headers.get('allow') ?? '', /GET/);
  } finally {
    await server.stop();
  }
});

test('--cors-origin restricts: the listed origin is answered by name, another is refused', async () => {
  const server = await start({ corsOrigins: [page] });
  try {
    const ok = await preflight(server.base, '/api/v2/products.json');
    assert.equal(ok.status, 204);
    assert.equal(ok.headers.get('access-control-allow-origin'), page);
    assert.equal(ok.headers.get('vary'), 'Origin');
    const other = await preflight(server.base, '/api/v2/products.json', 'http://evil.example');
    assert.equal(other.status, 403);
    assert.equal(other.headers.get('access-control-allow-origin'), null);
    assert.equal(((await other.json()) as { success: boolean }).success, false);
    const plain = await fetch(`${server.base}/api/v2/products.json`, { headers: { origin: 'http://evil.example' } });
    assert.equal(plain.headers.get('access-control-allow-origin'), null);
  } finally {
    await server.stop();
  }
});
