// `judge FILE.har`: a HAR's entries read as the exchanges the proxy would have seen, and the command's refusals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { exchangesOf } from './har.ts';

const entry = (url: string, started: string, time: number, extra: Record<string, unknown> = {}) => ({
  startedDateTime: started,
  time,
  request: {
    method: 'GET',
    url,
    headers: [
      { name: ':authority', value: 'x' },
      { name: 'Accept', value: '*/*' },
    ],
  },
  response: { status: 200, headers: [{ name: 'Content-Type', value: 'application/json' }], content: { text: '{}' } },
  ...extra,
});

test('entries to the target become exchanges, in the order their answers ended, the rest left out', () => {
  const xs = exchangesOf(
    [
      entry('http://127.0.0.1:9/api/v2/products.json?page=2', '2026-01-01T00:00:00.000Z', 500),
      entry('http://127.0.0.1:9/api/v2/redirects.json', '2026-01-01T00:00:00.100Z', 10),
      entry('http://127.0.0.1:7/app.js', '2026-01-01T00:00:00.000Z', 1),
    ],
    'http://127.0.0.1:9',
  );
  assert.deepEqual(
    xs.map((x) => x.url),
    ['/api/v2/redirects.json', '/api/v2/products.json?page=2'],
  );
  // Header names in lower case; HTTP/2's pseudo-headers are not headers of the request.
  assert.deepEqual(xs[0]!.requestHeaders, { accept: '*/*' });
  assert.equal(xs[0]!.direction, 'api');
});

test('a base with a path: the path below it is the operation path', () => {
  const [x] = exchangesOf(
    [entry('https://h.example/store/api/v2/products.json', '2026-01-01T00:00:00Z', 1)],
    'https://h.example/store/',
  );
  assert.equal(x!.url, '/api/v2/products.json');
});

test('bodies: base64 where the entry says so; a masked token named apart; a body cut short not read as whole', () => {
  const [x, y] = exchangesOf(
    [
      entry('http://h/admin/oauth/token.json', '2026-01-01T00:00:00Z', 1, {
        request: {
          method: 'POST',
          url: 'http://h/admin/oauth/token.json',
          headers: [],
          postData: { text: Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]).toString('base64'), encoding: 'base64' },
        },
        response: { status: 200, headers: [], content: { text: '{"access_token":"***"}' } },
      }),
      entry('http://h/api/v2/products.json', '2026-01-01T00:00:01Z', 1, {
        response: { status: 200, headers: [], content: { size: 5000, text: '{"data": [' } },
      }),
    ],
    'http://h',
  );
  assert.deepEqual([...x!.requestBody.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  assert.match(x!.responseBody.toString(), /"access_token":"masked-0"/);
  assert.equal(y!.responseLength, 5000);
  assert.ok(y!.responseBody.length < y!.responseLength);
});

test('the command refuses what it cannot judge, with exit status 2', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'judge-'));
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ['bin/store-api-conformance.ts', 'judge', ...args], {
      cwd: process.cwd(),
    }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
    );
  writeFileSync(join(dir, 'not.har'), 'not json');
  writeFileSync(
    join(dir, 'none.har'),
    JSON.stringify({ log: { entries: [entry('http://h/app.js', '2026-01-01T00:00:00Z', 1)] } }),
  );
  const notHar = await run([join(dir, 'not.har')]);
  assert.equal(notHar.code, 2);
  assert.match(notHar.stderr, /is not a HAR file/);
  const none = await run([join(dir, 'none.har')]);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /no entry .* calls \/api\/ or \/admin\/oauth\//);
  assert.equal((await run([])).code, 2);
});
