// `store-api-conformance serve-app [options]`: the reference shipping App from the installed package, with the
// options of `npm run serve-app` (reference-app/cli.ts), for a team building a store or an App without a clone. It is
// the App's command line, not the suite's. It runs where `serve` runs (Node 22.16 or later, bin/serve.ts); what it
// needs of Node beyond the suite's floor is node:zlib's crc32 (its label PNGs), and an older Node gets one line naming
// the version instead of a stack trace.
import * as zlib from 'node:zlib';
import { usage } from '../reference-app/usage.ts';
import { SERVE_NODE } from './serve.ts';

/** The last line of `serve-app --help`: the Node the App needs, named on any Node (the help itself needs none). */
export const serveAppNodeLine = () =>
  `Runs on Node.js ${SERVE_NODE.replace(/\.0$/, '')} or later (node:zlib's crc32); this is ${process.version}.`;

/**
 * Starts the App; resolves only with the exit status of an App that cannot start here, or of `--help` (a started one
 * runs on).
 */
export async function serveApp(args: string[]): Promise<number> {
  // The help before the check of the Node, from reference-app/usage.ts, which loads nothing of the App.
  if (args.includes('--help')) {
    console.log(`${usage('store-api-conformance serve-app')}\n\n${serveAppNodeLine()}`);
    return 0;
  }
  if (typeof (zlib as { crc32?: unknown }).crc32 !== 'function') {
    console.error(
      `store-api-conformance serve-app needs Node.js ${SERVE_NODE.replace(/\.0$/, '')} or later; this is ${process.version}.`,
    );
    return 1;
  }
  const cli = await import('../reference-app/cli.ts');
  await cli.serveApp(args, 'store-api-conformance serve-app');
  return new Promise<number>(() => {});
}
