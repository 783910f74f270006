// The reference App's command line, shared by `npm run serve-app` (main.ts) and the installed package's
// `store-api-conformance serve-app` (bin/serve-app.ts): its options, the start, and a clean stop on SIGINT or SIGTERM.
import { parseArgs } from 'node:util';
import { startApp } from './server.ts';
import { DEFAULT_PORT, DEFAULT_SECRET, usage } from './usage.ts';

// The default secret, for those that start the App as the command line does (instruments/app-runs.ts).
export { DEFAULT_SECRET };

/** Starts the App with the command line `args` (without the node and script paths); it runs until SIGINT or SIGTERM. */
export async function serveApp(args: string[], command = 'npm run serve-app --'): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        secret: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage(command)}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage(command));
    process.exit(0);
  }
  const port = values.port ?? String(DEFAULT_PORT);
  const secret = values.secret ?? process.env.APP_SECRET ?? DEFAULT_SECRET;
  if (!/^\d+$/.test(port) || Number(port) > 65535 || secret === '') {
    console.error(
      `${secret === '' ? '--secret must not be empty' : `--port ${port}: not a whole number from 0 to 65535`}\n\n${usage(command)}`,
    );
    process.exit(2);
  }
  const host = values.host ?? '127.0.0.1';
  const app = await startApp({ port: Number(port), host, secret }).catch((err: Error) => {
    console.error(`reference App could not listen on ${host}:${port}: ${err.message}`);
    process.exit(1);
  });
  const stop = () => void app.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const named = secret === DEFAULT_SECRET ? ` (${DEFAULT_SECRET}, the default)` : '';
  console.log(
    [
      `reference App listening on ${app.url}`,
      `  ratesUrl:  ${app.ratesUrl}`,
      `  labelsUrl: ${app.labelsUrl}`,
      `Requests must be signed with the secret of the App client that registers them${named}.`,
    ].join('\n'),
  );
}
