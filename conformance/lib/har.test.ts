// CONFORMANCE_HAR (`--har FILE`, lib/har.ts): a small run of the installed command (two workers; four requirements of
// three areas, one of which makes a webhook that global teardown deletes) against the reference server behind a proxy
// that counts what reaches it. The run writes one HAR 1.2 file: valid by the schema below (HAR 1.2's required
// fields and their types, checked with ajv), holding every exchange the proxy saw and no other, each once, in the
// order they went out, each named by what made it (the token setup and the requirements in the workers, teardown's
// cleanup in the runner), client secrets masked and bearer tokens kept. And the entry of one exchange, by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAjv } from '../../openapi/validators.ts';
import { startReference } from '../../shared/server-process.ts';
import { harEntry } from './har.ts';

const str = { type: 'string' };
const int = { type: 'integer' };
const pairs = {
  type: 'array',
  items: { type: 'object', required: ['name', 'value'], properties: { name: str, value: str } },
};
/** HAR 1.2 (the W3C draft's object model): each object's required fields and their types, nothing more. */
const HAR_1_2 = {
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { const: '1.2' },
        creator: { type: 'object', required: ['name', 'version'], properties: { name: str, version: str } },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
            properties: {
              startedDateTime: { type: 'string', format: 'date-time' },
              time: { type: 'number', minimum: 0 },
              request: {
                type: 'object',
                required: [
                  'method',
                  'url',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'queryString',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  method: str,
                  url: { type: 'string', format: 'uri' },
                  httpVersion: str,
                  cookies: { type: 'array' },
                  headers: pairs,
                  queryString: pairs,
                  postData: { type: 'object', required: ['mimeType'], properties: { mimeType: str, text: str } },
                  headersSize: int,
                  bodySize: int,
                },
              },
              response: {
                type: 'object',
                required: ['status', 'statusText', 'httpVersion', 'cookies', 'headers', 'content', 'redirectURL'],
                properties: {
                  status: int,
                  statusText: str,
                  httpVersion: str,
                  cookies: { type: 'array' },
                  headers: pairs,
                  content: {
                    type: 'object',
                    required: ['size', 'mimeType'],
                    properties: { size: int, mimeType: str, text: str, encoding: str },
                  },
                  redirectURL: str,
                  headersSize: int,
                  bodySize: int,
                },
              },
              cache: { type: 'object' },
              timings: {
                type: 'object',
                required: ['send', 'wait', 'receive'],
                properties: Object.fromEntries([
                  ...['blocked', 'dns', 'connect', 'ssl'].map((k) => [k, { type: 'number', minimum: -1 }]),
                  ...['send', 'wait', 'receive'].map((k) => [k, { type: 'number', minimum: 0 }]),
                ]),
              },
              comment: str,
            },
          },
        },
      },
    },
  },
};
const ajv = createAjv();
const validHar = ajv.compile(HAR_1_2);

interface Entry {
  startedDateTime: string;
  time: number;
  request: { method: string; url: string; headers: { name: string; value: string }[]; postData?: { text: string } };
  response: { status: number; content: { text?: string; encoding?: string }; _error?: string };
  timings: Record<string, number>;
  comment?: string;
}

/** A proxy to `target` on a free loopback port, noting `METHOD /path?query` of every request that reaches it. */
function countingProxy(target: string): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const upstream = request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, seen, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }),
  );
}

const REQUIREMENTS = [
  'createWebhook.events.source-example',
  'updateProduct.sku-unique',
  'createContact.email-format',
  'getProduct.status.at-request-time',
];

