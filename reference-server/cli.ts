// The reference server's command line, which `npm run serve` and the installed package's `store-api-conformance serve`
// start through bin/serve.ts: the settings read and checked once (an option for those core/config.ts gives one, over
// the environment), the usage derived from them (usage.ts, which loads no node:sqlite), the start with the connection limits of D-64, the demo store, and a
// clean stop on SIGINT or SIGTERM (the port is free once the process has exited). What runs beside the server is
// given to `serve` by its caller (`Composition`): this folder imports neither the reference App nor the instruments.
import { parseArgs } from 'node:util';
import { baseClients } from '../openapi/clients.ts';
import { doc } from '../openapi/contract.ts';
import { createApp, type ReferenceApp } from './app.ts';
import { configOf, readSettings } from './core/config.ts';
import { isSwitch } from '../shared/settings.ts';
import { shellQuote } from '../shared/shell.ts';
import { DEMO_APP_TITLE, DEMO_SCOPES, describeCounts, registerDemoApp, seedDemo } from './demo/seed.ts';
import { createLimitedServer } from '../shared/limits.ts';
import { DatabaseInUse } from './store/db.ts';
import { settings, usage } from './usage.ts';

/**
 * The settings, from the options over the environment, or an exit: 0 after `--help`; 2 after a bad option or a value
 * a setting does not accept, with one line per problem and the usage (no stack trace).
 */
function readCommandLine(args: string[], command: string) {
  try {
    const { values } = parseArgs({
      args,
      options: {
        ...Object.fromEntries(
          settings.flatMap(([, s]) => (s.flag ? [[s.flag, { type: isSwitch(s) ? 'boolean' : 'string' }]] : [])),
        ),
        help: { type: 'boolean' },
      } as Record<string, { type: 'string' | 'boolean' }>,
    });
    if (values.help) {
      console.log(usage(command));
      process.exit(0);
    }
    const options = Object.fromEntries(settings.flatMap(([name, s]) => (s.flag ? [[name, values[s.flag]]] : [])));
    return readSettings(process.env, options);
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage(command)}`);
    process.exit(2);
  }
}

/** A shipping App running beside the server, as `--demo` registers it (reference-app/server.ts starts one so). */
export interface DemoApp {
  /** Its base URL, for the console line. */
  url: string;
  /** The addresses registered as the demo's shipping service (D-18). */
  ratesUrl: string;
  labelsUrl: string;
  stop(): Promise<void>;
}

/** What the server is started with from outside this folder (bin/serve.ts composes it). */
export interface Composition {
  /** `--demo`'s shipping App, started in this process with the seeder's `secret` (the service signs with it). */
  startDemoApp(secret: string): Promise<DemoApp>;
  /**
   * Called with the app once built, before anything is seeded or listens: what patches it through its seams (the
   * instruments that FAULTS and VARIANTS name, instruments/README.md); a patch may lift a limit, which is read after.
   */
  patch?(app: ReferenceApp): void | Promise<void>;
}

/** Starts the server with the command line `args` (without the node and script paths), composed with `composition`. */
export async function serve(args: string[], command: string, composition: Composition): Promise<void> {
  const values = readCommandLine(args, command);
  const config = configOf(values);
  const built = (() => {
    try {
      return createApp(config);
    } catch (err) {
      if (!(err instanceof DatabaseInUse)) throw err;
      console.error(`reference server: ${err.message}`);
      process.exit(1);
    }
  })();
  const { app, close } = built;
  await composition.patch?.(built);
  // `--demo` seeds as the first client that may write everything it holds; without one, the server does not start.
  const seeder = config.demo
    ? [...built.services.auth.clients.values()].find((c) => DEMO_SCOPES.every((s) => c.scopes.includes(s)))
    : undefined;
  if (config.demo && !seeder) {
    console.error(`--demo needs an App client holding the scopes ${DEMO_SCOPES.join(', ')}; the clients file has none`);
    process.exit(1);
  }
  // The app's limits seam, after the patch above (a fault may lift one; instruments/faults/README.md).
  const server = createLimitedServer(app, built.seams.limits);
  server.once('error', (err) => {
    console.error(`reference server could not listen on ${values.host}:${values.port}: ${err.message}`);
    process.exit(1);
  });

  // A stop (Ctrl-C, `kill`, a supervisor) closes every connection, the webhook worker and the database, then exits:
  // an idle keep-alive connection (D-64 keeps one 5 s) would otherwise hold the process and its port.
  let stopping = false;
  /** The demo's shipping App, once started (`--demo`). */
  let shippingApp: DemoApp | undefined;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    void Promise.all([close(), shippingApp?.stop()]).then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  server.listen(values.port, values.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : values.port;
    console.log(
      `reference server listening on http://${values.host}:${port}${config.db ? ` (database ${config.db})` : ' (in-memory database)'}`,
    );
    // D-63: said at start, so that a server left open to internal addresses is never a surprise.
    if (config.allowPrivateUrls) console.log('thumbnail downloads may reach private addresses (--allow-private-urls)');
    if (seeder)
      void demo(seeder, values.host, port, composition, (app) => {
        shippingApp = app;
      });
  });
}

