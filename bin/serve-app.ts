// `store-api-conformance serve-app [options]`: the reference shipping App from the installed package, with the
// options of `npm run serve-app` (reference-app/cli.ts), for a team building a store or an App without a clone. It is
// the App's command line, not the suite's. It runs where `serve` runs (Node 22.16 or later, bin/serve.ts); what it
// needs of Node beyond the suite's floor is node:zlib's crc32 (its label PNGs), and an older Node gets one line naming
// the version instead of a stack trace.
import * as zlib from 'node:zlib';
import { SERVE_NODE } from './serve.ts';

/** Starts the App; resolves only with the exit status of an App that cannot start here (a started one runs on). */
export async function serveApp(args: string[]): Promise<number> {
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
