// list() picks its plan from how many rows match (walk in id order, or sort the matches) and from which end to
// skip to the page: whichever it picks,
// a page must be exactly the matching products in id order, and `status=admin` (an indexed rewrite of the
// computed status) must agree with the status each product reads back with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openDb, tx } from './db.ts';
import { createSchema } from './schema.ts';
import { products } from './resources.ts';
import type { Obj } from './resource.ts';

const now = new Date('2026-06-01T00:00:00Z');
const db = openDb();
createSchema(db);
const ctx = { db, now, clientId: 'test' };
tx(db, () => {
  for (let i = 1; i <= 300; i++) {
    products.create(ctx, {
      sku: `SKU-${i}`, title: `Product ${i}`, isActive: i % 7 !== 0,
      publishStartOn: i % 11 === 0 ? '2027-01-01T00:00:00+00:00' : null, publishEndOn: i % 13 === 0 ? '2026-01-01T00:00:00+00:00' : null,
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
    const pages = [100, 7, 5, 250].flatMap((limit) => Array.from({ length: Math.ceil(expected.length / limit) + 1 }, (_, i) => [limit, i + 1] as const));
    for (const [limit, page] of pages) {
      const { items, total } = products.list(ctx, { ...filter, limit, page });
      assert.equal(total, expected.length);
      assert.deepEqual(items.map((p) => p.id), expected.slice((page - 1) * limit, page * limit));
    }
  });
}
