import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextWeekday, originLocation, splitCart, type Line } from './split.ts';

const line = (
  productId: number,
  quantity: number,
  weight: number,
  locationId = 1,
  size = { width: 100, height: 50, depth: 80 },
): Line => ({ productId, quantity, weight, locationId, ...size });

test('D-21 one light line is one box with the units stacked', () => {
  const [box, ...rest] = splitCart([line(1, 3, 200)], 30000);
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
  );
  assert.deepEqual([box!.width, box!.height, box!.depth], [300, 50, 90]);
});

test('D-21 lines are packed in product id order and a full box starts a new one', () => {
  const boxes = splitCart([line(9, 2, 400), line(3, 2, 400)], 1000);
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
  const boxes = splitCart([line(1, 4, 250)], 1000);
  assert.equal(boxes.length, 1);
  assert.equal(boxes[0]!.weight, 1000);
});

test('D-21 a unit heavier than the maximum gets a box of its own; the open box keeps filling', () => {
  const boxes = splitCart([line(1, 1, 100), line(2, 2, 5000), line(3, 1, 100)], 1000);
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
  const boxes = splitCart([line(1, 1, 100, 3), line(2, 1, 100, 1), line(3, 1, 100, 3)], 30000);
  assert.deepEqual(
    boxes.map((b) => [b.locationId, b.items.map((i) => i.productId)]),
    [
      [1, [2]],
      [3, [1, 3]],
    ],
  );
});

test('D-21 an empty cart has no boxes', () => assert.deepEqual(splitCart([], 30000), []));

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
