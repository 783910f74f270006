// Starts the reference server: `npm run serve [-- --port 8080 --db data.sqlite --clients clients.json
// --cors-origin http://localhost:5173]`.
import { parseArgs } from 'node:util';
import { configFromEnv, createApp } from './app.ts';
import { corsOrigins } from './core/config.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
    db: { type: 'string' },
    clients: { type: 'string' },
    'cors-origin': { type: 'string' },
  },
});
const config = {
  ...configFromEnv(),
  ...(values.db ? { db: values.db } : {}),
  ...(values.clients ? { clientsFile: values.clients } : {}),
  ...(values['cors-origin'] ? { corsOrigins: corsOrigins(values['cors-origin']) } : {}),
};
const built = createApp(config);
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
const server = app.listen(Number(values.port), values.host, (err?: Error) => {
  if (err) {
    console.error(`reference server could not listen on ${values.host}:${values.port}: ${err.message}`);
    process.exit(1);
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : values.port;
  console.log(
    `reference server listening on http://${values.host}:${port}${config.db ? ` (database ${config.db})` : ' (in-memory database)'}`,
  );
});
const shutdown = () => {
  server.close();
  void close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
