// Running the suite, for `npm run conformance` (scripts/conformance.ts) and the installed `store-api-conformance`
// command alike: one run, one shard of a run, or the merge of a run's shards, each through the
// Playwright CLI with the suite's own config, then the per-area summary and the `N passed, N failed` line.
// It reads the settings only through conformance/lib/settings.ts, and finds Playwright and the config beside itself,
// so that the same code runs from the repository (TypeScript) and from the installed package (build/, JavaScript).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DialectError, loadDialect } from '../conformance/lib/dialect.ts';
import { readSettings, type Settings } from '../conformance/lib/settings.ts';
import { SettingsError } from '../shared/settings.ts';

/** `.ts` in the repository, `.js` once compiled (tsconfig.build.json): the config is this module's sibling's. */
const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
export const playwrightConfig = fileURLToPath(new URL(`../playwright.config${ext}`, import.meta.url));
/** The App suite's config (conformance/app/). */
export const appPlaywrightConfig = fileURLToPath(new URL(`../playwright.app.config${ext}`, import.meta.url));
/** The suite's reporter: a shard's console shows its progress; its reports are the merge's. */
const reporterOf = () => fileURLToPath(new URL(`../conformance/reporter${ext}`, import.meta.url));
/** Playwright's CLI as the suite's own `@playwright/test` resolves it (the repository's, or the installing project's). */
const playwrightCli = createRequire(import.meta.url).resolve('@playwright/test/cli');

/** Exit statuses (README.md): 0 the gating requirements passed, 1 they did not (or nothing ran), 2 a usage error. */
export const EXIT = { passed: 0, failed: 1, usage: 2 } as const;

/**
 * The settings, or the usage exit with one line per bad value (a bad value never reaches Playwright's config); the
 * dialect file's content is checked here too, one line per problem.
 */
export function checkedSettings(): Settings {
  try {
    const settings = readSettings();
    loadDialect(settings.dialect);
    return settings;
  } catch (err) {
    if (!(err instanceof SettingsError) && !(err instanceof DialectError)) throw err;
    console.error(err.message);
    process.exit(EXIT.usage);
  }
}

/** Signals that arrive within this long of the one passed on are the same stop, sent again (npm passes its own on). */
const SAME_STOP_MS = 1000;

/**
 * Playwright's CLI on the Node that runs this (Playwright's workers and global setup use the same one), in a process
 * group of its own: a signal sent to this command's whole group (`timeout`, a cancelled CI job, Ctrl-C) reaches this
 * process only, never Playwright's workers or the reference server the run started, which would die before the
 * teardown. The first SIGINT or SIGTERM is passed on to Playwright, so that the run stops as Playwright stops on
 * SIGINT: the teardown deletes what the run made and stops the server, and the reporter writes every report, what did
 * not run marked not run (playwright.config.ts turns SIGTERM into SIGINT); this process returns only after that. The
 * same stop sent again at once (npm passes on the one it got) is not passed on; a later one is: Playwright then stops at
 * once.
 */
function playwright(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  configFile = playwrightConfig,
): Promise<number> {
  const child = spawn(process.execPath, [playwrightCli, ...args, '--config', configFile], {
    stdio: 'inherit',
    // Without colours in the runner: for each failed step it reads the failing line's whole source file and, with
    // colours, highlights all of it to cut a code frame of six lines (Playwright 1.65, codeFrame), 7 of a half-failing
    // run's 8 s of runner CPU. The frame stays, in plain text; the workers keep their colours (Playwright gives them
    // FORCE_COLOR=1), so a failure's message reads as before in the HTML report.
    env: { ...env, FORCE_COLOR: '0' },
    detached: true,
  });
  let passedOn = 0;
  const forward = (signal: NodeJS.Signals) => {
    if (Date.now() - passedOn < SAME_STOP_MS) return;
    passedOn = Date.now();
    child.kill(signal);
  };
  process.on('SIGINT', forward).on('SIGTERM', forward);
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      resolve(code ?? (signal ? EXIT.failed : EXIT.failed));
    }),
  );
}

/** One whole run: every selected requirement, then the summary; `extra` are Playwright arguments. */
export async function runSuite(extra: string[]): Promise<number> {
  const { reportDir } = checkedSettings();
  rmSync(join(reportDir, 'results.json'), { force: true });
  return summarize(reportDir, await playwright(['test', ...extra]));
}

/**
 * One run of the App suite against the App the settings name (APP_RATES_URL), or the reference App it starts, then
 * the summary as after a run; `extra` are Playwright arguments.
 */
export async function runApp(extra: string[]): Promise<number> {
  const { reportDir } = checkedSettings();
  rmSync(join(reportDir, 'results.json'), { force: true });
  return summarize(reportDir, await playwright(['test', ...extra], process.env, appPlaywrightConfig));
}

/** `1/4`: the first of four shards (Playwright's --shard). */
export function parseShard(text: string): { current: number; total: number } | undefined {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const [current, total] = [Number(m?.[1]), Number(m?.[2])];
  return m && current >= 1 && current <= total ? { current, total } : undefined;
}
/** A shard's blob report is named for its place, so the merge can tell that none is missing. */
const blobName = (s: { current: number; total: number }) => `shard-${s.current}-of-${s.total}.zip`;
const blobPattern = /^shard-(\d+)-of-(\d+)\.zip$/;
/** Where a shard writes its blob report (Playwright's blob reporter empties the folder first). */
export const blobDir = (reportDir: string) => join(reportDir, 'blob');