test('a run with --har writes every exchange of every worker, and of teardown, into one valid HAR 1.2 file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'har-'));
  const server = await startReference();
  const proxy = await countingProxy(server.url);
  try {
    const file = join(dir, 'run.har');
    const script = new URL('../../bin/store-api-conformance.ts', import.meta.url).pathname;
    const args = ['--target', proxy.url, '--report-dir', join(dir, 'reports'), '--har', file, '--workers', '2'];
    const child = spawn(process.execPath, [script, ...args, '--only', REQUIREMENTS.join(',')], {
      env: { ...process.env, TARGET_URL: '', AUTH_URL: '', CONFORMANCE_CONFIG: '', CONFORMANCE_HAR: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0, out.slice(-3000));
    assert.equal(out.trim().split('\n').at(-1), `${REQUIREMENTS.length} passed, 0 failed`);

    const text = readFileSync(file, 'utf8');
    const har = JSON.parse(text) as { log: { entries: Entry[] } };
    assert.ok(validHar(har), ajv.errorsText(validHar.errors, { separator: '\n' }));
    const entries = har.log.entries;
    assert.match(out, new RegExp(`HAR: ${entries.length} exchanges with the target in ${file}`));

    // Every exchange that reached the target, and nothing else, each once.
    const exchanged = entries.map((e) => {
      const u = new URL(e.request.url);
      return `${e.request.method} ${u.pathname}${u.search}`;
    });
    assert.deepEqual([...exchanged].sort(), [...proxy.seen].sort());
    assert.ok(entries.every((e) => e.response.status >= 200 && e.response.status < 600));

    // In the order they went out; what made each: the setup, each requirement, teardown's cleanup (the webhook).
    const started = entries.map((e) => e.startedDateTime);
    assert.deepEqual(started, [...started].sort());
    assert.deepEqual(
      [...new Set(entries.map((e) => e.comment))].sort(),
      ['cleanup', 'token setup', ...REQUIREMENTS].sort(),
    );
    assert.deepEqual(
      entries.filter((e) => e.comment === 'cleanup').map((e) => e.request.method),
      ['DELETE'],
    );
    for (const e of entries) assert.equal(e.time, e.timings.send! + e.timings.wait! + e.timings.receive!);

    // Replayable: the bearer tokens are there; the client secrets are not.
    assert.ok(
      entries.some((e) => e.request.headers.some((h) => h.name === 'authorization' && /^Bearer \w+/.test(h.value))),
    );
    assert.doesNotMatch(text, /-secret/);
    const token = entries.find((e) => e.comment === 'token setup')!;
    assert.match(token.request.postData!.text, /client_id=conformance-\w+.*&client_secret=\*\*\*$/);
  } finally {
    proxy.server.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("one exchange's entry: Basic and JSON credentials masked, bytes that are not UTF-8 in base64, no answer as 0", () => {
  const base = {
    started: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
    ms: 12,
    method: 'post',
    url: 'http://t.test/a.json?x=1&y=2',
  };
  const sent = harEntry({
    ...base,
    headers: { Authorization: 'Basic Y2xpZW50OnNlY3JldA==', 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'app', client_secret: 'secret' }),
    response: { status: 200, headers: { 'content-type': 'image/png' }, body: Buffer.from([0x89, 0x50, 0xff, 0xfe]) },
    by: 'createToken.basic',
  });
  assert.equal(sent.startedDateTime, '2026-01-02T03:04:05.006Z');
  assert.equal(sent.request.method, 'POST');
  assert.deepEqual(sent.request.queryString, [
    { name: 'x', value: '1' },
    { name: 'y', value: '2' },
  ]);
  assert.deepEqual((sent.request.headers as { value: string }[])[0]!.value, 'Basic ***');
  assert.deepEqual(JSON.parse((sent.request.postData as { text: string }).text), {
    grant_type: 'client_credentials',
    client_id: 'app',
    client_secret: '***',
  });
  assert.deepEqual(sent.response.content, {
    size: 4,
    mimeType: 'image/png',
    text: Buffer.from([0x89, 0x50, 0xff, 0xfe]).toString('base64'),
    encoding: 'base64',
  });
  assert.equal(sent.comment, 'createToken.basic');

  const lost = harEntry({ ...base, headers: {}, error: 'POST http://t.test/a.json: no answer within 10000 ms' });
  assert.equal(lost.response.status, 0);
  assert.equal(lost.response._error, 'POST http://t.test/a.json: no answer within 10000 ms');
  assert.ok(validHar({ log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: [sent, lost] } }));
});
