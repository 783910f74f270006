// The delivery worker (D-16, D-23): across a crash (found by `npm run crash-test`, robustness/README.md), and with
// subscribers that fail or never answer beside one that answers (found by running the suite twice on one server).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDb, sql } from '../store/db.ts';
import { createTables } from '../store/tables.ts';
import { Outbox } from './outbox.ts';
import { startWorker, type Transport } from './worker.ts';

/** Waits for `done`, failing the test (not hanging it) after `ms`. */
async function until(done: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await sleep(5);
  }
}

/** A fresh database whose outbox holds one delivery, due at once. */
function oneDue() {
  const db = openDb();
  createTables(db, []);
  sql(
    db,
    'INSERT INTO outbox (deliveryId, webhookId, clientId, url, event, body, nextAttemptAt) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run('d-1', 1, 'c', 'http://127.0.0.1:9/hook', 'products/created', '{}', 0);
  return db;
}

const options = {
  secretOf: () => 'secret',
  account: 'a',
  retryBaseMs: 1000,
  maxAttempts: 6,
  timeoutMs: 200, // a row in flight is leased for the timeout and 1 s
  pollMs: 10,
};

test('an attempt cut off by a crash counts: the delivery after the restart is attempt 2, not attempt 1 again', async () => {
  const db = oneDue();
  // The first life: the receiver has the request, the process dies before the answer is recorded.
  let answer: (() => void) | undefined;
  const hanging: Transport = {
    send: () => new Promise<Response>((resolve) => (answer = () => resolve(new Response('ok')))),
  };
  const first = startWorker(db, new Outbox('a'), hanging, options);
  await until(() => answer !== undefined, 'the first attempt');
  // The first life ends here: no more ticks (a slow machine could otherwise see the row's lease run out and send it
  // again from this worker); its attempt is still out.
  const stopped = first.stop();
  // The second life, on the same database (the first worker never learns how its attempt ended).
  const attempts: string[] = [];
  const recording: Transport = {
    send: async (_url, init) => {
      attempts.push((init.headers as Record<string, string>)['x-store-webhook-attempt']!);
      return new Response('ok');
    },
  };
  const second = startWorker(db, new Outbox('a'), recording, options);
  await until(() => attempts.length > 0, 'the attempt after the restart');
  await second.stop();
  answer!();
  await stopped;
  assert.deepEqual(attempts, ['2']);
  assert.equal(sql(db, 'SELECT count(*) AS n FROM outbox').get()!.n, 0, 'the delivered row left the outbox');
});

const insert = (db: ReturnType<typeof openDb>, url: string, attempts = 0) =>
  sql(
    db,
    'INSERT INTO outbox (deliveryId, webhookId, clientId, url, event, body, attempts, nextAttemptAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(`d-${Math.random()}`, 1, 'c', url, 'products/created', '{}', attempts, 0);

test('50 subscribers that never answer do not hold back a delivery to one that does', async () => {
  const db = openDb();
  createTables(db, []);
  for (let i = 0; i < 60; i++) insert(db, 'http://frozen.test/hook');
  insert(db, 'http://live.test/hook');
  let delivered = false;
  const transport: Transport = {
    send: (url) =>
      url.startsWith('http://live.test')
        ? ((delivered = true), Promise.resolve(new Response('ok')))
        : new Promise<Response>(() => {}), // accepts, never answers (the attempt's timeout is the worker's)
  };
  const worker = startWorker(db, new Outbox('a'), { send: transport.send }, { ...options, timeoutMs: 60_000 });
  await until(() => delivered, 'the live delivery while 60 attempts hang', 3000);
  void worker.stop();
});

test('a backlog of retries to a failing subscriber does not hold back a fresh event', async () => {
  const db = openDb();
  createTables(db, []);
  for (let i = 0; i < 500; i++) insert(db, 'http://dead.test/hook', 2); // due retries, older ids
  insert(db, 'http://live.test/hook');
  const sent: string[] = [];
  const transport: Transport = {
    send: async (url) => {
      sent.push(url);
      if (url.startsWith('http://dead.test')) throw new Error('connect ECONNREFUSED');
      return new Response('ok');
    },
  };
  const worker = startWorker(db, new Outbox('a'), transport, options);
  await until(() => sent.includes('http://live.test/hook'), 'the live delivery');
  await worker.stop();
  assert.equal(sent.indexOf('http://live.test/hook'), 0, 'the first attempt goes out before the retries');
});

test('delivered rows leave the outbox, failing ones stay for their retries (found by `npm run soak`)', async () => {
  const db = openDb();
  createTables(db, []);
  for (let i = 0; i < 100; i++) insert(db, 'http://live.test/hook');
  insert(db, 'http://dead.test/hook');
  const transport: Transport = {
    send: async (url) => {
      if (url.startsWith('http://dead.test')) throw new Error('connect ECONNREFUSED');
      return new Response('ok');
    },
  };
  const worker = startWorker(db, new Outbox('a'), transport, options);
  const left = () =>
    sql(db, 'SELECT url, attempts, state FROM outbox')
      .all()
      .map((r) => ({ ...r }));
  await until(() => left().length === 1 && Number(left()[0]!.attempts) === 1, 'the live deliveries');
  await worker.stop();
  assert.deepEqual(left(), [{ url: 'http://dead.test/hook', attempts: 1, state: 'pending' }]);
});

test('a stop ends the attempts in flight rather than waiting out their timeout, and gives their rows back', async () => {
  const db = oneDue();
  // A receiver that holds its answer, as fetch does: the attempt ends only when its signal aborts.
  let sent = false;
  const holding: Transport = {
    send: (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        sent = true;
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason));
      }),
  };
  const worker = startWorker(db, new Outbox('a'), holding, { ...options, timeoutMs: 60_000 });
  await until(() => sent, 'the attempt');
  const started = Date.now();
  await worker.stop();
  assert.ok(Date.now() - started < 5_000, `the stop took ${Date.now() - started} ms`);
  const row = sql(db, 'SELECT state, nextAttemptAt FROM outbox').get()!;
  assert.equal(row.state, 'pending');
  assert.ok(Number(row.nextAttemptAt) <= Date.now(), 'the row is due at once after the next start');
});