/**
 * One shard of a run: Playwright's --shard with the blob reporter (and the list, for the log), into
 * `<report dir>/blob/shard-i-of-n.zip`. Every shard runs the `setup` project (the tokens) for itself; the
 * requirements are split between the shards. No verdict here: it is the merge's, over every requirement; a shard
 * fails only when it wrote no blob report.
 */
export async function runShard(shard: string, extra: string[]): Promise<number> {
  const place = parseShard(shard);
  if (!place) {
    console.error(`--shard ${shard}: expected i/n, a shard number from 1 to n (1/4, 2/4, …)`);
    return EXIT.usage;
  }
  const dir = blobDir(checkedSettings().reportDir);
  const file = join(dir, blobName(place));
  rmSync(file, { force: true });
  const code = await playwright(['test', `--shard=${shard}`, `--reporter=${reporterOf()},blob`, ...extra], {
    ...process.env,
    PLAYWRIGHT_BLOB_OUTPUT_DIR: dir,
    PLAYWRIGHT_BLOB_OUTPUT_NAME: blobName(place),
  });
  if (!existsSync(file)) {
    console.error(`No ${file}: the shard did not run (playwright exited with ${code}).`);
    return code || EXIT.failed;
  }
  console.log(`\nShard ${shard}: blob report ${file} (the verdict is the merge's: store-api-conformance merge <dir>)`);
  return EXIT.passed;
}

/**
 * The merge of a run's shards: the blob reports in `dir` (every shard of one run, none twice) replayed through the
 * suite's config, so the suite's reporter writes results.json, summary.md, junit.xml and the HTML report from every
 * requirement as one run would, and the summary and verdict follow as after a run.
 */
export async function mergeShards(dir: string): Promise<number> {
  const { reportDir } = checkedSettings();
  const shards = existsSync(dir)
    ? readdirSync(dir).flatMap((f) => {
        const m = blobPattern.exec(f);
        return m ? [m] : [];
      })
    : [];
  const totals = new Set(shards.map((m) => m[2]));
  const total = Number([...totals][0]);
  const missing = Array.from({ length: total || 0 }, (_, i) => i + 1).filter(
    (i) => !shards.some((m) => Number(m[1]) === i),
  );
  if (!shards.length || totals.size !== 1 || missing.length) {
    console.error(
      !shards.length
        ? `${dir}: no blob report of a shard (shard-i-of-n.zip, written by --shard i/n)`
        : totals.size !== 1
          ? `${dir}: blob reports of runs split differently (${[...totals].map((t) => `of ${t}`).join(', ')})`
          : `${dir}: shard(s) ${missing.join(', ')} of ${total} missing: a merge without them would judge part of the suite`,
    );
    return EXIT.usage;
  }
  rmSync(join(reportDir, 'results.json'), { force: true });
  return summarize(reportDir, await playwright(['merge-reports', dir]));
}

interface Result {
  status: string;
  gating: boolean;
  expectation?: string;
  reason?: string;
}

/**
 * The end of a run or a merge: the summary's head (summary.md up to its first section), where the reports are, and
 * the `N passed, N failed` line; the exit status is the profile's verdict (results.json's gate).
 */
function summarize(reportDir: string, code: number): number {
  const results = join(reportDir, 'results.json');
  if (!existsSync(results)) {
    console.error(`No ${results}: the suite did not run (playwright exited with ${code}).`);
    return code || EXIT.failed;
  }
  const { requirements, gate, profile } = JSON.parse(readFileSync(results, 'utf8')) as {
    requirements: Result[];
    gate: { passed: boolean };
    profile: string;
  };
  const summary = readFileSync(join(reportDir, 'summary.md'), 'utf8');
  console.log(`\n${summary.split('\n## ')[0]}`);
  // The first causes of failure, each a line (summary.md has their exchanges): what to fix, or which setting to change.
  const causes = (summary.split('\n## ').find((s) => s.startsWith('Failures and errors, by cause')) ?? '')
    .split('\n')
    .filter((l) => l.startsWith('- **'));
  if (causes.length)
    console.log(
      ['Failures by cause (summary.md):', ...causes.slice(0, 10), ...(causes.length > 10 ? ['- …'] : [])].join('\n'),
    );
  const broken = (r: Result) => r.status === 'fail' || r.status === 'error';
  const passed = requirements.filter((r) => r.status === 'pass').length;
  // The last line counts what gates under the profile; what only differs from our contract, or was expected, is told apart.
  // What did not run counts as failed: CI reads this line, and nothing of it is proven.
  const notRun = requirements.filter((r) => r.status === 'not-run');
  const failed =
    requirements.filter((r) => (broken(r) && r.gating) || r.expectation === 'stale').length + notRun.length;
  const differing = requirements.filter((r) => broken(r) && !r.gating && !r.expectation).length;
  const expected = requirements.filter((r) => r.expectation === 'expected-failure').length;
  console.log(`Reports: ${reportDir}/ (html/index.html, junit.xml, results.json, summary.md)`);
  if (differing)
    console.log(`${differing} differ from the reference contract (not gating under the ${profile} profile)`);
  if (expected) console.log(`${expected} expected failures (CONFORMANCE_EXPECTED_FAILURES)`);
  for (const reason of new Set(notRun.map((r) => r.reason ?? '')))
    console.log(`${notRun.filter((r) => (r.reason ?? '') === reason).length} not run: ${reason}`);
  console.log(`${passed} passed, ${failed} failed`);
  const suiteBroke = code !== 0 && failed === 0 && requirements.every((r) => !broken(r));
  return !gate.passed || suiteBroke ? EXIT.failed : EXIT.passed;
}
