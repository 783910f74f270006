// The reference server as a child process, started one way by everything that needs one running: the suite's global
// setup, the scripts, the fuzzer, the crash test and the soak, the browser tests and the server's own end-to-end
// tests. It is spawned (`node bin/serve-main.ts`, the command of `npm run serve`: the server with the reference App for
// `--demo` and the instruments FAULTS and VARIANTS name; or another command line such as `npm run serve --` or the
// installed `store-api-conformance serve`) and counts as started once it prints its `listening on <url>` line
// (reference-server/cli.ts), whose URL it answers with. The suite starts the server through it and never imports it
// (.dependency-cruiser.cjs, suite-never-imports-server).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** `.ts` in the repository, `.js` in the installed package (build/, tsconfig.build.json), as bin/suite.ts finds its own. */
const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
/** The reference server's command line: this Node (24, as the npm scripts run it), on a free loopback port. */
export const REFERENCE_SERVER = [
  process.execPath,
  fileURLToPath(new URL(`../bin/serve-main${ext}`, import.meta.url)),
  '--host',
  '127.0.0.1',
  '--port',
  '0',
];

/** The line a server prints once it listens; its first group is the URL (`npm run mock`'s Prism prints one too). */
const LISTENING = /listening on (http:\/\/[^\s)]+)/;
/**
 * `--demo` is done with its last lines, the first calls to paste (reference-server/cli.ts, `firstCalls`: one write,
 * which ends with a checkout when the demo's App is registered).
 */
const DEMO_DONE = /^ {2}curl -s '\S+products\.json/m;

export interface ServerOptions {
  /** The command and its first arguments; default `REFERENCE_SERVER`. */
  command?: string[];
  /** Arguments after the command's (an option given again wins: `--port 8080`, `--host 0.0.0.0`). */
  args?: string[];
  /** Adds `--demo`, and the server counts as started once the demo store is seeded (or found there already). */
  demo?: boolean;
  /** The server's whole environment; default this process's. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** How long it may take to start (default 60 s: start-up is slow on a busy machine); then it is killed. */
  timeoutMs?: number;
  /**
   * Every chunk of the server's stdout and stderr, from the first. Without it, the server's stderr goes to this
   * process's (an internal error is logged there) and its stdout is read and dropped once it has started.
   */
  onOutput?: (chunk: string, stream: 'stdout' | 'stderr') => void;
}

export interface ServerProcess {
  /** From the `listening on` line: `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** What the server printed (stdout and stderr) until it counted as started: the demo's lines, with `demo`. */
  output: string;
  child: ChildProcess;
  /**
   * Sends `signal` (default SIGTERM: the server closes its connections and its database) and SIGKILL after `graceMs`
   * if it has not exited (a hung or stopped server may never act on SIGTERM); resolves with its exit code (null after
   * a signal), at once if it has exited already. `stop('SIGKILL')` is a crash.
   */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
}

/** A TCP port free on loopback right now (for a server that must come back on the same port, or Prism's `-p`). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** Starts the server and resolves once it listens (with `demo`, once seeded); rejects if it exits or times out first. */
export function startServer(options: ServerOptions = {}): Promise<ServerProcess> {
  const [command, ...first] = options.command ?? REFERENCE_SERVER;
  const args = [...first, ...(options.args ?? []), ...(options.demo ? ['--demo'] : [])];
  const child = spawn(command!, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM', graceMs = 3000) => {
    if (gone()) return child.exitCode;
    child.kill(signal);
    const timer = signal === 'SIGKILL' ? undefined : setTimeout(() => child.kill('SIGKILL'), graceMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };

  let output = '';
  let started = false;
  const name = [command, ...args].join(' ');
  return new Promise<ServerProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`${name} did not start within ${options.timeoutMs ?? 60_000} ms:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`${name} exited (${signal ?? code}) before it listened:\n${output}`));
    });
    const read = (stream: 'stdout' | 'stderr') => (chunk: string) => {
      if (options.onOutput) options.onOutput(chunk, stream);
      else if (stream === 'stderr') process.stderr.write(chunk);
      // Read to the end either way: a full pipe would block the server's next write.
      if (started) return;
      output += chunk;
      const url = LISTENING.exec(output)?.[1];
      if (!url || (options.demo && !DEMO_DONE.test(output))) return;
      started = true;
      clearTimeout(timer);
      resolve({ url: url.replace(/\/$/, ''), output, child, stop });
    };
    child.stdout.setEncoding('utf8').on('data', read('stdout'));
    child.stderr.setEncoding('utf8').on('data', read('stderr'));
  });
}

/**
 * The reference server as the suite's target: the callback timeout and retry base of a loaded machine (global setup's
 * slow App waits 5 s, conformance/global-setup.ts), thumbnails allowed from the suite's App receiver on 127.0.0.1
 * (D-63). `env` is the server's whole environment, as in `startServer`.
 */
export const startReference = (options: ServerOptions = {}) =>
  startServer({
    ...options,
    env: {
      ...(options.env ?? process.env),
      CALLBACK_TIMEOUT_MS: '2500',
      WEBHOOK_RETRY_BASE_MS: '200',
      STORE_ALLOW_PRIVATE_URLS: '1',
    },
  });
