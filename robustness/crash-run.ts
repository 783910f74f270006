// One crash test run: the reference server on a file database with a webhook subscribed to every event (D-17),
// concurrent writers, then `kills` times: SIGKILL at a seeded random moment, restart on the same file and port,
// resolve the writes cut off, check everything (crash-check.ts). After the last restart the deliveries drain and are
// checked against the writes that happened.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createStoreClient } from '../client/index.ts';
import { baseClients } from '../openapi/clients.ts';
import { freePort } from '../shared/server-process.ts';
import { Checker, type EventFigures, type Problem } from './crash-check.ts';
import { RestartableServer, startReceiver } from './crash-server.ts';
import {
  Ledger,
  prng,
  Writers,
  type Kind,
  type Obj,
  type Outcome,
  type Resolution,
  type Send,
} from './crash-workload.ts';

export interface CrashOptions {
  kills: number;
  seed: number;
  /** Concurrent writers (default 8). */
  writers?: number;
  /** The kill falls this many milliseconds after the writers start, drawn uniformly (default 150–1500). */
  killWindowMs?: [number, number];
  /** How long the deliveries may take to drain after the last restart (default 30 s). */
  drainMs?: number;
  log?: (line: string) => void;
}

export interface Life {
  life: number;
  /** When the kill fell, after the writers started. */
  killAfterMs: number;
  sent: number;
  acknowledged: number;
  inFlight: number;
  restartMs: number;
  checkMs: number;
}

export interface CrashSummary {
  seed: number;
  kills: number;
  writers: number;
  wallSeconds: number;
  writes: {
    sent: number;
    acknowledged: number;
    /** Answered, but not 2xx (none expected: every write is valid). */
    refused: number;
    refusedStatuses: Record<string, number>;
    /** Acknowledged and not there after a restart: must be 0. */
    lost: number;
    byKind: Record<string, { sent: number; acknowledged: number }>;
  };
  /** Writes without an answer, how each ended (read after the restart). */
  unanswered: Record<'in-flight' | 'not-sent', Record<Resolution, number> & { total: number }>;
  unansweredByKind: Record<string, Record<Resolution, number>>;
  events: EventFigures;
  /** Webhook requests cut off by a kill before their body arrived whole. */
  tornDeliveries: number;
  /** Internal errors the server logged (each is a 500). */
  serverErrors: number;
  lives: Life[];
  problemCounts: Record<string, number>;
  problems: Problem[];
  ok: boolean;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Requests of the harness as one App client (the suite's `full`, openapi/clients.ts). */
function sender(baseUrl: string, token: string): Send {
  return async (method, path, body) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Obj) : undefined };
  };
}

/** Reads retried on a connection error: the first request after a restart may find a socket of the killed server. */
const retrying =
  (send: Send): Send =>
  async (method, path, body) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await send(method, path, body);
      } catch (err) {
        if (attempt >= 3) throw err;
        await sleep(100);
      }
    }
  };

