// The App suite's run: every selected requirement of requirements.ts as a step of its operation, in one Playwright
// test, so that the rate requests are sent once and the label requests follow them (a label is asked for an option
// the App returned). Outcomes go to the service suite's reporter as they do from suite.spec.ts (lib/steps.ts).
import { bounded, Stopped, stopAt, stoppedReason } from '../lib/deadline.ts';
import { config } from '../lib/config.ts';
import { reasonOf } from '../lib/gap.ts';
import { appDeclared, isNonconformance, metaOf, Skip, test, type AppDeclared } from '../lib/requirement.ts';
import { selector } from '../lib/selection.ts';
import { endTest, operationStep, outcomeOf, step, type Judged } from '../lib/steps.ts';
import { targetGone } from '../lib/unanswered.ts';
import { decide, type Ended, type StepOutcome as Outcome } from '../lib/verdict.ts';
import { AppCaller, AppNonconformance } from './caller.ts';
import './requirements.ts';

/** One requirement: its act (the body), then the verdict stage over what happened (lib/verdict.ts). Never throws. */
async function judge(d: AppDeclared, app: AppCaller): Promise<Judged> {
  const done = outcomeOf(d, Date.now());
  if (d.skip) return done('skipped', { reason: d.skip });
  const gone = targetGone();
  if (gone) return done('not-run', { reason: gone.replace('the target', 'the App') });
  if (Date.now() >= stopAt) return done('not-run', { reason: stoppedReason });
  let thrown: unknown;
  let ended: Ended = { as: 'pass' };
  try {
    await bounded(d.body({ app }));
  } catch (err) {
    thrown = err;
    const reason = reasonOf(err instanceof Error ? err.message : String(err));
    ended =
      err instanceof Skip
        ? { as: 'skip', reason: err.message }
        : err instanceof Stopped
          ? { as: 'stopped', reason: err.message }
          : { as: isNonconformance(err) ? 'fail' : 'error', reason };
  }
  const decided = decide({ ended, basis: d.basis, profile: config.profile, unmet: [], relied: [] });
  const failed = decided.status === 'fail' || decided.status === 'error';
  return {
    ...done(decided.status, {
      ...decided,
      ...(failed && thrown instanceof AppNonconformance ? { evidence: thrown.evidence() } : {}),
    }),
    ...(failed ? { error: thrown } : {}),
  };
}

const selected = selector(config.only, config.area);
const requirements = appDeclared().filter((d) => selected(metaOf(d)));
/** The operations in the document's order of the calls (rates, then labels), each with its requirements. */
const operations = [...new Set(requirements.map((d) => d.operation))].map(
  (operation) => [operation, requirements.filter((d) => d.operation === operation)] as const,
);

if (requirements.length)
  test(
    'app',
    {
      tag: [...new Set(requirements.map((d) => `@${d.area}`))],
      annotation: [{ type: 'requirements', description: requirements.map((d) => d.id).join(' ') }],
    },
    async () => {
      // Each requirement has its own timeout, and the run its deadline (lib/deadline.ts): the test has none of its own.
      test.setTimeout(0);
      const app = new AppCaller();
      const outcomes: Outcome[] = [];
      for (const [operation, judged] of operations)
        outcomes.push(
          ...(await operationStep(operation, async () => {
            const done: Outcome[] = [];
            for (const d of judged) done.push(await step(d, () => judge(d, app)));
            return done;
          })),
        );
      endTest(outcomes);
    },
  );
