// What `npm test` reads from a Playwright run's JSON report: its counts, and a line per failed test for the closing
// summary (CI keeps only the tail of the output, so a failure must be named there, not only in the run's own log).
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

export interface Counts {
  passed: number;
  failed: number;
  /** One line per failed test: its title path and the first line of its first error. */
  failures?: string[];
}

/** The part of Playwright's JSON report read here. */
export interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
}

/** The failed (or flaky) tests under a suite of the report, each as `file › describe › title: first error line`. */
export function playwrightFailures(suite: PlaywrightSuite, path: string[] = []): string[] {
  const here = suite.title ? [...path, suite.title] : path;
  return [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected' || t.status === 'flaky')
        .map((t) => {
          const message = t.results.find((r) => r.error)?.error?.message ?? t.status;
          const first = stripVTControlCharacters(message)
            .split('\n')
            .find((l) => l.trim());
          return `${[...here, spec.title].join(' › ')}: ${(first ?? t.status).trim().slice(0, 200)}`;
        }),
    ),
    ...(suite.suites ?? []).flatMap((s) => playwrightFailures(s, here)),
  ];
}

/** A run's tests from its JSON report; a run that exits non-zero with no failed test (or no report) fails once. */
export function playwrightCounts(json: string, code: number): Counts {
  if (!existsSync(json)) return { passed: 0, failed: 1, failures: [`no report at ${json} (exit ${code})`] };
  const { stats, suites } = JSON.parse(readFileSync(json, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
    suites: PlaywrightSuite[];
  };
  const failures = suites.flatMap((s) => playwrightFailures(s));
  const silent = code !== 0 && stats.unexpected === 0;
  return {
    passed: stats.expected,
    failed: stats.unexpected + stats.flaky + (silent ? 1 : 0),
    failures: silent ? [...failures, `the run exited ${code} with no failed test`] : failures,
  };
}

/** A requirement as the suite's results.json has it (conformance/reporter.ts), the part read here. */
interface Requirement {
  id: string;
  status: string;
  gating: boolean;
  expectation?: string;
  reason?: string;
}

/**
 * The conformance suite's counts, from its results.json: its requirements, counted as its last line counts them
 * (what passed; what failed where it gates, stale expected failures and what did not run), each failure named.
 */
export function suiteCounts(file: string, code: number): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 1, failures: [`no results at ${file} (exit ${code})`] };
  const { requirements } = JSON.parse(readFileSync(file, 'utf8')) as { requirements: Requirement[] };
  const failing = requirements.filter(
    (r) =>
      ((r.status === 'fail' || r.status === 'error') && r.gating) ||
      r.expectation === 'stale' ||
      r.status === 'not-run',
  );
  const silent = code !== 0 && failing.length === 0;
  const failures = failing.map((r) => `${r.id} (${r.status}): ${(r.reason ?? '').slice(0, 200)}`);
  return {
    passed: requirements.filter((r) => r.status === 'pass').length,
    failed: failing.length + (silent ? 1 : 0),
    failures: silent ? [...failures, `the run exited ${code} with no failed requirement`] : failures,
  };
}
