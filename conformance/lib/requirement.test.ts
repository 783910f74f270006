// How a requirement's failure is classified: the target's nonconformance (fail) or the suite's own
// mistake (error), by what was thrown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expect } from '@playwright/test';
import { Nonconformance } from './api.ts';
import { isNonconformance } from './requirement.ts';

const thrown = (f: () => void): unknown => {
  try {
    f();
  } catch (err) {
    return err;
  }
  throw new Error('nothing thrown');
};

test('a failed assertion about the target is a fail', () => {
  assert.equal(isNonconformance(thrown(() => expect(200).toBe(201))), true);
  assert.equal(isNonconformance(new Nonconformance('the answer is not in the contract')), true);
});

test('a matcher refusing the value the target sent (a field left out) is a fail, not the suite breaking', () => {
  assert.equal(isNonconformance(thrown(() => expect(undefined).toMatch(/^\d{4}-\d{2}-\d{2}$/))), true);
  assert.equal(isNonconformance(thrown(() => expect(undefined).toBeGreaterThan(0))), true);
  assert.equal(isNonconformance(thrown(() => expect(undefined).toHaveProperty('id'))), true);
  assert.equal(isNonconformance(thrown(() => expect(null).toContain(1))), true);
  assert.equal(isNonconformance(thrown(() => expect(undefined).toMatchObject({ id: 1 }))), true);
  assert.equal(isNonconformance(thrown(() => expect(7).toHaveLength(1))), true);
  // As a test run prints it: in colour.
  const coloured = new TypeError(
    '\u001b[2mexpect(\u001b[22m\u001b[31mreceived\u001b[39m\u001b[2m).\u001b[22mtoMatch\u001b[2m(\u001b[22m\u001b[32mexpected\u001b[39m\u001b[2m)\u001b[22m\n\n\u001b[1mMatcher error\u001b[22m: \u001b[31mreceived\u001b[39m value must be a string',
  );
  assert.equal(isNonconformance(coloured), true);
});

test("a matcher refusing the suite's own expected value, or any other exception, is an error of the suite", () => {
  assert.equal(isNonconformance(thrown(() => expect('a').toMatch(undefined as unknown as RegExp))), false);
  assert.equal(isNonconformance(new TypeError("Cannot read properties of undefined (reading 'id')")), false);
});
