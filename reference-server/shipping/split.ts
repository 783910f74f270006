// D-21: how a cart becomes deliveries (§4.5 rule 7). Pure: deliveries.ts reads the products and stock, this decides.

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

/**
 * D-65: the most deliveries one cart may make. Each is one rate request per applicable service (and, for a
 * shipment, one label request), so a cart of 10 000 heavy units must not become 10 000 calls to every App.
 */
export const MAX_DELIVERIES = 100;

/** The boxes of a cart (at most `maxBoxes` of them built) and how many it needs in all. */
export interface Packing {
  boxes: Box[];
  count: number;
}

const newBox = (locationId: number): Box => ({ locationId, width: 0, height: 0, depth: 0, weight: 0, items: [] });

/** Puts `units` units of a line into a box at once (D-65: arithmetic, never a step per unit). */
function addUnits(box: Box, line: Line, units: number): void {
  box.width = Math.max(box.width, line.width); // units stand side by side on the footprint of the largest…
  box.depth = Math.max(box.depth, line.depth);
  box.height += line.height * units; // …and are stacked
  box.weight += line.weight * units;
  const last = box.items.at(-1);
  if (last?.productId === line.productId) last.quantity += units;
  else box.items.push({ productId: line.productId, quantity: units });
}

/**
 * D-21: lines of one location are packed in product id order into boxes of at most `maxWeight` grams; a unit
 * heavier than that gets a box of its own. Boxes come out by location, then in packing order. D-65: each line is
 * packed by arithmetic (the open box takes what fits, then full boxes of ⌊maxWeight / unit weight⌋ units, then the
 * rest), so the time depends on the number of lines and boxes built, never on the quantities; past `maxBoxes`
 * boxes are only counted, so the caller can refuse the cart from `count` without building them.
 */
export function splitCart(lines: Line[], maxWeight: number, maxBoxes = Number.POSITIVE_INFINITY): Packing {
  const boxes: Box[] = [];
  let count = 0;
  /** `times` boxes of `units` units of a line each; returns the last, built even when past `maxBoxes`. */
  const place = (locationId: number, line: Line, units: number, times: number): Box => {
    count += times;
    const built = Math.min(times, Math.max(0, maxBoxes - boxes.length));
    for (let i = 0; i < built; i++) addUnits(boxes[boxes.push(newBox(locationId)) - 1]!, line, units);
    if (built === times && built > 0) return boxes.at(-1)!;
    const unbuilt = newBox(locationId);
    addUnits(unbuilt, line, units);
    return unbuilt;
  };
  const locations = [...new Set(lines.map((l) => l.locationId))].sort((a, b) => a - b);
  for (const locationId of locations) {
    let open: Box | undefined;
    const here = lines.filter((l) => l.locationId === locationId).sort((a, b) => a.productId - b.productId);
    for (const line of here) {
      let left = line.quantity;
      if (left <= 0) continue;
      if (line.weight > maxWeight) {
        place(locationId, line, 1, left); // one box per unit; the open box stays open for the next line
        continue;
      }
      // How many units fit in `room` grams; a unit without weight always fits (D-21: it adds none).
      const fit = (room: number) => (line.weight > 0 ? Math.floor(room / line.weight) : Number.POSITIVE_INFINITY);
      if (open) {
        const units = Math.min(left, fit(maxWeight - open.weight));
        if (units > 0) addUnits(open, line, units);
        left -= units;
      }
      if (left === 0) continue;
      const perBox = Math.min(left, fit(maxWeight));
      const full = Math.floor(left / perBox);
      const rest = left - full * perBox;
      open = place(locationId, line, perBox, full);
      if (rest > 0) open = place(locationId, line, rest, 1);
    }
  }
  return { boxes, count };
}

/** D-21: `dispatchDate` is the next weekday after today (UTC), `Y-m-d`. */
export function nextWeekday(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
