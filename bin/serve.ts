// The reference server as it runs, composed here because what runs with it comes from beside its folder: with
// `--demo`, the reference App (reference-app/) started in the same process as the demo's shipping App; with FAULTS or
// VARIANTS, those instruments (instruments/) applied to its app before it listens. The server imports neither
// (.dependency-cruiser.cjs), so it carries no fault and runs without them. `npm run serve` (serve-main.ts, which
// shared/server-process.ts starts too) and `store-api-conformance serve [options]` (the installed package, for a team
// that wants a server to develop against without a clone) both start it so. It is the server's command line, not the
// suite's: the suite never imports the server.
// The server needs a newer node:sqlite than the suite needs Node (engines: the suite runs on Node 20): an older Node
// gets one line naming the version instead of a stack trace.
import { createRequire } from 'node:module';
import type { ReferenceApp } from '../reference-server/app.ts';
import { usage } from '../reference-server/usage.ts';

/**
 * The oldest Node the server runs on: node:sqlite without a flag came in 22.13, but the statement's
 * `setReturnArrays` and the database's `isTransaction` (reference-server/store/) only in 22.16 and 24.0; Node 23 has
 * neither. scripts/package.test.ts runs `serve` on exactly this version.
 */
export const SERVE_NODE = '22.16.0';

/** Whether this Node's node:sqlite has what the server uses (not its version number: 23 has a lower one). */
function hasSqlite(): boolean {
  try {
    const { DatabaseSync } = createRequire(import.meta.url)('node:sqlite') as typeof import('node:sqlite');
    const db = new DatabaseSync(':memory:');
    try {
      return typeof db.isTransaction === 'boolean' && typeof db.prepare('SELECT 1').setReturnArrays === 'function';
    } finally {
      db.close();
    }
  } catch {
    return false;
  }
}

/** The last line of `serve --help`: the Node the server needs, named on any Node (the help itself needs none). */
export const serveNodeLine = () =>
  `Runs on Node.js ${SERVE_NODE.replace(/\.0$/, '')} or later, 23 excepted (node:sqlite); this is ${process.version}.`;

/**
 * Starts the server; resolves only with the exit status of a server that cannot start here, or of `--help`: a
 * started one runs until it is stopped (SIGINT, SIGTERM), and then the server's own stop ends the process.
 */
export async function serve(args: string[]): Promise<number> {
  // The help before the check of node:sqlite, which it does not load (reference-server/usage.ts): a team reads the
  // options, and the Node they need, on the Node they have.
  if (args.includes('--help')) {
    console.log(`${usage('store-api-conformance serve')}\n\n${serveNodeLine()}`);
    return 0;
  }
  if (!hasSqlite()) {
    console.error(
      `store-api-conformance serve needs Node.js ${SERVE_NODE.replace(/\.0$/, '')} or later, 23 excepted ` +
        `(node:sqlite); this is ${process.version}.`,
    );
    return 1;
  }
  await serveComposed(args, 'store-api-conformance serve');
  return new Promise<number>(() => {});
}

/** The names of a comma-separated list setting (FAULTS, VARIANTS). */
const namesIn = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The instruments the environment names, applied to the app: faults for measuring the conformance suite
 * (instruments/faults/README.md), then benign variants, deciding differently where the source is silent
 * (instruments/variants/README.md); never set in use. A registry is loaded only when its variable is set, so the server
 * runs without the folder; an unknown name stops the process with the list of known ones.
 */
async function applyInstruments(app: ReferenceApp): Promise<void> {
  if (process.env.FAULTS) {
    const { applyFaults } = await import('../instruments/faults/index.ts');
    applyFaults(namesIn(process.env.FAULTS), app);
  }
  if (process.env.VARIANTS) {
    const { applyVariants } = await import('../instruments/variants/index.ts');
    applyVariants(namesIn(process.env.VARIANTS), app);
  }
}

/** `--demo`'s shipping App: the reference App on a free loopback port, loaded only for the demo. */
async function startDemoApp(secret: string) {
  const { startApp } = await import('../reference-app/server.ts');
  return startApp({ secret });
}

/**
 * Starts the server with the command line `args` (reference-server/cli.ts), the reference App for `--demo` and the
 * instruments of FAULTS and VARIANTS; `command` is how the user started it, for the usage. The server is loaded only
 * here, when asked for: it needs node:sqlite.
 */
export async function serveComposed(args: string[], command: string): Promise<void> {
  const cli = await import('../reference-server/cli.ts');
  await cli.serve(args, command, { startDemoApp, patch: applyInstruments });
}