/**
 * `--demo`: the demo store, seeded through this server's own HTTP API (demo/README.md) as `seeder`, and the shipping
 * App the composition starts (the reference App, reference-app/, on a free loopback port), holding the seeder's secret,
 * registered as a shipping service, so that a checkout (D-20) is priced by it.
 */
async function demo(
  seeder: { clientId: string; clientSecret: string },
  host: string,
  port: number,
  composition: Composition,
  started: (app: DemoApp) => void,
) {
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // A wildcard address is listened on, not called: the seeder and the printed calls use loopback then.
  const base = host === '0.0.0.0' || host === '::' ? `http://127.0.0.1:${port}` : url;
  const since = performance.now();
  try {
    const client = { baseUrl: base, clientId: seeder.clientId, clientSecret: seeder.clientSecret };
    const result = await seedDemo(client);
    const seconds = ((performance.now() - since) / 1000).toFixed(1);
    console.log(
      result.seeded
        ? `demo store seeded in ${seconds} s: ${describeCounts(result.counts)}`
        : `demo store not seeded: the database already holds data (${describeCounts(result.found)})`,
    );
    const app = await composition.startDemoApp(seeder.clientSecret);
    started(app);
    const registered = await registerDemoApp({ ...client, ...app, add: result.seeded });
    console.log(
      registered
        ? `shipping App: the reference App on ${app.url}, shipping service ${registered.serviceId} "${DEMO_APP_TITLE}"`
        : `shipping App: the reference App on ${app.url}, not registered (the store has no "${DEMO_APP_TITLE}")`,
    );
    console.log(`docs: ${base}/docs (built by npm run docs), contract: ${base}/openapi.json`);
    console.log(firstCalls(base, seeder, registered?.productId));
  } catch (err) {
    console.error(`demo store could not be seeded: ${(err as Error).message}`);
    process.exit(1);
  }
}

/**
 * What to paste first: a token by the client credentials grant (§4.1), then one call with it, and with `productId`
 * a checkout of two of that product (D-20), whose options the demo's App prices. The secret is printed
 * only when it is a default client's, which the README publishes anyway; a `--clients` file's stays `$CLIENT_SECRET`.
 * Client credentials are a server-to-server flow: a secret in browser code is for local development only (README.md).
 */
export function firstCalls(
  base: string,
  client: { clientId: string; clientSecret: string },
  productId?: number,
): string {
  const published = Object.values(baseClients).some(
    (c) => c.clientId === client.clientId && c.clientSecret === client.clientSecret,
  );
  const secret = published ? client.clientSecret : '$CLIENT_SECRET';
  return [
    'Get a token (client credentials, server to server), then list products:',
    `  TOKEN=$(curl -s ${base}/admin/oauth/token.json -d grant_type=client_credentials -d client_id=${client.clientId} ` +
      `-d client_secret=${secret} | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `  curl -s '${base}/api/v2/products.json?limit=5' -H "Authorization: Bearer $TOKEN"`,
    ...(productId === undefined
      ? []
      : [
          'Quote shipping for a cart to London (a checkout, D-20): options priced by the reference App:',
          `  curl -s ${base}/api/v2/checkout/rates.json -H "Authorization: Bearer $TOKEN" ` +
            `-H 'Content-Type: application/json' -d ${shellQuote(JSON.stringify(demoCart(productId)))}`,
        ]),
  ].join('\n');
}

/** The demo's checkout: two of a product, in GBP, to the document's example destination (an address in London). */
export function demoCart(productId: number) {
  const destination = doc.components.schemas.CheckoutRequest.properties.destination.example as Record<string, unknown>;
  return { data: { currency: 'GBP', destination, items: [{ productId, quantity: 2 }] } };
}
