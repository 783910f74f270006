// Shipping storage (§4.5): what a cart reads of the catalogue (a product's price and stock, D-21, D-30), the active
// shipping services (D-18), and the shipments, one JSON document a row (D-49).
import { isoUtc, sql, type Db, type Row } from './db.ts';

/**
 * The product's current unit price for everyone (no access role) in `currency`, at the price break `quantity`
 * reaches (D-30: a price applies when at least `quantityMin` units are bought); 0 when it has none.
 */
export function unitPrice(
  db: Db,
  productId: number,
  currency: string,
  quantity: number,
  now: Date,
): { exc: number; inc: number } {
  const row = sql(
    db,
    `SELECT "priceExcTax" AS exc, "priceIncTax" AS inc FROM "productPrices"
    WHERE "productId" = $p AND currency = $c AND "accessRoleId" IS NULL AND "quantityMin" <= $q
      AND ("startOn" IS NULL OR "startOn" <= $now) AND ("endOn" IS NULL OR "endOn" > $now)
    ORDER BY "quantityMin" DESC, id DESC LIMIT 1`,
  ).get({ p: productId, c: currency, q: quantity, now: isoUtc(now) }) as Row | undefined;
  return { exc: Number(row?.exc ?? 0), inc: Number(row?.inc ?? 0) };
}

/** The product's inventory entries, at any location, with what is in stock less what is reserved. */
export function stockOf(
  db: Db,
  productId: number,
): { locationId: number; isPreferred: boolean; quantityAvailable: number }[] {
  const rows = sql(
    db,
    'SELECT "locationId", "isPreferred", "quantityInStock" - coalesce("quantityReserved", 0) AS available FROM inventory WHERE "productId" = ?',
  ).all(productId) as Row[];
  return rows.map((r) => ({
    locationId: Number(r.locationId),
    isPreferred: r.isPreferred === 1,
    quantityAvailable: Number(r.available),
  }));
}

/** The rows of the active shipping services (D-18), by id; `id` narrows to one. */
export const activeServiceRows = (db: Db, id?: number): Row[] =>
  sql(db, 'SELECT * FROM "shippingServices" WHERE "isActive" = 1 AND id = coalesce(?, id) ORDER BY id').all(
    id ?? null,
  ) as Row[];

/** Stores a shipment; its id. */
export function insertShipment(db: Db, shipment: { createdOn: string }): number {
  const info = sql(db, 'INSERT INTO shipments (doc, "createdOn") VALUES (?, ?)').run(
    JSON.stringify(shipment),
    shipment.createdOn,
  );
  return Number(info.lastInsertRowid);
}

/** A stored shipment with its id, or undefined. */
export function loadShipment(db: Db, id: number): Record<string, unknown> | undefined {
  const row = sql(db, 'SELECT id, doc FROM shipments WHERE id = ?').get(id) as Row | undefined;
  return row && { id: Number(row.id), ...JSON.parse(String(row.doc)) };
}
