// The reference App listening: `startApp` builds one App (app.ts), lets `patch` change its seams before the first
// request, and serves it with the reference server's connection limits (D-64) on 127.0.0.1 by default. The demo
// (`serve --demo`), `store-api-conformance serve-app` and tests start it so; `stop` closes every connection.
import type { AddressInfo } from 'node:net';
import { createLimitedServer } from '../shared/limits.ts';
import { createShippingApp, PATHS, type ShippingApp } from './app.ts';

export interface StartedApp {
  /** The base URL (`http://127.0.0.1:<port>`). */
  url: string;
  /** The address to register as a shipping service's `ratesUrl` (D-18). */
  ratesUrl: string;
  /** The address to register as its `labelsUrl`. */
  labelsUrl: string;
  stop(): Promise<void>;
}

export async function startApp(options: {
  port?: number;
  host?: string;
  secret: string;
  patch?: (app: ShippingApp) => void;
}): Promise<StartedApp> {
  const app = createShippingApp({ secret: options.secret });
  options.patch?.(app);
  const server = createLimitedServer((req, res) => app.handle(req, res));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  // A wildcard address is listened on, not called: the URLs name loopback then. IPv6 literals are bracketed.
  const callable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${callable}:${port}`;
  return {
    url,
    ratesUrl: `${url}${PATHS.rates}`,
    labelsUrl: `${url}${PATHS.labels}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
