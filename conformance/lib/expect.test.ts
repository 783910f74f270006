// The suite's expect (lib/expect.ts): its fast path passes only where Playwright's matcher passes, over a table of
// values of every kind the suite asserts on; where it does not settle a call, Playwright's expect judges it, message
// and all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expect as playwrightExpect } from '@playwright/test';
import { expect, surelyPasses } from './expect.ts';

const values: unknown[] = [
  undefined,
  null,
  0,
  -0,
  1,
  2.5,
  NaN,
  Infinity,
  10n,
  '',
  '1',
  'abc',
  'ABC',
  'a.b',
  /b/,
  /^a/g,
  /B/i,
  [],
  [1],
  ['abc', 1],
  [null],
  { length: 1 },
  { a: 1 },
  true,
  false,
];

/** Whether Playwright's matcher passes (false when it fails or refuses the values). */
function playwrightPasses(name: string, received: unknown, expected: unknown): boolean {
  try {
    const matcher = (playwrightExpect(received) as unknown as Record<string, (...e: unknown[]) => void>)[name]!;
    // A matcher of the received value alone (toBeNull) is called without an expected value, as the suite calls it.
    if (surelyPasses[name]!.length < 2) matcher();
    else matcher(expected);
    return true;
  } catch {
    return false;
  }
}

test('every fast pass is a pass of Playwright’s matcher, over every pair of the table', () => {
  let fast = 0;
  for (const [name, sure] of Object.entries(surelyPasses))
    for (const received of values)
      for (const expected of values) {
        if (!sure(received, expected)) continue;
        fast++;
        assert.ok(
          playwrightPasses(name, received, expected),
          `${name}: fast pass for ${String(received)} against ${String(expected)}, which Playwright fails`,
        );
      }
  assert.ok(fast > 50, `${fast} fast passes in the table`);
});

test('a failing call fails with Playwright’s own message; other matchers and .not are Playwright’s', () => {
  const message = (f: () => void) => {
    try {
      f();
    } catch (err) {
      return (err as Error).message;
    }
    return undefined;
  };
  for (const [f, g] of [
    [() => expect(1).toBe(2), () => playwrightExpect(1).toBe(2)],
    [() => expect('abc').toMatch(/x/), () => playwrightExpect('abc').toMatch(/x/)],
    [() => expect(undefined).toMatch(/x/), () => playwrightExpect(undefined).toMatch(/x/)],
    [() => expect([1]).toHaveLength(2), () => playwrightExpect([1]).toHaveLength(2)],
    [() => expect(3, 'the count').toBeLessThan(2), () => playwrightExpect(3, 'the count').toBeLessThan(2)],
    [() => expect({ a: 1 }).toEqual({ a: 2 }), () => playwrightExpect({ a: 1 }).toEqual({ a: 2 })],
    [() => expect(1).not.toBe(1), () => playwrightExpect(1).not.toBe(1)],
    [() => expect(0).toBeNull(), () => playwrightExpect(0).toBeNull()],
  ] as const) {
    const ours = message(f);
    assert.ok(ours, 'it fails');
    assert.equal(ours, message(g));
  }
  expect(null).toBeNull();
  expect({ a: 1, b: 2 }).toMatchObject({ a: 1 });
  expect('x').toEqual(expect.any(String));
});
