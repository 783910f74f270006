// Tokens, client secrets and secrets a client sends in a body never appear in the server's logs
// (stdout, stderr) or in any answer, error answers included; webhook deliveries carry a signature (D-16), never the
// secret. The server is `node bin/serve-main.ts` itself, with App clients whose secrets are random, so a
// secret found anywhere can only have come from where it was sent.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { defaultClients } from '../../openapi/clients.ts';
import { startServer, type ServerProcess } from '../../shared/server-process.ts';

/** What each secret is, by its value; a secret is random hex, so a part of it found anywhere cannot be chance. */
const labels = new Map<string, string>();
/** Every value that must never show: filled as the test runs (tokens are issued on the way). */
const secrets = new Set<string>();
const secret = (what: string) => {
  const value = randomBytes(12).toString('hex');
  labels.set(value, what);
  secrets.add(value);
  return value;
};
const full = {
  clientId: 'secrets-full',
  clientSecret: secret('the client secret of secrets-full'),
  scopes: defaultClients.full.scopes,
};
const other = {
  clientId: 'secrets-other',
  clientSecret: secret('the client secret of secrets-other'),
  scopes: [] as string[],
};

const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
let server: ServerProcess;
let base: string;
let log = '';
/** What the server answered: status, headers and body of every request but the token issuances themselves. */
const answers: { request: string; answer: string }[] = [];
let receiver: Server;
const deliveries: string[] = [];

