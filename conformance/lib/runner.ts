// The one runner of both suites (the service suite, conformance/suite.spec.ts; the App suite, app/app.spec.ts): each
// selected requirement is an act, then its judgement over the exchanges the act made (lib/judging/), then the
// verdict stage (lib/verdict.ts `decide`) over what happened; the requirements go into Playwright tests, a step per
// operation and a step per requirement (lib/steps.ts). A spec file only says how its side acts: through an `Api`
// against a service, through an `AppCaller` against an App.
import { config } from './config.ts';
import { reasonOf } from './gap.ts';
import { bounded, Stopped, stopAt, stoppedReason, Timeout } from './deadline.ts';
import { Nonconformance, setupTokensByRole } from './api.ts';
import type { ClientCredentials } from '../../openapi/clients.ts';
import type { Token } from './judging/memory.ts';
import { brokeAt, isNonconformance, metaOf, Skip, test, type Declared } from './requirement.ts';
import { judgeExchanges } from './judging/judge.ts';
import type { Exchange } from './judging/exchange.ts';
import { endTest, operationStep, outcomeOf, step, type Judged } from './steps.ts';
import { selector } from './selection.ts';
import { TargetGone, targetGone } from './unanswered.ts';
import { decide, Unmet, type Ended, type Precondition, type StepOutcome as Outcome } from './verdict.ts';

/** How one side acts for a requirement, and what its act left to judge. */
export interface Act {
  /** Runs the requirement's body. */
  run(): Promise<void>;
  /** Takes the setter that gives the running requirement more time (a late delivery awaited, lib/inbox.ts). */
  extendable?(set: (ms: number) => void): void;
  /** The preconditions of our own setup that did not hold, and the choices of ours never confirmed (lib/verdict.ts). */
  unmet: Precondition[];
  relied(): readonly string[];
  /** The exchanges the act made, whole, for the requirement's judgement (lib/judging/judge.ts). */
  observed: readonly Exchange[];
  /** After a failure: tries our own choices again and returns the precondition of ours that did not hold, if any. */
  control?(): Promise<Precondition | undefined>;
  /** After a timeout: the target's failure when most of the time went on its answers. */
  paced?(err: Timeout, elapsedMs: number): Nonconformance | undefined;
  /** Runs after the act, whatever its outcome. */
  after?(): Promise<void>;
  /** What an outcome that is not a pass shows as evidence. */
  evidence(thrown: unknown): string | undefined;
  /** Deviations noted, never judged (contract problems off the requirement's basis, late deliveries). */
  notes?(): string[];
  /** What the target is called in a "not run" reason (`the App`). */
  target?: string;
}

/** How a requirement's act ended, as the verdict stage reads it (lib/verdict.ts, `Ended`). */
function endedOf(thrown: unknown): Ended {
  if (thrown instanceof Skip) return { as: 'skip', reason: thrown.message };
  if (thrown instanceof TargetGone || thrown instanceof Stopped) return { as: 'stopped', reason: thrown.message };
  const reason = reasonOf(thrown instanceof Error ? thrown.message : String(thrown));
  if (isNonconformance(thrown) || thrown instanceof Unmet) return { as: 'fail', reason };
  const at = brokeAt(thrown);
  return { as: 'error', reason, ...(at ? { at } : {}) };
}

/**
 * The tokens this worker knows, as a judgement reads a call's token (lib/judging/memory.ts): the run's clients', with
 * the scopes each is configured with, and those the token endpoint issued to the acts judged so far.
 */
let tokens: Map<string, Token> | undefined;
function workerTokens(): Map<string, Token> {
  tokens ??= new Map(
    setupTokensByRole().map(([role, value]) => [
      value,
      {
        scopes: [...((config.clients as Record<string, ClientCredentials | undefined>)[role]?.scopes ?? [])],
        issuedAt: 0,
      },
    ]),
  );
  return tokens;
}

/**
 * The requirement's judgement over the exchanges its act made: a `Nonconformance` naming the first exchange that broke
 * it, or the act's failure to make one it reads; undefined when it holds.
 */
