// The run: every selected requirement (lib/selection.ts) as a step of its operation's Playwright test. A step is
// one requirement: its outcome (pass, fail, error, skipped, not run), reason, evidence and time
// go to the reporter as the step's `requirement` attachment, and a failing requirement shows as a failed step at
// its declaration. A test whose requirements all pass passes; one with a failing requirement fails at its end, after
// every requirement of the test has run (lib/steps.ts, endTest: its worker is kept unless a requirement erred).
import { Api, Nonconformance } from './lib/api.ts';
import { config } from './lib/config.ts';
import { assumedFor, createFor } from './lib/dialect.ts';
import { create, paramsFor } from './lib/fixtures.ts';
import { reasonOf } from './lib/gap.ts';
import { bounded, Stopped, stopAt, stoppedReason, Timeout } from './lib/deadline.ts';
import {
  afterEachHooks,
  brokeAt,
  declared,
  isNonconformance,
  metaOf,
  Skip,
  test,
  type Declared,
} from './lib/requirement.ts';
import { endTest, operationStep, outcomeOf, step, type Judged } from './lib/steps.ts';
import { selector } from './lib/selection.ts';
import { TargetGone, targetGone } from './lib/unanswered.ts';
import { decide, Unmet, type Ended, type Precondition, type StepOutcome as Outcome } from './lib/verdict.ts';
import './requirements/index.ts';

/**
 * A source or standard requirement that failed after the target refused one of its writes, under the source profile:
 * was it refused for a choice of ours? The write's form or body unstated in the dialect, or the fields of ours it added
 * (lib/provenance.ts), are tried again in a control create of the same resource (lib/fixtures.ts). What the control
 * finds is a precondition of ours that did not hold (refused again), or nothing (accepted: the failure stands); the
 * verdict stage (lib/verdict.ts, `decide`) says what it makes of the requirement. This only acts: it decides nothing.
 */
async function control(api: Api, d: Declared): Promise<Precondition | undefined> {
  if (config.profile !== 'source' || (d.basis !== 'source' && d.basis !== 'standard')) return undefined;
  const refused = api.writes.filter(
    (w) => w.status >= 400 && w.status < 500 && ![401, 403, 404, 405, 429].includes(w.status),
  );
  const tried = new Set<string>();
  for (const w of refused) {
    const c = createFor(w.operationId);
    if (!c || tried.has(`${c} ${Object.keys(w.ours).join()}`)) continue;
    tried.add(`${c} ${Object.keys(w.ours).join()}`);
    const ours = Object.keys(w.ours);
    // An update refused the fields of the stated add body: its own body is not stated (§4.3 shows neither).
    if (w.fromAdd && !ours.length)
      return {
        under: 'source',
        key: `bodies.${w.operationId}`,
        reason: `needs bodies.${w.operationId}: ${w.operationId} answered ${w.status} to the fields of bodies.${c}; state the update body in the dialect as bodies.${w.operationId}`,
      };
    if (!assumedFor(config.dialect, c) && !ours.length) continue;
    try {
      await create(api, c, w.ours, { params: await paramsFor(api, c) });
    } catch (err) {
      if (err instanceof Unmet) return err.precondition;
      if (err instanceof Nonconformance && ours.length)
        return {
          under: 'source',
          key: `fields.${c} + bodies.${w.operationId}`,
          reason: `needs ${w.why.join(', ')}: ${w.operationId} answered ${w.status} to our ${ours.join(', ')}, and a ${c} with them was refused too; state the target's names for them in the dialect as fields.${c}, or a body without them as bodies.${w.operationId}`,
        };
    }
  }
  return undefined;
}

/**
 * A requirement out of time that spent most of it on the target's answers (waiting for them, reading them) ran out of
 * it at the target's pace: slow or huge answers, or links that lead it on page after page. That is the target's
 * failure, with what it was waiting for. One that spent most of it elsewhere spent it in the suite, and stays an error.
 */
function paced(api: Api, err: Timeout, elapsedMs: number): Nonconformance | undefined {
  const { ms, requests } = api.handled();
  if (ms * 2 < elapsedMs) return undefined;
  return new Nonconformance(
    `${err.message}, ${Math.round(ms / 1000)} s of it on the target's answers to ${requests} request(s)`,
  );
}