before(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      deliveries.push(`${JSON.stringify(req.headers)}\n${body}`);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const clients = join(dir, 'clients.json');
  writeFileSync(clients, JSON.stringify([full, other]));
  // Everything the server writes, stdout and stderr, is the log searched for secrets.
  server = await startServer({
    args: ['--clients', clients],
    env: { ...process.env, WEBHOOK_RETRY_BASE_MS: '100' },
    onOutput: (chunk) => (log += chunk),
  });
  base = server.url;
});
after(async () => {
  await server.stop();
  receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends a request and keeps its answer (status line, headers, body) for the final check. */
async function send(path: string, init: RequestInit = {}, keep = true): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  // The request is named by its method and path only: what it sent may be the secret looked for.
  if (keep)
    answers.push({
      request: `${init.method ?? 'GET'} ${path.split('?')[0]} (#${answers.length + 1})`,
      answer: `${res.status}\n${JSON.stringify([...res.headers])}\n${text}`,
    });
  return { status: res.status, text };
}
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const json = (method: string, token: string, body: string) => ({
  method,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body,
});
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function issue(client: { clientId: string; clientSecret: string }): Promise<string> {
  const res = await send(
    '/admin/oauth/token.json',
    form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
    false,
  );
  assert.equal(res.status, 200);
  const token = (JSON.parse(res.text) as { access_token: string }).access_token;
  secrets.add(token);
  labels.set(token, `the token of ${client.clientId}`);
  return token;
}

test('no token or secret appears in any answer, in the logs, or in a webhook delivery', async () => {
  const token = await issue(full);
  await issue(other);
  const wrongSecret = secret('wrong-secret');
  const wrongToken = secret('wrong-token');
  const webhookSecret = secret('webhook-secret');
  const bodySecret = secret('body-secret');

  // The token endpoint: wrong secrets in every way it takes them, and bodies it cannot read that carry them.
  const grant = { grant_type: 'client_credentials', client_id: full.clientId };
  assert.equal((await send('/admin/oauth/token.json', form({ ...grant, client_secret: wrongSecret }))).status, 401);
  assert.equal(
    (
      await send(
        '/admin/oauth/token.json',
        form({ grant_type: 'client_credentials', client_id: wrongSecret, client_secret: wrongSecret }),
      )
    ).status,
    401,
  );
  assert.equal(
    (
      await send(
        '/admin/oauth/token.json',
        form({ grant_type: wrongSecret, client_id: full.clientId, client_secret: full.clientSecret }),
      )
    ).status,
    400,
  );
  for (const authorization of [
    basic(full.clientId, wrongSecret),
    basic(wrongSecret, full.clientSecret),
    basic(full.clientId, `%ZZ${wrongSecret}`), // not form-encoded as RFC 6749 §2.3.1 asks
    `Basic ${wrongSecret}`,
  ]) {
    const res = await send('/admin/oauth/token.json', {
      ...form({ grant_type: 'client_credentials' }),
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(res.status, 401, authorization);
  }
  const tokenJson = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });
  assert.equal(
    (await send('/admin/oauth/token.json', tokenJson(JSON.stringify({ ...grant, client_secret: wrongSecret })))).status,
    401,
  );
  for (const broken of [
    `{"client_secret": "${wrongSecret}"`, // cut short
    `{"client_secret": ${wrongSecret}}`, // not a string
    `{"client_secret": "${full.clientSecret}", }`,
    `${'['.repeat(100)}"${wrongSecret}"`,
  ])
    assert.equal((await send('/admin/oauth/token.json', tokenJson(broken))).status, 400, broken);

  // Bearer tokens: valid, wrong, malformed, in the query string, for another client's resources.
  assert.equal((await send('/api/v2/products.json', { headers: { authorization: `Bearer ${token}` } })).status, 200);
  for (const authorization of [
    `Bearer ${wrongToken}`,
    `Bearer ${token}x`,
    `Bearer ${wrongToken} ${token}`,
    `Basic ${token}`,
    token,
  ])
    assert.equal((await send('/api/v2/products.json', { headers: { authorization } })).status, 401, authorization);
  assert.equal(
    (await send(`/api/v2/products.json?access_token=${wrongToken}`, { headers: { authorization: `Bearer ${token}` } }))
      .status,
    422,
  );

  // Bodies that carry secrets and break a rule: wrong types, formats, patterns, enums, lengths, unknown fields,
  // unreadable JSON, a unique value sent twice.
  const bad = [
    ['POST', '/api/v2/products.json', { data: { title: 5, sku: bodySecret } }],
    ['POST', '/api/v2/products.json', { data: { title: bodySecret, sku: bodySecret, type: bodySecret } }],
    ['POST', '/api/v2/products.json', { data: { title: bodySecret, sku: bodySecret, secret: bodySecret } }],
    ['POST', '/api/v2/products.json', { data: { title: 'x', sku: bodySecret } }], // a sku that exists (made below)
    [
      'POST',
      '/api/v2/webhooks.json',
      { data: { url: 'https://hooks.example.com/in', events: ['products/created'], secret: webhookSecret } },
    ],
    ['POST', '/api/v2/webhooks.json', { data: { url: `ftp://${webhookSecret}`, events: ['products/created'] } }],
    [
      'POST',
      '/api/v2/webhooks.json',
      { data: { url: `http://${webhookSecret}.example.com/`, events: [webhookSecret] } },
    ],
    [
      'POST',
      '/api/v2/webhooks.json',
      {
        data: {
          url: `https://user:${webhookSecret}@hooks.example.com/`,
          events: ['*'],
          metadata: { secret: webhookSecret.repeat(20) },
        },
      },
    ],
    ['POST', '/api/contacts.json', { contact: { type: 'guest', email: bodySecret, password: bodySecret } }],
    [
      'POST',
      '/api/contacts.json',
      {
        contact: {
          type: 'guest',
          email: 'a@example.com',
          firstname: 'A',
          lastname: 'B',
          password: bodySecret.repeat(10),
        },
      },
    ],
    [
      'POST',
      '/api/contacts.json',
      {
        contact: {
          type: 'guest',
          email: 'a@example.com',
          firstname: 'A',
          lastname: 'B',
          thumbnail: `https://${bodySecret}.invalid/a.png`,
        },
      },
    ],
    ['POST', '/api/v2/redirects.json', { data: { resource: 'url', path: bodySecret, target: bodySecret } }],
  ] as const;
  // A product whose sku is the secret, for the clash: its own answer holds the sku, as it must, and is not kept.
  const made = await send(
    '/api/v2/products.json',
    json('POST', token, JSON.stringify({ data: { title: 'x', sku: bodySecret } })),
    false,
  );
  assert.equal(made.status, 201);
  for (const [method, path, body] of bad) {
    const res = await send(path, json(method, token, JSON.stringify(body)));
    assert.ok(res.status >= 400 && res.status < 500, `${path} ${JSON.stringify(body)}: ${res.status}`);
  }
  for (const raw of [
    `{"data": {"title": "${bodySecret}"`,
    `{"data": ${bodySecret}}`,
    `{"data": {"title": "\\uzz${bodySecret}"}}`,
  ])
    assert.equal((await send('/api/v2/products.json', json('POST', token, raw))).status, 400, raw);

  // A webhook that is delivered: its delivery is signed with the client's secret, and never carries it.
  const hook = await send(
    '/api/v2/webhooks.json',
    json(
      'POST',
      token,
      JSON.stringify({
        data: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`, events: ['products/created'] },
      }),
    ),
  );
  assert.equal(hook.status, 201, hook.text);
  assert.equal(
    (
      await send(
        '/api/v2/products.json',
        json('POST', token, JSON.stringify({ data: { title: 'Delivered', sku: `delivered-${Date.now()}` } })),
      )
    ).status,
    201,
  );
  for (let i = 0; i < 50 && deliveries.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(deliveries.length > 0, 'the webhook was delivered');

  await new Promise((r) => setTimeout(r, 200)); // whatever the server still writes to its logs
  // Any 8 characters of a secret in a row count: a parser's message quotes a cut of the text around an error.
  const parts = (s: string) => Array.from({ length: s.length - 7 }, (_, i) => s.slice(i, i + 8));
  const leaks = (where: string, text: string) =>
    [...secrets]
      .filter((s) => parts(s).some((p) => text.includes(p)))
      .map((s) => `${labels.get(s) ?? 'a secret'} in ${where}`);
  const found = [
    ...answers.flatMap((a) => leaks(`the answer to ${a.request}`, a.answer)),
    ...leaks('the server log', log),
    ...deliveries.flatMap((d) => leaks('a webhook delivery', d)),
  ];
  assert.deepEqual(found, []);
  assert.doesNotMatch(log, /internal error/, 'no request above was a 5xx');
  assert.ok(answers.length >= 35, `${answers.length} answers checked`);
});