function judgement(d: Declared<unknown>, act: Act): Nonconformance | undefined {
  if (!d.judge) return undefined;
  const found = judgeExchanges(d.judge, act.observed, config.dialect, workerTokens());
  if (found.broken) {
    const { exchange: x, reason } = found.broken;
    return new Nonconformance(`${x.method} ${x.url} → ${x.status}: ${reason}`);
  }
  if (found.judged) return undefined;
  const made = act.observed.map((x) => `${x.method} ${x.url} → ${x.status}`);
  return new Nonconformance(
    `none of the exchanges it made is ${d.judge.reads}: ${made.slice(-3).join('; ') || 'it made none'}`,
  );
}

/** One requirement: its act, its judgement, then the verdict stage over what happened. Never throws. */
export async function judged(d: Declared<unknown>, act: Act): Promise<Judged> {
  const started = Date.now();
  const done = outcomeOf(d, started);
  if (d.skip) return done('skipped', { reason: d.skip });
  const gone = targetGone();
  if (gone) return done('not-run', { reason: act.target ? gone.replace('the target', act.target) : gone });
  if (Date.now() >= stopAt) return done('not-run', { reason: stoppedReason });
  let thrown: unknown;
  let ended: Ended = { as: 'pass' };
  try {
    await bounded(act.run(), (set) => act.extendable?.(set));
    thrown = judgement(d, act);
  } catch (caught) {
    thrown = caught instanceof Timeout ? (act.paced?.(caught, Date.now() - started) ?? caught) : caught;
  }
  if (thrown !== undefined) {
    if (thrown instanceof Unmet && !act.unmet.includes(thrown.precondition)) act.unmet.push(thrown.precondition);
    ended = endedOf(thrown);
    const found = ended.as === 'fail' && !(thrown instanceof Unmet) ? await act.control?.() : undefined;
    if (found) act.unmet.push(found);
  }
  await act.after?.().catch(() => undefined);
  const decided = decide({
    ended,
    basis: d.basis,
    profile: config.profile,
    unmet: act.unmet,
    relied: [...act.relied()],
  });
  const shown = decided.status === 'pass' || decided.status === 'skipped' || decided.status === 'not-run';
  const evidence = shown ? undefined : act.evidence(thrown);
  const result: Judged = {
    ...done(decided.status, { ...decided, ...(evidence ? { evidence } : {}) }),
    ...(decided.status === 'fail' || decided.status === 'error' ? { error: thrown } : {}),
  };
  const notes = act.notes?.() ?? [];
  if (notes.length) result.outcome.deviations = notes.slice(0, 3).join('\n').slice(0, 1000);
  return result;
}

/** How finely a run cuts its areas into tests, and which areas it starts first. */
export interface Schedule {
  /** Requirements per test unless an area says otherwise. */
  slice: number;
  /** Areas that wait for the target (its calls, its clock): cut this fine, and started among the first. */
  waiting?: Record<string, number>;
  /** Areas whose requirements each make and read more than most: cut this fine. */
  costly?: Record<string, number>;
  /** One test for the whole side (the App suite: its label requests follow its rate requests). */
  one?: string;
}

interface Planned<B> {
  title: string;
  area: string;
  requirements: Declared<B>[];
}

/** Requirements in order, a run of them declared `together` as one unit. */
function unitsOf<B>(requirements: Declared<B>[]): Declared<B>[][] {
  const units: Declared<B>[][] = [];
  for (const d of requirements) {
    const last = units.at(-1);
    if (last && d.together !== undefined && last[0]!.together === d.together) last.push(d);
    else units.push([d]);
  }
  return units;
}

/**
 * A Playwright test per area, or per slice of an area when it has more than `slice` requirements; within a test, a step
 * per operation holding its requirements. Few tests keep the workers Playwright replaces (after a test whose
 * requirement erred, lib/steps.ts) few; slices keep a test short enough that four workers share the run. The order is
 * fixed, for --shard: a waiting test, then a working one, each kind the longest first, so the waits overlap work.
 */
