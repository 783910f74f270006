// One seed's run, shared by the runner (run.ts) and the regression tests (hostile.test.ts): a fresh reference server,
// the hostile target in front of it, and the installed command (bin/store-api-conformance.ts) against the target with
// its own report directory and a bounded run; then what the run left, checked.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultClients } from '../../openapi/clients.ts';
import { startReference } from '../../shared/server-process.ts';
import { startHostile, type Temper } from './target.ts';

/** The reports every run must write (conformance/reporter.ts). */
const REPORTS = ['results.json', 'summary.md', 'junit.xml'];
/** What a run is allowed beyond its run timeout before it counts as hung: Playwright's start and the reports. */
const GRACE_MS = 60_000;
/**
 * Each request the suite sends waits this long for its whole answer: a stalled or endless body costs this much. The
 * reference server behind the target answers in milliseconds, so 5 s leaves a loaded machine room.
 */
const REQUEST_TIMEOUT_MS = 5000;

export interface SeedRun {
  seed: number;
  temper: Temper;
  seconds: number;
  code: number | null;
  /** Requirements by status. */
  counts: Record<string, number>;
  /** Each requirement's status, by id. */
  statuses: Record<string, string>;
  errors: { id: string; reason: string }[];
  /** Why the seed is not clean, besides its errors: a run past its timeout, a report missing. */
  problems: string[];
  clean: boolean;
  /** Requests of the target by the kind of answer they got. */
  served: Record<string, number>;
}
export interface SeedOptions {
  /** The run's report directory (emptied first): the reports, run.log, reference.log. */
  dir: string;
  runTimeoutMs: number;
  /** CONFORMANCE_ONLY terms; default every requirement. */
  only?: string;
  /** Only these kinds of misbehaviour (target.ts `KINDS`). */
  kinds?: string[];
  /** The share of requests that misbehave, instead of the seed's. */
  hostility?: number;
  /** CONFORMANCE_PROFILE; default the suite's (`contract`). */
  profile?: 'contract' | 'source';
  workers?: number;
}

/**
 * The clients of the reference server behind the target (the suite's defaults, and a short-lived one for the expiry
 * check, as global setup gives the server it starts) and the suite's clients file naming them.
 */
function writeClients(dir: string): { server: string; suite: string; count: number } {
  const shortLived = { clientId: 'conformance-shortlived', clientSecret: 'conformance-shortlived-secret' };
  const suite = { ...defaultClients, shortLived: { ...shortLived, scopes: defaultClients.full.scopes } };
  const files = { server: join(dir, 'clients.server.json'), suite: join(dir, 'clients.suite.json') };
  writeFileSync(
    files.server,
    JSON.stringify([...Object.values(defaultClients), { ...suite.shortLived, tokenLifetimeSeconds: 2 }]),
  );
  writeFileSync(files.suite, JSON.stringify(suite));
  return { ...files, count: Object.keys(suite).length };
}

/** The environment of a run: this process's, without any setting of the suite (the run's are its options). */
const cleanEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(CONFORMANCE_|TARGET_URL$|AUTH_URL$|CALLBACK_)/.test(k)),
  );

export async function runAgainst(seed: number, options: SeedOptions): Promise<SeedRun> {
  const { dir } = options;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const clients = writeClients(dir);
  const referenceLog = createWriteStream(join(dir, 'reference.log'));
  const reference = await startReference({
    args: ['--clients', clients.server],
    onOutput: (chunk) => referenceLog.write(chunk),
  });
  const target = await startHostile({
    seed,
    upstream: reference.url,
    faithfulTokens: clients.count,
    kinds: options.kinds,
    hostility: options.hostility,
  });
  const started = Date.now();
  const script = join(import.meta.dirname, '..', '..', 'bin', 'store-api-conformance.ts');
  const args = [
    script,
    '--target',
    target.url,
    '--report-dir',
    dir,
    '--clients',
    clients.suite,
    '--run-timeout-ms',
    String(options.runTimeoutMs),
    '--request-timeout-ms',
    String(REQUEST_TIMEOUT_MS),
    // The reference server behind the target times callbacks out after 2.5 s (shared/server-process.ts).
    '--slow-ms',
    '5000',
    '--workers',
    String(options.workers ?? 2),
    ...(options.only ? ['--only', options.only] : []),
    ...(options.profile ? ['--profile', options.profile] : []),
  ];
  const log = createWriteStream(join(dir, 'run.log'));
  const child = spawn(process.execPath, args, { env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let hung = false;
  const watchdog = setTimeout(() => {
    hung = true;
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
  }, options.runTimeoutMs + GRACE_MS);
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  clearTimeout(watchdog);
  const seconds = (Date.now() - started) / 1000;
  await target.close();
  await reference.stop();
  referenceLog.end();

  const problems: string[] = [];
  if (hung) problems.push(`still running ${(options.runTimeoutMs + GRACE_MS) / 1000} s after it started: stopped`);
  const missing = REPORTS.filter((f) => !existsSync(join(dir, f)));
  if (missing.length) problems.push(`no ${missing.join(', ')} (exit ${code})`);
  const requirements = existsSync(join(dir, 'results.json'))
    ? (
        JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as {
          requirements: { id: string; status: string; reason?: string }[];
        }
      ).requirements
    : [];
  const counts: Record<string, number> = {};
  for (const r of requirements) counts[r.status] = (counts[r.status] ?? 0) + 1;
  const errors = requirements.filter((r) => r.status === 'error').map((r) => ({ id: r.id, reason: r.reason ?? '' }));
  return {
    seed,
    temper: target.temper,
    seconds,
    code,
    counts,
    statuses: Object.fromEntries(requirements.map((r) => [r.id, r.status])),
    errors,
    problems,
    clean: !problems.length && !errors.length,
    served: target.served,
  };
}
