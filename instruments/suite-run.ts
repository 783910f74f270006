// The suite against a reference server started with some environment (FAULTS=…, VARIANTS=…, CONFORMANCE_PROFILE=…),
// shared by run-faults.ts and run-variants.ts: one Playwright run into its own report directory, its results.json read back.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { givenSettings } from '../conformance/lib/settings.ts';
import {
  MEASURED_BY,
  STRENGTH_FILE,
  readStrength,
  type Measured,
  type Strength,
  type StrengthKey,
} from '../conformance/lib/strength.ts';
import { gates } from '../conformance/lib/verdict.ts';
import { bin, root } from '../scripts/run.ts';

/**
 * The baseline both runners judge against: the results.json given with `--baseline`, else a run of the suite against
 * the reference server with `env` (no fault, no variant). Requirements that do not pass in it are left out of every
 * later run (`exclude`, CONFORMANCE_ONLY terms), so nothing is ever counted against a fault or a variant that was
 * failing anyway.
 */
export async function baselineOf(
  given: string | undefined,
  runsDir: string,
  env: Record<string, string>,
  what: string,
  run: (dir: string, env: Record<string, string>) => Promise<Run> = (dir, e) => suite(dir, e, []),
) {
  let baseline: Requirement[];
  if (given) {
    baseline = readRequirements(given);
    console.log(`Baseline: ${given}`);
  } else {
    console.log(`Baseline: the suite without ${what}s …`);
    const done = await run(join(runsDir, '_baseline'), env);
    if (!done.requirements) {
      console.error(
        `The baseline run produced no results (playwright exited with ${done.code}); see ${join(runsDir, '_baseline', 'run.log')}`,
      );
      process.exit(1);
    }
    baseline = done.requirements;
  }
  const broken = baseline.filter((r) => r.status !== 'pass');
  console.log(
    `Baseline: ${baseline.length - broken.length}/${baseline.length} requirements pass${broken.length ? `; left out of the ${what} runs: ${broken.map((r) => r.id).join(', ')}` : ''}`,
  );
  return { baseline, broken, exclude: narrowing(broken.map((r) => r.id)) };
}

/**
 * The command line both runners take (`--quick`, `--only a,b`, `--jobs N`, `--baseline results.json`) and the entries of
 * their table it selects; `jobs` is the runner's default number of suite runs at a time. The full run owns
 * reports/<kind>/summary.*; a subset writes beside it, never over it. An unknown name stops the runner with the list
 * of known ones.
 */
export function selection<T extends { name: string }>(
  kind: 'faults' | 'variants',
  table: T[],
  quick: string[],
  jobs: number,
) {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      jobs: { type: 'string', default: String(jobs) },
      baseline: { type: 'string' },
      profile: { type: 'string', default: 'contract' },
      side: { type: 'string', default: 'service' },
    },
  });
  if (values.side !== 'service' && values.side !== 'app') {
    console.error(`--side ${values.side}: expected service or app`);
    process.exit(2);
  }
  if (values.profile !== 'contract' && values.profile !== 'source') {
    console.error(`--profile ${values.profile}: expected contract or source`);
    process.exit(2);
  }
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = (only ?? []).filter((n) => !table.some((e) => e.name === n));
  if (unknown.length) {
    console.error(
      `Unknown ${kind === 'faults' ? 'fault' : 'variant'}(s): ${unknown.join(', ')}. Known: ${table.map((e) => e.name).join(', ')}`,
    );
    process.exit(2);
  }
  const runsAtOnce = Number(values.jobs);
  if (!Number.isInteger(runsAtOnce) || runsAtOnce < 1) {
    console.error(`--jobs ${values.jobs}: expected a whole number from 1`);
    process.exit(2);
  }
  return {
    values,
    /** The whole table, not a subset: only such a run measures a figure of conformance/strength.json. */
    full: !values.quick && !values.only,
    /** This run's command line, as a figure of conformance/strength.json records it. */
    command: [`npm run conformance:${kind}`, ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(
      ' ',
    ),
    jobs: runsAtOnce,
    outDir: join(
      root,
      'reports',
      kind,
      ...(values.side === 'app' ? ['app'] : []),
      ...(values.profile === 'source' ? ['source'] : []),
      ...(values.only ? ['only'] : values.quick ? ['quick'] : []),
    ),
    runsDir: join(root, 'reports', kind, ...(values.side === 'app' ? ['app'] : []), 'runs'),
    selected: table.filter((e) => (only ? only.includes(e.name) : values.quick ? quick.includes(e.name) : true)),
  };
}

