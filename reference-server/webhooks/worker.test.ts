// The delivery worker across a crash (D-16, D-23; found by `npm run crash-test`, robustness/README.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDb, sql } from '../store/db.ts';
import { createTables } from '../store/tables.ts';
import { Outbox } from './outbox.ts';
import { startWorker, type Transport } from './worker.ts';

const options = {
  secretOf: () => 'secret',
  account: 'a',
  retryBaseMs: 1000,
  maxAttempts: 6,
  timeoutMs: 5000,
  pollMs: 10,
};

test('an attempt cut off by a crash counts: the delivery after the restart is attempt 2, not attempt 1 again', async () => {
  const db = openDb();
  createTables(db, []);
  sql(
    db,
    'INSERT INTO outbox (deliveryId, webhookId, clientId, url, event, body, nextAttemptAt) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run('d-1', 1, 'c', 'http://127.0.0.1:9/hook', 'products/created', '{}', 0);
  // The first life: the receiver has the request, the process dies before the answer is recorded.
  let answer: (() => void) | undefined;
  const hanging: Transport = {
    send: () => new Promise<Response>((resolve) => (answer = () => resolve(new Response('ok')))),
  };
  const first = startWorker(db, new Outbox('a'), hanging, options);
  while (!answer) await sleep(5);
  // The second life, on the same database (the first worker never learns how its attempt ended).
  const attempts: string[] = [];
  const recording: Transport = {
    send: async (_url, init) => {
      attempts.push((init.headers as Record<string, string>)['x-store-webhook-attempt']!);
      return new Response('ok');
    },
  };
  const second = startWorker(db, new Outbox('a'), recording, options);
  while (attempts.length === 0) await sleep(5);
  await second.stop();
  const stopped = first.stop();
  answer();
  await stopped;
  assert.deepEqual(attempts, ['2']);
  const row = sql(db, 'SELECT attempts, state FROM outbox').get() as { attempts: number; state: string };
  assert.deepEqual({ ...row }, { attempts: 2, state: 'delivered' });
});
