// The suite against hostile targets: a tiny server on 127.0.0.1 that never answers, resets
// connections, answers HTML, a truncated JSON body, 10 MB, headers a byte a second, or 200 `{}` to everything; then
// the installed command (bin/store-api-conformance.ts) run against it. Every run must end in bounded time with exit
// status 1, the last line `0 passed, N failed` (N: every requirement of results.json), and every requirement fail or
// not run with a one-line reason: never a pass, never a passing verdict, never an error (the suite breaking on what
// the target sent). Where the token endpoint fails, no requirement runs (all of them not run, with what the setup
// saw); in the modes where it gives tokens and only the API is hostile, the requirements of `@products` (20, about
// 5 s a run) really run and fail on their own. instruments/hostile/ runs the whole suite against a seeded target
// that misbehaves in many more ways, mostly by corrupting a real server's answers.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';

/** How the target treats a request (the token request too, unless `tokens` says it works). */
type Mode = 'silent' | 'reset' | 'html' | 'truncated' | 'cut' | 'huge' | 'slow-headers' | 'empty-json';

const HUGE = 10 * 1024 * 1024;
const head = (type: string, length: number) =>
  `HTTP/1.1 200 OK\r\ncontent-type: ${type}\r\ncontent-length: ${length}\r\nconnection: close\r\n\r\n`;
const answer = (socket: Socket, type: string, body: string) => socket.end(head(type, Buffer.byteLength(body)) + body);
const TOKEN = JSON.stringify({ access_token: 'hostile-token', token_type: 'bearer', expires_in: 3600, scope: '' });

/** What each mode does once a request has arrived whole. */
const modes: Record<Mode, (socket: Socket) => void> = {
  silent: () => {},
  reset: (socket) => socket.resetAndDestroy(),
  html: (socket) => answer(socket, 'text/html', '<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>'),
  truncated: (socket) => answer(socket, 'application/json', '{"data":{"id":1,"name":"Trunc'),
  // The body cut short of its content-length: no whole HTTP answer.
  cut: (socket) => socket.end(`${head('application/json', 1000)}{"data":{"id":1`),
  huge: (socket) => {
    socket.write(head('application/json', HUGE));
    socket.end(`{"data":"${'x'.repeat(HUGE - 11)}"}`);
  },
  'slow-headers': (socket) => {
    const bytes = head('application/json', 2) + '{}';
    let i = 0;
    const timer = setInterval(() => (i < bytes.length ? socket.write(bytes[i++]!) : socket.end()), 1000);
    socket.on('close', () => clearInterval(timer));
  },
  'empty-json': (socket) => answer(socket, 'application/json', '{}'),
};

/** The hostile target on a free loopback port; `tokens`: its token endpoint gives valid-looking tokens. */
async function hostile(mode: Mode, tokens: boolean): Promise<{ url: string; server: Server }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const text = received.subarray(0, end).toString();
      const length = Number(/^content-length:\s*(\d+)/im.exec(text)?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      received = Buffer.alloc(0);
      if (tokens && / \/admin\/oauth\/token\.json[ ?]/.test(text.split('\r\n')[0]!))
        answer(socket, 'application/json', TOKEN);
      else modes[mode](socket);
    });
  });
  server.on('close', () => sockets.forEach((s) => s.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, server };
}

interface Run {
  code: number | null;
  seconds: number;
  lines: string[];
  requirements: { id: string; status: string; reason?: string; gating: boolean }[];
  gate: { passed: boolean };
  summary: string;
}

/** The installed command against `url`, reports in a fresh folder; `args` are its options and Playwright's. */
function suite(url: string, args: string[]): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'hostile-'));
  const started = Date.now();
  const script = new URL('../bin/store-api-conformance.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, [script, '--target', url, '--report-dir', dir, ...args], {
    env: { ...process.env, TARGET_URL: '', AUTH_URL: '', CONFORMANCE_CONFIG: '', CONFORMANCE_WORKERS: '2' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  child.stdout.on('data', (d: Buffer) => out.push(d));
  child.stderr.on('data', () => {});
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Pick<Run, 'requirements' | 'gate'>;
      const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
      rmSync(dir, { recursive: true, force: true });
      const lines = Buffer.concat(out).toString().trimEnd().split('\n');
      resolve({ code, seconds: (Date.now() - started) / 1000, lines, ...results, summary });
    });
  });
}

