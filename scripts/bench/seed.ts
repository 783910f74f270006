// Seeds a product catalogue for the benchmarks, fast: the server builds its own schema once (createApp with
// the file), then every product is inserted in ONE transaction through one prepared statement. The columns
// come from the server's Product resource, so the catalogue follows the contract without a second list.
import { rmSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { configFromEnv, createApp } from '../../reference-server/app.ts';
import { isoUtc } from '../../reference-server/store/db.ts';
import { createResources } from '../../reference-server/resources/index.ts';
import { defaultListSyntax } from '../../reference-server/store/filters.ts';

const { products } = createResources(defaultListSyntax());

/** Catalogue shape the queries rely on: product i has id i, sku `SKU-i` (7 digits), createdOn START + i minutes,
 * and ADMIN of every catalogue's products, evenly spread, are inactive (status `admin`): the same number at every
 * size, so a page of them is a full page of 100 at every size. */
export const ADMIN = 1000;
const isAdmin = (i: number, count: number) => i % Math.max(1, Math.floor(count / ADMIN)) === 0;
export const START = Date.UTC(2024, 0, 1);
export const sku = (i: number) => `SKU-${String(i).padStart(7, '0')}`;
export const createdOn = (i: number) => isoUtc(new Date(START + i * 60_000));

/** Product i of a catalogue of `count`, as json-server or the SQLite row holds it (booleans as booleans). */
export function product(i: number, count: number): Record<string, string | number | boolean | null> {
  const created = createdOn(i);
  const o: Record<string, string | number | boolean | null> = {};
  for (const c of products.columns) o[c.name] = null;
  return Object.assign(o, {
    id: i,
    type: 'physical',
    priceType: 'buy',
    quickfind: i,
    sku: sku(i),
    title: `Product ${i}`,
    alias: `product-${i}`,
    description: `A benchmark product, number ${i}.`,
    isActive: !isAdmin(i, count),
    isMadeToOrder: false,
    isDiscontinued: false,
    createdOn: created,
    modifiedOn: created,
    isStockLimited: false,
    taxClassId: 1,
    orderQuantityMin: 1,
    packagedWeight: 100 + (i % 900),
    isPurchasable: true,
    isSearchable: true,
    isFeatured: i % 50 === 0,
    isIndexable: true,
    condition: 'new',
    countRating: 0,
  });
}

/** Writes a new database file with `count` products; returns the seconds it took. */
export async function seedCatalogue(file: string, count: number): Promise<number> {
  const started = performance.now();
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  const { close } = createApp({ ...configFromEnv(), db: file });
  await close();
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;');
  const names = products.columns.map((c) => c.name);
  const insert = db.prepare(
    `INSERT INTO products (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
  );
  db.exec('BEGIN');
  for (let i = 1; i <= count; i++) {
    const p = product(i, count);
    insert.run(...names.map((n) => (typeof p[n] === 'boolean' ? Number(p[n]) : p[n]) as SQLInputValue));
  }
  db.exec('COMMIT');
  db.close();
  return (performance.now() - started) / 1000;
}