/** A row of results.json (conformance/reporter.ts); `basis` and `gating` are read defensively by the callers. */
export interface Requirement {
  id: string;
  area?: string;
  status: 'pass' | 'fail' | 'error' | 'skipped' | 'not-applicable' | 'not-run';
  reason?: string;
  basis?: string;
  /** Weaker than `basis` where its setup relied on a choice the target never confirmed (conformance/lib/verdict.ts). */
  effectiveBasis?: string;
  /** A not-applicable one's: the dialect key that would state what it needed (conformance/lib/verdict.ts). */
  needs?: string;
  level?: string;
  gating?: boolean;
}
export interface Results {
  profile?: string;
  gate?: { passed: boolean; failing: string[] };
  requirements: Requirement[];
}
export interface Run {
  code: number;
  seconds: number;
  requirements?: Requirement[];
  results?: Results;
}

/**
 * One suite run against a fresh reference server (global setup starts it; `env` reaches it through the process
 * environment), reports in `dir`, the output in `dir/run.log`; `extra` are Playwright arguments; `workers` Playwright
 * workers unless CONFORMANCE_WORKERS says otherwise; `configFile` another Playwright config (the App suite's).
 */
export function suite(
  dir: string,
  env: Record<string, string>,
  extra: string[],
  workers = 2,
  configFile?: string,
): Promise<Run> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const childEnv = {
    ...process.env,
    // D-63: the suite's App receiver, which serves the thumbnails the server downloads, listens on 127.0.0.1.
    STORE_ALLOW_PRIVATE_URLS: '1',
    ...env,
    TARGET_URL: '',
    CONFORMANCE_REPORT_DIR: dir,
    // Runs go several at a time (--jobs) on a shared machine: few workers each.
    CONFORMANCE_WORKERS: String(givenSettings().workers ?? workers),
    PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
  };
  return new Promise((resolve) => {
    const child = spawn(bin('playwright'), ['test', ...(configFile ? ['-c', configFile] : []), ...extra], {
      cwd: root,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => log.push(d));
    child.stderr.on('data', (d: Buffer) => log.push(d));
    child.on('close', (code) => {
      writeFileSync(join(dir, 'run.log'), Buffer.concat(log));
      const file = join(dir, 'results.json');
      const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : undefined;
      resolve({
        code: code ?? 1,
        seconds: (Date.now() - started) / 1000,
        requirements: results?.requirements,
        results,
      });
    });
  });
}

export type Profile = 'source' | 'contract';
const bases = ['source', 'standard', 'platform', 'decision'] as const;
const broke = (r: Requirement) => r.status === 'fail' || r.status === 'error';
/** `basis` as results.json gives it (conformance/reporter.ts); a row without one counts as `unknown`, never as benign. */
const basisOf = (r: Requirement) => {
  const basis = r.effectiveBasis ?? r.basis ?? '';
  return (bases as readonly string[]).includes(basis) ? basis : 'unknown';
};

/**
 * A benign variant's run judged under `profile`, by the rule the reporter gates by (conformance/lib/verdict.ts): what
 * it fails (under the contract profile, not applicable counts as failing the decision it needed) and how many by
 * basis, whether the profile's gate passed, and whether that is benign: under `source` no requirement of the source
 * or a standard fails; under `contract` every one that fails rests on a decision or the platform.
 */
