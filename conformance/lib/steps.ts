// How a run shows its requirements in Playwright, for both suites (suite.spec.ts, app/suite.spec.ts): a test holds a
// step per operation, and each of those a step per requirement, whose outcome goes to the reporter as the step's
// `requirement` attachment (conformance/reporter.ts) and whose failure shows at its declaration. A test whose
// requirements all pass passes; one with a failing requirement fails at its end, after all of them ran.
import type { TestStepInfo } from '@playwright/test';
import { runStarted } from './deadline.ts';
import { test, type Declared } from './requirement.ts';
import type { Status, StepOutcome as Outcome } from './verdict.ts';

/** A requirement judged: its outcome, and a failure's error for its step to show. */
export interface Judged {
  outcome: Outcome;
  error?: unknown;
}

/** The outcome of `d` as judged now, having started at `started` (ms since the epoch), within the running test. */
export const outcomeOf =
  (d: Declared<unknown>, started: number) =>
  (status: Status, extra: Partial<Outcome> = {}): Judged => ({
    outcome: {
      id: d.id,
      status,
      ...extra,
      ms: Date.now() - started,
      test: test.info().title,
      at: started - runStarted,
    },
  });

/** The step of one requirement: its outcome attached, shown as passed, failed or skipped, at its declaration. */
export async function step(d: Declared<unknown>, judge: () => Promise<Judged>): Promise<Outcome> {
  let outcome: Outcome | undefined;
  await test
    .step(
      `${d.id} ${d.level} ${d.title}`,
      async (info: TestStepInfo) => {
        const judged = await judge();
        outcome = judged.outcome;
        await info.attach('requirement', { body: JSON.stringify(outcome), contentType: 'application/json' });
        if (outcome.evidence) await info.attach('http-exchange', { body: outcome.evidence, contentType: 'text/plain' });
        if (outcome.status === 'skipped' || outcome.status === 'not-run' || outcome.status === 'not-applicable')
          info.skip(
            true,
            `${outcome.status === 'skipped' ? '' : `${outcome.status.replace('-', ' ')}: `}${outcome.reason ?? ''}`,
          );
        if (judged.error !== undefined) throw judged.error;
      },
      { location: d.location },
    )
    .catch(() => undefined);
  return outcome!;
}

/** The expected status of a test whose requirements failed and whose worker is kept (endTest). */
export const KEPT_WORKER = 'failed';

const broke = (o: Outcome) => o.status === 'fail' || o.status === 'error';

/** The step of one operation, running its requirements' steps (`run`); shown failed when one of them failed. */
export async function operationStep(operation: string, run: () => Promise<Outcome[]>): Promise<Outcome[]> {
  let outcomes: Outcome[] = [];
  await test
    .step(operation, async () => {
      outcomes = await run();
      if (outcomes.some(broke)) throw new Error(`${operation}: a requirement failed`);
    })
    .catch(() => undefined);
  return outcomes;
}

/**
 * The end of a test: its counts as an annotation; it fails, listing them, when a requirement failed or erred.
 *
 * Playwright discards a worker after each test that fails unexpectedly and starts another, which loads everything
 * again and makes its worker-shared data again (microsoft/playwright#32803): about 1 s of CPU a test, most of a
 * failing run's cost when most tests hold a failure. A requirement that failed finished its work, so the worker is
 * kept: the test is declared failing as expected, and the reporter declares it unexpected again as it ends
 * (reporter.ts, onTestEnd), so that every report, `--max-failures` included, sees an ordinary failure. A requirement
 * that erred may have left work running (a timer, a request the target never answered): that test is left to fail
 * unexpectedly, and its worker is replaced.
 */
export function endTest(outcomes: Outcome[]): void {
  const count = (s: Status) => outcomes.filter((o) => o.status === s).length;
  const failing = outcomes.filter(broke);
  test.info().annotations.push({
    type: 'result',
    description: `${count('pass')} passed, ${count('fail')} failed, ${count('error')} errors, ${count('skipped')} skipped, ${count('not-applicable')} not applicable, ${count('not-run')} not run, of ${outcomes.length}`,
  });
  if (failing.length && !count('error')) test.info().expectedStatus = KEPT_WORKER;
  if (failing.length)
    throw new Error(
      `${failing.length} of ${outcomes.length} requirements failed:\n${failing.map((o) => `  ${o.status} ${o.id}: ${o.reason ?? ''}`).join('\n')}`,
    );
}
