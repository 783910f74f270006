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
  'a',
  'abc',
  'ABC',
  'a.b',
  'length',
  /b/,
  /^a/g,
  /B/i,
  [],
  [1],
  [1, 2],
  ['abc', 1],
  [null],
  [undefined],
  // A hole, as `[, 1]` writes it.
  Object.assign(new Array<unknown>(2), { 1: 1 }),
  Object.assign([1], { extra: 2 }),
  [{ a: 1 }],
  [{ a: 1, b: 2 }],
  [[1]],
  {},
  { length: 1 },
  { a: 1 },
  { a: '1' },
  { a: 0 },
  { a: -0 },
  { a: NaN },
  { a: null },
  { a: undefined },
  { a: 1, b: undefined },
  { a: 1, b: 2 },
  { a: { b: 1 } },
  { a: { b: 1, c: [1, 2] } },
  { a: { b: 1 }, c: [1, 2] },
  { a: [1, 2] },
  { a: [1] },
  { 'a.b': 1 },
  { a: playwrightExpect.any(Number) },
  { [Symbol.for('a')]: 1, a: 1 },
  Object.assign(Object.create(null) as object, { a: 1 }),
  new Date(0),
  new Map([['a', 1]]),
  playwrightExpect.any(Object),
  true,
  false,
];
/** The expected values a matcher is called with: none, one of the table, or two (a key or path, and a value). */
const argLists: unknown[][] = [[], ...values.map((v) => [v]), ...values.flatMap((k) => values.map((v) => [k, v]))];

/** Whether Playwright's matcher passes with these expected values (false when it fails or refuses them). */
function playwrightPasses(name: string, received: unknown, expected: unknown[]): boolean {
  try {
    (playwrightExpect(received) as unknown as Record<string, (...e: unknown[]) => void>)[name]!(...expected);
    return true;
  } catch {
    return false;
  }
}
const show = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

test('every fast pass is a pass of Playwright’s matcher, over the table and every call shape', () => {
  const fast: Record<string, number> = {};
  for (const [name, sure] of Object.entries(surelyPasses))
    for (const received of values)
      for (const expected of argLists) {
        if (!sure(received, ...expected)) continue;
        fast[name] = (fast[name] ?? 0) + 1;
        assert.ok(
          playwrightPasses(name, received, expected),
          `${name}: fast pass for ${show(received)} against ${expected.map(show).join(', ')}, which Playwright fails`,
        );
      }
  // Every matcher settles some calls here: a fast path that never passes would be no fast path at all.
  for (const name of Object.keys(surelyPasses)) assert.ok((fast[name] ?? 0) > 0, `${name}: no fast pass in the table`);
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
    [() => expect({ a: 0 }).toEqual({ a: -0 }), () => playwrightExpect({ a: 0 }).toEqual({ a: -0 })],
    [() => expect({ a: 1 }).toMatchObject({ b: 1 }), () => playwrightExpect({ a: 1 }).toMatchObject({ b: 1 })],
    [() => expect([{ a: 1 }]).toMatchObject([]), () => playwrightExpect([{ a: 1 }]).toMatchObject([])],
    [
      () => expect({ a: 1 }, 'the body').toHaveProperty('b'),
      () => playwrightExpect({ a: 1 }, 'the body').toHaveProperty('b'),
    ],
    [() => expect({ a: 1 }).toHaveProperty('a', 2), () => playwrightExpect({ a: 1 }).toHaveProperty('a', 2)],
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
