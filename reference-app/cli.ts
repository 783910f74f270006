// The reference App's command line, shared by `npm run serve-app` (main.ts) and the installed package's
// `store-api-conformance serve-app` (bin/serve-app.ts): its options, the start, and a clean stop on SIGINT or SIGTERM.
import { parseArgs } from 'node:util';
import { baseClients } from '../openapi/clients.ts';
import { startApp } from './server.ts';

export const DEFAULT_PORT = 8090;
/**
 * The secret the App checks signatures with (D-16): the service signs a callback with the secret of the App client that
 * registered the shipping service (D-18). The demo registers as `conformance-full` (reference-server/demo/seed.ts), and
 * so would an App that registers itself with the default clients.
 */
export const DEFAULT_SECRET = baseClients.full.clientSecret;

export function usage(command: string): string {
  return [
    `Usage: ${command} [options]`,
    '',
    'The reference shipping App (reference-app/README.md): POST /rates answers rate requests (§2.10), POST /labels',
    'label requests (§2.11); both must be signed (X-Store-Signature, D-16). Register its two URLs as a shipping',
    "service's ratesUrl and labelsUrl (POST /api/shipping/services.json, D-18) as the client whose secret it holds.",
    '',
    'Options:',
    `  --port <a whole number from 0 to 65535>\n      The port to listen on (0: a free one; default ${DEFAULT_PORT})`,
    '  --host <a host name or IP address>\n      The address to listen on (default 127.0.0.1: this machine only)',
    '  --secret <text>',
    '      The secret of the App client that registers the shipping service, which the service signs its requests',
    `      with (APP_SECRET; default ${DEFAULT_SECRET}, the reference server's full client, as which`,
    '      serve --demo registers its App)',
    '  --help\n      print this and exit',
  ].join('\n');
}

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
