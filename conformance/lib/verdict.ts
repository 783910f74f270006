// The verdict of a run, apart from how it is printed (reporter.ts): which failures gate the exit code under the
// profile, and what an implementer's expected-failures file does to them. Pure, and unit-tested.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/**
 * `skipped`: the target lacks what the requirement needs (an optional client role, a trigger), said in its reason;
 * `not-applicable`: its setup needed a choice of ours the dialect does not state, and the target chose otherwise
 * (lib/dialect.ts): the reason names the choice; it never gates;
 * `not-run`: the run could not get to it (the token setup failed, the target stopped answering, the run was stopped),
 * so nothing of it is proven.
 */
export type Status = 'pass' | 'fail' | 'error' | 'skipped' | 'not-applicable' | 'not-run';
/** Every status, in the order of the reports' columns. */
export const STATUSES: Status[] = ['pass', 'fail', 'error', 'skipped', 'not-applicable', 'not-run'];
export type Profile = 'contract' | 'source';
export type BasisName = 'source' | 'standard' | 'platform' | 'decision';
export interface Outcome {
  id: string;
  level: string;
  area: string;
  source: string[];
  basis: BasisName;
  quote?: string;
  standard?: string;
  title: string;
  operation: string;
  /** Where the requirement is declared: `requirements/products.ts:161`. */
  location: string;
  status: Status;
  reason?: string;
  evidence?: string;
  deviations?: string;
  /**
   * The weakest of its basis and of the choices its setup relied on that the target never confirmed (lib/dialect.ts
   * `relied`): set only where weaker than `basis`, and then it is what gates.
   */
  effectiveBasis?: BasisName;
  /** Those choices, as the dialect keys that would state them (`bodies.createGeozone (D-35)`). */
  reliesOn?: string[];
  /** A not-applicable requirement's: the dialect key that would state what it needed (`Precondition.key`). */
  needs?: string;
  /** How long it ran, in milliseconds (0: it did not run). */
  ms: number;
  /** The Playwright test it ran in (the HTML report's entry), and when it started, in ms from the run's start. */
  test?: string;
  at?: number;
}
/** What a requirement's step hands the reporter (conformance/suite.spec.ts); the rest is its declaration. */
export type StepOutcome = Pick<
  Outcome,
  | 'id'
  | 'status'
  | 'reason'
  | 'needs'
  | 'evidence'
  | 'deviations'
  | 'effectiveBasis'
  | 'reliesOn'
  | 'ms'
  | 'test'
  | 'at'
>;
export interface Row extends Outcome {
  /** Whether this requirement's failure fails the run under the profile. */
  gating: boolean;
  /** `expected-failure`: listed and failing, so it does not gate; `stale`: listed but passing, so it gates. */
  expectation?: 'expected-failure' | 'stale';
  expectedReason?: string;
}
export interface Expected {
  id: string;
  reason: string;
}
export interface Verdict {
  profile: Profile;
  rows: Row[];
  unknown: Expected[];
  gate: { passed: boolean; failing: string[] };
}

/**
 * A precondition of the suite's own making that did not hold: its setup (a body, a trigger, a shipping service, a
 * read of an answer where the dialect places nothing, our page parameters or scope names) rather than what the
 * requirement asserts. Recorded where it is seen (`Unmet`, thrown or kept by the requirement's Api); `decide` alone
 * says what it makes of the requirement.
 */
export interface Precondition {
  /** What did not hold, naming the dialect key (or decision) that would state it: a not-applicable reason. */
  reason: string;
  /**
   * The dialect key (`bodies.createProduct`, `checkout.answer.deliveries`; several joined by ` + `) that would state
   * what the requirement needed; a decision (`D-21`) where no key of the dialect can.
   */
  key: string;
  /**
   * Which requirements it makes not applicable:
   * - `any`: every one, under every profile: the suite has no way to cause what the requirement is about (a trigger
   *   the target lacks);
   * - `read`: those of the source or a standard, under every profile: what they read is where the dialect places
   *   nothing (a field of a trigger's answer); a requirement of our decisions reads our shape, and fails where the
   *   target's differs;
   * - `source`: those of the source or a standard, under the source profile: a choice of ours (a body, a name, a form)
   *   that the target refused; under the contract profile that refusal is the target's failure.
   */
  under: 'any' | 'read' | 'source';
  /** The failure it is where it does not make the requirement not applicable (the contract profile's). */
  failure?: string;
}
/** Thrown where a precondition of the suite's own setup did not hold (`Precondition`): the requirement cannot go on. */
export class Unmet extends Error {
  override name = 'Unmet';
  readonly precondition: Precondition;
  constructor(precondition: Precondition) {
    super(precondition.failure ?? precondition.reason);
    this.precondition = precondition;
  }
}

/** How a requirement's act ended, as the runner saw it (the classes of what it threw are the runner's to tell). */
export type Ended =
  | { as: 'pass' }
  | { as: 'skip'; reason: string }
  | { as: 'stopped'; reason: string }
  /** The target did not do what the requirement asserts (an assertion, a contract mismatch, no answer). */
  | { as: 'fail'; reason: string }
  /** The suite broke: `at` is where. */
  | { as: 'error'; reason: string; at?: string };

