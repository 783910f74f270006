// The suite's `expect`: Playwright's, with a fast path for the calls that pass. A call of Playwright's expect builds
// its 300-odd matcher functions, captures a stack and source-maps it, and sends a step to the runner: a passing run
// makes about 9,600 of them (scripts/README.md, "Where a passing run's time went"). Most compare values of JSON's kinds
// (a status, a text, a body against an expected shape); when that comparison surely passes, the call returns at once.
// Otherwise, and for every other matcher (`toContainEqual`, `.not`, …), Playwright's expect runs as it always did: its
// verdict, its message (lib/causes.ts groups failures by it), its step in the HTML report.
import { expect as playwrightExpect } from '@playwright/test';

/** What a matcher is given after the received value. */
type Sure = (received: unknown, ...expected: unknown[]) => boolean;
/** A matcher of one expected value (toBe), or of none (toBeNull): called otherwise, it is not settled here. */
const one =
  (sure: (r: unknown, e: unknown) => boolean): Sure =>
  (r, ...e) =>
    e.length === 1 && sure(r, e[0]);
const none =
  (sure: (r: unknown) => boolean): Sure =>
  (r, ...e) =>
    e.length === 0 && sure(r);

/** A value of JSON's kinds, as a body holds them: text, a finite or other number, true, false, null. */
const primitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
/** An array of JSON's kind: no hole, no other key, nothing inherited but Array's. */
const jsonArray = (v: unknown): v is unknown[] =>
  Array.isArray(v) && Object.getPrototypeOf(v) === Array.prototype && Object.keys(v).length === v.length;
/** An object of JSON's kind: a plain object, no symbol key. */
const jsonObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  Object.getPrototypeOf(v) === Object.prototype &&
  Object.getOwnPropertySymbols(v).length === 0;
/** Deeper than any body the suite reads: a deeper value is left to Playwright. */
const DEPTH = 32;

/**
 * Whether `r` surely equals `e` (`subset`: surely holds it, as toMatchObject takes it), both of JSON's kinds: the same
 * primitive (Object.is, so 0 and -0 differ as Jest's equality has them), arrays of the same length whose items are
 * so, and objects whose every key of `e` is `r`'s own (`subset`) or the same keys (not), whose values are so. Anything
 * else is not settled here: undefined anywhere (Jest's equality skips undefined properties), a class instance, an
 * asymmetric matcher (`expect.any`), a symbol key.
 */
function same(r: unknown, e: unknown, subset: boolean, depth = 0): boolean {
  if (depth > DEPTH) return false;
  if (primitive(e)) return Object.is(r, e);
  if (jsonArray(e)) return jsonArray(r) && r.length === e.length && e.every((x, i) => same(r[i], x, subset, depth + 1));
  if (!jsonObject(e) || !jsonObject(r)) return false;
  const keys = Object.keys(e);
  if (!subset && Object.keys(r).length !== keys.length) return false;
  return keys.every((k) => Object.hasOwn(r, k) && same(r[k], e[k], subset, depth + 1));
}
/** A key toHaveProperty reads as itself: no dot and no bracket, which it would read as a path. */
const plainKey = (k: unknown): k is string => typeof k === 'string' && /^[A-Za-z_$][\w$-]*$/.test(k);

/**
 * Per matcher, a pass that needs no library: each true only where Playwright's (Jest's) matcher passes too, never the
 * other way round (`expect.test.ts` holds them side by side). Anything else, including a value of a kind the matcher
 * refuses, goes to Playwright.
 */
export const surelyPasses: Record<string, Sure> = {
  toBe: one((r, e) => Object.is(r, e)),
  toBeNull: none((r) => r === null),
  toBeDefined: none((r) => r !== undefined),
  toBeGreaterThan: one((r, e) => typeof r === 'number' && typeof e === 'number' && r > e),
  toBeGreaterThanOrEqual: one((r, e) => typeof r === 'number' && typeof e === 'number' && r >= e),
  toBeLessThan: one((r, e) => typeof r === 'number' && typeof e === 'number' && r < e),
  toBeLessThanOrEqual: one((r, e) => typeof r === 'number' && typeof e === 'number' && r <= e),
  toMatch: one(
    (r, e) =>
      typeof r === 'string' && (typeof e === 'string' ? r.includes(e) : e instanceof RegExp && new RegExp(e).test(r)),
  ),
  toContain: one(
    (r, e) =>
      (typeof r === 'string' && typeof e === 'string' && r.includes(e)) || (Array.isArray(r) && r.indexOf(e) >= 0),
  ),
  toHaveLength: one(
    (r, e) =>
      typeof e === 'number' && (typeof r === 'string' || Array.isArray(r)) && (r as string | unknown[]).length === e,
  ),
  // toMatchObject refuses what is not an object: only objects and arrays are settled here.
  toMatchObject: one((r, e) => (jsonObject(e) || jsonArray(e)) && same(r, e, true)),
  toEqual: one((r, e) => same(r, e, false)),
  // An own key of an object; with a value, one that surely equals it.
  toHaveProperty: (r, ...e) =>
    (e.length === 1 || e.length === 2) &&
    plainKey(e[0]) &&
    jsonObject(r) &&
    Object.hasOwn(r, e[0]) &&
    (e.length === 1 || same(r[e[0]], e[1], false)),
};

type Expect = typeof playwrightExpect;
export const expect: Expect = new Proxy(playwrightExpect, {
  apply(_target, _this, args: Parameters<Expect>) {
    const [received] = args;
    // Playwright's matchers for this call, made only when a matcher is not settled here.
    const full = () => playwrightExpect(...args) as unknown as Record<string | symbol, unknown>;
    return new Proxy(
      {},
      {
        get(_t, name) {
          const sure = typeof name === 'string' ? surelyPasses[name] : undefined;
          if (!sure) return full()[name];
          return (...expected: unknown[]) =>
            sure(received, ...expected) ? undefined : (full()[name] as (...a: unknown[]) => unknown)(...expected);
        },
      },
    );
  },
});
