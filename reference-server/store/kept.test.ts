// The fast path of lists and gets (listJson, findJson: rows' JSON kept between changes) must give the bytes of the
// plain path (JSON.stringify of list and find) for every query, at every time (`status` and `isCurrent` are derived
// at the time of the request, §3, D-30), and after every kind of change: through the Resource, through raw SQL,
// and inside a transaction that is rolled back (no other connection can change the file: openDb holds it alone).
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
import type { Resource } from './resource.ts';
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

/** Every query and every product's get, fast and plain, at every time: the same bytes. */
function assertSame(label: string): void {
  for (const when of times) {
    const ctx = at(when);
    for (const query of queries) {
      const plain = products.list(ctx, query);
      const fast = products.listJson(ctx, query);
      assert.equal(fast.total, plain.total, `${label} ${when} ${JSON.stringify(query)}: total`);
      assert.deepEqual(
        fast.items.map((item) => item.subarray(1).toString()),
        plain.items.map((item) => JSON.stringify(item)),
        `${label} ${when} ${JSON.stringify(query)}`,
      );
    }
    for (const id of [1, 5, 11, 13, 77, 120, 121, 9999]) {
      const plain = products.find(ctx, id);
      const fast = products.findJson(ctx, id);
      assert.equal(fast?.subarray(1).toString(), plain && JSON.stringify(plain), `${label} ${when} get ${id}`);
    }
    for (const parent of [1, 2, 3, 4]) {
      const json = (r: Resource) => r.listJson(ctx, {}, parent).items.map((item) => item.subarray(1).toString());
      assert.deepEqual(
        json(productPrices),
        productPrices.list(ctx, {}, parent).items.map((item) => JSON.stringify(item)),
      );
    }
  }
}

test('fast and plain paths answer the same bytes, totals and derived fields at every time', () => {
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
