// What the store keeps between changes (rows' JSON, counts, page ids: store/kept.ts) must give the bytes of a read that
// keeps nothing (one inside a transaction, where nothing is kept) for every query, at every time (`status` and
// `isCurrent` are derived at the time of the request, §3, D-30), and after every kind of change: through the
// Resource, through raw SQL, and inside a transaction that is rolled back (no other connection can change the file:
// openDb holds it alone). Each item is what JSON.stringify writes of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createResources } from '../resources/index.ts';
import { Outbox } from '../webhooks/outbox.ts';
import { openDb, tx } from './db.ts';
import { defaultListSyntax } from './filters.ts';
import type { Ctx, Obj } from './types.ts';
import { createTables } from './tables.ts';

const dir = mkdtempSync(join(tmpdir(), 'kept-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'store.sqlite');
const resources = createResources(defaultListSyntax());
const { products, productPrices } = resources;
const db = openDb(file);
createTables(db, Object.values(resources));
const events = new Outbox('reference-store');
const at = (iso: string): Ctx => ({ db, now: new Date(iso), clientId: 'test', events });
const times = ['2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z', '2026-06-01T00:00:01Z', '2027-06-01T00:00:00Z'];

tx(db, () => {
  const ctx = at(times[0]!);
  for (let i = 1; i <= 120; i++) {
    const p = products.create(ctx, {
      sku: `SKU-${i}`,
      title: i % 5 ? `Product ${i}` : `Prodüct "${i}"\n\u2028`,
      isActive: i % 7 !== 0,
      publishStartOn: i % 11 === 0 ? '2026-06-01T00:00:01+00:00' : null,
      publishEndOn: i % 13 === 0 ? '2026-06-01T00:00:00+00:00' : null,
      packagedWeight: i % 3 ? i / 10 : i,
    });
    if (i <= 3)
      productPrices.create(
        ctx,
        { price: i + 0.1, currency: 'EUR', startOn: i === 2 ? '2026-06-01T00:00:00+00:00' : null },
        Number(p.id),
      );
  }
});

const queries: Obj[] = [
  {},
  { limit: 7, page: 3 },
  { limit: 7, page: 17 },
  { limit: 7, page: 18 },
  { limit: 50, page: 2 },
  { status: 'admin' },
  { status: 'public', limit: 10, page: 9 },
  { 'id:min': 100, limit: 5 },
  { 'sku:in': 'sku-3,SKU-50,sku-119' },
  { 'quickfind:after': 10, limit: 20, page: 2 },
];

/** The items as text, each what JSON.stringify writes of the object it is. */
function texts(items: (Buffer | undefined)[], label: string): (string | undefined)[] {
  return items.map((item) => {
    const text = item?.subarray(1).toString();
    if (text !== undefined) assert.equal(JSON.stringify(JSON.parse(text)), text, label);
    return text;
  });
}

/** Every query and every product's get, kept and keeping nothing, at every time: the same bytes. */
function assertSame(label: string): void {
  for (const when of times) {
    const ctx = at(when);
    for (const query of queries) {
      const what = `${label} ${when} ${JSON.stringify(query)}`;
      const plain = tx(db, () => products.listJson(ctx, query));
      const kept = products.listJson(ctx, query);
      assert.equal(kept.total, plain.total, `${what}: total`);
      assert.deepEqual(texts(kept.items, what), texts(plain.items, what), what);
    }
    for (const id of [1, 5, 11, 13, 77, 120, 121, 9999]) {
      const what = `${label} ${when} get ${id}`;
      const plain = tx(db, () => products.findJson(ctx, id));
      assert.deepEqual(texts([products.findJson(ctx, id)], what), texts([plain], what), what);
    }
    for (const parent of [1, 2, 3, 4]) {
      const what = `${label} ${when} prices of ${parent}`;
      const json = () => texts(productPrices.listJson(ctx, {}, parent).items, what);
      assert.deepEqual(json(), tx(db, json), what);
    }
  }
}

test('kept reads answer the bytes, totals and derived fields of reads that keep nothing, at every time', () => {
  assertSame('seeded');
  // Twice: the second time from what was kept.
  assertSame('kept');
});

test('a change through the Resource or through raw SQL is seen at once; no other connection can change the file', () => {
  const ctx = at(times[1]!);
  assertSame('before');
  tx(db, () => products.update(ctx, 5, { title: 'Renamed', isActive: false }));
  assertSame('after update');
  tx(db, () => products.delete(ctx, 6));
  assertSame('after delete');
  tx(db, () => products.create(ctx, { sku: 'NEW-1', title: 'New' }));
  assertSame('after create');
  db.prepare('UPDATE products SET "publishEndOn" = ? WHERE id = 7').run('2026-03-01T00:00:00+00:00');
  assertSame('after raw SQL');
  // What is kept is checked against this connection's changes only: the file is held alone (openDb), so another
  // connection can neither change it nor read it while the store is open.
  const other = new DatabaseSync(file);
  assert.throws(() => other.prepare('UPDATE products SET title = ? WHERE id = 8').run('Changed elsewhere'), {
    message: /database is locked/,
  });
  other.close();
  assertSame('after another connection tried');
});

test('nothing read inside a transaction that is rolled back is kept', () => {
  const ctx = at(times[1]!);
  assertSame('before');
  assert.throws(() =>
    tx(db, () => {
      products.update(ctx, 10, { title: 'Never committed' });
      // Read inside the transaction, as a write's own answer is.
      assert.match(products.findJson(ctx, 10)!.subarray(1).toString(), /Never committed/);
      products.listJson(ctx, {});
      throw new Error('roll back');
    }),
  );
  assert.doesNotMatch(products.findJson(ctx, 10)!.subarray(1).toString(), /Never committed/);
  assertSame('after rollback');
});
