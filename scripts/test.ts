// `npm test`: the project's own checks, each counted; ends with the plain `N passed, N failed` line that CI reads,
// and a non-zero exit on any failure. Two lanes run at once, one per core, taking the steps below in order as each
// is free: the first takes the unit and contract tests (node:test, files several at a time: most wait on servers they
// started), the second the steps after it, and whichever lane is free first takes the next, so neither idles while the
// other has steps left. A step that mostly waits (`beside`: timed load runs) runs beside the lanes from the start
// instead of holding one. Each step's output is printed whole when it ends, so two steps never interleave; the closing
// summary lists them in the order below.
import { spawn, type SpawnOptions } from 'node:child_process';
import { existsSync, globSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { playwrightCounts, suiteCounts, type Counts } from './playwright-report.ts';
import { bin, root } from './run.ts';

/** A command of a step, run with the project's node_modules/.bin first on PATH; its output kept for the step. */
type Run = (command: string, args: string[], options?: SpawnOptions) => Promise<{ code: number; output: string }>;
interface Step {
  name: string;
  /** A step whose output this one reads: it starts once that step has ended. */
  after?: string;
  /** A step that mostly waits, using a fraction of a core: it runs beside the lanes, from the start. */
  beside?: boolean;
  exec: (run: Run) => Promise<Counts & { notes?: string[] }>;
}
const once = ({ code }: { code: number }) => ({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });
mkdirSync(`${root}/reports/unit`, { recursive: true });
/** An npm script's arguments after its command, so that a step runs what `npm run <name>` runs, listed once. */
const { scripts } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: Record<string, string> };
const argsOf = (name: string) =>
  [...(scripts[name] ?? '').matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!).slice(1);

