// `--cleanup` (CONFORMANCE_CLEANUP): a run against a reference server that makes products, contacts, inventory and
// redirects leaves none of them behind, and says how many it deleted (conformance/lib/cleanup.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseClients } from '../openapi/clients.ts';
import { root } from './run.ts';
import { startReference } from '../shared/server-process.ts';

const only =
  'createProduct.lifecycle.*,createContact.reference-unique,createRedirect.lifecycle.*,createInventory.lifecycle.*';

test('--cleanup deletes the products, contacts, redirects and inventory the run made', async () => {
  const server = await startReference();
  const dir = mkdtempSync(join(tmpdir(), 'cleanup-'));
  const { clientId, clientSecret } = baseClients.full;
  const auth = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
  });
  // A connection per request: the runs between two reads outlast the server's idle keep-alive (D-64).
  const call = async (path: string, init: RequestInit = {}) =>
    (
      await fetch(`${server.url}${path}`, {
        ...init,
        keepalive: false,
        headers: { ...init.headers, connection: 'close' },
      })
    ).json();
  const { access_token } = (await call('/admin/oauth/token.json', { method: 'POST', body: auth })) as Record<
    string,
    string
  >;
  const headers = { authorization: `Bearer ${access_token}` };
  type Total = { pagination: { total: number } };
  const total = async (path: string) => ((await call(path, { headers })) as Total).pagination.total;
  const totals = async () => ({
    products: await total('/api/v2/products.json'),
    redirects: await total('/api/v2/redirects.json'),
    inventory: await total('/api/v2/inventory.json'),
    contacts: ((await call('/api/contacts/search.json', { headers })) as { contacts: unknown[] }).contacts.length,
  });
  const suite = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.TARGET_URL;
    delete env.CONFORMANCE_CONFIG;
    return spawnSync(
      process.execPath,
      [
        join(root, 'bin/store-api-conformance.ts'),
        '--target',
        server.url,
        '--report-dir',
        dir,
        '--only',
        only,
        ...args,
      ],
      { cwd: root, env, encoding: 'utf8' },
    );
  };
  try {
    const before = await totals();
    const cleaned = suite('--cleanup');
    assert.equal(cleaned.status, 0, cleaned.stdout.slice(-2000));
    const counted = /cleanup: (\d+) of \1 resources the suite made removed \((.*)\)/.exec(cleaned.stdout);
    assert.ok(counted, cleaned.stdout.slice(-2000));
    for (const remove of ['deleteProduct', 'deleteContact', 'deleteRedirect', 'deleteInventory'])
      assert.match(counted[2]!, new RegExp(`[1-9]\\d* by ${remove}`), `some by ${remove}`);
    assert.deepEqual(await totals(), before, 'the run left nothing of its own');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