/** Every requirement of the suite, as Playwright lists them (the conformance project; the setup is not one). */
const ALL = (() => {
  const cli = new URL('../node_modules/@playwright/test/cli.js', import.meta.url).pathname;
  // The suite's reporter lists one requirement a line, then their count.
  const list = spawnSync(process.execPath, [cli, 'test', '--list', '--project', 'conformance'], { encoding: 'utf8' });
  const count = Number(/^(\d+) requirements$/m.exec(list.stdout)?.[1] ?? 0);
  assert.ok(count > 1000, `playwright test --list: ${count} requirements (${list.stderr.slice(0, 300)})`);
  return count;
})();
/** What the token setup saw in each mode (every requirement's not-run reason ends with it): default settings, 10 s. */
const setupSaw: Record<Mode, RegExp> = {
  silent: /POST \S+ timed out after 10000 ms \(no answer\)$/,
  reset: /POST \S+ got no HTTP answer \(read ECONNRESET\)$/,
  html: /POST \S+ answered 200 text\/html, not JSON: <!doctype html>/,
  truncated: /POST \S+ answered 200 application\/json, not JSON: \{"data":\{"id":1,"name":"Trunc$/,
  cut: /POST \S+ got no HTTP answer \(Response body length does not match content-length header, \w+\)$/,
  huge: /POST \S+ answered 200 application\/json with no access_token: \{"data":"xxx.*… \(10485760 characters\)$/,
  'slow-headers': /POST \S+ timed out after 10000 ms \(no answer\)$/,
  'empty-json': /POST \S+ answered 200 application\/json with no access_token: \{\}$/,
};
/**
 * The modes run again with a working token endpoint, so that requirements really run: six of @products (source and
 * decision, MUST and SHOULD); against the slow target all 20, with a 1 s request timeout, so that the row of
 * unanswered requests is reached and the rest are not run.
 */
const SOME = '*status-read-only*,*sku-unique*,createProduct.utc';
const apiOnly: Mode[] = ['html', 'truncated', 'huge', 'slow-headers', 'empty-json'];
const cases: { mode: Mode; tokens: boolean; args: string[]; notRun: RegExp }[] = [
  ...(Object.entries(setupSaw) as [Mode, RegExp][]).map(([mode, saw]) => ({
    mode,
    tokens: false,
    args: [],
    notRun: new RegExp(`^the token setup could not obtain a token from the target: ${saw.source}`),
  })),
  ...apiOnly.map((mode) => ({
    mode,
    tokens: true,
    args: mode === 'slow-headers' ? ['--request-timeout-ms', '1000', '--area', 'products'] : ['--only', SOME],
    notRun:
      /^the target stopped answering: 5 requests in a row got no HTTP answer \(the last: .* timed out after 1000 ms/,
  })),
];
/** Every run, whatever the target does, ends within this (seconds; a never-answering target: the setup's 10 s). */
const BOUND = 60;

const servers: Server[] = [];
after(() => servers.forEach((s) => s.close()));

// Four at a time: most of a run is waiting (for the setup's timeout, or Playwright starting), on two shared cores.
describe('the suite against a hostile target', { concurrency: 4 }, () => {
  for (const c of cases)
    test(`${c.mode}${c.tokens ? ', tokens working' : ''}: fail or not run, in under ${BOUND} s`, async (t) => {
      const target = await hostile(c.mode, c.tokens);
      servers.push(target.server);
      const run = await suite(target.url, c.args);
      target.server.close();
      const statuses: Record<string, number> = {};
      for (const r of run.requirements) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      t.diagnostic(`${run.seconds.toFixed(1)} s, exit ${run.code}, ${JSON.stringify(statuses)}`);
      for (const line of run.lines.slice(-3)) t.diagnostic(line);
      assert.deepEqual(
        run.requirements.filter((r) => r.status === 'pass').map((r) => r.id),
        [],
        'nothing passes',
      );
      assert.ok(run.seconds < BOUND, `${run.seconds} s`);
      assert.equal(run.code, 1);
      assert.equal(run.gate.passed, false);
      assert.doesNotMatch(run.summary, /Verdict: passed/);
      for (const r of run.requirements) {
        assert.match(r.status, /^(fail|not-run)$/, `${r.id}: ${r.status}`);
        assert.match(r.reason ?? '', /^[^\n]+$/, `${r.id}: a one-line reason`);
        if (r.status === 'not-run') assert.match(r.reason!, c.notRun, r.id);
      }
      // The last line counts what did not run, and what failed where it gates (a SHOULD that fails does not).
      const notRun = run.requirements.filter((r) => r.status === 'not-run');
      const failed = run.requirements.filter((r) => r.status === 'not-run' || r.gating).length;
      assert.equal(run.lines.at(-1), `0 passed, ${failed} failed`);
      if (notRun.length) assert.equal(run.lines.at(-2), `${notRun.length} not run: ${notRun[0]!.reason}`);
      if (!c.tokens) assert.equal(notRun.length, ALL);
      else {
        assert.equal(run.requirements.length, c.mode === 'slow-headers' ? 20 : 6);
        assert.ok(notRun.length < run.requirements.length, 'requirements ran');
      }
    });
});
