// The proxy as a command (`store-api-conformance proxy`), started as a user starts it: what it passes through
// unchanged and what it must change (RFC 9110 §7.6.1), a body larger than it keeps, a callback relayed to an App
// and judged both ways, and its reports written when a signal reaches its whole process group.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { baseClients } from '../../openapi/clients.ts';
import { op } from '../lib/contract.ts';
import { startReference, type ServerProcess } from '../../shared/server-process.ts';

const bin = fileURLToPath(new URL('../../bin/store-api-conformance.ts', import.meta.url));
const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

interface Running {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Sends `signal` to the proxy's whole process group and resolves with its exit code once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}
/** The proxy in a process group of its own, as a shell or CI runner starts a command. */
function startProxy(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [bin, 'proxy', '--port', '0', ...args], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url)
        resolve({
          url,
          child,
          output: () => out,
          stop: (signal = 'SIGTERM') => {
            process.kill(-child.pid!, signal);
            return exited;
          },
        });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`the proxy exited (${code}) before it listened:\n${out}`)));
  });
}

test('passes requests and answers through, changing only the hop-by-hop headers (and Host with --change-origin)', async () => {
  // A target that answers what it received.
  const echo = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      res.writeHead(200, { 'content-type': 'application/json', 'x-answer': 'kept', connection: 'close, x-hop' });
      res.end(JSON.stringify({ headers: req.headers, length: body.length, last: body.subarray(-8).toString() }));
    });
  });
  const target = await listen(echo);
  const dir = mkdtempSync(join(tmpdir(), 'proxy-'));
  // A path outside the API's (/api/…): routing is not judged, the exchange is only passed through and recorded.
  try {
    for (const changeOrigin of [false, true]) {
      const proxy = await startProxy([
        '--target',
        target,
        '--report-dir',
        dir,
        '--max-body',
        '1024',
        ...(changeOrigin ? ['--change-origin'] : []),
      ]);
      try {
        const big = `${'x'.repeat(3 * 1024 * 1024)}the-end!`;
        // node:http, which sends Connection as given (fetch keeps it to itself).
        const { headers, text } = await new Promise<{ headers: Record<string, unknown>; text: string }>(
          (resolve, reject) => {
            const req = request(`${proxy.url}/echo?a=1`, {
              method: 'POST',
              headers: {
                'x-mine': 'as sent',
                'x-hop': 'for the proxy only',
                connection: 'keep-alive, x-hop',
                te: 'trailers',
              },
            });
            req.on('response', (answer) => {
              let t = '';
              answer.on('data', (c: Buffer) => (t += c.toString()));
              answer.on('end', () => resolve({ headers: answer.headers, text: t }));
            });
            req.on('error', reject);
            req.end(big);
          },
        );
        const got = JSON.parse(text) as { headers: Record<string, string>; length: number; last: string };
        const res = { headers: { get: (name: string) => headers[name] } };
        assert.equal(res.headers.get('x-answer'), 'kept');
        assert.equal(got.headers['x-mine'], 'as sent');
        assert.equal(got.headers['x-hop'], undefined, 'a header Connection names is the hop’s');
        assert.equal(got.headers.te, undefined);
        // A body longer than --max-body streams through whole.
        assert.equal(got.length, big.length);
        assert.equal(got.last, 'the-end!');
        assert.equal(got.headers.host, new URL(changeOrigin ? target : proxy.url).host);
      } finally {
        assert.equal(await proxy.stop(), 0, proxy.output());
      }
    }
  } finally {
    echo.closeAllConnections();
    echo.close();
  }
});

