// The walk through `links.next` ends at the first link that cannot be right (lists.ts `endlessNext`): one request
// shows it, so a target whose links never end is failed in the time of a few pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { endlessNext, overfull, resolveLink } from './lists.ts';

const page = (n: number, of: number, data: unknown[] = [{ id: n }]) => ({
  data,
  pagination: { page: n, limit: 1, total: of, totalPages: of },
});

test('a next that may be right is followed', () => {
  assert.equal(endlessNext(page(1, 3), '/api/v2/products.json?page=2', new Set(), 1), undefined);
  // Without pagination to count by, a fresh link on a page with items is followed.
  assert.equal(endlessNext({ data: [{}] }, '/x?page=2', new Set(), 1), undefined);
});

test('a next on the last page, on an empty page, to a page read, or after too many pages is the target’s failure', () => {
  assert.match(endlessNext(page(3, 3), '/x?page=4', new Set(), 3)!, /page 3 of 3/);
  assert.match(endlessNext(page(5, 3, []), '/x?page=6', new Set(), 5)!, /page 5 of 3/);
  assert.match(endlessNext({ data: [] }, '/x?page=6', new Set(), 5)!, /empty page/);
  assert.match(endlessNext(page(1, 3), '/x?page=1', new Set([resolveLink('/x?page=1')]), 1)!, /already read/);
  assert.match(endlessNext({ data: [{}] }, '/x?page=201', new Set(), 200)!, /200 pages/);
  assert.match(endlessNext(page(1, 3), 42, new Set(), 1)!, /neither a URL nor null/);
});

test('a page holding more items than its own limit or total is the target’s failure, read in one answer', () => {
  assert.equal(overfull(page(1, 3)), undefined);
  assert.equal(overfull({ data: [{}, {}] }), undefined);
  assert.match(overfull(page(1, 3, [{}, {}]))!, /2 items on a page whose pagination.limit is 1/);
  const total = { data: [{}, {}, {}], pagination: { page: 1, limit: 100, total: 2, totalPages: 1 } };
  assert.match(overfull(total)!, /3 items on a page whose pagination.total is 2/);
});
