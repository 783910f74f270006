// `npm run mock` answers every list and get operation with an example envelope built from the document's
// examples (Prism, static mode), so frontend work can start from the contract alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { bundlePath, doc } from './contract.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

test('the mock answers every list and get operation with an example envelope', async (t) => {
  const port = await freePort();
  const prism = spawn(`${root}/node_modules/.bin/prism`, ['mock', '-h', '127.0.0.1', '-p', String(port), bundlePath], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.after(() => prism.kill());
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Prism did not start within 60 s')), 60_000);
    prism.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const gets = Object.entries(doc.paths as Record<string, { get?: { operationId: string } }>).filter(
    ([, item]) => item.get,
  );
  for (const [path, item] of gets) {
    const url = `http://127.0.0.1:${port}${path.replace(/\{\w+\}/g, '1')}`;
    const res = await fetch(url, { headers: { authorization: 'Bearer mock' } });
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(res.status, 200, `${item.get!.operationId}: ${JSON.stringify(body).slice(0, 200)}`);
    const envelope = 'success' in body ? body.data : Object.values(body)[0]; // v2 envelopes; v1 `contact(s)`, `shippingService(s)`
    assert.ok(
      envelope !== undefined && envelope !== null,
      `${item.get!.operationId} answered no resource: ${JSON.stringify(body).slice(0, 200)}`,
    );
    if (Array.isArray(envelope)) assert.ok(envelope.length > 0, `${item.get!.operationId}: the example list is empty`);
  }
});