let server: ServerProcess;
let app: Server;
let appUrl: string;
const appRequests: unknown[] = [];
before(async () => {
  server = await startReference();
  // The App: answers every rate request with the document's example, and records what it got.
  const example = (
    JSON.parse(readFileSync(fileURLToPath(new URL('../../openapi/dist/openapi.json', import.meta.url)), 'utf8')) as {
      components: { schemas: { RateResponse: { properties: { rates: { example: unknown } } } } };
    }
  ).components.schemas.RateResponse.properties.rates.example;
  app = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      appRequests.push(JSON.parse(body || 'null'));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ rates: example }));
    });
  });
  appUrl = await listen(app);
});
after(async () => {
  app?.closeAllConnections();
  app?.close();
  await server?.stop();
});

test('judges the traffic and a relayed callback, and writes its reports when its process group is signalled', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-'));
  const proxy = await startProxy(['--target', server.url, '--report-dir', dir]);
  const { clientId, clientSecret } = baseClients.full;
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${proxy.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, { id: number }> };
  };
  try {
    const tokenRes = await fetch(`${proxy.url}/admin/oauth/token.json`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const product = await call(
      'POST',
      '/api/v2/products.json',
      {
        data: {
          title: 'Relayed tea',
          sku: `RELAY-${Date.now()}`,
          packagedWeight: 250,
          packagedWidth: 100,
          packagedHeight: 50,
          packagedDepth: 80,
        },
      },
      token,
    );
    assert.equal(product.status, 201, JSON.stringify(product.body));
    const id = product.body.data!.id;
    assert.equal(
      (
        await call(
          'POST',
          '/api/v2/inventory.json',
          { data: { productId: id, locationId: 1, quantityInStock: 9 } },
          token,
        )
      ).status,
      201,
    );
    const relay = `${proxy.url}/__app/rates?to=${encodeURIComponent(`${appUrl}/rates`)}`;
    const service = await call(
      'POST',
      '/api/shipping/services.json',
      { shippingService: { title: 'Relayed', ratesUrl: relay, labelsUrl: null } },
      token,
    );
    assert.equal(service.status, 201, JSON.stringify(service.body));
    const checkout = await call(
      'POST',
      '/api/v2/checkout/rates.json',
      {
        data: {
          ...(op('calculateCheckoutRates').requestExample as { data: object }).data,
          items: [{ productId: id, quantity: 1 }],
        },
      },
      token,
    );
    assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
    assert.equal(appRequests.length, 1, 'the App got the rate request through the proxy');
    const serviceId = service.body.shippingService!.id;
    await call('DELETE', `/api/shipping/services/${serviceId}.json`, undefined, token);
    // A call without a token: the target must refuse it (§5), and does.
    assert.equal((await call('GET', '/api/v2/products.json')).status, 401);
  } finally {
    assert.equal(await proxy.stop('SIGTERM'), 0, proxy.output());
  }
  const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as {
    requirements: { id: string; status: string }[];
    violations: unknown[];
    exchanges: number;
  };
  const judged = new Map(results.requirements.map((r) => [r.id, r.status]));
  assert.equal(judged.get('calculateShippingRates.request-schema'), 'pass');
  assert.equal(judged.get('listProducts.auth.no-token'), 'pass');
  assert.equal(judged.get('createProduct.lifecycle.status'), 'pass');
  assert.deepEqual(results.violations, []);
  const har = JSON.parse(readFileSync(join(dir, 'traffic.har'), 'utf8')) as {
    log: {
      version: string;
      entries: { request: { url: string; headers: { name: string; value: string }[] }; comment?: string }[];
    };
  };
  assert.equal(har.log.version, '1.2');
  assert.equal(har.log.entries.length, results.exchanges);
  assert.ok(
    har.log.entries.some(
      (e) => e.comment?.startsWith('callback calculateShippingRates') && e.request.url.startsWith(appUrl),
    ),
  );
  for (const e of har.log.entries)
    for (const h of e.request.headers) if (h.name === 'authorization') assert.match(h.value, /^Bearer \*\*\*$/);
  for (const file of ['summary.md', 'junit.xml']) assert.ok(readFileSync(join(dir, file), 'utf8').length > 0, file);
});
