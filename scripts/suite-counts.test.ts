// A run where about half the requirements fail: the reference server with the fault
// envelopes.errorWithoutSuccess (its error bodies say success: true), judged by `npm run conformance`. Its counts must
// agree in every output (the console's last progress line and last line, results.json, summary.md, junit.xml) and
// its failures, most of them of one cause, must be grouped by cause in a summary.md a person can read; Playwright's
// own record of the run must count as failed each test that holds a failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './run.ts';

type Status = 'pass' | 'fail' | 'error' | 'skipped' | 'not-applicable' | 'not-run';
interface Results {
  gate: { passed: boolean; lastLine: { passed: number; failed: number } };
  counts: { all: Record<string, number> };
  requirements: { id: string; status: Status; gating: boolean; expectation?: string; test: string }[];
}

test('half failing: the same counts everywhere, failures grouped by cause', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suite-counts-'));
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      FAULTS: 'envelopes.errorWithoutSuccess',
      STORE_ALLOW_PRIVATE_URLS: '1',
      CONFORMANCE_REPORT_DIR: dir,
      TARGET_URL: '',
    };
    const run = spawnSync(process.execPath, [join(root, 'scripts/conformance.ts')], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    assert.equal(run.status, 1, run.stderr.slice(-2000));
    const out = run.stdout;
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
    const rs = results.requirements;
    const n = (s: Status) => rs.filter((r) => r.status === s).length;
    const total = rs.length;
    assert.ok(n('fail') > total * 0.3 && n('fail') < total * 0.8, `${n('fail')} of ${total} fail: about half`);

    // results.json against itself: the counts, and the last line's arithmetic.
    assert.deepEqual(results.counts.all, {
      requirements: total,
      pass: n('pass'),
      fail: n('fail'),
      error: n('error'),
      skipped: n('skipped'),
      'not-applicable': n('not-applicable'),
      'not-run': n('not-run'),
    });
    const failed = rs.filter(
      (r) =>
        ((r.status === 'fail' || r.status === 'error') && r.gating) ||
        r.expectation === 'stale' ||
        r.status === 'not-run',
    ).length;
    assert.deepEqual(results.gate.lastLine, { passed: n('pass'), failed });

    // The console: the last line, and the last progress line.
    assert.equal(out.trim().split('\n').at(-1), `${n('pass')} passed, ${failed} failed`);
    const progress = [
      ...out.matchAll(
        /^ {2}(\d+)\/(\d+) · (\d+) passed · (\d+) failed · (\d+) errors · (\d+) skipped · (\d+) not applicable · (\d+) not run · /gm,
      ),
    ].at(-1);
    assert.deepEqual(progress?.slice(1, 9).map(Number), [
      total,
      total,
      n('pass'),
      n('fail'),
      n('error'),
      n('skipped'),
      n('not-applicable'),
      n('not-run'),
    ]);

    // summary.md's row of all areas, and its sentence on the last line.
    const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
    assert.ok(
      summary.includes(
        `| **all** | ${total} | ${n('pass')} | ${n('fail')} | ${n('error')} | ${n('skipped')} | ${n('not-applicable')} | ${n('not-run')} |`,
      ),
    );
    assert.ok(summary.includes(`The last line counts ${n('pass')} passed and ${failed} failed`));

    // junit.xml: a test case per requirement, and the same totals.
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    assert.equal(junit.match(/<testcase /g)?.length, total);
    assert.match(
      junit,
      new RegExp(
        `<testsuites [^>]*tests="${total}" failures="${n('fail')}" errors="${n('error')}" skipped="${n('skipped') + n('not-applicable') + n('not-run')}"`,
      ),
    );
    assert.equal(junit.match(/<failure /g)?.length, n('fail') + n('error'));

    // Failures by cause: every gating failure in exactly one entry, far fewer entries than failures, and small.
    const section = summary.split('## Failures and errors, by cause')[1]?.split('\n## ')[0] ?? '';
    const entries = [...section.matchAll(/^- \*\*(\d+)\*\* × /gm)].map((m) => Number(m[1]));
    const gatingFailures = rs.filter((r) => (r.status === 'fail' || r.status === 'error') && r.gating).length;
    assert.equal(
      entries.reduce((a, b) => a + b, 0),
      gatingFailures,
      'each gating failure in one cause',
    );
    assert.ok(entries.length * 10 < gatingFailures, `${entries.length} causes for ${gatingFailures} failures`);
    assert.ok(Buffer.byteLength(summary) < 200_000, `summary.md is ${Buffer.byteLength(summary)} bytes`);

    // Playwright's own reports count a test that holds a failed requirement as failed, though its worker was kept
    // (lib/steps.ts, endTest): its last-run file, which `--last-failed` and the HTML report's count agree with.
    const lastRun = JSON.parse(readFileSync(join(dir, 'artifacts', '.last-run.json'), 'utf8')) as {
      status: string;
      failedTests: string[];
    };
    const failingTests = new Set(rs.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => r.test));
    assert.equal(lastRun.status, 'failed');
    assert.equal(lastRun.failedTests.length, failingTests.size, 'a failed Playwright test per test holding a failure');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
