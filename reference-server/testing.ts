// A reference app on a loopback port for the server's own tests, with a bearer token of `conformance-full` and a
// `call` helper; `patch` applies faults or variants to this app only (seams.ts).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configFromEnv, createApp, type Config, type ReferenceApp } from './app.ts';

export async function start(overrides: Partial<Config> = {}, patch?: (app: ReferenceApp) => void) {
  const built = createApp({ ...configFromEnv({}), webhookRetryBaseMs: 100, callbackTimeoutMs: 300, ...overrides });
  patch?.(built);
  const server = await new Promise<Server>((resolve) => {
    const s = built.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: 'conformance-full',
    client_secret: 'conformance-full-secret',
  });
  const token = (
    (await (await fetch(`${base}/admin/oauth/token.json`, { method: 'POST', body: form })).json()) as {
      access_token: string;
    }
  ).access_token;
  const call = async (method: string, path: string, body?: unknown, raw?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body:
        method === 'GET' || method === 'DELETE'
          ? undefined
          : (raw ?? (body === undefined ? undefined : JSON.stringify(body))),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  return {
    base,
    call,
    async stop() {
      server.close();
      await built.close();
    },
  };
}
