// D-21: how a cart becomes deliveries (§4.5 rule 7). Pure: the handler reads the products and stock, this decides.

/** A cart line with what packing needs: per-unit packaged size (mm) and weight (g), and its origin location. */
export interface Line {
  productId: number;
  quantity: number;
  locationId: number;
  width: number;
  height: number;
  depth: number;
  weight: number;
}
/** One box = one delivery = one rate request (and one label request, §4.5 rule 9). */
export interface Box {
  locationId: number;
  width: number;
  height: number;
  depth: number;
  weight: number;
  items: { productId: number; quantity: number }[];
}

export interface StockEntry {
  locationId: number;
  isPreferred: boolean;
  quantityAvailable: number;
}

/** D-21: the preferred entry with stock, else an entry with stock, else any entry, else location 1. */
export function originLocation(entries: StockEntry[]): number {
  const byId = [...entries].sort((a, b) => a.locationId - b.locationId);
  const pick =
    byId.find((e) => e.isPreferred && e.quantityAvailable > 0) ?? byId.find((e) => e.quantityAvailable > 0) ?? byId[0];
  return pick?.locationId ?? 1;
}

const newBox = (locationId: number): Box => ({ locationId, width: 0, height: 0, depth: 0, weight: 0, items: [] });

function addUnit(box: Box, line: Line): void {
  box.width = Math.max(box.width, line.width); // units stand side by side on the footprint of the largest…
  box.depth = Math.max(box.depth, line.depth);
  box.height += line.height; // …and are stacked
  box.weight += line.weight;
  const last = box.items.at(-1);
  if (last?.productId === line.productId) last.quantity++;
  else box.items.push({ productId: line.productId, quantity: 1 });
}

/**
 * D-21: lines of one location are packed in product id order into boxes of at most `maxWeight` grams; a unit
 * heavier than that gets a box of its own. Boxes come out by location, then in packing order.
 */
export function splitCart(lines: Line[], maxWeight: number): Box[] {
  const boxes: Box[] = [];
  const locations = [...new Set(lines.map((l) => l.locationId))].sort((a, b) => a - b);
  for (const locationId of locations) {
    let open: Box | undefined;
    const here = lines.filter((l) => l.locationId === locationId).sort((a, b) => a.productId - b.productId);
    for (const line of here) {
      for (let i = 0; i < line.quantity; i++) {
        if (line.weight > maxWeight) {
          const own = newBox(locationId);
          addUnit(own, line);
          boxes.push(own);
          continue;
        }
        if (!open || open.weight + line.weight > maxWeight) boxes.push((open = newBox(locationId)));
        addUnit(open, line);
      }
    }
  }
  return boxes;
}

/** D-21: `dispatchDate` is the next weekday after today (UTC), `Y-m-d`. */
export function nextWeekday(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