/** What happened in one requirement: how its act ended, and what its record holds. */
export interface Happened {
  ended: Ended;
  basis: BasisName;
  profile: Profile;
  /** The preconditions of our own setup that did not hold, in the order seen. */
  unmet: Precondition[];
  /** The choices of ours its setup relied on that the target's answers never confirmed (dialect keys, decisions). */
  relied: string[];
}
/** The verdict of one requirement: its status, why, and the basis it is judged at where weaker than its own. */
export type Decided = Pick<Outcome, 'status' | 'reason' | 'needs' | 'effectiveBasis' | 'reliesOn'>;

/**
 * The verdict stage: the one place that turns what happened in a requirement into its status, for both suites.
 * - Skipped and stopped acts are `skipped` and `not-run`; an act that ran to its end passes.
 * - A failure or an error after a precondition of our own setup did not hold (`Precondition.under` says for which
 *   requirements) is never the target's failure: the requirement is `not-applicable`, with the precondition's reason,
 *   which names the dialect key that would state it.
 * - Otherwise a failure is `fail`, and what broke in the suite is `error`.
 * - A requirement of the source or a standard whose setup relied on a choice of ours that the target never confirmed
 *   is judged at that decision's basis (`effectiveBasis`), so it gates only where a decision does.
 */
export function decide(h: Happened): Decided {
  const { ended } = h;
  if (ended.as === 'pass') return { status: 'pass', ...weaker(h) };
  if (ended.as === 'skip') return { status: 'skipped', reason: ended.reason };
  if (ended.as === 'stopped') return { status: 'not-run', reason: ended.reason };
  const ours = h.basis === 'source' || h.basis === 'standard';
  const applies = (p: Precondition) => p.under === 'any' || (ours && (p.under === 'read' || h.profile === 'source'));
  const unmet = h.unmet.find(applies);
  if (unmet) return { status: 'not-applicable', reason: unmet.reason, needs: unmet.key };
  const at = ended.as === 'error' && ended.at ? ` (the suite broke at ${ended.at})` : '';
  return { status: ended.as, reason: `${ended.reason}${at}`, ...weaker(h) };
}
const weaker = (h: Happened): Pick<Decided, 'effectiveBasis' | 'reliesOn'> =>
  h.relied.length && (h.basis === 'source' || h.basis === 'standard')
    ? { effectiveBasis: 'decision', reliesOn: h.relied }
    : {};

/** Under `source` only what the source and the standards say gates; the rest is reported as differing from our contract. */
export const gates = (o: Pick<Outcome, 'level' | 'basis' | 'effectiveBasis'>, profile: Profile) => {
  const basis = o.effectiveBasis ?? o.basis;
  return o.level === 'MUST' && (profile === 'contract' || basis === 'source' || basis === 'standard');
};

/** Reads the expected-failures file: a list of `{id, reason}`, or a map of id to reason; YAML or JSON. */
export function parseExpected(text: string, name = 'expected failures'): Expected[] {
  const data = parse(text) as unknown;
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object'
      ? Object.entries(data as Record<string, unknown>).map(([id, reason]) => ({ id, reason }))
      : [];
  return list.map((e, i) => {
    const entry = e as { id?: unknown; reason?: unknown };
    if (typeof entry?.id !== 'string' || !entry.id) throw new Error(`${name}: entry ${i + 1} has no id`);
    if (typeof entry.reason !== 'string' || !entry.reason) throw new Error(`${name}: ${entry.id} has no reason`);
    return { id: entry.id, reason: entry.reason };
  });
}
export const loadExpected = (path: string | undefined): Expected[] =>
  path ? parseExpected(readFileSync(path, 'utf8'), path) : [];

export function judge(outcomes: Outcome[], profile: Profile, expected: Expected[]): Verdict {
  const listed = new Map(expected.map((e) => [e.id, e.reason]));
  const rows: Row[] = outcomes.map((o) => {
    // What did not run proves nothing, whatever its level or basis, listed or not: it always gates.
    if (o.status === 'not-run') return { ...o, gating: true };
    // Not judged, for a choice the dialect does not state: it neither fails nor passes the run.
    if (o.status === 'not-applicable') return { ...o, gating: false };
    const reason = listed.get(o.id);
    const failed = o.status === 'fail' || o.status === 'error';
    if (reason !== undefined && failed)
      return { ...o, gating: false, expectation: 'expected-failure', expectedReason: reason };
    if (reason !== undefined && o.status === 'pass')
      return { ...o, gating: true, expectation: 'stale', expectedReason: reason };
    return { ...o, gating: gates(o, profile) };
  });
  const known = new Set(outcomes.map((o) => o.id));
  const unknown = expected.filter((e) => !known.has(e.id));
  const failing = rows
    .filter(
      (r) =>
        r.gating &&
        (r.status === 'fail' || r.status === 'error' || r.status === 'not-run' || r.expectation === 'stale'),
    )
    .map((r) => r.id);
  return { profile, rows, unknown, gate: { passed: failing.length === 0 && unknown.length === 0, failing } };
}
