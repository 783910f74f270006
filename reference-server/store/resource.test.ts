// list() picks its plan from how many rows match (walk in id order, or sort the matches) and from which end to
// skip to the page: whichever it picks,
// a page must be exactly the matching products in id order, and `status=admin` (an indexed rewrite of the
// computed status) must agree with the status each product reads back with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createResources } from '../resources/index.ts';
import { Outbox } from '../webhooks/outbox.ts';
import { openDb, tx, type Row } from './db.ts';
import { defaultListSyntax } from './filters.ts';
import type { Obj } from './types.ts';
import { createTables } from './tables.ts';

const resources = createResources(defaultListSyntax());
const { products } = resources;
const events = new Outbox('reference-store');
import { anchorFor, STEP } from './anchors.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const now = new Date('2026-06-01T00:00:00Z');
const db = openDb();
createTables(db, Object.values(resources));
const ctx = { db, now, clientId: 'test', events };
tx(db, () => {
  for (let i = 1; i <= 300; i++) {
    products.create(ctx, {
      sku: `SKU-${i}`,
      title: `Product ${i}`,
      isActive: i % 7 !== 0,
      publishStartOn: i % 11 === 0 ? '2027-01-01T00:00:00+00:00' : null,
      publishEndOn: i % 13 === 0 ? '2026-01-01T00:00:00+00:00' : null,
    });
  }
});
const all = products.list(ctx, { limit: 250 }).items.concat(products.list(ctx, { limit: 250, page: 2 }).items);

const cases: [Obj, (p: Obj) => boolean][] = [
  [{ status: 'admin' }, (p) => p.status === 'admin'],
  [{ status: 'public' }, (p) => p.status === 'public'],
  [{ 'id:min': 295 }, (p) => Number(p.id) >= 295],
  [{ 'sku:in': 'sku-3,SKU-150,sku-299' }, (p) => ['SKU-3', 'SKU-150', 'SKU-299'].includes(String(p.sku))],
  [{ 'quickfind:after': 10 }, (p) => Number(p.quickfind) > 10],
];

for (const [filter, matches] of cases) {
  test(`list ${JSON.stringify(filter)}: every page holds the matching products in id order`, () => {
    const expected = all.filter(matches).map((p) => p.id);
    // Every page, and one past the last: pages past the middle are read from the end.
    const pages = [100, 7, 5, 250].flatMap((limit) =>
      Array.from({ length: Math.ceil(expected.length / limit) + 1 }, (_, i) => [limit, i + 1] as const),
    );
    for (const [limit, page] of pages) {
      const { items, total } = products.list(ctx, { ...filter, limit, page });
      assert.equal(total, expected.length);
      assert.deepEqual(
        items.map((p) => p.id),
        expected.slice((page - 1) * limit, page * limit),
      );
    }
  });
}

// Deep pages of the whole table start from anchors (store/anchors.ts), found the second time the table is read deep
// since it last changed: with gaps in the ids, and after writes (by this connection: no other can write), a page must
// still be exactly the products at its places.
test('deep pages hold the products at their places, from anchors, with gaps and after writes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'anchors-'));
  const file = join(dir, 'store.sqlite');
  const big = openDb(file);
  createTables(big, Object.values(resources));
  const c = { db: big, now, clientId: 'test', events };
  tx(big, () => {
    for (let i = 1; i <= STEP * 2 + 600; i++) products.create(c, { sku: `DEEP-${i}`, title: `Deep ${i}` });
  });
  tx(big, () => {
    for (let id = 5; id <= STEP * 2 + 600; id += 97) products.delete(c, id);
  }); // gaps on both sides of anchors
  const truth = () => (big.prepare('SELECT id FROM products ORDER BY id').all() as Row[]).map((p) => Number(p.id));
  const check = (when: string) => {
    const ids = truth();
    // Twice each: the first deep read since a change walks as before, the next ones start from anchors.
    for (const [limit, page] of [
      [100, 11],
      [7, Math.floor(STEP / 7) + 1],
      [100, 21],
      [250, Math.ceil(ids.length / 250)],
      [3, Math.floor((ids.length - 1) / 3) + 1],
      [100, 11],
    ] as const) {
      for (const read of ['first', 'again']) {
        const { items, total } = products.list(c, { limit, page });
        assert.equal(total, ids.length);
        assert.deepEqual(
          items.map((p) => p.id),
          ids.slice((page - 1) * limit, page * limit),
          `${when}, ${read} read: limit ${limit} page ${page}`,
        );
      }
    }
    assert.deepEqual(
      anchorFor(big, 'products', STEP * 2 + 5),
      { id: ids[STEP * 2], place: STEP * 2 },
      `${when}: the anchor is the id at its place`,
    );
  };
  check('after seeding');
  tx(big, () => {
    products.delete(c, 2);
    products.create(c, { sku: 'DEEP-NEW', title: 'Deep new' });
  });
  check('after a write by this connection');
  // No other connection can write under the anchors: the store holds its file alone (openDb).
  const other = new DatabaseSync(file);
  assert.throws(() => other.exec('DELETE FROM products WHERE id IN (3, 1500)'), { message: /database is locked/ });
  other.close();
  check('after another connection tried to write');
  big.close();
  rmSync(dir, { recursive: true, force: true });
});
