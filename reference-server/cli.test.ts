// The server's command line as a user starts it, through npm (`npm run serve -- …`): the usage for `--help` and for
// a bad option or setting (never a stack trace), and a stop by SIGTERM or SIGINT sent to npm that ends the server and frees its
// port (npm passes the signal to the script's process, which is the server itself: `exec` in package.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../shared/server-process.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// This test's Node first, for npm's script and its `node`.
const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };
const npmServe = (args: string[]) => ['run', '--silent', 'serve', '--', ...args];

test('--help prints the usage, --host included, and exits 0; a bad option or setting prints the usage and exits 2', () => {
  const help = spawnSync('npm', npmServe(['--help']), { cwd: root, env, encoding: 'utf8' });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /^Usage: npm run serve -- \[options\]/);
  assert.match(help.stdout, /--host <value>/);
  for (const bad of [
    ['--prot', '8080'],
    ['--port', 'eighty'],
  ]) {
    const res = spawnSync('npm', npmServe(bad), { cwd: root, env, encoding: 'utf8' });
    assert.equal(res.status, 2, `${bad.join(' ')}: ${res.stderr}`);
    assert.match(res.stderr, /Usage: npm run serve/);
    assert.doesNotMatch(res.stderr, /^\s+at /m, `${bad.join(' ')}: no stack trace`);
  }
  // A setting of the environment only (core/config.ts), checked the same way, one line per problem.
  const badEnv = spawnSync('npm', npmServe([]), {
    cwd: root,
    env: { ...env, WEBHOOK_RETRY_BASE_MS: 'abc', CURRENCY_RATES: '{' },
    encoding: 'utf8',
  });
  assert.equal(badEnv.status, 2, badEnv.stderr);
  assert.match(badEnv.stderr, /^ {2}WEBHOOK_RETRY_BASE_MS="abc" \(environment\): expected a whole number from 1$/m);
  assert.match(badEnv.stderr, /^ {2}CURRENCY_RATES="\{" \(environment\): expected a JSON object/m);
  assert.doesNotMatch(badEnv.stderr, /^\s+at /m, 'no stack trace');
});

/** Whether something listens on the port: a probe cannot bind it then. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });

for (const signal of ['SIGTERM', 'SIGINT'] as const)
  test(`${signal} to \`npm run serve\` stops the server and frees its port`, async () => {
    const server = await startServer({ command: ['npm', ...npmServe(['--port', '0'])], cwd: root, env });
    const port = Number(new URL(server.url).port);
    // An open keep-alive connection must not hold the server (D-64 keeps an idle one 5 s).
    const res = await fetch(`http://127.0.0.1:${port}/openapi.json`);
    await res.arrayBuffer();
    assert.equal(await listening(port), true);
    const started = performance.now();
    await server.stop(signal);
    const free = async (): Promise<boolean> =>
      !(await listening(port)) || (performance.now() - started < 3000 && (await sleep(50), free()));
    assert.ok(await free(), `port ${port} is still held after ${signal}`);
    assert.ok(performance.now() - started < 3000, `stopped within 3 s`);
  });