/** The exchanges behind an outcome that is not a pass, when there were any (a not-applicable one shows what was refused). */
const evidenceOf = (api: Api): { evidence?: string } => {
  const evidence = api.evidence();
  // What the requirement's writes added of ours (lib/provenance.ts): the choices its verdict may rest on.
  const added = [
    ...new Set(
      api.writes.flatMap((w) => Object.keys(w.ours).map((f) => `${w.operationId}.${f} (${w.why.join(', ')})`)),
    ),
  ];
  const head = added.length ? `# fields of ours its writes carried: ${added.join('; ')}\n` : '';
  return evidence ? { evidence: `${head}${evidence}` } : {};
};

/** How a requirement's act ended, as the verdict stage reads it (lib/verdict.ts, `Ended`). */
function endedOf(thrown: unknown): Ended {
  if (thrown instanceof Skip) return { as: 'skip', reason: thrown.message };
  if (thrown instanceof TargetGone || thrown instanceof Stopped) return { as: 'stopped', reason: thrown.message };
  const reason = reasonOf(thrown instanceof Error ? thrown.message : String(thrown));
  if (isNonconformance(thrown) || thrown instanceof Unmet) return { as: 'fail', reason };
  const at = brokeAt(thrown);
  return { as: 'error', reason, ...(at ? { at } : {}) };
}

/** One requirement: its act (the body), then the verdict stage over what happened. Never throws. */
async function judge(d: Declared): Promise<Judged> {
  const started = Date.now();
  const done = outcomeOf(d, started);
  if (d.skip) return done('skipped', { reason: d.skip });
  const gone = targetGone();
  if (gone) return done('not-run', { reason: gone });
  if (Date.now() >= stopAt) return done('not-run', { reason: stoppedReason });
  const api = new Api();
  // Responses are checked against the whole contract only where the requirement rests on it (decision, platform);
  // elsewhere a deviation is noted, never failed: it is not what the requirement asserts.
  api.begin(d.basis === 'decision' || d.basis === 'platform', d.id);
  let thrown: unknown;
  let ended: Ended = { as: 'pass' };
  try {
    await bounded(d.body({ api }), (extend) => (api.extendTimeout = extend));
  } catch (caught) {
    thrown = caught instanceof Timeout ? (paced(api, caught, Date.now() - started) ?? caught) : caught;
    if (thrown instanceof Unmet && !api.unmet.includes(thrown.precondition)) api.unmet.push(thrown.precondition);
    ended = endedOf(thrown);
    const found = ended.as === 'fail' && !(thrown instanceof Unmet) ? await control(api, d) : undefined;
    if (found) api.unmet.push(found);
  }
  for (const hook of afterEachHooks()) await hook({ api }).catch(() => undefined);
  const decided = decide({
    ended,
    basis: d.basis,
    profile: config.profile,
    unmet: api.unmet,
    relied: [...api.relied],
  });
  const shown = decided.status === 'pass' || decided.status === 'skipped' || decided.status === 'not-run';
  const result: Judged = {
    ...done(decided.status, { ...decided, ...(shown ? {} : evidenceOf(api)) }),
    ...(decided.status === 'fail' || decided.status === 'error' ? { error: thrown } : {}),
  };
  const notes = [...api.deviations(), ...api.lateNotes()];
  if (notes.length) result.outcome.deviations = notes.slice(0, 3).join('\n').slice(0, 1000);
  return result;
}

const selected = selector(config.only, config.area);
/**
 * A Playwright test per area, or per slice of an area when it has more than SLICE requirements; within a test, a step
 * per operation holding its requirements. Few tests keep the workers Playwright replaces (after a test whose
 * requirement erred, lib/steps.ts) few; slices keep a test short enough that four workers share the run.
 */
const SLICE = 120;
/**
 * Areas whose requirements wait for calls from the target (webhook deliveries, rate and label requests; up to 15 s each
 * against a target that makes none) or for its clock (a second boundary of the date filters, a product's status that
 * flips at its publish start): cut finer, and started among the first, so that their waits spread over the workers and
 * none is left to the end of the run.
 */
