// SQLite storage (node:sqlite): in-memory by default, a file in WAL mode for persistence.
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';

export type Db = DatabaseSync;
export type Row = Record<string, SQLInputValue>;

/** SQLite's result code for a file another connection holds locked. */
const SQLITE_BUSY = 5;

/** The database file is held by another process (another server on the same file): `npm run serve` says so and stops. */
export class DatabaseInUse extends Error {}

/**
 * The store's connection, the only one to its data: an in-memory database is private to its connection, and a file is
 * held alone (EXCLUSIVE locking, taken at the first access below and kept until close). So nothing can change the
 * data but this connection (store/kept.ts relies on it), and a second server on the same file is refused at start
 * rather than running a second webhook worker beside the first.
 */
export function openDb(file?: string): Db {
  const db = new DatabaseSync(file ?? ':memory:');
  if (file) {
    // Before WAL is entered, so that WAL runs without its shared-memory index (no -shm file; sqlite.org/wal.html §8).
    db.exec('PRAGMA locking_mode = EXCLUSIVE;');
    try {
      // WAL + synchronous=FULL: an acknowledged write survives a crash (design brief §7).
      db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
    } catch (err) {
      db.close();
      if ((err as { errcode?: number }).errcode !== SQLITE_BUSY) throw err;
      throw new DatabaseInUse(
        `The database file ${file} is in use by another process (a server holds its file alone)`,
        {
          cause: err,
        },
      );
    }
    // 64 MiB of page cache (the default is 2 MiB): a list's count(*) walks the id index, which must stay in memory
    // for a catalogue of 1M products (scripts/README.md, performance notes).
    db.exec('PRAGMA cache_size = -65536;');
  }
  db.exec('PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  return db;
}

/** Per database, how deep the open transaction is nested (several apps may share a process). */
const depths = new WeakMap<Db, number>();
/** Runs `fn` in one transaction (a savepoint when nested): a change and its outbox rows commit together (D-23). */
export function tx<T>(db: Db, fn: () => T): T {
  const depth = depths.get(db) ?? 0;
  const name = `sp${depth}`;
  db.exec(depth === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${name}`);
  depths.set(db, depth + 1);
  try {
    const result = fn();
    depths.set(db, depth);
    db.exec(depth === 0 ? 'COMMIT' : `RELEASE ${name}`);
    return result;
  } catch (err) {
    depths.set(db, depth);
    db.exec(depth === 0 ? 'ROLLBACK' : `ROLLBACK TO ${name}; RELEASE ${name}`);
    throw err;
  }
}

const statements = new WeakMap<Db, Map<string, ReturnType<Db['prepare']>>>();
/** Prepared statements cached per database; `arrays`: rows come as arrays of values in column order. */
export function sql(db: Db, text: string, opts: { arrays?: boolean } = {}) {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  const key = opts.arrays ? `arrays:${text}` : text;
  let stmt = cache.get(key);
  if (!stmt) {
    cache.set(key, (stmt = db.prepare(text)));
    if (opts.arrays) stmt.setReturnArrays(true);
  }
  return stmt;
}

/** `YYYY-MM-DDTHH:MM:SS+00:00` in UTC (D-10); stored in this form so text order is time order. */
export function isoUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}

/**
 * Normalises a date-time as written (validated against the contract's DateTimeInput: any offset or `Z`, fractions
 * allowed; D-10) to the UTC storage form, whole seconds. Fractions are cut (`floor`) or, for the filters whose meaning
 * needs it, taken up to the next second (`ceil`): stored values are whole seconds, so `x >= 09:30:00.5` is
 * `x >= 09:30:01` and `x < 09:30:00.5` is `x < 09:30:01`.
 */
export function normaliseDateTime(value: string, round: 'floor' | 'ceil' = 'floor'): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return value;
  return isoUtc(new Date(round === 'ceil' ? Math.ceil(ms / 1000) * 1000 : ms));
}
