// The reference App's usage (`--help`) and defaults, apart from cli.ts: cli.ts loads the App and with it the
// node:zlib crc32 of its label PNGs (label-image.ts), which an older Node lacks, while the usage needs nothing of it,
// so `store-api-conformance serve-app --help` (bin/serve-app.ts) prints it on any Node, with a line naming the Node
// the App needs.
import { baseClients } from '../openapi/clients.ts';

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