const WAITING: Record<string, number> = { webhooks: 2, callbacks: 8, filters: 30, products: 20 };
/** Areas whose requirements each make and read more than most (contacts and their thumbnails, list walks, lifecycles): cut finer. */
const COSTLY: Record<string, number> = { contacts: 40, pagination: 40, resources: 50 };

const byArea = new Map<string, Declared[]>();
for (const d of declared().filter((d) => selected(metaOf(d))))
  (byArea.get(d.area) ?? byArea.set(d.area, []).get(d.area)!).push(d);
const tests: { title: string; area: string; requirements: Declared[] }[] = [];
for (const [area, all] of [...byArea].sort((a, b) => a[0].localeCompare(b[0]))) {
  // By operation, each operation's in the order written; a run of requirements declared `together` is one unit.
  const ordered = all.map((d, i) => ({ d, i })).sort((x, y) => x.d.operation.localeCompare(y.d.operation) || x.i - y.i);
  const units = unitsOf(ordered.map((x) => x.d));
  // Units go to slices of even size: each to the slice its middle falls in.
  const n = Math.ceil(all.length / (WAITING[area] ?? COSTLY[area] ?? SLICE));
  const slices: Declared[][] = Array.from({ length: n }, () => []);
  let before = 0;
  for (const unit of units) {
    slices[Math.min(n - 1, Math.floor(((before + unit.length / 2) * n) / all.length))]!.push(...unit);
    before += unit.length;
  }
  const kept = slices.filter((requirements) => requirements.length);
  kept.forEach((requirements, k) => {
    const [first, last] = [requirements[0]!.operation, requirements.at(-1)!.operation];
    tests.push({
      title:
        kept.length === 1 ? area : `${area} ${k + 1}/${kept.length}: ${first === last ? first : `${first} … ${last}`}`,
      area,
      requirements,
    });
  });
}

/** Requirements in order, a run of them declared `together` as one unit. */
function unitsOf(requirements: Declared[]): Declared[][] {
  const units: Declared[][] = [];
  for (const d of requirements) {
    const last = units.at(-1);
    if (last && d.together !== undefined && last[0]!.together === d.together) last.push(d);
    else units.push([d]);
  }
  return units;
}

/** The operations of a test in order, each with its requirements: the test's steps. */
const operationsOf = (requirements: Declared[]) => {
  const ops = new Map<string, Declared[]>();
  for (const d of requirements) (ops.get(d.operation) ?? ops.set(d.operation, []).get(d.operation)!).push(d);
  return [...ops];
};
const bySize = (a: (typeof tests)[number], b: (typeof tests)[number]) =>
  b.requirements.length - a.requirements.length || a.title.localeCompare(b.title);
const waiting = tests.filter((t) => t.area in WAITING).sort(bySize);
const working = tests.filter((t) => !(t.area in WAITING)).sort(bySize);
// A waiting test, then a working one, and so on, each kind the longest first: the waits overlap work on the other
// workers, and no worker is left with a long test at the end. The order is fixed, for --shard.
const ordered = Array.from({ length: Math.max(waiting.length, working.length) }, (_, i) => [waiting[i], working[i]])
  .flat()
  .filter((t) => t !== undefined);
for (const t of ordered)
  test(
    t.title,
    {
      tag: [`@${t.area}`],
      annotation: [{ type: 'requirements', description: t.requirements.map((d) => d.id).join(' ') }],
    },
    async () => {
      // Each requirement has its own timeout, and the run its deadline (lib/deadline.ts): the test has none of its own.
      test.setTimeout(0);
      const outcomes: Outcome[] = [];
      for (const [operation, requirements] of operationsOf(t.requirements))
        outcomes.push(
          ...(await operationStep(operation, async () => {
            const done: Outcome[] = [];
            for (const unit of unitsOf(requirements))
              if (unit[0]!.concurrent) done.push(...(await Promise.all(unit.map((d) => step(d, () => judge(d))))));
              else for (const d of unit) done.push(await step(d, () => judge(d)));
            return done;
          })),
        );
      endTest(outcomes);
    },
  );
