// init --probe against our own reference server: it guesses our own choices, so the dialect it drafts states
// nothing (every key it could tell is "the same as ours"; what a probe cannot see is TODO). And a target that cannot
// be reached is one line, not a crash.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultClients } from '../../openapi/clients.ts';
import { parseDialect } from '../lib/dialect.ts';
import { freePort, startReference, type ServerProcess } from '../../shared/server-process.ts';
import { draft } from './cli.ts';
import { InitInputError } from './document.ts';
import { sameKeysOf, todoKeysOf } from './write.ts';

let server: ServerProcess;
const clients = join(mkdtempSync(join(tmpdir(), 'init-probe-')), 'clients.json');
before(async () => {
  writeFileSync(clients, JSON.stringify(defaultClients));
  server = await startReference();
});
after(() => server?.stop());

test('init --probe on the reference server: nothing stated differs from our contract', async () => {
  const lines: string[] = [];
  const text = await draft({ probe: server.url, clients, log: (l) => lines.push(l) });
  const { stated } = parseDialect(text, 'draft');
  assert.deepEqual([...stated], []);
  for (const key of [
    'v2Body',
    'contactBody',
    'contactSearchList',
    'errors',
    'pageParams',
    'scopes',
    'shippingServices',
  ])
    assert.ok(sameKeysOf(text).includes(key), `${key} is not "the same as ours"`);
  assert.deepEqual(todoKeysOf(text).sort(), ['checkout', 'deliveries', 'dispatch', 'events', 'signatures', 'statuses']);
  // The requests it sent: a token, the lists, one contact, one invalid add; no other write.
  assert.equal(lines.filter((l) => /^(POST|PUT|PATCH|DELETE)/.test(l)).length, 2);
  assert.ok(lines.some((l) => l.startsWith('POST /api/v2/products.json {}')));
});

test('a target that refuses the connection: one line, InitInputError', async () => {
  const port = await freePort();
  await assert.rejects(
    draft({ probe: `http://127.0.0.1:${port}`, clients }),
    (e: Error) => e instanceof InitInputError && /cannot reach it \(ECONNREFUSED\)/.test(e.message),
  );
});
