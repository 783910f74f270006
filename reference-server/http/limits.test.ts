// D-64: the connection and request limits (shared/limits.ts) as the server runs with them. Timeouts are tested
// in-process with short values (the mechanism); the other limits against `node bin/serve-main.ts` itself, with the
// values it runs with.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { defaultClients } from '../../openapi/clients.ts';
import { startServer, type ServerProcess } from '../../shared/server-process.ts';
import { configFromEnv, createApp } from '../app.ts';
import { createLimitedServer, LIMITS, nestsDeeperThan, type Limits } from '../../shared/limits.ts';

test('D-64: nesting is counted outside strings only, escapes included', () => {
  assert.equal(nestsDeeperThan('{"a":[1,{"b":2}]}', 3), false);
  assert.equal(nestsDeeperThan('{"a":[1,{"b":[2]}]}', 3), true);
  assert.equal(nestsDeeperThan('{"a":"[[[[[[{{{{"}', 1), false);
  assert.equal(nestsDeeperThan('{"a":"\\"[[[[\\\\"}', 1), false);
  assert.equal(nestsDeeperThan('{"a":"\\\\"}', 1), false); // an escaped backslash ends the string
  assert.equal(nestsDeeperThan('[]'.repeat(1000), 1), false);
  assert.equal(nestsDeeperThan('['.repeat(33) + ']'.repeat(33), 32), true);
  assert.equal(nestsDeeperThan('['.repeat(32) + ']'.repeat(32), 32), false);
});

/** An app behind the limited server, on a loopback port. */
async function serve(limits: Limits) {
  const built = createApp(configFromEnv({}));
  const server = createLimitedServer(built.app, limits);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await built.close();
    },
  };
}

/**
 * Opens a raw connection, writes `first`, then one more chunk of `drip` every `everyMs` for `forMs`; resolves with
 * what the server answered and when it closed the connection (ms after opening), or `closedAt: null` if it never did.
 */
function rawClient(port: number, first: string, drip: string, everyMs: number, forMs: number) {
  return new Promise<{ answer: string; closedAt: number | null }>((resolve) => {
    const t0 = performance.now();
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(first));
    const timer = setInterval(() => {
      if (performance.now() - t0 > forMs) {
        clearInterval(timer);
        socket.destroy();
        resolve({ answer, closedAt: null });
      } else if (!socket.destroyed) socket.write(drip);
    }, everyMs);
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => undefined); // a reset counts as closed
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAt: performance.now() - t0 });
    });
  });
}

test('D-64: the server runs with the limits of LIMITS', async () => {
  const s = await serve(LIMITS);
  try {
    const server: Server = s.server;
    assert.equal(server.headersTimeout, LIMITS.headersTimeoutMs);
    assert.equal(server.requestTimeout, LIMITS.requestTimeoutMs);
    assert.equal(server.keepAliveTimeout, LIMITS.keepAliveTimeoutMs);
    assert.equal(server.maxHeadersCount, null); // bounded by bytes instead (maxHeaderSize, tested below)
  } finally {
    await s.stop();
  }
});

test('D-64: a client that sends its headers slowly, a body slowly, or idles, is cut off', async () => {
  const s = await serve({ ...LIMITS, headersTimeoutMs: 500, requestTimeoutMs: 1000, keepAliveTimeoutMs: 300 });
  try {
    // Headers never finished: one more header line every 100 ms (a slowloris client).
    const slowHeaders = await rawClient(
      s.port,
      'GET /api/v2/products.json HTTP/1.1\r\nHost: x\r\n',
      'X-A: b\r\n',
      100,
      5000,
    );
    assert.ok(slowHeaders.closedAt !== null && slowHeaders.closedAt < 2500, `closed after ${slowHeaders.closedAt} ms`);
    assert.match(slowHeaders.answer, /^HTTP\/1\.1 408 /);
    // A body announced and sent a byte at a time, never finished.
    const head =
      'POST /admin/oauth/token.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const slowBody = await rawClient(s.port, head, ' ', 100, 5000);
    assert.ok(slowBody.closedAt !== null && slowBody.closedAt < 3000, `closed after ${slowBody.closedAt} ms`);
    assert.match(slowBody.answer, /^HTTP\/1\.1 408 /);
    // A finished request, then nothing: the idle keep-alive connection is closed.
    const idle = await rawClient(s.port, 'GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n', '', 100, 5000);
    assert.match(idle.answer, /^HTTP\/1\.1 200 /);
    assert.ok(idle.closedAt !== null && idle.closedAt < 2000, `closed after ${idle.closedAt} ms`);
  } finally {
    await s.stop();
  }
});

