// A run stopped part-way, as CI stops it: `timeout`, a cancelled job or Ctrl-C signal the command's whole process
// group (SIGTERM or SIGINT, then SIGKILL after a grace period). From both entry points (`npm run conformance`, the
// installed command) and against both kinds of target (an outside one; the reference server `npm run conformance`
// starts, which must outlive the signal until the teardown is done), the
// command must return only once the run has ended as a run ends: the three reports, what it did not get to marked not
// run with the signal named, and what it made on the target (webhooks, shipping services: conformance/lib/cleanup.ts)
// deleted, with the cleanup line to say so. The grace period's SIGKILL must never be needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './run.ts';
import { startReference, type ServerProcess } from '../shared/server-process.ts';

interface Made {
  create: string;
  id: number;
  as: string | { token: string };
}
const getOf: Record<string, string> = {
  createWebhook: '/api/v2/webhooks/{id}.json',
  createShippingService: '/api/shipping/services/{id}.json',
};
/** How long the stop may take before the group is killed, as `timeout -k` would. */
const GRACE_MS = 60_000;

type Entry = 'npm' | 'installed';
type Target = 'outside' | 'started';
interface Case {
  entry: Entry;
  target: Target;
  signal: 'SIGTERM' | 'SIGINT';
}

/** The command of an entry point, against an outside target (its URL) or the reference server it starts. */
function command(entry: Entry, url: string | undefined): string[] {
  if (entry === 'npm') return ['npm', 'run', '--silent', 'conformance'];
  return [process.execPath, join(root, 'bin/store-api-conformance.ts'), ...(url ? ['--target', url] : [])];
}

/**
 * The areas each run holds: webhooks, which makes what the cleanup must delete within its first seconds, and auth,
 * about 500 short requirements on every worker, so that the signal comes while the workers are busy and hundreds of
 * requirements are still to run. The whole suite makes its first webhook a third of the way in (about 6 s): stopped
 * there, each case would cost a third of a run for nothing it checks.
 */
const AREAS = 'webhooks,auth';

/**
 * Runs the case: the command in a process group of its own, signalled once a hundred requirements have an outcome
 * (counted from its lines per requirement, CONFORMANCE_VERBOSE, rather than from the progress line every 5 s) and
 * the run has made something its cleanup must delete.
 */
async function stopped(c: Case, server: ServerProcess | undefined, dir: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONFORMANCE_REPORT_DIR: dir,
    CONFORMANCE_VERBOSE: '1',
    CONFORMANCE_AREA: AREAS,
  };
  delete env.CONFORMANCE_ONLY;
  delete env.TARGET_URL;
  if (c.entry === 'npm' && server) env.TARGET_URL = server.url;
  const [cmd, ...args] = command(c.entry, server?.url);
  const child = spawn(cmd!, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const outcomes = [...out.matchAll(/^ {2}[✓✗!~·-] \S+ \(\d+ ms\)/gm)].length;
      if (outcomes >= 100 && existsSync(join(dir, '.created.jsonl'))) resolve();
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    void exited.then(() => reject(new Error(`the run ended before it was stopped:\n${out.slice(-2000)}`)));
  });
  process.kill(-child.pid!, c.signal);
  let killed = false;
  const kill = setTimeout(() => {
    killed = true;
    process.kill(-child.pid!, 'SIGKILL');
  }, GRACE_MS);
  const code = await exited;
  clearTimeout(kill);
  // What the command left when it returned, read before anything else can write.
  const left = Object.fromEntries(
    ['results.json', 'summary.md', 'junit.xml', '.tokens.json', '.created.jsonl'].map((f) => [
      f,
      existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8') : undefined,
    ]),
  );
  return { code, out, killed, left };
}

// The installed command judges the target it is given; only the repository's run starts a reference server itself.
const cases: Case[] = (['npm', 'installed'] as Entry[]).flatMap((entry) =>
  (entry === 'npm' ? (['outside', 'started'] as Target[]) : (['outside'] as Target[])).flatMap((target) =>
    (['SIGTERM', 'SIGINT'] as const).map((signal) => ({ entry, target, signal })),
  ),
);

for (const c of cases)
  test(`${c.signal} to the group of ${c.entry === 'npm' ? 'npm run conformance' : 'the installed command'}, against ${c.target === 'outside' ? 'an outside target' : 'the reference server it starts'}: it returns after the reports and the cleanup`, async () => {
    const server = c.target === 'outside' ? await startReference() : undefined;
    const dir = mkdtempSync(join(tmpdir(), 'suite-stop-'));
    try {
      const { code, out, killed, left } = await stopped(c, server, dir);
      assert.equal(killed, false, `the stop outlasted ${GRACE_MS} ms:\n${out.slice(-2000)}`);
      assert.equal(code, 1, out.slice(-2000));
      for (const f of ['results.json', 'summary.md', 'junit.xml'])
        assert.ok(left[f] !== undefined, `${f} written before the command returned`);
      const results = JSON.parse(left['results.json']!) as {
        gate: { passed: boolean };
        requirements: { id: string; status: string; reason?: string }[];
      };
      const reason = `the run was interrupted (${c.signal})`;
      const notRun = results.requirements.filter((r) => r.status === 'not-run');
      assert.ok(
        results.requirements.some((r) => r.status === 'pass'),
        'requirements ran before the signal',
      );
      assert.ok(notRun.length > 100, `${notRun.length} not run`);
      for (const r of notRun) assert.equal(r.reason, reason, r.id);
      assert.equal(results.gate.passed, false);
      const escaped = reason.replace(/[()]/g, '\\$&');
      assert.match(left['summary.md']!, new RegExp(`- ${notRun.length} requirement\\(s\\): ${escaped}`));
      assert.equal(
        left['junit.xml']!.match(/<testcase /g)?.length,
        results.requirements.length,
        'a test case per requirement',
      );
      assert.equal(
        left['junit.xml']!.match(new RegExp(`<skipped message="not run: ${escaped}"`, 'g'))?.length,
        notRun.length,
      );
      assert.match(out, new RegExp(`${notRun.length} not run: ${escaped}\\n`));

      const made = (left['.created.jsonl'] ?? '')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Made);
      assert.ok(made.length > 0, 'the run made webhooks or shipping services before it was stopped');
      assert.match(out, new RegExp(`cleanup: ${made.length} of ${made.length} resources the suite made removed`));
      // On an outside target, each is gone: it answers 404 to its maker (a started server is stopped with its data).
      if (server) {
        const tokens = JSON.parse(left['.tokens.json']!) as Record<string, string>;
        for (const m of made) {
          const token = typeof m.as === 'string' ? tokens[m.as] : m.as.token;
          const res = await fetch(`${server.url}${getOf[m.create]!.replace('{id}', String(m.id))}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          assert.equal(res.status, 404, `${m.create} ${m.id} is still there`);
        }
      }
    } finally {
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
