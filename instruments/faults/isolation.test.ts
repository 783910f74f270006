// Faults patch one app through its seams (seams.ts), never module state: two apps built in one process, each with
// a different fault, each show their own mistake and only theirs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { start } from '../../reference-server/testing.ts';
import { applyFaults } from './index.ts';

test("two apps in one process, each with its own fault, do not see each other's", async () => {
  const keeps = await start({}, (app) => applyFaults(['resources.deleteNotDeleting'], app));
  const splits = await start({}, (app) => applyFaults(['filters.inQuotesIgnored'], app));
  const plain = await start();
  try {
    const servers = { keeps, splits, plain };
    const deletedStays: Record<string, boolean> = {};
    const quotedFound: Record<string, number> = {};
    for (const [name, server] of Object.entries(servers)) {
      const made = await server.call('POST', '/api/v2/products.json', { data: { title: 'Isolated', sku: 'A,B' } });
      assert.equal(made.status, 201, name);
      const id = made.body.data.id;
      const list = await server.call('GET', `/api/v2/products.json?sku:in=${encodeURIComponent('"A,B"')}`);
      quotedFound[name] = list.body.data.length;
      assert.equal((await server.call('DELETE', `/api/v2/products/${id}.json`)).status, 204, name);
      deletedStays[name] = (await server.call('GET', `/api/v2/products/${id}.json`)).status === 200;
    }
    assert.deepEqual(deletedStays, { keeps: true, splits: false, plain: false });
    assert.deepEqual(quotedFound, { keeps: 1, splits: 0, plain: 1 });
  } finally {
    await Promise.all([keeps.stop(), splits.stop(), plain.stop()]);
  }
});