export function benignUnder(profile: Profile, rows: Requirement[]) {
  const failing = rows
    .filter((r) => broke(r) || (profile === 'contract' && r.status === 'not-applicable'))
    .map((r) => ({
      id: r.id,
      basis: r.status === 'not-applicable' ? 'decision' : basisOf(r),
      status: r.status,
      ...(r.reason ? { reason: r.reason } : {}),
    }));
  const byBasis = Object.fromEntries(
    [...new Set(failing.map((f) => f.basis))].sort().map((b) => [b, failing.filter((f) => f.basis === b).length]),
  );
  // The gate of the profile over the run's rows, as the reporter applies it; a row without a known basis gates.
  const gatePassed = !rows.some(
    (r) =>
      (broke(r) || (profile === 'contract' && r.status === 'not-applicable')) &&
      (basisOf(r) === 'unknown' || gates({ level: r.level ?? 'MUST', basis: basisOf(r) as 'source' }, profile)),
  );
  const ok =
    profile === 'source'
      ? !failing.some((f) => f.basis === 'source' || f.basis === 'standard' || f.basis === 'unknown')
      : failing.every((f) => f.basis === 'decision' || f.basis === 'platform');
  return { failing, byBasis, gatePassed, ok };
}

/** `--side app`: the runner judges the App suite with the App instruments (app-runs.ts) instead. */
export const appSide = () => {
  const i = process.argv.indexOf('--side');
  return (i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith('--side='))?.slice(7)) === 'app';
};

/** The requirements of a results.json (a baseline given on the command line). */
export const readRequirements = (file: string): Requirement[] =>
  (JSON.parse(readFileSync(file, 'utf8')) as Results).requirements;

/**
 * The environment that leaves the given requirements out of a run and, when `areas` is given, keeps only the
 * requirements of those areas (`only`) or leaves them out too (`not`): CONFORMANCE_ONLY's terms (conformance/lib/
 * selection.ts), matched by the suite against each requirement's id and area.
 */
export function narrowing(ids: string[], areas: { only?: string[]; not?: string[] } = {}): Record<string, string> {
  const terms = [
    ...(areas.only ?? []).map((a) => `@${a}`),
    ...(areas.not ?? []).map((a) => `-@${a}`),
    ...ids.map((id) => `-${id}`),
  ];
  return terms.length ? { CONFORMANCE_ONLY: terms.join(',') } : {};
}

/** Runs `work` over `items`, `jobs` at a time. */
export async function pool<T>(items: T[], jobs: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
}

/**
 * Records one figure in conformance/strength.json, keeping the others as they were (a figure no full run has measured
 * stays the command that would). A full run of a runner calls it; the file is committed, and the suite's reporter
 * carries it into conformance-report.json.
 */
export function writeStrength<K extends StrengthKey>(key: K, measured: Measured<K>, file = STRENGTH_FILE): void {
  const unmeasured = (k: StrengthKey) => ({ count: null, command: MEASURED_BY[k] });
  const strength = {
    ...(Object.fromEntries(
      (Object.keys(MEASURED_BY) as StrengthKey[]).map((k) => [k, unmeasured(k)]),
    ) as unknown as Strength),
    ...readStrength(file),
  };
  strength[key] = measured as Strength[K];
  writeFileSync(file, `${JSON.stringify(strength, null, 2)}\n`);
  console.log(
    `${file}: ${key} ${
      'percent' in measured
        ? `${measured.count}/${measured.total} (${measured.percent}%)`
        : `${measured.gatingFailures} gating failures, ${measured.errors} errors, ${measured.notApplicable} not applicable, ${measured.judged.count}/${measured.judged.total} judged in callbacks and webhooks`
    }`,
  );
}

/**
 * Writes a runner's reports: `summary.md`, and `summary.json` with the fields both runners share (when, how long,
 * which subset, the baseline left out) and the runner's own (`fields`); prints where they went and the closing lines.
 */
export function writeSummary(
  outDir: string,
  md: string,
  run: {
    wall: string;
    quick: boolean | undefined;
    baseline: Requirement[];
    broken: Requirement[];
    /** The lines summary.md ends with (its very last line is the runner's `Kill rate:` or `Benign:`), printed too. */
    closing: string[];
  },
  fields: Record<string, unknown>,
): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'summary.md'), md);
  const shared = {
    generated: new Date().toISOString(),
    wallSeconds: Number(run.wall),
    quick: run.quick,
    baseline: { requirements: run.baseline.length, notPassing: run.broken.map((r) => r.id) },
  };
  writeFileSync(join(outDir, 'summary.json'), JSON.stringify({ ...shared, ...fields }, null, 2));
  console.log(`\nReports: ${join(outDir, 'summary.md')}, summary.json (wall time ${run.wall} s)`);
  for (const line of run.closing) console.log(line);
}
