// Evidence on every failure: against a known-bad server, the failing requirement's entry in summary.md
// shows the request, the response and a curl line, and that curl line, run by hand, gets the same answer. The
// evidence names the credentials each request carried, their secret masked, and shows the requests that led to the
// failing one with their bodies: the unit tests below build it from exchanges with a stand-in
// transport.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../shared/server-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const env = { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}` };
const FAULT = 'envelopes.notFoundWithoutEnvelope';
const REQUIREMENT = 'routing.unknown-route.envelope';

test(
  `a failure's summary entry carries its HTTP exchange and a curl line that repeats it (${FAULT})`,
  { timeout: 120_000 },
  async () => {
    const server = await startServer({ env: { ...env, FAULTS: FAULT }, onOutput: () => {} });
    const target = server.url;
    try {
      const reports = mkdtempSync(join(tmpdir(), 'evidence-'));
      // The suite selects requirements itself (lib/selection.ts): Playwright's tests are operations.
      const run = spawnSync(join(root, 'node_modules/.bin/playwright'), ['test'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...env, TARGET_URL: target, CONFORMANCE_REPORT_DIR: reports, CONFORMANCE_ONLY: REQUIREMENT },
      });
      assert.notEqual(run.status, 0, 'the run must fail: the fault breaks the requirement');
      const summary = readFileSync(join(reports, 'summary.md'), 'utf8');
      const entry = summary.slice(summary.indexOf(`\`${REQUIREMENT}\``));
      assert.ok(summary.indexOf(`\`${REQUIREMENT}\``) > 0, `no entry for ${REQUIREMENT} in\n${summary}`);
      assert.match(entry, /^\s*> GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/no-such-resource\.json$/m, 'the request line');
      assert.match(entry, /^\s*> authorization: Bearer \*\*\*$/m, 'the token, masked');
      assert.match(
        entry,
        /^\s*> GET \S+\n\s*# credentials: the full client's token \(conformance-full\)$/m,
        'whose token it was, right under the request line',
      );
      assert.match(entry, /^\s*< 404$/m, 'the response status');
      assert.match(entry, /^\s*< \{"message":"Not Found"\}$/m, 'the response body');
      const curl = /^\s*(curl .*)$/m.exec(entry)?.[1];
      assert.ok(curl, 'a curl line');
      // Run by hand, with a token of the same App client, it gets the same answer.
      const token = (await (
        await fetch(`${target}/admin/oauth/token.json`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials&client_id=conformance-full&client_secret=conformance-full-secret',
        })
      ).json()) as { access_token: string };
      const repeated = spawnSync('bash', ['-c', curl!], {
        encoding: 'utf8',
        env: { ...env, TOKEN: token.access_token },
      });
      assert.equal(repeated.status, 0, repeated.stderr);
      assert.match(repeated.stdout, /^HTTP\/1\.1 404/);
      assert.match(repeated.stdout, /\{"message":"Not Found"\}/);
    } finally {
      await server.stop();
    }
  },
);

// ── The evidence an Api builds, without a target: a stand-in wire answers every request ──

/** The setup project's tokens, as tokens.setup.ts writes them; none of them may appear in the evidence. */
const TOKENS = {
  full: 'full-token-0123456789',
  readonly: 'readonly-token-0123456789',
  other: 'other-token-0123456789',
};
const TARGET = 'http://target.invalid';

/** lib/api.ts, loaded once against a report directory holding TOKENS (its settings are read when it loads). */
let loaded: Promise<typeof import('./api.ts')> | undefined;
function api(): Promise<typeof import('./api.ts')> {
  return (loaded ??= (() => {
    const reports = mkdtempSync(join(tmpdir(), 'evidence-unit-'));
    writeFileSync(join(reports, '.tokens.json'), JSON.stringify(TOKENS));
    process.env.CONFORMANCE_REPORT_DIR = reports;
    process.env.TARGET_URL = TARGET;
    delete process.env.CONFORMANCE_CLIENTS;
    delete process.env.CONFORMANCE_CONFIG;
    return import('./api.ts');
  })());
}

