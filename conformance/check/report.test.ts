// The check's lines (report.ts): one per key in the descriptors' order, a stated key failing only on an answer that
// contradicts it, an unstated one never failing, the closing line and the exit status; the words for what an answer
// holds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  cannotWork,
  firstError,
  foundWhat,
  isStated,
  KEYS,
  lineOf,
  report,
  topFields,
  type Finding,
} from './report.ts';

test('a stated key: what contradicts it first, then why it was not checked, then ok; static notes beside', () => {
  const wrong: Finding = { key: 'errors', verdict: 'wrong', text: '/errors found nothing: check errors' };
  const unsure: Finding = { key: 'errors', verdict: 'unsure', text: 'answered 503: not checked' };
  const ok: Finding = { key: 'errors', verdict: 'ok', text: 'a list' };
  assert.equal(lineOf('errors', [ok, unsure, wrong], true), 'errors: /errors found nothing: check errors');
  assert.equal(lineOf('errors', [ok, unsure], true), 'errors: answered 503: not checked');
  assert.equal(lineOf('errors', [ok, ok], true), 'errors: ok');
  assert.equal(lineOf('errors', [], true), 'errors: not tried');
  assert.equal(lineOf('checkout', [{ ...ok, key: 'checkout' }], true, ['a note']), 'checkout: ok (but a note)');
  assert.equal(
    lineOf('checkout', [{ ...wrong, key: 'checkout', text: 'answered 422' }], true, ['a note']),
    'checkout: answered 422; a note',
  );
});

test('an unstated key is ours: a contradiction is a hint, never a failure', () => {
  const wrong: Finding = { key: 'errors', verdict: 'wrong', text: '/errors found nothing' };
  assert.equal(lineOf('errors', [wrong], false), 'errors: ours (not stated); /errors found nothing');
  assert.equal(
    lineOf('errors', [{ ...wrong, verdict: 'ok' }], false),
    'errors: ours (not stated), as the target answered',
  );
  assert.equal(lineOf('errors', [{ ...wrong, verdict: 'unsure' }], false), 'errors: ours (not stated)');
  assert.deepEqual(cannotWork([wrong], new Set()), []);
  assert.deepEqual(cannotWork([wrong], new Set(['errors'])), ['errors']);
});

test('a key is stated by itself or by an entry of it (bodies.createProduct)', () => {
  assert.equal(isStated(new Set(['bodies.createProduct']), 'bodies'), true);
  assert.equal(isStated(new Set(['bodiesX']), 'bodies'), false);
  assert.equal(isStated(new Set(['errors']), 'errors'), true);
});

test('the report: a line per key in the descriptors order, the closing line, exit 1 only for a stated key contradicted', () => {
  const findings: Finding[] = [
    { key: 'signatures', verdict: 'wrong', text: 'does not verify' },
    { key: 'errors', verdict: 'wrong', text: 'found nothing' },
    { key: 'deliveries', verdict: 'unsure', text: 'not seen within 5 s: not checked' },
  ];
  const stated = new Set(['signatures', 'deliveries']);
  const r = report(findings, stated);
  assert.equal(r.lines.length, KEYS.length + 1);
  assert.deepEqual(
    r.lines.map((l) => l.split(':')[0]),
    [...KEYS, 'dialect check'],
  );
  assert.ok(r.lines.includes('signatures: does not verify'));
  assert.ok(r.lines.includes('errors: ours (not stated); found nothing'));
  assert.ok(r.lines.includes('deliveries: not seen within 5 s: not checked'));
  assert.equal(r.lines.at(-1), 'dialect check: 1 of 2 stated key(s) cannot work: signatures');
  assert.deepEqual(r.failing, ['signatures']);
  assert.equal(r.exit, 1);
  const fine = report(findings.slice(1), stated);
  assert.equal(fine.exit, 0);
  // Nothing seen to hold: not said to work (signatures not tried, deliveries not seen), though nothing stops the run.
  assert.equal(
    fine.lines.at(-1),
    'dialect check: no stated key cannot work, but 2 of 2 could not be checked: deliveries, signatures',
  );
  const held = report(
    [
      { key: 'signatures', verdict: 'ok', text: 'verifies' },
      { key: 'deliveries', verdict: 'ok', text: 'found' },
    ],
    stated,
  );
  assert.equal(held.lines.at(-1), 'dialect check: every stated key (2) can work');
  assert.equal(held.exit, 0);
  assert.equal(report([], new Set()).lines.at(-1), "dialect check: no key stated: every choice is our contract's");
  // The same findings in any order print the same lines.
  assert.deepEqual(report([...findings].reverse(), stated).lines, r.lines);
});

test('what an answer holds, in words', () => {
  assert.equal(topFields({ id: 1, topic: 'x' }), 'its top-level fields: id, topic');
  assert.equal(topFields([1, 2]), 'it is a list of 2');
  assert.equal(topFields(undefined, '<html>oops</html>'), 'not a JSON object: <html>oops</html>');
  assert.equal(topFields(undefined, ''), 'an empty body');
  assert.equal(foundWhat(undefined), 'nothing');
  assert.equal(foundWhat('x'), 'a string');
  assert.equal(foundWhat({}), 'an object');
  assert.equal(foundWhat([1]), 'a list of 1');
  const outside = {
    success: false,
    error: { details: [{ pointer: '/cart/lines/0/qty', code: 'type', message: 'must be an integer' }] },
  };
  assert.equal(firstError(outside, '/error/details', ''), '/cart/lines/0/qty must be an integer');
  // Where the dialect's pointer finds no list, ours is tried, then the answer's start.
  assert.equal(firstError({ errors: [{ message: 'title is required' }] }, '/problems', ''), 'title is required');
  assert.equal(firstError({ message: 'no' }, '/errors', '{"message":"no"}'), '{"message":"no"}');
});
