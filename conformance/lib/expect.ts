// The suite's `expect`: Playwright's, with a fast path for the calls that pass. A call of Playwright's expect builds
// its 300-odd matcher functions, captures a stack and source-maps it, and sends a step to the runner: a passing run
// makes about 9,600 of them (scripts/README.md, "Where a passing run's time went"). Most are plain matchers whose
// verdict is one comparison; when that comparison surely passes, the call returns at once. Otherwise, and for every
// other matcher (`toEqual`, `toMatchObject`, `.not`, …), Playwright's expect runs as it always did: its verdict, its
// message (lib/causes.ts groups failures by it), its step in the HTML report.
import { expect as playwrightExpect } from '@playwright/test';

/**
 * Per matcher, a pass that needs no library: each true only where Playwright's (Jest's) matcher passes too, never the
 * other way round (`expect.test.ts` holds them side by side). Anything else, including a value of a kind the matcher
 * refuses, goes to Playwright.
 */
export const surelyPasses: Record<string, (received: unknown, expected: unknown) => boolean> = {
  toBe: (r, e) => Object.is(r, e),
  toBeNull: (r) => r === null,
  toBeDefined: (r) => r !== undefined,
  toBeGreaterThan: (r, e) => typeof r === 'number' && typeof e === 'number' && r > e,
  toBeGreaterThanOrEqual: (r, e) => typeof r === 'number' && typeof e === 'number' && r >= e,
  toBeLessThan: (r, e) => typeof r === 'number' && typeof e === 'number' && r < e,
  toBeLessThanOrEqual: (r, e) => typeof r === 'number' && typeof e === 'number' && r <= e,
  toMatch: (r, e) =>
    typeof r === 'string' && (typeof e === 'string' ? r.includes(e) : e instanceof RegExp && new RegExp(e).test(r)),
  toContain: (r, e) =>
    (typeof r === 'string' && typeof e === 'string' && r.includes(e)) || (Array.isArray(r) && r.indexOf(e) >= 0),
  toHaveLength: (r, e) =>
    typeof e === 'number' && (typeof r === 'string' || Array.isArray(r)) && (r as string | unknown[]).length === e,
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
            // A matcher of the received value alone (toBeNull) takes no expected value; the others take one.
            expected.length === Math.min(sure.length, 2) - 1 && sure(received, expected[0])
              ? undefined
              : (full()[name] as (...a: unknown[]) => unknown)(...expected);
        },
      },
    );
  },
});
