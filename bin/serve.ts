// `store-api-conformance serve [options]`: the reference server from the installed package, with the options of
// `npm run serve` (reference-server/cli.ts), for a team that wants a server to develop against without a clone. It
// is the server's command line, not the suite's: the suite never imports the server (.dependency-cruiser.cjs).
// The server needs a newer node:sqlite than the suite needs Node (engines: the suite runs on Node 20): an older Node
// gets one line naming the version instead of a stack trace.
import { createRequire } from 'node:module';

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

/**
 * Starts the server; resolves only with the exit status of a server that cannot start here: a started one runs until
 * it is stopped (SIGINT, SIGTERM), and then the server's own stop ends the process.
 */
export async function serve(args: string[]): Promise<number> {
  if (!hasSqlite()) {
    console.error(
      `store-api-conformance serve needs Node.js ${SERVE_NODE.replace(/\.0$/, '')} or later, 23 excepted ` +
        `(node:sqlite); this is ${process.version}.`,
    );
    return 1;
  }
  const cli = await import('../reference-server/cli.ts');
  await cli.serve(args, 'store-api-conformance serve');
  return new Promise<number>(() => {});
}
