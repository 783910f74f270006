// Starts the reference server: `npm run serve [-- --port 8080 --db data.sqlite --clients clients.json
// --cors-origin http://localhost:5173 --demo --allow-private-urls]`, with the connection limits of D-64.
import { parseArgs } from 'node:util';
import { configFromEnv, createApp } from './app.ts';
import { corsOrigins } from './core/config.ts';
import { DEMO_SCOPES, describeCounts, seedDemo } from './demo/seed.ts';
import { createLimitedServer } from './http/limits.ts';
import { DatabaseInUse } from './store/db.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
    db: { type: 'string' },
    clients: { type: 'string' },
    'cors-origin': { type: 'string' },
    demo: { type: 'boolean' },
    'allow-private-urls': { type: 'boolean' },
  },
});
const config = {
  ...configFromEnv(),
  ...(values.db ? { db: values.db } : {}),
  ...(values.clients ? { clientsFile: values.clients } : {}),
  ...(values['cors-origin'] ? { corsOrigins: corsOrigins(values['cors-origin']) } : {}),
  ...(values.demo ? { demo: true } : {}),
  ...(values['allow-private-urls'] ? { allowPrivateUrls: true } : {}),
};
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
// Known-bad variants for measuring the conformance suite (reference-server/faults/README.md); never set in use.
if (process.env.FAULTS) {
  const { applyFaults } = await import('./faults/index.ts');
  applyFaults(
    process.env.FAULTS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    built,
  );
}
// Benign variants, deciding differently where the source is silent (reference-server/variants/README.md); never set in use.
if (process.env.VARIANTS) {
  const { applyVariants } = await import('./variants/index.ts');
  applyVariants(
    process.env.VARIANTS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    built,
  );
}
// `--demo` seeds as the first client that may write everything it holds; without one, the server does not start.
const seeder = config.demo
  ? [...built.services.auth.clients.values()].find((c) => DEMO_SCOPES.every((s) => c.scopes.includes(s)))
  : undefined;
if (config.demo && !seeder) {
  console.error(`--demo needs an App client holding the scopes ${DEMO_SCOPES.join(', ')}; the clients file has none`);
  process.exit(1);
}
// The app's limits seam, after the faults above (a fault may lift one; faults/README.md).
const server = createLimitedServer(app, built.seams.limits);
server.once('error', (err) => {
  console.error(`reference server could not listen on ${values.host}:${values.port}: ${err.message}`);
  process.exit(1);
});
server.listen(Number(values.port), values.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : values.port;
  console.log(
    `reference server listening on http://${values.host}:${port}${config.db ? ` (database ${config.db})` : ' (in-memory database)'}`,
  );
  // D-63: said at start, so that a server left open to internal addresses is never a surprise.
  if (config.allowPrivateUrls) console.log('thumbnail downloads may reach private addresses (--allow-private-urls)');
  if (seeder) void demo(seeder, values.host, port);
});

/** `--demo`: the demo store, seeded through this server's own HTTP API (demo/README.md) as `seeder`. */
async function demo(seeder: { clientId: string; clientSecret: string }, host: string, port: number | string) {
  const url = `http://${host}:${port}`;
  // A wildcard address is listened on, not called: the seeder calls loopback then.
  const base = host === '0.0.0.0' || host === '::' ? `http://127.0.0.1:${port}` : url;
  const started = performance.now();
  try {
    const result = await seedDemo({ baseUrl: base, clientId: seeder.clientId, clientSecret: seeder.clientSecret });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      result.seeded
        ? `demo store seeded in ${seconds} s: ${describeCounts(result.counts)}`
        : `demo store not seeded: the database already holds data (${describeCounts(result.found)})`,
    );
    console.log(`docs: ${url}/docs (built by npm run docs), contract: ${url}/openapi.json`);
  } catch (err) {
    console.error(`demo store could not be seeded: ${(err as Error).message}`);
    process.exit(1);
  }
}
const shutdown = () => {
  server.close();
  void close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
