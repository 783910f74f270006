// The verdict rules: what gates under each profile, and what an expected-failures file does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decide, judge, parseExpected, type Happened, type Outcome, type Precondition } from './verdict.ts';

const row = (id: string, status: Outcome['status'], basis: Outcome['basis'] = 'source', level = 'MUST'): Outcome => ({
  id,
  level,
  area: 'a',
  source: ['§1'],
  basis,
  title: id,
  operation: 'op',
  location: 'requirements/a.ts:1',
  status,
  ms: 1,
});

test('contract profile: every failing MUST gates; SHOULD never does', () => {
  const v = judge(
    [
      row('a', 'fail', 'decision'),
      row('b', 'error', 'source'),
      row('c', 'fail', 'platform', 'SHOULD'),
      row('d', 'pass'),
    ],
    'contract',
    [],
  );
  assert.deepEqual(v.gate, { passed: false, failing: ['a', 'b'] });
});

test('source profile: only source and standard MUSTs gate; decision and platform failures are reported, not gating', () => {
  const v = judge(
    [
      row('a', 'fail', 'decision'),
      row('b', 'fail', 'platform'),
      row('c', 'fail', 'standard'),
      row('d', 'pass', 'source'),
    ],
    'source',
    [],
  );
  assert.deepEqual(v.gate.failing, ['c']);
  assert.deepEqual(
    v.rows.map((r) => r.gating),
    [false, false, true, true],
  );
  assert.equal(judge([row('a', 'fail', 'decision')], 'source', []).gate.passed, true);
});

test('an expected failure that fails does not gate', () => {
  const v = judge([row('a', 'fail'), row('b', 'pass')], 'contract', [{ id: 'a', reason: 'not built yet' }]);
  assert.equal(v.rows[0]!.expectation, 'expected-failure');
  assert.equal(v.rows[0]!.gating, false);
  assert.deepEqual(v.gate, { passed: true, failing: [] });
});

test('an expected failure that passes is stale and fails the run, so the list cannot hide a fix', () => {
  const v = judge([row('a', 'pass', 'decision')], 'source', [{ id: 'a', reason: 'was broken' }]);
  assert.equal(v.rows[0]!.expectation, 'stale');
  assert.deepEqual(v.gate, { passed: false, failing: ['a'] });
});

test('an expected failure that names no requirement is an error', () => {
  const v = judge([row('a', 'pass')], 'contract', [{ id: 'no.such', reason: 'typo' }]);
  assert.deepEqual(v.unknown, [{ id: 'no.such', reason: 'typo' }]);
  assert.equal(v.gate.passed, false);
});

test('the file is YAML or JSON, a list of {id, reason} or a map of id to reason; an entry without a reason is refused', () => {
  const list = [{ id: 'a.b', reason: 'later' }];
  assert.deepEqual(parseExpected('- id: a.b\n  reason: later\n'), list);
  assert.deepEqual(parseExpected('{"a.b": "later"}'), list);
  assert.deepEqual(parseExpected(JSON.stringify(list)), list);
  assert.throws(() => parseExpected('- id: a.b\n'), /has no reason/);
});

test('a requirement that did not run gates under every profile, whatever its level, listed or not', () => {
  const outcomes = [row('a', 'not-run', 'decision', 'MAY'), row('b', 'not-run'), row('c', 'pass')];
  for (const profile of ['contract', 'source'] as const) {
    const v = judge(outcomes, profile, [{ id: 'b', reason: 'known' }]);
    assert.deepEqual(v.gate, { passed: false, failing: ['a', 'b'] });
    assert.equal(v.rows[1]!.expectation, undefined);
  }
});

// The verdict stage (`decide`): the one place a requirement's status is set from what its act recorded.
const failed = { as: 'fail', reason: 'expected 201, got 400' } as const;
const unmet = (under: Precondition['under']): Precondition => ({
  under,
  key: 'bodies.createProduct',
  reason: "the dialect's body: createProduct answered 400",
  failure: 'createProduct of a valid data answered 400',
});
const happened = (h: Partial<Happened>): Happened => ({
  ended: failed,
  basis: 'source',
  profile: 'source',
  unmet: [],
  relied: [],
  ...h,
});

test('decide: how the act ended, with nothing recorded', () => {
  assert.deepEqual(decide(happened({ ended: { as: 'pass' } })), { status: 'pass' });
  assert.deepEqual(decide(happened({ ended: { as: 'skip', reason: 'no client' } })), {
    status: 'skipped',
    reason: 'no client',
  });
  assert.deepEqual(decide(happened({ ended: { as: 'stopped', reason: 'the run was stopped' } })), {
    status: 'not-run',
    reason: 'the run was stopped',
  });
  assert.deepEqual(decide(happened({})), { status: 'fail', reason: 'expected 201, got 400' });
  assert.deepEqual(decide(happened({ ended: { as: 'error', reason: 'TypeError', at: 'requirements/a.ts:3' } })), {
    status: 'error',
    reason: 'TypeError (the suite broke at requirements/a.ts:3)',
  });
});

test('decide: a precondition of ours makes a failure not applicable, for the requirements its `under` names', () => {
  const na = { status: 'not-applicable', reason: unmet('source').reason, needs: 'bodies.createProduct' };
  // `source`: a choice of ours refused; not the target's failure under the source profile, for source and standard.
  assert.deepEqual(decide(happened({ unmet: [unmet('source')] })), na);
  assert.deepEqual(decide(happened({ unmet: [unmet('source')], basis: 'standard' })), na);
  assert.equal(decide(happened({ unmet: [unmet('source')], profile: 'contract' })).status, 'fail');
  assert.equal(decide(happened({ unmet: [unmet('source')], basis: 'decision' })).status, 'fail');
  // `read`: what a source requirement reads is not placed, under either profile; a decision's reads our shape.
  assert.equal(decide(happened({ unmet: [unmet('read')], profile: 'contract' })).status, 'not-applicable');
  assert.equal(decide(happened({ unmet: [unmet('read')], basis: 'platform' })).status, 'fail');
  // `any`: the suite has no way to cause what any requirement is about.
  assert.equal(
    decide(happened({ unmet: [unmet('any')], basis: 'decision', profile: 'contract' })).status,
    'not-applicable',
  );
  // An error after one is not the suite's either; a pass stands whatever was recorded.
  assert.equal(
    decide(happened({ unmet: [unmet('any')], ended: { as: 'error', reason: 'TypeError' } })).status,
    'not-applicable',
  );
  assert.equal(decide(happened({ unmet: [unmet('any')], ended: { as: 'pass' } })).status, 'pass');
});

test('decide: a source requirement that relied on a choice never confirmed is judged at the decision', () => {
  const relied = ['bodies.createGeozone (D-35)'];
  assert.deepEqual(decide(happened({ relied })), {
    status: 'fail',
    reason: 'expected 201, got 400',
    effectiveBasis: 'decision',
    reliesOn: relied,
  });
  assert.deepEqual(decide(happened({ relied, basis: 'decision' })), {
    status: 'fail',
    reason: 'expected 201, got 400',
  });
});