/** An Api whose requests all get `answer` (by default a 200 with a small JSON body). */
async function standIn(
  answer: (url: string) => { status: number; text: string } = () => ({ status: 200, text: '{}' }),
) {
  const { Api } = await api();
  const client = new Api(async (_method, url) => ({
    ...answer(url),
    responseHeaders: { 'content-type': 'application/json' },
  }));
  client.begin(false);
  return client;
}
const credentialsOf = (evidence: string | undefined) => /^# credentials: (.*)$/m.exec(evidence ?? '')?.[1];
const noToken = (evidence: string | undefined) => {
  for (const token of Object.values(TOKENS)) assert.ok(!evidence?.includes(token), `${token} in\n${evidence}`);
};

test('the credentials line, right under the request line, names the configured client and its id', async () => {
  for (const [as, named] of [
    [undefined, "the full client's token (conformance-full)"],
    ['readonly', "the readonly client's token (conformance-readonly)"],
    ['other', "the other client's token (conformance-other)"],
  ] as const) {
    const client = await standIn();
    await client.send('GET', `${TARGET}/api/v2/products.json`, as ? { as } : {});
    const evidence = client.evidence();
    assert.match(evidence!, new RegExp(`^> GET ${TARGET}/api/v2/products\\.json\n# credentials: (.*)\n> `));
    assert.equal(credentialsOf(evidence), named);
    assert.match(evidence!, /^> authorization: Bearer \*\*\*$/m, 'the token itself stays masked');
    assert.match(evidence!, /-H "Authorization: Bearer \$TOKEN"/, 'and the curl line leaves it to $TOKEN');
    noToken(evidence);
  }
});

test('no credentials, a token the requirement gave (with its label or without), a header it set', async () => {
  const cases: [Parameters<Awaited<ReturnType<typeof standIn>>['send']>[2], string][] = [
    [{ as: 'none' }, 'none (no Authorization header)'],
    [
      { as: { token: 'not-a-token-0123456789abcdef', label: 'an unknown token' } },
      'a token the requirement gave: an unknown token',
    ],
    [
      { as: { token: 'not-a-token-0123456789abcdef' } },
      "a token given by the requirement, not one of the configured clients'",
    ],
    // A token the requirement holds that is a configured client's is named as that client's.
    [{ as: { token: TOKENS.other } }, "the other client's token (conformance-other), given by the requirement"],
    [
      { as: { token: TOKENS.full, label: 'the token fetched first' } },
      "a token the requirement gave: the token fetched first (it is the full client's token (conformance-full))",
    ],
    [
      { as: 'none', headers: { authorization: 'Basic Y2xpZW50OnNlY3JldA==' } },
      'an Authorization header given by the requirement (Basic)',
    ],
    [
      { as: 'none', headers: { Authorization: `bearer ${TOKENS.readonly}` } },
      "an Authorization header given by the requirement (bearer): the readonly client's token (conformance-readonly)",
    ],
  ];
  for (const [options, named] of cases) {
    const client = await standIn();
    await client.send('GET', `${TARGET}/api/v2/webhooks.json`, options);
    const evidence = client.evidence();
    assert.equal(credentialsOf(evidence), named, JSON.stringify(options));
    noToken(evidence);
    assert.ok(!evidence?.includes('not-a-token'), 'a given token is masked too');
  }
});

