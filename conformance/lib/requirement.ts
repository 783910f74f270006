// A requirement is a test with a stable id, an RFC 2119 level, an area, its citations (§ or D-nn) and ONE basis:
// what its assertion rests on (issue 12). The reporter turns the annotation into results.json and summary.md, and
// the profile decides which failures gate the exit code (lib/verdict.ts).
import * as playwright from '@playwright/test';
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { Api, Nonconformance } from './api.ts';
import { config } from './config.ts';
import { NoAnswer, TargetGone, targetGone } from './unanswered.ts';

export type Level = 'MUST' | 'SHOULD' | 'MAY';
/**
 * - `source`: the source's own text says it; `quote` is a short verbatim part of it (checked at load time).
 * - `standard`: a standard the behaviour follows (`RFC 6750 §3`, `RFC 9110 §15.5.5`, `ISO 4217`, …), named in `standard`.
 * - `platform`: a fact of the public platform given in the design brief (cite the D-nn that records it).
 * - `decision`: our answer where the source is silent (cite its D-nn).
 * A requirement that would assert things of two bases is two requirements.
 */
export type Basis =
  | { basis: 'source'; quote: string }
  | { basis: 'standard'; standard: string }
  | { basis: 'platform' }
  | { basis: 'decision' };
export type BasisName = Basis['basis'];
export type Requirement = { id: string; level: Level; area: string; source: string[]; title: string } & Basis;

/** The source, as kept in the repository (openapi/source.txt, equal to ../shared/seed/… by a unit test). */
const sourceText = readFileSync(new URL('../../openapi/source.txt', import.meta.url), 'utf8');

/** A requirement that says what the source does not say is a broken promise to the teams that run the suite. */
function checkBasis(r: Requirement): void {
  if (r.basis === 'source' && (!r.quote || !sourceText.includes(r.quote)))
    throw new Error(`${r.id}: basis source, but its quote is not in the source: ${JSON.stringify(r.quote)}`);
  if (r.basis === 'source' && !r.source.some((s) => s.startsWith('§')))
    throw new Error(`${r.id}: basis source needs a § among its citations`);
  if (r.basis === 'decision' && !r.source.some((s) => /^D-\d+$/.test(s)))
    throw new Error(`${r.id}: basis decision needs a D-nn among its citations`);
  if (r.basis === 'standard' && !r.standard) throw new Error(`${r.id}: basis standard needs the standard's name`);
}

// The suite drives no browser, so it builds on Playwright's base test without the browser fixtures (about 30
// per test; scripts/README.md, performance notes). Falls back to `test` should a Playwright release stop exporting
// the base. One request context per worker: the API keeps no client state. Its default timeout is the per-request
// one, for the requests made on it directly (a thumbnail's download), as lib/api.ts gives it to its own.
const base = (playwright as unknown as { _baseTest?: typeof playwright.test })._baseTest ?? playwright.test;
export const test = base.extend<{ api: Api }, { workerApi: Api }>({
  workerApi: [
    async ({}, use) => {
      const context = await playwright.request.newContext({ timeout: config.requestTimeoutMs });
      await use(new Api(context));
      await context.dispose();
    },
    { scope: 'worker' },
  ],
  api: async ({ workerApi }, use) => {
    await use(workerApi);
  },
});
export const expect = playwright.expect;

/**
 * An assertion of the suite (expect), a contract mismatch, or no HTTP answer (a target that does not answer does not
 * conform): the target does not conform. So is a matcher that refuses the value it received: `expect(x).toMatch(…)`
 * throws "received value must be a string" when the target left `x` out, which is the target's doing, not the
 * suite's (a matcher refusing its *expected* value is the suite's own mistake). Anything else: the suite broke.
 */
export const isNonconformance = (err: unknown): boolean =>
  err instanceof Nonconformance ||
  err instanceof NoAnswer ||
  (typeof err === 'object' && err !== null && 'matcherResult' in err) ||
  // Inside a test run, Playwright colours the message ("Matcher error" in bold).
  (err instanceof Error && /^Matcher error: received value must be /m.test(stripVTControlCharacters(err.message)));

/** A requirement that cannot run (the target has stopped answering) is skipped with its reason: never a pass or a fail. */
function notRun(reason: string): never {
  const info = test.info();
  info.annotations.push({ type: 'not-run', description: reason });
  info.skip(true, reason);
  throw new Error('unreachable: testInfo.skip throws');
}

/** Declares one requirement as one test: `CON-012 MUST reject a firstname of 61 characters @contacts`. */
export function requirement(r: Requirement, body: (fixtures: { api: Api }) => Promise<void>): void {
  checkBasis(r);
  const meta = {
    id: r.id,
    level: r.level,
    area: r.area,
    source: r.source,
    basis: r.basis,
    ...(r.basis === 'source' ? { quote: r.quote } : {}),
    ...(r.basis === 'standard' ? { standard: r.standard } : {}),
  };
  test(
    `${r.id} ${r.level} ${r.title}`,
    {
      tag: [`@${r.area}`],
      annotation: [{ type: 'requirement', description: JSON.stringify(meta) }],
    },
    async ({ api }) => {
      // Responses are checked against the whole contract only where the requirement rests on it (decision,
      // platform); elsewhere a deviation is noted, never failed: it is not what the requirement asserts.
      api.begin(r.basis === 'decision' || r.basis === 'platform');
      const gone = targetGone();
      if (gone) notRun(gone);
      try {
        await body({ api });
      } catch (err) {
        if (err instanceof TargetGone) notRun(err.message);
        // Classified here, by the type of what was thrown (lib/verdict.ts reads the annotation).
        const info = test.info();
        info.annotations.push({ type: 'outcome', description: isNonconformance(err) ? 'fail' : 'error' });
        const evidence = api.evidence();
        if (evidence) await info.attach('http-exchange', { body: evidence, contentType: 'text/plain' });
        throw err;
      } finally {
        const notes = api.deviations();
        if (notes.length)
          test
            .info()
            .annotations.push({ type: 'contract-deviation', description: notes.slice(0, 3).join('\n').slice(0, 1000) });
      }
    },
  );
}