// The rest against the real server process, with the values it runs with.
let server: ServerProcess;
let base: string;
let token: string;
before(async () => {
  server = await startServer();
  base = server.url;
  const { clientId, clientSecret } = defaultClients.full;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
  });
  const res = await fetch(`${base}/admin/oauth/token.json`, { method: 'POST', body: form });
  token = ((await res.json()) as { access_token: string }).access_token;
});
after(() => server.stop());

const call = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : text };
};
const refOf = (body: unknown) => (body as { errors?: { ref: string }[] }).errors?.[0]?.ref;

test('D-64: headers over 16 KiB are refused with 431; just under passes', async () => {
  const over = await call('/api/v2/products.json', { headers: { 'x-padding': 'a'.repeat(LIMITS.maxHeaderBytes) } });
  assert.equal(over.status, 431);
  const under = await call('/api/v2/products.json', {
    headers: { 'x-padding': 'a'.repeat(LIMITS.maxHeaderBytes - 1024) },
  });
  assert.equal(under.status, 200);
});

test('D-64: a 10 000-deep JSON body is 400 in the envelope (no stack overflow, no 5xx); 32 levels are read', async () => {
  for (const deep of ['['.repeat(10_000) + ']'.repeat(10_000), '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)]) {
    const res = await call('/api/v2/products.json', { method: 'POST', body: deep });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, {
      success: false,
      status: 400,
      context: 'request',
      errors: [
        {
          name: 'body',
          message: 'The body nests arrays and objects deeper than 32 levels',
          ref: 'error.malformed-json',
        },
      ],
    });
  }
  // The token endpoint answers in RFC 6749's shape, as for any body it cannot read (D-06).
  const tokenRes = await call('/admin/oauth/token.json', { method: 'POST', body: '['.repeat(10_000) });
  assert.equal(tokenRes.status, 400);
  assert.equal((tokenRes.body as { error: string }).error, 'invalid_request');
  // 32 levels in all ({"data": and 31 arrays) are read, and judged by the schema (422), not refused unread.
  const deepest = await call('/api/v2/products.json', {
    method: 'POST',
    body: `{"data":${'['.repeat(31)}${']'.repeat(31)}}`,
  });
  assert.equal(deepest.status, 422);
  assert.equal((await call('/api/v2/products.json')).status, 200, 'the server still answers');
});

test('D-64: more than 100 query parameters are 422 in the envelope, before any is read', async () => {
  const params = (n: number) => Array.from({ length: n }, (_, i) => `p${i}=1`).join('&');
  const many = await call(`/api/v2/products.json?${params(1000)}`);
  assert.equal(many.status, 422);
  assert.deepEqual(many.body, {
    success: false,
    status: 422,
    context: 'query',
    errors: [{ name: 'query', message: 'At most 100 query parameters are accepted', ref: 'error.max-items' }],
  });
  assert.equal(refOf((await call(`/api/v2/products.json?${params(101)}`)).body), 'error.max-items');
  // 100 are read (and each unknown one named, D-41).
  assert.equal(refOf((await call(`/api/v2/products.json?${params(100)}`)).body), 'error.unknown-parameter');
  assert.equal(
    (await call(`/api/v2/products.json?${Array.from({ length: 100 }, () => 'limit=5').join('&')}`)).status,
    422,
    'a repeated key counts each time',
  );
});

test('D-48: a body over 1 MiB is 413 in the envelope', async () => {
  const res = await call('/api/v2/products.json', {
    method: 'POST',
    body: JSON.stringify({ data: { title: 'a'.repeat(LIMITS.maxBodyBytes) } }),
  });
  assert.equal(res.status, 413);
  assert.equal(refOf(res.body), 'error.payload-too-large');
});
