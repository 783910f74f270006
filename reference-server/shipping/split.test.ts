import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_DELIVERIES, nextWeekday, originLocation, splitCart, type Box, type Line } from './split.ts';

const line = (
  productId: number,
  quantity: number,
  weight: number,
  locationId = 1,
  size = { width: 100, height: 50, depth: 80 },
): Line => ({ productId, quantity, weight, locationId, ...size });

test('D-21 one light line is one box with the units stacked', () => {
  const [box, ...rest] = splitCart([line(1, 3, 200)], 30000).boxes;
  assert.equal(rest.length, 0);
  assert.deepEqual(box, {
    locationId: 1,
    width: 100,
    height: 150,
    depth: 80,
    weight: 600,
    items: [{ productId: 1, quantity: 3 }],
  });
});

test('D-21 a box takes the largest width and depth and the summed height', () => {
  const [box] = splitCart(
    [
      line(1, 1, 100, 1, { width: 300, height: 20, depth: 10 }),
      line(2, 1, 100, 1, { width: 50, height: 30, depth: 90 }),
    ],
    30000,
  ).boxes;
  assert.deepEqual([box!.width, box!.height, box!.depth], [300, 50, 90]);
});

test('D-21 lines are packed in product id order and a full box starts a new one', () => {
  const boxes = splitCart([line(9, 2, 400), line(3, 2, 400)], 1000).boxes;
  assert.deepEqual(
    boxes.map((b) => b.items),
    [[{ productId: 3, quantity: 2 }], [{ productId: 9, quantity: 2 }]],
  );
  assert.deepEqual(
    boxes.map((b) => b.weight),
    [800, 800],
  );
});

test('D-21 a box is filled up to exactly the maximum weight', () => {
  const boxes = splitCart([line(1, 4, 250)], 1000).boxes;
  assert.equal(boxes.length, 1);
  assert.equal(boxes[0]!.weight, 1000);
});

test('D-21 a unit heavier than the maximum gets a box of its own; the open box keeps filling', () => {
  const boxes = splitCart([line(1, 1, 100), line(2, 2, 5000), line(3, 1, 100)], 1000).boxes;
  assert.deepEqual(
    boxes.map((b) => [b.weight, b.items]),
    [
      [
        200,
        [
          { productId: 1, quantity: 1 },
          { productId: 3, quantity: 1 },
        ],
      ],
      [5000, [{ productId: 2, quantity: 1 }]],
      [5000, [{ productId: 2, quantity: 1 }]],
    ],
  );
});

test('D-21 each location is its own set of boxes, in location order', () => {
  const boxes = splitCart([line(1, 1, 100, 3), line(2, 1, 100, 1), line(3, 1, 100, 3)], 30000).boxes;
  assert.deepEqual(
    boxes.map((b) => [b.locationId, b.items.map((i) => i.productId)]),
    [
      [1, [2]],
      [3, [1, 3]],
    ],
  );
});

test('D-21 an empty cart has no boxes', () => assert.deepEqual(splitCart([], 30000), { boxes: [], count: 0 }));

/** D-21 as it reads: one unit at a time (the packing before D-65), the reference the arithmetic must equal. */
function unitByUnit(lines: Line[], maxWeight: number): Box[] {
  const boxes: Box[] = [];
  for (const locationId of [...new Set(lines.map((l) => l.locationId))].sort((a, b) => a - b)) {
    let open: Box | undefined;
    for (const l of lines.filter((x) => x.locationId === locationId).sort((a, b) => a.productId - b.productId))
      for (let i = 0; i < l.quantity; i++) {
        const into = (box: Box) => {
          box.width = Math.max(box.width, l.width);
          box.depth = Math.max(box.depth, l.depth);
          box.height += l.height;
          box.weight += l.weight;
          const last = box.items.at(-1);
          if (last?.productId === l.productId) last.quantity++;
          else box.items.push({ productId: l.productId, quantity: 1 });
          return box;
        };
        const fresh = (): Box => ({ locationId, width: 0, height: 0, depth: 0, weight: 0, items: [] });
        if (l.weight > maxWeight) boxes.push(into(fresh()));
        else {
          if (!open || open.weight + l.weight > maxWeight) boxes.push((open = fresh()));
          into(open);
        }
      }
  }
  return boxes;
}

