// The outside runner's pure parts (lib.ts): the dialect keys a not-applicable reason names, as the suite's reasons
// name them, the grouping by key, what counts as a problem, and runs compared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Requirement } from '../suite-run.ts';
import { compareRuns, dialectKeysOf, figureOf, groupByKey, judgeRun, NO_KEY, problemsOf } from './lib.ts';

const known = [
  'v2Body',
  'contactBody',
  'contactSearchList',
  'errors',
  'bodies',
  'statuses',
  'pageParams',
  'scopes',
  'events',
  'deliveries',
  'shippingServices',
  'checkout',
  'dispatch',
  'signatures',
  'fields',
];

test('the keys a reason names, in each form the suite writes them', () => {
  const cases: [string, string[]][] = [
    // conformance/suite.spec.ts: a refused write retried in a control create.
    [
      'needs D-01, D-07, D-17, D-31: createProductSpecification answered 400 to our specification, value, and a createProductSpecification with them was refused too; state a body without them in the dialect as bodies.createProductSpecification',
      ['bodies.createProductSpecification'],
    ],
    [
      'needs bodies.updateProduct: updateProduct answered 400 to the fields of bodies.createProduct; state the update body in the dialect as bodies.updateProduct',
      ['bodies.updateProduct'],
    ],
    // lib/fixtures.ts: the stated body refused, and a body of our contract refused.
    [
      `the dialect's body: createProductPrice of bodies.createProductPrice answered 409 ({"success":false,"error":{"code":"conflict"}}); check the dialect's bodies and fields`,
      ['bodies.createProductPrice'],
    ],
    [
      "needs D-01, D-37: createProduct of our contract's body answered 400; state it in the dialect as v2Body and bodies.createProduct",
      ['v2Body', 'bodies.createProduct'],
    ],
    // lib/triggers.ts and callbacks/shared.ts.
    [
      'needs D-20: the target has no startCheckout (404 at http://127.0.0.1:1/__hooks/checkouts.json); state its own in the dialect as checkout, or run with CONFORMANCE_MANUAL_CALLBACKS=1',
      ['checkout'],
    ],
    [
      "needs checkout.answer.deliveries: the dialect does not say where the checkout's answer holds its deliveries (D-20's is data.deliveries)",
      ['checkout.answer.deliveries'],
    ],
    [
      'CONFORMANCE_MANUAL_CALLBACKS=1: the target has no checkout trigger (state its own in the dialect as checkout, and shippingServices, to judge these)',
      ['checkout', 'shippingServices'],
    ],
    // webhooks.ts, lib/inbox.ts, lib/dialect.ts, pagination.ts.
    [
      'the control: no delivery about the product made after the dispatch reached a * subscription in 15 s (read at deliveries.resource, D-17): timed out',
      ['deliveries.resource'],
    ],
    [
      "needs D-16: a delivery carries no X-Signature header; state the target's signature scheme in the dialect as signatures",
      ['signatures'],
    ],
    [
      "needs D-03: listProducts refused (400) our page and limit parameter; state the target's names in the dialect as pageParams",
      ['pageParams'],
    ],
  ];
  for (const [reason, keys] of cases) assert.deepEqual(dialectKeysOf(reason, known), keys, reason);
});

test('prose, decisions, URLs and names below no known key are no keys', () => {
  for (const reason of [
    'needs D-30: the target answered 400; nothing to state',
    "check the dialect's bodies and fields",
    'GET http://127.0.0.1:8080/__hooks/deliveries.json answered 500 (data.id missing)',
    'the checkout answered 500',
    '',
  ])
    assert.deepEqual(dialectKeysOf(reason, known), [], reason);
});

const row = (id: string, status: Requirement['status'], reason?: string, more: Partial<Requirement> = {}) =>
  ({ id, status, area: id.split('.')[0], ...(reason ? { reason } : {}), ...more }) as Requirement;

test('not applicable grouped by key, those naming none first; the problems of a run', () => {
  const rows = [
    row('a.one', 'not-applicable', 'state it in the dialect as bodies.createA'),
    row('a.two', 'not-applicable', 'the dialect did not help'),
    row('a.three', 'not-applicable', 'needs bodies.createA: no'),
    row('b.one', 'not-applicable', 'state it in the dialect as v2Body and bodies.createB'),
    row('c.one', 'pass'),
  ];
  assert.deepEqual(
    [...groupByKey(rows, known)],
    [
      [NO_KEY, ['a.two']],
      ['bodies.createA', ['a.one', 'a.three']],
      ['v2Body + bodies.createB', ['b.one']],
    ],
  );
  const j = judgeRun(
    [
      ...rows,
      row('x.gating', 'fail', 'wrong', { gating: true }),
      row('x.differs', 'fail', 'ours only', { gating: false }),
      row('x.broke', 'error', 'suite bug', { gating: false }),
    ],
    known,
  );
  assert.deepEqual(
    j.gatingFailures.map((r) => r.id),
    ['x.gating'],
  );
  assert.deepEqual(problemsOf(j), ['1 gating failure(s)', '1 error(s)', '1 not applicable naming no dialect key']);
  assert.deepEqual(problemsOf(judgeRun([row('c.one', 'pass'), rows[0]!], known)), []);
});

test('callbacks and webhooks judged, the manual-mode ones aside; the figure', () => {
  const rows = [
    row('calculateShippingRates.manual-request', 'skipped', 'only with CONFORMANCE_MANUAL_CALLBACKS=1', {
      area: 'callbacks',
    }),
    row('calculateShippingRates.addresses', 'fail', 'x', { area: 'callbacks', gating: true }),
    row('calculateShippingRates.sum', 'pass', undefined, { area: 'callbacks' }),
    row('createShipment.x', 'not-applicable', 'state it in the dialect as dispatch', { area: 'callbacks' }),
    row('createEventDelivery.a', 'pass', undefined, { area: 'webhooks' }),
    row('createEventDelivery.b', 'error', 'broke', { area: 'webhooks' }),
  ];
  const j = judgeRun(rows, known);
  assert.deepEqual(
    j.areas.map((a) => [a.area, a.judged, a.total]),
    [
      ['callbacks', 2, 3],
      ['webhooks', 1, 2],
    ],
  );
  const f = figureOf(j, 'npm run conformance:outside', { count: 1, same: true }, new Date('2026-01-02T00:00:00Z'));
  assert.deepEqual(f, {
    gatingFailures: 1,
    errors: 1,
    notApplicable: 1,
    notApplicableNamingNoKey: 0,
    judged: { count: 3, total: 5 },
    requirements: 6,
    measured: '2026-01-02T00:00:00.000Z',
    command: 'npm run conformance:outside',
  });
  assert.deepEqual(figureOf(j, 'c', { count: 3, same: false }).runs, 3);
});

test('runs compared: the same sets in any order, or each id not in every run with the runs it was in', () => {
  assert.deepEqual(
    compareRuns([
      ['b', 'a'],
      ['a', 'b'],
    ]),
    { same: true, differing: [] },
  );
  assert.deepEqual(compareRuns([[], []]), { same: true, differing: [] });
  assert.deepEqual(compareRuns([['a', 'b'], ['a'], ['a', 'c']]), {
    same: false,
    differing: [
      { id: 'b', inRuns: [1] },
      { id: 'c', inRuns: [3] },
    ],
  });
});
