// `npm run conformance:outside [-- --runs N] [--if-present] [--npm-test]`: the suite judged by how it treats an
// implementation written outside this repository, from the source alone (README.md here). It starts that
// implementation (python3 server.py, in its own folder), runs the suite against it once (or N times, a fresh server
// each) exactly as a new team would, with the installed command's options and that implementation's own clients and
// dialect under the source profile, and reads results.json back: the gating failures, the errors, the not-applicable
// requirements by the dialect key their reason names, the skipped ones, and how much of the callbacks and webhooks
// areas was judged. Each gating failure, error, requirement not run, or not-applicable one naming no key is a question
// about the suite (the implementation is right, or the suite assumed what the source does not say); so is a
// not-applicable set that differs between runs. Writes reports/outside/summary.md and summary.json (the suite's own
// reports in reports/outside/run-1/ …), records the figures in conformance/strength.json (`outside`), and exits 1 on
// any such question, 0 otherwise. The folder or python3 absent: one line says so, exit 2 (0 with --if-present).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { DIALECT_KEYS } from '../../conformance/lib/dialect.ts';
import { SETTINGS } from '../../conformance/lib/settings.ts';
import { root } from '../../scripts/run.ts';
import { writeStrength, type Results } from '../suite-run.ts';
import {
  compareRuns,
  figureOf,
  findOutside,
  judgeRun,
  OUTSIDE_FILES,
  problemsOf,
  reportLines,
  type Judged,
} from './lib.ts';
import { startOutside, suiteArgs } from './server.ts';

/**
 * Whether `npm test` fails on what this run finds: it does, since the suite treats the outside implementation rightly
 * (0 gating failures, 0 errors, every not-applicable naming its dialect key). `npm run conformance:outside` itself
 * always gates.
 */
