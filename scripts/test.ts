// `npm test`: the project's own checks, in order, each counted; ends with the plain `N passed, N failed`
// line that CI reads, and a non-zero exit on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, globSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { playwrightCounts, suiteCounts, type Counts } from './playwright-report.ts';
import { bin, root, run } from './run.ts';

interface Step {
  name: string;
  exec: () => Counts;
}
const once = (code: number) => ({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });
mkdirSync(`${root}/reports/unit`, { recursive: true });
/** An npm script's arguments after its command, so that a step runs what `npm run <name>` runs, listed once. */
const { scripts } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: Record<string, string> };
const argsOf = (name: string) =>
  [...(scripts[name] ?? '').matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!).slice(1);

const steps: Step[] = [
  {
    // The document and its Arazzo flows (openapi/arazzo, scripts/arazzo.ts), in one run as `npm run spec:lint`.
    name: 'spec lint (zero problems)',
    exec: () =>
      once(
        run(bin('redocly'), [
          ...argsOf('spec:lint').flatMap((a) => (a.includes('*') ? globSync(a, { cwd: root }).sort() : [a])),
          '--max-problems',
          '50',
        ]),
      ),
  },
  // spectral:oas and the OWASP rules that fit (.spectral.yaml, openapi/README.md "Spectral"), on the bundle.
  { name: 'spec lint (spectral, OWASP)', exec: () => once(run(bin('spectral'), argsOf('spec:spectral'))) },
  { name: 'typecheck', exec: () => once(run(bin('tsc'), ['-p', 'tsconfig.json'])) },
  {
    // Clients generated from the bundle (@hey-api/openapi-ts, orval) keep required fields, nullability and every
    // answer, and one makes a real call against a reference server (scripts/clients/main.ts).
    name: 'generated clients (hey-api, orval): strict type checks and a real call',
    exec: () => {
      const out = spawnSync(process.execPath, ['scripts/clients/main.ts'], { cwd: root, encoding: 'utf8' });
      process.stdout.write(out.stdout ?? '');
      process.stderr.write(out.stderr ?? '');
      const m = /^(\d+) passed, (\d+) failed$/m.exec(out.stdout ?? '');
      const failures = [...(out.stdout ?? '').matchAll(/^FAIL (.*)$/gm)].map((f) => f[1]!);
      if (!m) return { passed: 0, failed: 1 };
      return { passed: Number(m[1]), failed: Number(m[2]) + (out.status !== 0 && m[2] === '0' ? 1 : 0), failures };
    },
  },
  // The static checks, as `npm run format:check`, `lint` and `deps` run them: cheap, so they come before the slow runs.
  { name: 'format (prettier --check)', exec: () => once(run(bin('prettier'), ['--check', '.'])) },
  { name: 'lint (eslint, zero warnings)', exec: () => once(run(bin('eslint'), ['.', '--max-warnings', '0'])) },
  {
    name: 'dependencies (no cycles, layers)',
    exec: () => once(run(bin('depcruise'), argsOf('deps'))),
  },
  // The contract's changes since its last release tag (or, in a clone without tags, the merge base with main): a
  // breaking change not accepted in openapi/accepted-changes.yaml, or a stale acceptance, fails (scripts/README.md).
  {
    name: 'contract diff (npm run contract:diff)',
    exec: () => once(run(process.execPath, ['scripts/contract-diff.ts'])),
  },
  {
    name: 'unit and contract tests (node:test)',
    exec: () => {
      const tap = `${root}/reports/unit/results.tap`;
      rmSync(tap, { force: true });
      const code = run(process.execPath, [
        '--test',
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
  // Tiny sizes and short runs, so the benchmark script cannot rot; its numbers are not checked here.
  {
    name: 'benchmark smoke run (npm run bench -- --smoke)',
    exec: () => once(run(process.execPath, ['scripts/bench/main.ts', '--smoke'])),
  },
  {
    name: 'conformance suite against the reference server',
    exec: () => {
      const results = `${root}/reports/conformance/results.json`;
      rmSync(results, { force: true });
      const code = run(process.execPath, ['scripts/conformance.ts'], { env: { ...process.env, TARGET_URL: '' } });
      return suiteCounts(results, code);
    },
  },
  {
    // The proxy's verdicts on a recorded run equal the suite's (conformance/proxy/): each requirement both judged
    // counts as passed when they agree, as failed when not. Three areas; `npm run proxy:compare -- --only '*'` is all.
    name: 'proxy against the suite (npm run proxy:compare, three areas)',
    exec: () => {
      const out = `${root}/reports/proxy-compare/test`;
      const code = run(process.execPath, [
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
    exec: () => {
      const results = `${root}/reports/app/results.json`;
      rmSync(results, { force: true });
      const env = { ...process.env, APP_RATES_URL: '', APP_LABELS_URL: '', CONFORMANCE_REPORT_DIR: '' };
      return suiteCounts(results, run(process.execPath, ['bin/store-api-conformance.ts', 'app'], { env }));
    },
  },
  {
    // The docs page and the frontend page in the Chromium that `npm install` provides (browser/README.md).
    name: 'browser tests (real Chromium)',
    exec: () => {
      const json = `${root}/reports/browser/results.json`;
      rmSync(json, { force: true });
      return playwrightCounts(json, run(bin('playwright'), ['test', '-c', 'browser/playwright.config.ts']));
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
  ).map(([kind, side, what, good]) => ({
    name: `${side === 'app' ? 'App ' : ''}${kind}: quick subset of ${what}`,
    exec: () => {
      const summary = `${root}/reports/${kind}/${side === 'app' ? 'app/' : ''}quick/summary.json`;
      rmSync(summary, { force: true });
      // The baseline is npm test's own run of the suite (of the App suite), so the runner need not make one.
      const baseline = `${root}/reports/${side === 'app' ? 'app' : 'conformance'}/results.json`;
      const code = run(process.execPath, [
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

let passed = 0;
let failed = 0;
const lines: string[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}`);
  const started = Date.now();
  const r = step.exec();
  passed += r.passed;
  failed += r.failed;
  lines.push(
    `${r.failed ? 'FAIL' : 'ok  '} ${step.name}: ${r.passed} passed, ${r.failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    ...(r.failures ?? []).slice(0, 10).map((f) => `       ✗ ${f}`),
  );
}
console.log(`\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
