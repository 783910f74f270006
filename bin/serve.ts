// `store-api-conformance serve [options]`: the reference server from the installed package, with the options of
// `npm run serve` (reference-server/cli.ts), for a team that wants a server to develop against without a clone. It
// is the server's command line, not the suite's: the suite never imports the server (.dependency-cruiser.cjs).
// The server needs node:sqlite, which the suite does not: an older Node gets one line instead of a stack trace.
import { createRequire } from 'node:module';

/** node:sqlite is in Node 22.13 and later without a flag; the installed suite runs on Node 20. */
function hasSqlite(): boolean {
  try {
    createRequire(import.meta.url)('node:sqlite');
    return true;
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
      `store-api-conformance serve needs Node.js 22.13 or later (node:sqlite); this is ${process.version}.`,
    );
    return 1;
  }
  const cli = await import('../reference-server/cli.ts');
  await cli.serve(args, 'store-api-conformance serve');
  return new Promise<number>(() => {});
}
