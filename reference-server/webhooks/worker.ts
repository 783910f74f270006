// Background delivery of the outbox (D-23): at-least-once, exponential backoff, never on the request path.
import { signedHeaders } from '../../shared/signing.ts';
import { sql, tx, type Db, type Row } from '../store/db.ts';
import type { Outbox } from './outbox.ts';

/** The HTTP exchange of one delivery attempt, as a seam of each app. */
export interface Transport {
  send(url: string, init: RequestInit): Promise<Response>;
}
export const defaultTransport = (): Transport => ({ send: (url, init) => fetch(url, init) });

export interface WorkerOptions {
  secretOf: (clientId: string) => string | undefined;
  account: string;
  retryBaseMs: number;
  maxAttempts: number;
  timeoutMs: number;
  pollMs: number;
}

export interface Worker {
  stop(): Promise<void>;
  drain(): Promise<void>;
}

export function startWorker(db: Db, outbox: Outbox, transport: Transport, opts: WorkerOptions): Worker {
  let stopped = false;
  /** Aborts the attempts in flight at a stop: a receiver that is slow to answer must not hold the process open. */
  const stopping = new AbortController();

  async function deliver(row: Row): Promise<void> {
    const attempt = Number(row.attempts) + 1;
    const secret = opts.secretOf(String(row.clientId)) ?? '';
    const body = String(row.body);
    let error: string | null = null;
    try {
      const res = await transport.send(String(row.url), {
        method: 'POST',
        body,
        signal: AbortSignal.any([AbortSignal.timeout(opts.timeoutMs), stopping.signal]),
        redirect: 'manual',
        headers: {
          ...signedHeaders(body, secret, String(row.deliveryId), opts.account),
          'x-store-event': String(row.event),
          'x-store-webhook-id': String(row.webhookId),
          'x-store-webhook-attempt': String(attempt),
        },
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status < 200 || res.status > 299) error = `HTTP ${res.status}`;
    } catch (err) {
      error = (err as Error).message;
    }
    // Stopped meanwhile: the outcome is not recorded (as after a crash), but the lease is given back, so the next
    // start retries at once rather than after the timeout.
    if (stopped) {
      sql(db, "UPDATE outbox SET nextAttemptAt = ? WHERE id = ? AND state = 'pending'").run(Date.now(), row.id!);
      return;
    }
    // A delivered row is done with: it leaves the outbox, which otherwise grew by every event for the server's
    // whole life (about 1.4 KB a delivery; in memory, 30 MB a minute of RSS under `npm run soak`).
    if (!error) sql(db, 'DELETE FROM outbox WHERE id = ?').run(row.id!);
    else {
      const next = Date.now() + opts.retryBaseMs * 2 ** (attempt - 1);
      sql(db, 'UPDATE outbox SET attempts = ?, lastError = ?, nextAttemptAt = ?, state = ? WHERE id = ?').run(
        attempt,
        error,
        next,
        attempt >= opts.maxAttempts ? 'failed' : 'pending',
        row.id!,
      );
    }
  }

  const pending = new Set<Promise<void>>();
  function tick(): void {
    if (stopped) return;
    // First attempts before retries, then oldest first: a subscriber that keeps failing (its retries pile up) cannot
    // hold back a fresh event to one that answers (D-23). Rows in flight are leased (below), so never selected again.
    const now = Date.now();
    const claimed = sql(
      db,
      "SELECT * FROM outbox WHERE state = 'pending' AND nextAttemptAt <= ? ORDER BY attempts, id LIMIT 50",
    ).all(now) as Row[];
    if (claimed.length === 0) return;
    // D-16, D-23: an attempt counts from the moment it is sent, in one commit for the batch, so that a crash between
    // the App's answer and its record makes the retry after the restart the next attempt (X-Store-Webhook-Attempt 2),
    // not attempt 1 again, and the attempt still counts towards WEBHOOK_MAX_ATTEMPTS (`npm run crash-test`).
    // The claim is also a lease: a row in flight is not due again until its attempt must have ended (the timeout), so
    // 50 Apps that never answer cannot fill every batch, and after a crash the lease runs out and the row is retried.
    tx(db, () => {
      for (const r of claimed)
        sql(db, 'UPDATE outbox SET attempts = attempts + 1, nextAttemptAt = ? WHERE id = ?').run(
          now + opts.timeoutMs + 1000,
          r.id!,
        );
    });
    for (const r of claimed) {
      const p: Promise<void> = deliver(r)
        .catch(() => undefined)
        .finally(() => pending.delete(p));
      pending.add(p);
    }
  }

  const kick = () => tick();
  const timer = setInterval(kick, opts.pollMs);
  timer.unref();
  const off = outbox.onEnqueue(kick);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      off();
      stopping.abort();
      await Promise.all(pending);
    },
    async drain() {
      kick();
      await Promise.all(pending);
    },
  };
}