test("through the typed client, requests sent at once each get their own credentials' description", async () => {
  const client = await standIn();
  await Promise.all([
    client.untyped('listWebhooks', { unchecked: true, as: { token: 'expired-0123456789', label: 'an expired token' } }),
    client.untyped('listWebhooks', { unchecked: true, as: 'readonly' }),
    client.untyped('listWebhooks', { unchecked: true, as: 'none' }),
  ]);
  const evidence = client.evidence()!;
  const named = [...evidence.matchAll(/^# credentials: (.*)$/gm)].map((m) => m[1]).sort();
  assert.deepEqual(named, [
    'a token the requirement gave: an expired token',
    'none (no Authorization header)',
    "the readonly client's token (conformance-readonly)",
  ]);
  noToken(evidence);
});

test('the evidence shows the failing exchange whole, then the three before it with their bodies, oldest first', async () => {
  const client = await standIn((url) =>
    url.endsWith('/4')
      ? { status: 500, text: '{"error":"the failing answer"}' }
      : { status: 201, text: JSON.stringify({ data: { id: Number(url.at(-1)), note: 'r'.repeat(400) } }) },
  );
  for (const i of [0, 1, 2, 3])
    await client.send('POST', `${TARGET}/api/v2/things/${i}`, {
      as: i === 2 ? 'readonly' : 'full',
      body: { data: { step: i, filler: 'b'.repeat(i === 3 ? 1000 : 10) } },
    });
  await client.send('GET', `${TARGET}/api/v2/things/4`, { as: 'none' });
  const evidence = client.evidence()!;
  const [failing, before] = evidence.split('\nBefore it (oldest first):\n');
  assert.ok(before, evidence);
  // The failing exchange, complete: its headers, its answer and the curl line.
  assert.match(failing!, /^> GET \S+\/things\/4\n# credentials: none \(no Authorization header\)\n> accept: /);
  assert.match(failing!, /^< 500\n(< .*\n)*<\n< \{"error":"the failing answer"\}$/m);
  assert.match(failing!, /^curl -i -X GET /m);
  // The three before it, oldest first; the first request of all is left out.
  const earlier = before.trim().split('\n\n');
  assert.deepEqual(
    earlier.map((x) => x.split('\n')[0]),
    [1, 2, 3].map((i) => `> POST ${TARGET}/api/v2/things/${i}`),
  );
  assert.ok(!evidence.includes('/things/0'));
  assert.deepEqual(earlier[1]!.split('\n').slice(0, 3), [
    `> POST ${TARGET}/api/v2/things/2`,
    "# credentials: the readonly client's token (conformance-readonly)",
    `> {"data":{"step":2,"filler":"bbbbbbbbbb"}}`,
  ]);
  // Each with its request body (the first 400 characters of a longer one) and its status, the answer's start.
  const third = earlier[2]!.split('\n');
  const long = JSON.stringify({ data: { step: 3, filler: 'b'.repeat(1000) } });
  assert.equal(third[2], `> ${long.slice(0, 400)}… (${long.length} characters)`);
  assert.equal(third[3], '< 201');
  assert.match(third[4]!, /^< \{"data":\{"id":3,"note":"r+… \(\d+ characters\)$/);
  assert.equal(third[4]!.indexOf('…'), 2 + 200);
  assert.ok(evidence.length < 4000, `${evidence.length} characters`);
  noToken(evidence);
});

test('the evidence stays bounded: after a large failing exchange the earlier ones shrink to their lines', async () => {
  const client = await standIn(() => ({ status: 200, text: JSON.stringify({ data: 'r'.repeat(5000) }) }));
  for (const i of [1, 2, 3, 4])
    await client.send('POST', `${TARGET}/api/v2/things/${i}`, { body: { data: 'b'.repeat(3000) } });
  const evidence = client.evidence()!;
  const [failing, before] = evidence.split('\nBefore it (oldest first):\n');
  assert.ok(failing!.length > 4000, 'the premise: the failing exchange alone is over the budget, and stays whole');
  const earlier = before!.trim().split('\n\n');
  assert.equal(earlier.length, 3);
  for (const x of earlier)
    assert.match(
      x,
      /^> POST \S+\n# credentials: .*\n> \(a body of 3\d{3} characters\)\n< 200\n< \(a body of 5\d{3} characters\)$/,
    );
  assert.ok(before!.length < 1000, `${before!.length} characters`);
});

test('one exchange: the evidence is that exchange alone', async () => {
  const { formatExchange } = await api();
  const client = await standIn();
  await client.send('GET', `${TARGET}/api/v2/products.json`);
  const evidence = client.evidence()!;
  assert.ok(!evidence.includes('Before it'));
  assert.match(evidence, /^# credentials: the full client's token \(conformance-full\)$/m);
  // formatExchange prints what it is given: the credentials line second.
  const formatted = formatExchange({
    method: 'DELETE',
    url: `${TARGET}/api/v2/webhooks/1.json`,
    credentials: 'a token the requirement gave: a revoked token',
    headers: { authorization: 'Bearer secret-value' },
    status: 401,
    responseHeaders: {},
    responseText: '',
    responseLength: 0,
  });
  assert.deepEqual(formatted.split('\n').slice(0, 3), [
    `> DELETE ${TARGET}/api/v2/webhooks/1.json`,
    '# credentials: a token the requirement gave: a revoked token',
    '> authorization: Bearer ***',
  ]);
  assert.ok(!formatted.includes('secret-value'));
});