const GATE_IN_NPM_TEST = true;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    'if-present': { type: 'boolean', default: false },
    'npm-test': { type: 'boolean', default: false },
    // Another dialect than the folder's (a draft of `store-api-conformance init`, its TODOs filled): the same runs,
    // judged the same way; the strength file keeps the figure of the implementation's own dialect only.
    dialect: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs ${values.runs}: expected a whole number from 1`);
  process.exit(2);
}
/** This run's command line, as conformance/strength.json records it. */
const command = ['npm run conformance:outside', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])]
  .join(' ')
  .trim();
const outDir = join(root, 'reports', 'outside');
mkdirSync(outDir, { recursive: true });
// A run that does not happen leaves no summary of an earlier one for npm test to read.
rmSync(join(outDir, 'summary.json'), { force: true });

// 1. The outside folder and python3, or one line saying why not.
const { candidates, dir } = findOutside(root);
const python = spawnSync('python3', ['--version'], { encoding: 'utf8', timeout: 10_000 });
const absent = !dir
  ? `no outside implementation at ${candidates.join(' nor ')}${process.env.OUTSIDE_DIR ? ' (OUTSIDE_DIR)' : ''} (needs ${OUTSIDE_FILES.join(', ')})`
  : python.error || python.status !== 0
    ? `python3 is not on PATH (${python.error?.message ?? `python3 --version exited with ${python.status}`})`
    : undefined;
if (absent || !dir) {
  console.log(`conformance:outside did not run: ${absent}`);
  process.exit(values['if-present'] ? 0 : 2);
}

// 2. The processes this runner started, stopped in every case: the server by its process group (started detached, so
// that a Ctrl-C reaches the suite first and its teardown still finds the server), the suite run passed the signal.
let server: ChildProcess | undefined;
let suiteRun: ChildProcess | undefined;
let stopping: NodeJS.Signals | undefined;
const killServer = (signal: NodeJS.Signals = 'SIGTERM') => {
  if (!server?.pid || server.exitCode !== null || server.signalCode !== null) return;
  try {
    process.kill(-server.pid, signal);
  } catch {
    server.kill(signal);
  }
};
process.on('exit', () => {
  killServer();
  if (suiteRun && suiteRun.exitCode === null) suiteRun.kill('SIGTERM');
});
const codeOf = (signal: NodeJS.Signals) => (signal === 'SIGINT' ? 130 : signal === 'SIGHUP' ? 129 : 143);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as NodeJS.Signals[])
  process.on(signal, () => {
    // The first stop: the suite run (if one is running) stops as the suite stops, then the server (below); a second
    // stop, or none running: everything now.
    if (!stopping && suiteRun && suiteRun.exitCode === null) {
      stopping = signal;
      console.log(`\n${signal}: stopping the suite run, then the server`);
      suiteRun.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
      return;
    }
    killServer();
    suiteRun?.kill('SIGKILL');
    process.exit(codeOf(stopping ?? signal));
  });

/** The server started in the outside folder, once its health endpoint answers; its output kept in `log`. */
async function startServer(log: Buffer[]): Promise<string> {
  const started = await startOutside(dir!, { log, detached: true });
  server = started.child;
  return started.url;
}

/** The server stopped: SIGTERM, SIGKILL after 5 s. */
async function stopServer(): Promise<void> {
  const s = server;
  if (!s || s.exitCode !== null || s.signalCode !== null) return;
  const closed = new Promise<void>((r) => s.once('close', () => r()));
  killServer('SIGTERM');
  const timer = setTimeout(() => killServer('SIGKILL'), 5000);
  await closed;
  clearTimeout(timer);
}

/**
 * The environment of a new team's run: this one without any of the suite's settings (an npm test or a shell that set
 * TARGET_URL, CONFORMANCE_PROFILE, CONFORMANCE_ONLY … would change what is judged); the options say everything.
 */
const settingNames = new Set(Object.values(SETTINGS).map((s) => s.env));
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !settingNames.has(k)));

/** One run of the installed command (bin/store-api-conformance.ts, as `npm run conformance` runs bin/suite.ts). */
function runSuite(url: string, reportDir: string): Promise<{ code: number; seconds: number; last: string }> {
  const started = Date.now();
  const args = ['--import', './scripts/node-version.mjs', ...suiteArgs(url, dir!, reportDir, values.dialect)];
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: root, env: cleanEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    suiteRun = child;
    const log: Buffer[] = [];
    child.stdout!.on('data', (d: Buffer) => log.push(d));
    child.stderr!.on('data', (d: Buffer) => log.push(d));
    child.on('close', (code) => {
      const text = Buffer.concat(log).toString();
      writeFileSync(join(reportDir, 'run.log'), text);
      const last = text.trim().split('\n').at(-1) ?? '';
      done({ code: code ?? 1, seconds: (Date.now() - started) / 1000, last });
    });
  });
}

// 3. The runs, one after another, each against a fresh server (they share the machine's cores).
interface Done {
  n: number;
  reportDir: string;
  code: number;
  seconds: number;
  judged?: Judged;
  notApplicable: string[];
  problem?: string;
}
const known = Object.keys(DIALECT_KEYS);
const done: Done[] = [];
const started = Date.now();
console.log(`Outside implementation: ${dir} (${python.stdout.trim() || python.stderr.trim()})`);
for (let n = 1; n <= runs && !stopping; n++) {
  const reportDir = join(outDir, `run-${n}`);
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const serverLog: Buffer[] = [];
  try {
    const url = await startServer(serverLog);
    console.log(`Run ${n}/${runs}: the suite against ${url} (python3 server.py), reports in ${reportDir}/ …`);
    const { code, seconds, last } = await runSuite(url, reportDir);
    const file = join(reportDir, 'results.json');
    const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : undefined;
    const judged = results ? judgeRun(results.requirements, known) : undefined;
    done.push({
      n,
      reportDir,
      code,
      seconds,
      judged,
      notApplicable: results?.requirements.filter((r) => r.status === 'not-applicable').map((r) => r.id) ?? [],
      ...(judged ? {} : { problem: `run ${n} wrote no results.json (exit ${code}); see ${reportDir}/run.log` }),
    });
    console.log(`Run ${n}: ${last} (exit ${code}, ${seconds.toFixed(0)} s)`);
  } catch (err) {
    done.push({ n, reportDir, code: 1, seconds: 0, notApplicable: [], problem: `run ${n}: ${(err as Error).message}` });
    console.error(`Run ${n}: ${(err as Error).message}`);
  } finally {
    await stopServer();
    writeFileSync(join(reportDir, 'server.log'), Buffer.concat(serverLog));
  }
}
if (stopping) {
  console.log(`Stopped (${stopping}); the server is stopped.`);
  process.exit(codeOf(stopping));
}

// 4. The report: the first run in full, the others by their counts, and whether their not-applicable sets agree.
const first = done[0]!;
const complete = done.filter((d) => d.judged);
const comparison = runs > 1 && complete.length === runs ? compareRuns(done.map((d) => d.notApplicable)) : undefined;
const sameFailures =
  runs > 1 && complete.length === runs
    ? compareRuns(done.map((d) => d.judged!.gatingFailures.map((r) => r.id))).same
    : undefined;
const problems = [
  ...done.flatMap((d) => (d.problem ? [d.problem] : [])),
  ...complete.flatMap((d) => problemsOf(d.judged!).map((p) => (runs > 1 ? `run ${d.n}: ${p}` : p))),
  ...(comparison && !comparison.same
    ? [`the not-applicable requirements differ between runs (${comparison.differing.length})`]
    : []),
];
const countsOf = (j: Judged) =>
  `${j.requirements} requirements: ${j.gatingFailures.length} gating failures, ${j.errors.length} errors, ${[
    ...j.notApplicable.values(),
  ].reduce(
    (n, ids) => n + ids.length,
    0,
  )} not applicable (${j.namingNoKey} naming no key), ${j.skipped.length} skipped${
    j.notRun.length ? `, ${j.notRun.length} not run` : ''
  }; judged ${j.areas.map((a) => `${a.area} ${a.judged}/${a.total}`).join(', ')}`;
const runLines = done.map(
  (d) =>
    `run ${d.n} (${relative(root, d.reportDir)}/, exit ${d.code}, ${d.seconds.toFixed(0)} s): ${d.judged ? countsOf(d.judged) : d.problem}`,
);
const comparisonLines = comparison
  ? [
      `Not applicable in every run the same: ${comparison.same ? 'yes' : 'no'}${
        comparison.same
          ? ''
          : ` (${comparison.differing.map((d) => `${d.id} in run ${d.inRuns.join(', ') || 'none'}`).join('; ')})`
      }`,
      `Gating failures in every run the same: ${sameFailures ? 'yes' : 'no'}`,
    ]
  : [];
const verdict = problems.length
  ? `Outside: ${problems.length} problem(s): ${problems.join('; ')}`
  : 'Outside: no problems';
const gated = !values['npm-test'] || GATE_IN_NPM_TEST;
const gateLine = gated
  ? undefined
  : 'Not gating in npm test (GATE_IN_NPM_TEST = false in instruments/outside/run.ts): reported, exit 0.';

console.log('');
if (first.judged) console.log(reportLines(first.judged).join('\n'));
if (runs > 1) console.log(['', ...runLines, ...comparisonLines].join('\n'));
const wall = ((Date.now() - started) / 1000).toFixed(0);
const md = [
  '# The suite against the outside implementation',
  '',
  `Generated ${new Date().toISOString()}; ${runs} run(s) of \`store-api-conformance --target <python3 server.py> --clients suite-clients.json --dialect ${values.dialect ?? 'dialect.yaml'} --profile source\` against ${dir}, a fresh server each; wall time ${wall} s.`,
  'Each gating failure, error, requirement not run and not-applicable one whose reason names no dialect key is a question about the suite: the implementation contradicts the source, or the suite assumed what the source does not say (README.md of the outside folder).',
  '',
  ...runLines.map((l) => `- ${l}`),
  ...(comparisonLines.length ? ['', ...comparisonLines] : []),
  '',
  ...(first.judged ? [`## Run 1`, '', ...reportLines(first.judged, true)] : []),
  ...(gateLine ? [gateLine, ''] : []),
  verdict,
  '',
].join('\n');
writeFileSync(join(outDir, 'summary.md'), md);
writeFileSync(
  join(outDir, 'summary.json'),
  `${JSON.stringify(
    {
      generated: new Date().toISOString(),
      outside: dir,
      wallSeconds: Number(wall),
      gated,
      problems,
      ...(comparison ? { sameNotApplicable: comparison.same, differing: comparison.differing } : {}),
      runs: done.map((d) => ({
        run: d.n,
        exit: d.code,
        seconds: d.seconds,
        ...(d.judged ? { figure: figureOf(d.judged, command) } : { problem: d.problem }),
      })),
    },
    null,
    2,
  )}\n`,
);
console.log(`\nReports: ${join(outDir, 'summary.md')}, summary.json (wall time ${wall} s)`);
// npm test measures nothing: the figure is a full run's of this command.
if (first.judged && !values['npm-test'] && !values.dialect)
  writeStrength('outside', figureOf(first.judged, command, { count: runs, same: comparison?.same ?? true }));
if (gateLine) console.log(gateLine);
console.log(verdict);
process.exit(problems.length && gated ? 1 : 0);
