// Background delivery of the outbox (D-23): at-least-once, exponential backoff, never on the request path.
import { signedHeaders } from '../core/signing.ts';
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
  const inFlight = new Set<number>();

  async function deliver(row: Row): Promise<void> {
    const attempt = Number(row.attempts) + 1;
    const secret = opts.secretOf(String(row.clientId)) ?? '';
    const body = String(row.body);
    let error: string | null = null;
    try {
      const res = await transport.send(String(row.url), {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(opts.timeoutMs),
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
    if (stopped) return;
    if (!error) sql(db, "UPDATE outbox SET state = 'delivered', attempts = ? WHERE id = ?").run(attempt, row.id!);
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
    const due = sql(db, "SELECT * FROM outbox WHERE state = 'pending' AND nextAttemptAt <= ? ORDER BY id LIMIT 50").all(
      Date.now(),
    ) as Row[];
    const claimed = due.filter((r) => !inFlight.has(Number(r.id)));
    if (claimed.length === 0) return;
    // D-16, D-23: an attempt counts from the moment it is sent, in one commit for the batch, so that a crash between
    // the App's answer and its record makes the retry after the restart the next attempt (X-Store-Webhook-Attempt 2),
    // not attempt 1 again, and the attempt still counts towards WEBHOOK_MAX_ATTEMPTS (`npm run crash-test`).
    tx(db, () => {
      for (const r of claimed) sql(db, 'UPDATE outbox SET attempts = attempts + 1 WHERE id = ?').run(r.id!);
    });
    for (const r of claimed) {
      const id = Number(r.id);
      inFlight.add(id);
      const p: Promise<void> = deliver(r)
        .catch(() => undefined)
        .finally(() => {
          inFlight.delete(id);
          pending.delete(p);
        });
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
      await Promise.all(pending);
    },
    async drain() {
      kick();
      await Promise.all(pending);
    },
  };
}
