// The store's file is held alone (openDb): a second server on it is refused at start with a clear error, and the file
// is free again once the first one closes, or dies (the lock is the process's: crash-test restarts after SIGKILL).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openDb } from './db.ts';

test('a second connection to an open store file is refused at once, naming the file; after close it opens', () => {
  const dir = mkdtempSync(join(tmpdir(), 'db-'));
  const file = join(dir, 'store.sqlite');
  try {
    const first = openDb(file);
    first.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    const started = Date.now();
    assert.throws(() => openDb(file), {
      message: `The database file ${file} is in use by another process (a server holds its file alone)`,
    });
    assert.ok(Date.now() - started < 4000, 'refused at once, not after the 5 s busy timeout');
    first.close();
    const again = openDb(file);
    assert.deepEqual({ ...again.prepare('SELECT x FROM t').get() }, { x: 1 });
    again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
