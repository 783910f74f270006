// The App's command line as a user starts it, through npm (`npm run serve-app -- …`): the usage for `--help` and for a
// bad option (never a stack trace); a start that answers signed requests with the secret given (option, environment,
// default) and refuses others (D-74); a stop by SIGTERM that exits 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { doc } from '../openapi/contract.ts';
import { sign } from '../shared/signing.ts';
import { startServer } from '../shared/server-process.ts';
import { DEFAULT_SECRET } from './cli.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// This test's Node first, for npm's script and its `node`.
const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };
const npmServeApp = (args: string[]) => ['npm', 'run', '--silent', 'serve-app', '--', ...args];
const body = JSON.stringify({ delivery: doc.components.schemas.RateDelivery.example });
const rates = (url: string, secret: string) =>
  fetch(`${url}/rates`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-store-signature': sign(body, secret) },
  }).then(async (r) => [r.status, ((await r.json()) as { rates?: unknown[] }).rates?.length]);

test('--help prints the usage, the default secret named; a bad option prints the usage and exits 2', () => {
  const [command, ...args] = npmServeApp(['--help']);
  const help = spawnSync(command!, args, { cwd: root, env, encoding: 'utf8' });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /^Usage: npm run serve-app -- \[options\]/);
  assert.match(help.stdout, new RegExp(`default ${DEFAULT_SECRET}, the reference server's full client`));
  for (const bad of [['--prot', '8090'], ['--port', 'eighty'], ['--secret=']]) {
    const [c, ...a] = npmServeApp(bad);
    const res = spawnSync(c!, a, { cwd: root, env, encoding: 'utf8' });
    assert.equal(res.status, 2, `${bad.join(' ')}: ${res.stderr}`);
    assert.match(res.stderr, /Usage: npm run serve-app/);
    assert.doesNotMatch(res.stderr, /^\s+at /m, `${bad.join(' ')}: no stack trace`);
  }
});

test('it answers requests signed with its secret (the default, APP_SECRET, --secret) and stops on SIGTERM', async () => {
  for (const [args, extra, secret] of [
    [[], {}, DEFAULT_SECRET],
    [[], { APP_SECRET: 'from-the-environment' }, 'from-the-environment'],
    [['--secret', 'from-the-option'], { APP_SECRET: 'not-this-one' }, 'from-the-option'],
  ] as const) {
    const app = await startServer({
      command: npmServeApp(['--port', '0', ...args]),
      cwd: root,
      env: { ...env, ...extra },
      onOutput: () => {},
    });
    try {
      assert.match(app.output, /^ {2}ratesUrl: {2}http:\/\/127\.0\.0\.1:\d+\/rates$/m);
      assert.deepEqual(await rates(app.url, secret), [200, 3]);
      assert.deepEqual(await rates(app.url, `${secret}-not`), [401, undefined]);
    } finally {
      assert.equal(await app.stop(), 0, 'a SIGTERM stops it cleanly');
    }
  }
});