test('D-65 packing by arithmetic gives the boxes of packing unit by unit (500 random carts)', () => {
  let seed = 7;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  for (let cart = 0; cart < 500; cart++) {
    const maxWeight = [1000, 2500, 30000][rnd(3)]!;
    const lines = Array.from({ length: 1 + rnd(6) }, () =>
      line(1 + rnd(8), 1 + rnd(40), [0, 1, 99, 250, 333, 1000, 1001, 4000][rnd(8)]!, 1 + rnd(3), {
        width: rnd(300),
        height: rnd(100),
        depth: rnd(300),
      }),
    );
    const expected = unitByUnit(lines, maxWeight);
    assert.deepEqual(splitCart(lines, maxWeight), { boxes: expected, count: expected.length }, JSON.stringify(lines));
    const capped = splitCart(lines, maxWeight, 3);
    assert.deepEqual(capped, { boxes: expected.slice(0, 3), count: expected.length });
  }
});

test('D-65 a quantity of billions packs at once; past the maximum, boxes are counted, not built', () => {
  const t0 = performance.now();
  const light = splitCart([line(1, 1_452_158_525, 1), line(2, 2_000_000_000, 0)], 30000, MAX_DELIVERIES);
  assert.equal(light.count, Math.ceil(1_452_158_525 / 30000));
  assert.equal(light.boxes.length, MAX_DELIVERIES);
  assert.deepEqual(light.boxes[0]!.items, [{ productId: 1, quantity: 30000 }]);
  const heavy = splitCart([line(1, 1_000_000_000, 40000)], 30000, MAX_DELIVERIES);
  assert.equal(heavy.count, 1_000_000_000);
  assert.equal(heavy.boxes.length, MAX_DELIVERIES);
  // Weightless units all fit in the open box, however many.
  assert.deepEqual(splitCart([line(1, 2_000_000_000, 0)], 30000).boxes[0]!.items, [
    { productId: 1, quantity: 2_000_000_000 },
  ]);
  assert.ok(performance.now() - t0 < 100, `took ${performance.now() - t0} ms`);
});

test('D-21 origin: preferred with stock, else any with stock, else any entry, else location 1', () => {
  assert.equal(
    originLocation([
      { locationId: 1, isPreferred: false, quantityAvailable: 5 },
      { locationId: 2, isPreferred: true, quantityAvailable: 1 },
    ]),
    2,
  );
  assert.equal(
    originLocation([
      { locationId: 3, isPreferred: false, quantityAvailable: 5 },
      { locationId: 2, isPreferred: true, quantityAvailable: 0 },
    ]),
    3,
  );
  assert.equal(
    originLocation([
      { locationId: 3, isPreferred: false, quantityAvailable: 0 },
      { locationId: 2, isPreferred: true, quantityAvailable: 0 },
    ]),
    2,
  );
  assert.equal(originLocation([]), 1);
});

test('D-21 dispatchDate is the next weekday', () => {
  assert.equal(nextWeekday(new Date('2026-11-23T10:00:00Z')), '2026-11-24'); // Monday → Tuesday
  assert.equal(nextWeekday(new Date('2026-11-27T23:59:00Z')), '2026-11-30'); // Friday → Monday
  assert.equal(nextWeekday(new Date('2026-11-28T08:00:00Z')), '2026-11-30'); // Saturday → Monday
  assert.equal(nextWeekday(new Date('2026-12-31T08:00:00Z')), '2027-01-01'); // across a year
});
