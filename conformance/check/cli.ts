// `store-api-conformance dialect check` (and the check a run starts with, conformance/global-setup.ts): every key of a
// dialect file tried before any requirement runs, a line per key. The check runs in a process of its own (main.ts),
// given its settings in its environment and a report folder of its own (a temporary one, removed after): the suite's
// modules read their settings once, when first loaded (lib/config.ts), and the installed command has loaded them
// before it reaches a subcommand; and nothing the check writes there (the token it fetched, its count of requests
// unanswered) may become the run's.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isSwitch, SettingsError } from '../../shared/settings.ts';
import { DialectError, loadDialect } from '../lib/dialect.ts';
import { envOfFlags, flagOf, readSettings, SETTINGS, type Name } from '../lib/settings.ts';

export const DIALECT_CHECK_HELP = `Usage: store-api-conformance dialect check --target URL [--dialect FILE] [--clients FILE] [options]

Tries each key of the dialect file against the target before a run, each with one short request or a look at one
answer, through the suite's own code, and prints a line per key: \`ok\`, or what came back and what the key would
need (\`errors: an invalid createProduct answered 400 and /errors found nothing (its top-level fields: success,
error): check errors\`). Static checks of the file come beside them (a trigger's {{quantity}} inside text). A key
the file leaves out prints \`ours (not stated)\`, with what contradicts our choice if anything did; it never fails the
check (a requirement that needs it is not applicable under the source profile). What the check makes (products, a
webhook and a shipping service at its own App receiver, a checkout, a dispatch) it removes. About 10 s against a
fast target; a run of the suite starts with the same check of the keys it states, and stops there when one cannot
work.

Options: the suite's (store-api-conformance --help); those that matter here:
  --target <URL>          the implementation under test (TARGET_URL)
  --dialect <file>        its dialect (CONFORMANCE_DIALECT); none: every choice is our contract's
  --clients <file>        its App clients (CONFORMANCE_CLIENTS); the full client's token and secret are used
  --auth-url, --callback-host, --callback-port, --manual-callbacks, --config
  --stated                try only the keys the file states (what a run does)
  --help

Exit status: 0 every stated key can work (a key not checked, for no answer, a 5xx or no delivery in time, counts as
able to work); 1 a stated key cannot: an answer contradicts it (or the check itself did not finish); 2 a bad
option, setting or dialect file.`;

/** The check's process: main.ts beside this module (`.ts` in the repository, `.js` once compiled). */
const mainFile = fileURLToPath(new URL(`./main${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url));
/** The longest a check may take before it is stopped and counted as not checked (its own requests are bounded). */
const CHECK_LIMIT_MS = 60_000;

/**
 * Runs main.ts with `env` and `args` in a report folder of its own, its output this process's; resolves with its exit
 * status: 0 or 1 as the check says, 3 when it did not finish (it failed or took too long), which proves nothing.
 */
function spawnCheck(env: NodeJS.ProcessEnv, args: string[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'dialect-check-'));
  // CONFORMANCE_HAR empty counts as unset (lib/settings.ts): the check's traffic is not the run's.
  const child = spawn(process.execPath, [mainFile, ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, CONFORMANCE_REPORT_DIR: dir, CONFORMANCE_HAR: '' },
  });
  let tooLong = false;
  const timer = setTimeout(() => {
    tooLong = true;
    child.kill('SIGKILL');
  }, CHECK_LIMIT_MS);
  // A stop of this process (a run cancelled in its global setup: lib/run-start.ts turns a SIGTERM into a SIGINT) is
  // the check's too: it removes what it made and ends, never left running after the run.
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      rmSync(dir, { recursive: true, force: true });
      if (code !== 0 && code !== 1)
        console.log(
          `dialect check: did not finish (${tooLong ? `stopped after ${CHECK_LIMIT_MS / 1000} s` : signal ? `stopped by ${signal}` : `exit ${code}`}): not checked`,
        );
      resolve(code === 0 || code === 1 ? code : 3);
    }),
  );
}

/**
 * The check a run starts with (conformance/global-setup.ts), once the App receiver and, without TARGET_URL, the
 * reference server are up: the keys the dialect states, against the run's target, with the run's clients and its
 * receiver. 1 when a stated key cannot work; 0 otherwise, a check that did not finish included.
 */
export async function checkAtRunStart(run: {
  targetUrl: string;
  receiverUrl: string;
  clients?: string;
}): Promise<0 | 1> {
  const env = {
    ...process.env,
    TARGET_URL: run.targetUrl,
    ...(run.clients ? { CONFORMANCE_CLIENTS: run.clients } : {}),
  };
  return (await spawnCheck(env, ['--receiver', run.receiverUrl, '--stated'])) === 1 ? 1 : 0;
}

const usage = (problem: string): 2 => {
  console.error(`${problem}\n(store-api-conformance dialect check --help lists the options)`);
  return 2;
};

/**
 * `store-api-conformance dialect check [options]`: `args` are what follows `dialect` (`check --target …`), or what
 * follows `dialect check`. 0 every stated key can work, 1 one cannot, 2 usage.
 */
export async function dialectCheck(args: string[]): Promise<number> {
  const own = args[0] === 'check' ? args.slice(1) : args;
  const names = Object.keys(SETTINGS) as Name[];
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: own,
      allowPositionals: true,
      options: {
        ...Object.fromEntries(
          names.map((n) => [flagOf(n), { type: isSwitch(SETTINGS[n]) ? ('boolean' as const) : ('string' as const) }]),
        ),
        stated: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    return usage((err as Error).message);
  }
  if (values.help) {
    console.log(DIALECT_CHECK_HELP);
    return 0;
  }
  if (positionals.length) return usage(`dialect ${positionals.join(' ')}: the subcommand is \`dialect check\``);
  const { stated, help: _help, ...settingFlags } = values;
  const env = { ...process.env, ...envOfFlags(settingFlags) };
  try {
    const settings = readSettings(env);
    loadDialect(settings.dialect);
    if (!settings.targetUrl)
      return usage(`No target: give the base URL of the implementation, --target URL (or ${SETTINGS.targetUrl.env}).`);
  } catch (err) {
    if (!(err instanceof SettingsError) && !(err instanceof DialectError)) throw err;
    console.error(err.message);
    return 2;
  }
  const code = await spawnCheck(env, stated ? ['--stated'] : []);
  return code === 0 ? 0 : 1;
}
