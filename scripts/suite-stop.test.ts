// A run stopped part-way: SIGTERM, as a cancelled CI job or `timeout` sends it, to the suite's
// command while requirements run against a reference server the test started. The run must end with the three
// reports, what it did not get to marked not run with the signal named, and what it made on the target (webhooks,
// shipping services: conformance/lib/cleanup.ts) deleted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './run.ts';
import { startReference } from './server-process.ts';

interface Made {
  create: string;
  id: number;
  as: string | { token: string };
}
const getOf: Record<string, string> = {
  createWebhook: '/api/v2/webhooks/{id}.json',
  createShippingService: '/api/shipping/services/{id}.json',
};

test('SIGTERM part-way: the three reports, the rest not run, the suite’s data deleted from the target', async () => {
  const server = await startReference();
  const dir = mkdtempSync(join(tmpdir(), 'suite-stop-'));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, CONFORMANCE_REPORT_DIR: dir };
    delete env.TARGET_URL;
    const child = spawn(process.execPath, [join(root, 'bin/store-api-conformance.ts'), '--target', server.url], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
    // Stopped once a hundred requirements have an outcome (a progress line), while most of the run is still ahead.
    await new Promise<void>((resolve, reject) => {
      const look = (d: Buffer) => {
        out += d.toString();
        const done = [...out.matchAll(/^ {2}(\d+)\/\d+ · /gm)].map((m) => Number(m[1]));
        if (done.some((n) => n >= 100)) resolve();
      };
      child.stdout.on('data', look);
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      void exited.then(() => reject(new Error(`the run ended before it was stopped:\n${out.slice(-2000)}`)));
    });
    child.kill('SIGTERM');
    const code = await exited;
    assert.equal(code, 1, out.slice(-2000));

    for (const f of ['results.json', 'summary.md', 'junit.xml']) assert.ok(existsSync(join(dir, f)), `${f} written`);
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as {
      gate: { passed: boolean };
      requirements: { id: string; status: string; reason?: string }[];
    };
    const notRun = results.requirements.filter((r) => r.status === 'not-run');
    assert.ok(
      results.requirements.some((r) => r.status === 'pass'),
      'requirements ran before the signal',
    );
    assert.ok(notRun.length > 100, `${notRun.length} not run`);
    for (const r of notRun) assert.equal(r.reason, 'the run was interrupted (SIGTERM)', r.id);
    assert.equal(results.gate.passed, false);
    const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
    assert.match(summary, new RegExp(`- ${notRun.length} requirement\\(s\\): the run was interrupted \\(SIGTERM\\)`));
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    assert.equal(junit.match(/<testcase /g)?.length, results.requirements.length, 'a test case per requirement');
    assert.equal(
      junit.match(/<skipped message="not run: the run was interrupted \(SIGTERM\)"/g)?.length,
      notRun.length,
    );
    assert.match(out, new RegExp(`${notRun.length} not run: the run was interrupted \\(SIGTERM\\)\\n`));

    // Everything the run made that keeps the target working is gone: each answers 404 to its maker.
    const tokens = JSON.parse(readFileSync(join(dir, '.tokens.json'), 'utf8')) as Record<string, string>;
    const made = readFileSync(join(dir, '.created.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Made);
    assert.ok(made.length > 0, 'the run made webhooks or shipping services before it was stopped');
    assert.match(out, new RegExp(`cleanup: ${made.length} of ${made.length} resources the suite made removed`));
    for (const m of made) {
      const token = typeof m.as === 'string' ? tokens[m.as] : m.as.token;
      const res = await fetch(`${server.url}${getOf[m.create]!.replace('{id}', String(m.id))}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(res.status, 404, `${m.create} ${m.id} is still there`);
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