const steps: Step[] = [
  // The longest first: it starts at once in one lane, and the other lane takes every step after it.
  {
    name: 'unit and contract tests (node:test)',
    exec: async (run) => {
      const tap = `${root}/reports/unit/results.tap`;
      rmSync(tap, { force: true });
      const { code } = await run(process.execPath, [
        '--test',
        // Most test files wait on servers and suites they started: more files at once than cores.
        `--test-concurrency=${Math.max(2, availableParallelism())}`,
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${tap}`,
        ...argsOf('test:unit').filter((a) => a.endsWith('.test.ts')),
      ]);
      const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
      const count = (k: string) => Number(new RegExp(`^# ${k} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
      return {
        passed: count('pass'),
        failed: count('fail') + count('cancelled') + (code !== 0 && count('fail') === 0 ? 1 : 0),
        // The innermost failed tests (a failed subtest also fails its parents, listed after it).
        failures: [...text.matchAll(/^ *not ok \d+ - (.*)$/gm)].map((m) => m[1]!),
      };
    },
  },
  {
    // The document and its Arazzo flows (openapi/arazzo, scripts/arazzo.ts), in one run as `npm run spec:lint`.
    name: 'spec lint (zero problems)',
    exec: async (run) =>
      once(
        await run(bin('redocly'), [
          ...argsOf('spec:lint').flatMap((a) => (a.includes('*') ? globSync(a, { cwd: root }).sort() : [a])),
          '--max-problems',
          '50',
        ]),
      ),
  },
  // spectral:oas and the OWASP rules that fit (.spectral.yaml, openapi/README.md "Spectral"), on the bundle.
  {
    name: 'spec lint (spectral, OWASP)',
    exec: async (run) => once(await run(bin('spectral'), argsOf('spec:spectral'))),
  },
  { name: 'typecheck', exec: async (run) => once(await run(bin('tsc'), ['-p', 'tsconfig.json'])) },
  {
    // Clients generated from the bundle (@hey-api/openapi-ts, orval) keep required fields, nullability and every
    // answer, and one makes a real call against a reference server (scripts/clients/main.ts).
    name: 'generated clients (hey-api, orval): strict type checks and a real call',
    exec: async (run) => {
      const { code, output } = await run(process.execPath, ['scripts/clients/main.ts']);
      const m = /^(\d+) passed, (\d+) failed$/m.exec(output);
      const failures = [...output.matchAll(/^FAIL (.*)$/gm)].map((f) => f[1]!);
      if (!m) return { passed: 0, failed: 1 };
      return { passed: Number(m[1]), failed: Number(m[2]) + (code !== 0 && m[2] === '0' ? 1 : 0), failures };
    },
  },
  // The static checks, as `npm run format:check`, `lint` and `deps` run them: cheap, so they come before the slow runs.
  { name: 'format (prettier --check)', exec: async (run) => once(await run(bin('prettier'), ['--check', '.'])) },
  {
    name: 'lint (eslint, zero warnings)',
    exec: async (run) => once(await run(bin('eslint'), ['.', '--max-warnings', '0'])),
  },
  {
    name: 'dependencies (no cycles, layers)',
    exec: async (run) => once(await run(bin('depcruise'), argsOf('deps'))),
  },
  // The contract's changes since its last release tag (or, in a clone without tags, the merge base with main): a
  // breaking change not accepted in openapi/accepted-changes.yaml, or a stale acceptance, fails (scripts/README.md).
  {
    name: 'contract diff (npm run contract:diff)',
    exec: async (run) => once(await run(process.execPath, ['scripts/contract-diff.ts'])),
  },
  // Tiny sizes and short runs, so the benchmark script cannot rot; its numbers are not checked here. Its timed runs of
  // a second each take about 50 s and a quarter of a core: beside the lanes.
  {
    name: 'benchmark smoke run (npm run bench -- --smoke)',
    beside: true,
    exec: async (run) => once(await run(process.execPath, ['scripts/bench/main.ts', '--smoke'])),
  },
  {
    name: 'conformance suite against the reference server',
    exec: async (run) => {
      const results = `${root}/reports/conformance/results.json`;
      rmSync(results, { force: true });
      const { code } = await run(process.execPath, ['scripts/conformance.ts'], {
        env: { ...process.env, TARGET_URL: '' },
      });
      return suiteCounts(results, code);
    },
  },
  {
    // The suite against an implementation written outside this repository (instruments/outside/), when its folder
    // and python3 are found (`--if-present`; otherwise one line says it did not run). `--npm-test`: it reports and
    // records nothing, and fails this step only once GATE_IN_NPM_TEST (instruments/outside/run.ts) says so.
    name: 'outside implementation (npm run conformance:outside)',
    exec: async (run) => {
      const summary = `${root}/reports/outside/summary.json`;
      const { code, output } = await run(process.execPath, [
        ...argsOf('conformance:outside'),
        '--if-present',
        '--npm-test',
      ]);
      const didNotRun = /^conformance:outside did not run: .*$/m.exec(output)?.[0];
      if (didNotRun && code === 0) return { passed: 0, failed: 0, notes: [didNotRun] };
      if (!existsSync(summary)) return { passed: 0, failed: 1 };
      const s = JSON.parse(readFileSync(summary, 'utf8')) as { gated: boolean; problems: string[] };
      const failed = code !== 0 ? Math.max(1, s.problems.length) : 0;
      return {
        passed: code === 0 ? 1 : 0,
        failed,
        ...(failed ? { failures: s.problems } : { notes: s.problems.map((p) => `not gating: ${p}`) }),
      };
    },
  },
  {
    // The proxy's verdicts on a recorded run equal the suite's (conformance/proxy/): each requirement both judged
    // counts as passed when they agree, as failed when not. Three areas; `npm run proxy:compare -- --only '*'` is all.
    name: 'proxy against the suite (npm run proxy:compare, three areas)',
    exec: async (run) => {
      const out = `${root}/reports/proxy-compare/test`;
      const { code } = await run(process.execPath, [
        'scripts/proxy-compare.ts',
        '--only',
        '@products,@pagination,@filters',
        '--out',
        out,
      ]);
      const file = `${out}/compare.json`;
      if (!existsSync(file)) return { passed: 0, failed: 1 };
      const c = JSON.parse(readFileSync(file, 'utf8')) as { agree: number; disagree: { id: string }[] };
      return {
        passed: c.agree,
        failed: c.disagree.length + (code !== 0 && c.disagree.length === 0 ? 1 : 0),
        failures: c.disagree.map((d) => d.id),
      };
    },
  },
  {
    // The App suite (conformance/app/) against the reference App it starts (`npm run conformance:app`).
    name: 'App suite against the reference App',
    exec: async (run) => {
      const results = `${root}/reports/app/results.json`;
      rmSync(results, { force: true });
      const env = { ...process.env, APP_RATES_URL: '', APP_LABELS_URL: '', CONFORMANCE_REPORT_DIR: '' };
      return suiteCounts(results, (await run(process.execPath, ['bin/store-api-conformance.ts', 'app'], { env })).code);
    },
  },
  {
    // The docs page and the frontend page in the Chromium that `npm install` provides (browser/README.md).
    name: 'browser tests (real Chromium)',
    exec: async (run) => {
      const json = `${root}/reports/browser/results.json`;
      rmSync(json, { force: true });
      return playwrightCounts(
        json,
        (await run(bin('playwright'), ['test', '-c', 'browser/playwright.config.ts'])).code,
      );
    },
  },
  // The suite's strength and fairness on a quick subset of the instruments (instruments/README.md), and the App
  // suite's the same way: a few faults it must catch, and a few benign variants it must pass under the source profile
  // and fail only on decisions under the contract one. Each fault caught and each variant judged benign counts as
  // passed, each other as failed. The full sets are `npm run conformance:faults` and `npm run conformance:variants`.
  ...(
    [
      ['faults', 'service', 'known-bad reference servers', 'caught'],
      ['variants', 'service', 'benign reference servers', 'benign'],
      ['faults', 'app', 'known-bad reference Apps', 'caught'],
      ['variants', 'app', 'benign reference Apps', 'benign'],
    ] as const
  ).map(([kind, side, what, good]): Step => ({
    name: `${side === 'app' ? 'App ' : ''}${kind}: quick subset of ${what}`,
    after: side === 'app' ? 'App suite against the reference App' : 'conformance suite against the reference server',
    exec: async (run) => {
      const summary = `${root}/reports/${kind}/${side === 'app' ? 'app/' : ''}quick/summary.json`;
      rmSync(summary, { force: true });
      // The baseline is npm test's own run of the suite (of the App suite), so the runner need not make one.
      const baseline = `${root}/reports/${side === 'app' ? 'app' : 'conformance'}/results.json`;
      const { code } = await run(process.execPath, [
        ...argsOf(`conformance:${kind}`),
        ...(side === 'app' ? ['--side', 'app'] : []),
        '--quick',
        ...(existsSync(baseline) ? ['--baseline', baseline] : []),
      ]);
      if (!existsSync(summary)) return { passed: 0, failed: 1 };
      const counts = JSON.parse(readFileSync(summary, 'utf8')) as Record<string, number>;
      const [ok, total] = [counts[good]!, counts.total!];
      return { passed: ok, failed: total - ok + (code !== 0 && ok === total ? 1 : 0) };
    },
  })),
];

/** Runs a step's command with its output kept (stdout and stderr in the order they came), for the step to print whole. */
const runner =
  (output: string[]): Run =>
  (command, args, options = {}) =>
    new Promise((resolve) => {
      const env = {
        // Every step starts Node processes by the hundred (test files, servers, suite runners and workers), each
        // loading the same modules: with a compile cache (Node 22.1 or later; an older Node ignores it) all but the
        // first read V8's compiled code instead of compiling again, a sixth of a small test file's CPU.
        NODE_COMPILE_CACHE: join(root, 'node_modules', '.cache', 'node-compile-cache'),
        ...process.env,
        ...options.env,
        PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
      };
      const child = spawn(command, args, { cwd: root, ...options, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const chunks: string[] = [];
      child.stdout!.on('data', (c: Buffer) => chunks.push(c.toString()));
      child.stderr!.on('data', (c: Buffer) => chunks.push(c.toString()));
      child.on('error', (err) => chunks.push(`${err.message}\n`));
      child.on('close', (code) => {
        output.push(...chunks);
        resolve({ code: code ?? 1, output: chunks.join('') });
      });
    });

/** A step run, its output printed whole when it ends, and its line of the closing summary. */
async function runStep(step: Step): Promise<{ counts: Counts; seconds: number; line: string[] }> {
  const started = Date.now();
  const output: string[] = [];
  const { notes, ...counts }: Counts & { notes?: string[] } = await step.exec(runner(output)).catch((err: unknown) => {
    output.push(`${err instanceof Error ? err.stack : String(err)}\n`);
    return { passed: 0, failed: 1 };
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`\n=== ${step.name} (${seconds} s)\n${output.join('')}`);
  return {
    counts,
    seconds: Number(seconds),
    line: [
      `${counts.failed ? 'FAIL' : 'ok  '} ${step.name}: ${counts.passed} passed, ${counts.failed} failed (${seconds} s)`,
      ...(counts.failures ?? []).slice(0, 10).map((f) => `       ✗ ${f}`),
      // What a step reports without counting it (a step that did not run, and why; findings that do not gate).
      ...(notes ?? []).slice(0, 10).map((n) => `       · ${n}`),
    ],
  };
}
const started = Date.now();
/** Each step's run, by name, once a lane has taken it (or at once, for a step beside the lanes). */
const runs = new Map<string, ReturnType<typeof runStep>>();
for (const step of steps.filter((s) => s.beside)) runs.set(step.name, runStep(step));
const queue = steps.filter((s) => !s.beside);
let next = 0;
const lane = async () => {
  while (next < queue.length) {
    const step = queue[next++]!;
    const run = (async () => {
      if (step.after) await runs.get(step.after);
      return runStep(step);
    })();
    runs.set(step.name, run);
    await run;
  }
};
await Promise.all([lane(), lane(), ...runs.values()]);
const results = await Promise.all(steps.map((step) => runs.get(step.name)!));
const passed = results.reduce((n, r) => n + r.counts.passed, 0);
const failed = results.reduce((n, r) => n + r.counts.failed, 0);
const seconds = (Date.now() - started) / 1000;
// The bench's bars table reads the last run's wall time (scripts/bench/report.ts).
mkdirSync(`${root}/reports/test`, { recursive: true });
writeFileSync(
  `${root}/reports/test/summary.json`,
  `${JSON.stringify({ generated: new Date().toISOString(), seconds, passed, failed, steps: steps.map((s, i) => ({ name: s.name, seconds: results[i]!.seconds, ...results[i]!.counts })) }, null, 2)}\n`,
);
console.log(`\n${results.flatMap((r) => r.line).join('\n')}`);
console.log(`npm test: ${seconds.toFixed(0)} s, two lanes`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