export async function runCrash(opts: CrashOptions): Promise<CrashSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  const [killMin, killMax] = opts.killWindowMs ?? [150, 1500];
  const writerCount = opts.writers ?? 8;
  const killAt = prng(opts.seed);
  const receiverDelay = prng(opts.seed ^ 0x5eed);
  const { clientId, clientSecret } = baseClients.full;
  // D-16: deliveries are signed with the secret of the client that owns the subscription.
  const receiver = await startReceiver(clientSecret, () => Math.floor(receiverDelay() * 20));
  const dir = mkdtempSync(join(tmpdir(), 'crash-test-'));
  // D-23: a delivery the receiver took but the kill kept from being recorded is retried soon after the restart.
  const server = new RestartableServer({
    db: join(dir, 'store.sqlite'),
    port: await freePort(),
    env: { WEBHOOK_RETRY_BASE_MS: '200' },
  });
  const ledger = new Ledger();
  const lives: Life[] = [];
  try {
    await server.start();
    const client = createStoreClient({ baseUrl: server.baseUrl, clientId, clientSecret });
    const hook = await client.POST('/api/v2/webhooks.json', { body: { data: { url: receiver.url, events: ['*'] } } });
    if (!hook.data) throw new Error(`the webhook was refused: ${JSON.stringify(hook.error)}`);
    // Tokens are stored (D-05): the one token serves every life of the server.
    const send = sender(server.baseUrl, await client.token());
    const writers = new Writers(ledger, send, writerCount, opts.seed);
    const checker = new Checker(ledger, retrying(send));
    for (let life = 1; life <= opts.kills; life++) {
      const before = ledger.writes.length;
      writers.run(life);
      const killAfterMs = Math.round(killMin + killAt() * (killMax - killMin));
      await sleep(killAfterMs);
      const stopped = writers.stop(); // no request starts after this; those sent are cut off by the kill
      await server.kill();
      await stopped;
      const restartMs = await server.start();
      const checkStarted = performance.now();
      await checker.resolve(life);
      await checker.verify(life);
      const ofLife = ledger.writes.slice(before);
      lives.push({
        life,
        killAfterMs,
        sent: ofLife.length,
        acknowledged: ofLife.filter((w) => w.outcome === 'acknowledged').length,
        inFlight: ofLife.filter((w) => w.outcome === 'in-flight').length,
        restartMs: Math.round(restartMs),
        checkMs: Math.round(performance.now() - checkStarted),
      });
      const last = lives.at(-1)!;
      log(
        `kill ${life}/${opts.kills} after ${killAfterMs} ms: ${last.acknowledged}/${last.sent} writes acknowledged, ` +
          `${last.inFlight} in flight; restarted in ${last.restartMs} ms, checked in ${last.checkMs} ms; ` +
          `${checker.problems.length} problems so far`,
      );
    }
    const drainStarted = performance.now();
    while (checker.undelivered(receiver.deliveries) > 0 && performance.now() - drainStarted < (opts.drainMs ?? 30_000))
      await sleep(100);
    // Late copies of what was delivered are counted too: the quiet period of one retry round (D-23).
    await sleep(1000);
    log(`deliveries drained in ${Math.round(performance.now() - drainStarted)} ms`);
    const events = checker.events(receiver.deliveries, opts.kills + 1);
    await server.stop();
    return summarise(opts, writerCount, started, ledger, checker, events, receiver.torn, server.stderr, lives);
  } finally {
    await server.kill();
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function summarise(
  opts: CrashOptions,
  writers: number,
  started: number,
  ledger: Ledger,
  checker: Checker,
  events: EventFigures,
  torn: number,
  stderr: string[],
  lives: Life[],
): CrashSummary {
  const { writes } = ledger;
  const count = (f: (w: (typeof writes)[number]) => boolean) => writes.filter(f).length;
  const resolutions = (outcome: Outcome) => ({
    total: count((w) => w.outcome === outcome),
    applied: count((w) => w.outcome === outcome && w.resolution === 'applied'),
    'not applied': count((w) => w.outcome === outcome && w.resolution === 'not applied'),
    'half-written': count((w) => w.outcome === outcome && w.resolution === 'half-written'),
  });
  const kinds = [...new Set(writes.map((w) => `${w.entity.resource} ${w.kind}`))].sort();
  const ofKind = (k: string) => (w: (typeof writes)[number]) => `${w.entity.resource} ${w.kind}` === k;
  const refusedStatuses: Record<string, number> = {};
  for (const w of writes)
    if (w.outcome === 'refused') refusedStatuses[w.status!] = (refusedStatuses[w.status!] ?? 0) + 1;
  const problemCounts: Record<string, number> = {};
  for (const p of checker.problems) problemCounts[p.kind] = (problemCounts[p.kind] ?? 0) + 1;
  const serverErrors = stderr.filter((l) => l.includes('internal error')).length;
  const refused = count((w) => w.outcome === 'refused');
  return {
    seed: opts.seed,
    kills: lives.length,
    writers,
    wallSeconds: Math.round((performance.now() - started) / 100) / 10,
    writes: {
      sent: writes.length,
      acknowledged: count((w) => w.outcome === 'acknowledged'),
      refused,
      refusedStatuses,
      lost: checker.lost.size,
      byKind: Object.fromEntries(
        kinds.map((k) => [
          k,
          { sent: count(ofKind(k)), acknowledged: count((w) => ofKind(k)(w) && w.outcome === 'acknowledged') },
        ]),
      ),
    },
    unanswered: { 'in-flight': resolutions('in-flight'), 'not-sent': resolutions('not-sent') },
    unansweredByKind: Object.fromEntries(
      (['create', 'update', 'delete'] as Kind[]).map((kind) => [
        kind,
        {
          applied: count((w) => w.kind === kind && w.resolution === 'applied'),
          'not applied': count((w) => w.kind === kind && w.resolution === 'not applied'),
          'half-written': count((w) => w.kind === kind && w.resolution === 'half-written'),
        },
      ]),
    ),
    events,
    tornDeliveries: torn,
    serverErrors,
    lives,
    problemCounts,
    problems: checker.problems,
    ok:
      checker.problems.length === 0 &&
      checker.lost.size === 0 &&
      events.lost === 0 &&
      events.repeatedAttempts === 0 &&
      refused === 0 &&
      serverErrors === 0 &&
      lives.length === opts.kills,
  };
}
