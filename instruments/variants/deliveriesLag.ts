import { sql, type Row } from '../../reference-server/store/db.ts';
import type { Variant } from './types.ts';

/** How long a delivery waits when the store is busy. */
const LAG_MS = 30_000;
/** Busy: at least BUSY_EVENTS events in the BUSY_WINDOW_MS before this one (a full suite run is, nearly throughout). */
const BUSY_EVENTS = 5;
const BUSY_WINDOW_MS = 5_000;

export default {
  decides: ['D-23'],
  description:
    'When the store is busy (5 or more events in the 5 seconds before), the webhook deliveries of an event are first attempted 30 seconds after it instead of at once; the event and its body are unchanged (`createdOn` is the event\'s time), so is the retry schedule after that first attempt, and App callbacks (rate and label requests) are not delayed. §6: "Retry or delivery guarantees: not shown"; the source states no delivery time.',
  apply: (app) => {
    const outbox = app.seams.outbox;
    const emit = outbox.emit.bind(outbox);
    /** When the recent events were emitted (the worker's clock, Date.now), oldest first. */
    const recent: number[] = [];
    outbox.emit = (db, resource, action, data, now) => {
      if (resource === 'webhooks') return emit(db, resource, action, data, now); // no event (D-17)
      const t = Date.now();
      while (recent.length && recent[0]! <= t - BUSY_WINDOW_MS) recent.shift();
      const busy = recent.length >= BUSY_EVENTS;
      recent.push(t);
      if (!busy) return emit(db, resource, action, data, now);
      // The rows this event queues, in the change's own transaction: those after the outbox's last one.
      const last = Number((sql(db, 'SELECT coalesce(max(id), 0) AS n FROM outbox').get() as Row).n);
      emit(db, resource, action, data, now);
      sql(db, 'UPDATE outbox SET nextAttemptAt = ? WHERE id > ? AND attempts = 0').run(t + LAG_MS, last);
    };
  },
} satisfies Variant;
