// The bench's suite rows: the conformance suite against the reference server it
// starts, once as it is, once against a server whose creates answer 200 instead of 201 (the fault
// envelopes.createAnswers200; since the fixtures' creates only make data, 43 requirements fail), once against a server
// that fails over half the requirements (envelopes.errorWithoutSuccess: every error answer lacks `success`), and once
// against the Prism mock (`npm run mock`), a target that is not ours and fails most requirements. Playwright
// replaces its worker after each failed test. `node scripts/bench/suite.ts` times them alone and prints them;
// `npm run bench` runs them last.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, root } from '../run.ts';
import { freePort } from '../../shared/server-process.ts';

/** One timed run: wall seconds, and its requirements by outcome. */
export interface SuiteRun {
  seconds: number;
  requirements: number;
  passed: number;
  failed: number;
  /** Requirements the run did not get to (`not-run`). */
  notRun: number;
  /** Whether results.json, summary.md and junit.xml were all written. */
  reports: boolean;
  exitCode: number;
}
export interface SuiteRows {
  passing: SuiteRun;
  /** Against envelopes.createAnswers200. */
  failing: SuiteRun;
  /** Against envelopes.errorWithoutSuccess: more than half the requirements fail. */
  halfFailing: SuiteRun;
  /** Against pagination.nextOnLastPage: every list's `next` links on past its last page, without end. */
  endlessLinks: SuiteRun;
  /** Against the Prism mock on the bundled document: a target that is not ours. */
  mock: SuiteRun;
  /**
   * Playwright's own price of a failed test, with no code of ours: a bare project of FLOOR_TESTS trivial tests in one
   * worker, all passing and all failing; (failing − passing) ÷ FLOOR_TESTS is what replacing a worker costs.
   */
  floor: { passingSeconds: number; failingSeconds: number; tests: number; perFailureMs: number };
}

/** The fault the failing row runs against: a server that fails about half the requirements. */
export const FAILING_FAULT = 'envelopes.createAnswers200';
/** The fault of the half-failing row: an error envelope without `success` fails every requirement that sees an error. */
export const HALF_FAILING_FAULT = 'envelopes.errorWithoutSuccess';
/** The fault of the endless-links row: a `next` on every page, the last included (§2.1: "URL of the next page or null"). */
export const ENDLESS_LINKS_FAULT = 'pagination.nextOnLastPage';

function time(name: string, env: Record<string, string>, target = ''): Promise<SuiteRun> {
  const dir = join(root, 'reports/bench', name);
  const t0 = Date.now();
  return new Promise((resolve) =>
    spawn(process.execPath, ['scripts/conformance.ts'], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        ...env,
        TARGET_URL: target,
        CONFORMANCE_REPORT_DIR: dir,
        PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}`,
      },
    }).on('exit', (code) => {
      const seconds = (Date.now() - t0) / 1000;
      const file = join(dir, 'results.json');
      const rows = existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as { requirements: { status: string }[] }).requirements
        : [];
      resolve({
        seconds,
        requirements: rows.length,
        passed: rows.filter((r) => r.status === 'pass').length,
        failed: rows.filter((r) => r.status === 'fail' || r.status === 'error').length,
        notRun: rows.filter((r) => r.status === 'not-run').length,
        reports: ['results.json', 'summary.md', 'junit.xml'].every((f) => existsSync(join(dir, f))),
        exitCode: code ?? 1,
      });
    }),
  );
}

/** Prism on the bundled document (`npm run mock`), on a free port; resolves once it answers. */
async function prism(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(bin('prism'), ['mock', '-h', '127.0.0.1', '-p', String(port), 'openapi/dist/openapi.json'], {
    cwd: root,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${url}/api/v2/products.json`).then(
      () => true,
      () => false,
    );
    if (up) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the Prism mock did not answer within 30 s');
}

const FLOOR_TESTS = 20;

/** The bare project (under reports/bench/, so that it resolves this repository's Playwright), run once each way. */
async function floor(): Promise<SuiteRows['floor']> {
  const dir = join(root, 'reports/bench/playwright-floor');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'floor.config.mjs'),
    `export default { testDir: '.', testMatch: /floor\\.spec\\.mjs$/, workers: 1, reporter: 'dot', outputDir: 'out' };\n`,
  );
  writeFileSync(
    join(dir, 'floor.spec.mjs'),
    `import { test, expect } from '@playwright/test';\n` +
      `for (let i = 0; i < ${FLOOR_TESTS}; i++) test('t' + i, () => expect(process.env.FLOOR_FAIL ? 1 : 0).toBe(0));\n`,
  );
  const run = (fail: boolean) => {
    const t0 = Date.now();
    return new Promise<number>((resolve) =>
      spawn(bin('playwright'), ['test', '-c', 'floor.config.mjs'], {
        cwd: dir,
        stdio: 'ignore',
        env: { ...process.env, FLOOR_FAIL: fail ? '1' : '' },
      }).on('exit', () => resolve((Date.now() - t0) / 1000)),
    );
  };
  const passingSeconds = await run(false);
  const failingSeconds = await run(true);
  return {
    passingSeconds,
    failingSeconds,
    tests: FLOOR_TESTS,
    perFailureMs: ((failingSeconds - passingSeconds) * 1000) / FLOOR_TESTS,
  };
}

/** The rows, one after the other, on whatever else the machine is doing (ratios side by side, one run). */
export async function suiteRows(): Promise<SuiteRows> {
  const passing = await time('conformance', { FAULTS: '' });
  const failing = await time('conformance-failing', { FAULTS: FAILING_FAULT });
  const halfFailing = await time('conformance-half-failing', { FAULTS: HALF_FAILING_FAULT });
  const endlessLinks = await time('conformance-endless-links', { FAULTS: ENDLESS_LINKS_FAULT });
  const mockServer = await prism();
  const mock = await time('conformance-mock', {}, mockServer.url);
  mockServer.child.kill();
  return { passing, failing, halfFailing, endlessLinks, mock, floor: await floor() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { passing, failing, halfFailing, endlessLinks, mock, floor: bare } = await suiteRows();
  const line = (label: string, r: SuiteRun) =>
    `${label}: ${r.seconds.toFixed(1)} s, ${r.passed} passed, ${r.failed} failed of ${r.requirements} (exit ${r.exitCode})`;
  console.log(line('passing', passing));
  console.log(line(`failing (${FAILING_FAULT})`, failing));
  console.log(`failing ÷ passing: ${(failing.seconds / passing.seconds).toFixed(2)}×`);
  console.log(line(`half failing (${HALF_FAILING_FAULT})`, halfFailing));
  console.log(`half failing ÷ passing: ${(halfFailing.seconds / passing.seconds).toFixed(2)}×`);
  console.log(line(`endless links (${ENDLESS_LINKS_FAULT})`, endlessLinks));
  console.log(`endless links ÷ passing: ${(endlessLinks.seconds / passing.seconds).toFixed(2)}×`);
  console.log(
    `${line('the Prism mock', mock)}, ${mock.notRun} not run, reports ${mock.reports ? 'written' : 'MISSING'}`,
  );
  console.log(`mock ÷ passing: ${(mock.seconds / passing.seconds).toFixed(2)}×`);
  console.log(
    `Playwright alone, one worker: ${bare.tests} tests passing ${bare.passingSeconds.toFixed(1)} s, failing ${bare.failingSeconds.toFixed(1)} s: ${bare.perFailureMs.toFixed(0)} ms a failed test`,
  );
}