function plan<B>(all: readonly Declared<B>[], s: Schedule): Planned<B>[] {
  if (s.one) return all.length ? [{ title: s.one, area: s.one, requirements: [...all] }] : [];
  const byArea = new Map<string, Declared<B>[]>();
  for (const d of all) (byArea.get(d.area) ?? byArea.set(d.area, []).get(d.area)!).push(d);
  const tests: Planned<B>[] = [];
  for (const [area, inArea] of [...byArea].sort((a, b) => a[0].localeCompare(b[0]))) {
    // By operation, each operation's in the order written; a run of requirements declared `together` is one unit.
    const ordered = inArea
      .map((d, i) => ({ d, i }))
      .sort((x, y) => x.d.operation.localeCompare(y.d.operation) || x.i - y.i);
    const units = unitsOf(ordered.map((x) => x.d));
    // Units go to slices of even size: each to the slice its middle falls in.
    const n = Math.ceil(inArea.length / (s.waiting?.[area] ?? s.costly?.[area] ?? s.slice));
    const slices: Declared<B>[][] = Array.from({ length: n }, () => []);
    let before = 0;
    for (const unit of units) {
      slices[Math.min(n - 1, Math.floor(((before + unit.length / 2) * n) / inArea.length))]!.push(...unit);
      before += unit.length;
    }
    const kept = slices.filter((requirements) => requirements.length);
    kept.forEach((requirements, k) => {
      const [first, last] = [requirements[0]!.operation, requirements.at(-1)!.operation];
      tests.push({
        title:
          kept.length === 1
            ? area
            : `${area} ${k + 1}/${kept.length}: ${first === last ? first : `${first} … ${last}`}`,
        area,
        requirements,
      });
    });
  }
  const bySize = (a: Planned<B>, b: Planned<B>) =>
    b.requirements.length - a.requirements.length || a.title.localeCompare(b.title);
  const waiting = tests.filter((t) => t.area in (s.waiting ?? {})).sort(bySize);
  const working = tests.filter((t) => !(t.area in (s.waiting ?? {}))).sort(bySize);
  return Array.from({ length: Math.max(waiting.length, working.length) }, (_, i) => [waiting[i], working[i]])
    .flat()
    .filter((t) => t !== undefined);
}

/**
 * Declares the Playwright tests of one side: the selected requirements of `all`, scheduled (`Schedule`), each judged
 * through the act `actFor` gives it (`context` is made once per test and shared by its acts).
 */
export function runSuite<B, C>(
  all: readonly Declared<B>[],
  schedule: Schedule,
  context: () => C,
  actFor: (d: Declared<B>, context: C) => Act,
): void {
  const selected = selector(config.only, config.area);
  for (const t of plan(
    all.filter((d) => selected(metaOf(d))),
    schedule,
  ))
    test(
      t.title,
      {
        tag: [...new Set(t.requirements.map((d) => `@${d.area}`))],
        annotation: [{ type: 'requirements', description: t.requirements.map((d) => d.id).join(' ') }],
      },
      async () => {
        // Each requirement has its own timeout, and the run its deadline (lib/deadline.ts): the test has none of its own.
        test.setTimeout(0);
        const c = context();
        const ops = new Map<string, Declared<B>[]>();
        for (const d of t.requirements) (ops.get(d.operation) ?? ops.set(d.operation, []).get(d.operation)!).push(d);
        const outcomes: Outcome[] = [];
        for (const [operation, requirements] of ops)
          outcomes.push(
            ...(await operationStep(operation, async () => {
              const done: Outcome[] = [];
              for (const unit of unitsOf(requirements))
                if (unit[0]!.concurrent)
                  done.push(...(await Promise.all(unit.map((d) => step(d, () => judged(d, actFor(d, c)))))));
                else for (const d of unit) done.push(await step(d, () => judged(d, actFor(d, c))));
              return done;
            })),
          );
        endTest(outcomes);
      },
    );
}
