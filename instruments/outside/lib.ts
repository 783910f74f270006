// The pure parts of the outside runner (run.ts): a run's results.json read into what the runner prints and records,
// the not-applicable requirements grouped by the dialect key their reason names, and runs compared.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { OutsideFigure } from '../../conformance/lib/strength.ts';
import type { Requirement } from '../suite-run.ts';

/** The files the outside folder must hold for a run (README.md here). */
export const OUTSIDE_FILES = ['server.py', 'server-clients.json', 'suite-clients.json', 'dialect.yaml'];

/**
 * Where the outside implementation is looked for: `OUTSIDE_DIR`, else `<repo>/../shared/outside`, else
 * `/work/shared/outside`; and the first of them that holds every file of OUTSIDE_FILES, if any.
 */
export function findOutside(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): { candidates: string[]; dir?: string } {
  const candidates = env.OUTSIDE_DIR
    ? [resolve(env.OUTSIDE_DIR)]
    : [resolve(root, '..', 'shared', 'outside'), '/work/shared/outside'];
  const dir = candidates.find((d) => OUTSIDE_FILES.every((f) => existsSync(join(d, f))));
  return { candidates, ...(dir ? { dir } : {}) };
}

/** The group of a not-applicable requirement whose reason names no dialect key: the run could not say what to state. */
export const NO_KEY = 'names no key';

/** The areas whose requirements need the target to call out (§2.10, §2.11, §4.5), and the manual-mode ones set aside. */
export const CALLING_AREAS = ['callbacks', 'webhooks'] as const;
export const isManual = (id: string) => id.startsWith('calculateShippingRates.manual-');

/** A name of the dialect: a key it knows (`known`), alone or with a path below it (`bodies.createProduct`). */
const NAME = /[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_{}-]+)*/y;
const rootOf = (name: string) => name.split('.')[0]!;

/**
 * The dialect keys a not-applicable reason names, in order, each once, where the suite's reasons name them:
 * - after `in the dialect as`: `state it in the dialect as v2Body and bodies.createProduct`, `… as checkout, and
 *   shippingServices, to judge these`, `… as shippingServices, or run with …` (a list of keys, joined by `,` or `and`);
 * - after `needs`, before the colon: `needs bodies.updateProduct: …`, `needs checkout.answer.deliveries: …`;
 * - else, anywhere, a dotted name below a known key: `of bodies.createProductPrice answered 409`, `(read at
 *   deliveries.resource, D-17)`.
 * A bare word is a key only in the first two places (`check the dialect's bodies and fields` is prose), and a name is
 * one only when its first part is a key the dialect knows (`data.id`, `D-17` are not); a part of a path or URL
 * (`/__hooks/deliveries.json`) is none.
 */
export function dialectKeysOf(reason: string, known: readonly string[]): string[] {
  const keys: string[] = [];
  const add = (name: string) => {
    const trimmed = name.replace(/[.]+$/, '');
    if (known.includes(rootOf(trimmed)) && !keys.includes(trimmed)) keys.push(trimmed);
  };
  /** The list of names starting at `from`: each a known key, joined by `,`, `and` or `, and`; stops at anything else. */
  const listAt = (from: number) => {
    let at = from;
    for (;;) {
      NAME.lastIndex = at;
      const m = NAME.exec(reason);
      if (!m || !known.includes(rootOf(m[0]))) return;
      add(m[0]);
      const sep = /^(?:,\s*and\s+|,\s*|\s+and\s+)/.exec(reason.slice(NAME.lastIndex));
      if (!sep) return;
      at = NAME.lastIndex + sep[0].length;
    }
  };
  const needs = /^needs ([^:]*):/.exec(reason);
  if (needs) for (const part of needs[1]!.split(/,\s*/)) if (/^[A-Za-z][\w.{}-]*$/.test(part)) add(part);
  for (const m of reason.matchAll(/\bin the dialect as\s+/g)) listAt(m.index + m[0].length);
  // Where the reason says what to state, that is the key; a dotted name elsewhere is context (`to the fields of
  // bodies.createProduct`) unless nothing else names one.
  if (keys.length) return keys;
  for (const m of reason.matchAll(/[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_{}-]+)+/g))
    if ((m.index === 0 || !/[\w.\-/:]/.test(reason[m.index - 1]!)) && !m[0].endsWith('.json')) add(m[0]);
  return keys;
}

/** The not-applicable requirements grouped by the keys their reason names (`a + b` when it names several), ids sorted. */
export function groupByKey(rows: Requirement[], known: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const r of rows.filter((x) => x.status === 'not-applicable')) {
    // The key the verdict stage recorded; else what the reason names (a report of an older suite).
    const keys = r.needs
      ? r.needs.split(' + ').filter((k) => known.includes(rootOf(k)))
      : dialectKeysOf(r.reason ?? '', known);
    const group = keys.length ? keys.join(' + ') : NO_KEY;
    groups.set(group, [...(groups.get(group) ?? []), r.id].sort());
  }
  return new Map([...groups].sort(([a], [b]) => (a === NO_KEY ? -1 : b === NO_KEY ? 1 : a.localeCompare(b))));
}

/** Requirements with the same reason together: each reason with its ids, the most frequent first. */
export function byReason(rows: Requirement[]): { reason: string; ids: string[] }[] {
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.reason ?? '', [...(out.get(r.reason ?? '') ?? []), r.id]);
  return [...out].map(([reason, ids]) => ({ reason, ids })).sort((a, b) => b.ids.length - a.ids.length);
}

/** One run of the suite against the outside implementation, as the runner reports it. */
export interface Judged {
  requirements: number;
  gatingFailures: Requirement[];
  errors: Requirement[];
  notRun: Requirement[];
  notApplicable: Map<string, string[]>;
  namingNoKey: number;
  skipped: Requirement[];
  /** Per calling area: how many were judged (passed or failed) of how many, the manual-mode ones aside. */
  areas: { area: string; judged: number; total: number; unjudged: Requirement[] }[];
}

export function judgeRun(rows: Requirement[], known: readonly string[]): Judged {
  const notApplicable = groupByKey(rows, known);
  return {
    requirements: rows.length,
    gatingFailures: rows.filter((r) => (r.status === 'fail' || r.status === 'error') && r.gating === true),
    errors: rows.filter((r) => r.status === 'error'),
    notRun: rows.filter((r) => r.status === 'not-run'),
    notApplicable,
    namingNoKey: notApplicable.get(NO_KEY)?.length ?? 0,
    skipped: rows.filter((r) => r.status === 'skipped'),
    areas: CALLING_AREAS.map((area) => {
      const of = rows.filter((r) => r.area === area && !isManual(r.id));
      const judged = (r: Requirement) => r.status === 'pass' || r.status === 'fail';
      return { area, judged: of.filter(judged).length, total: of.length, unjudged: of.filter((r) => !judged(r)) };
    }),
  };
}

/** What makes a run a question about the suite: each a line; none, and the suite treated the implementation rightly. */
export function problemsOf(j: Judged): string[] {
  return [
    ...(j.gatingFailures.length ? [`${j.gatingFailures.length} gating failure(s)`] : []),
    ...(j.errors.length ? [`${j.errors.length} error(s)`] : []),
    ...(j.notRun.length ? [`${j.notRun.length} not run`] : []),
    ...(j.namingNoKey ? [`${j.namingNoKey} not applicable naming no dialect key`] : []),
  ];
}

/**
 * The not-applicable ids of several runs compared: the same in every run, or each id that is not, with the runs
 * (numbered from 1) it was not applicable in.
 */
export function compareRuns(sets: string[][]): { same: boolean; differing: { id: string; inRuns: number[] }[] } {
  const all = [...new Set(sets.flat())].sort();
  const differing = all
    .map((id) => ({ id, inRuns: sets.flatMap((s, i) => (s.includes(id) ? [i + 1] : [])) }))
    .filter((d) => d.inRuns.length !== sets.length);
  return { same: differing.length === 0, differing };
}

/** The figure conformance/strength.json records (`outside`), from the first run. */
export function figureOf(
  j: Judged,
  command: string,
  runs?: { count: number; same: boolean },
  measured = new Date(),
): OutsideFigure {
  return {
    gatingFailures: j.gatingFailures.length,
    errors: j.errors.length,
    notApplicable: [...j.notApplicable.values()].reduce((n, ids) => n + ids.length, 0),
    notApplicableNamingNoKey: j.namingNoKey,
    judged: {
      count: j.areas.reduce((n, a) => n + a.judged, 0),
      total: j.areas.reduce((n, a) => n + a.total, 0),
    },
    requirements: j.requirements,
    ...(runs && runs.count > 1 ? { runs: runs.count, sameNotApplicable: runs.same } : {}),
    measured: measured.toISOString(),
    command,
  };
}

const oneLine = (text: string | undefined, max = 160) => {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The report of one run as lines (plain text; `md` wraps ids in backticks for summary.md). */
export function reportLines(j: Judged, md = false): string[] {
  const id = (s: string) => (md ? `\`${s}\`` : s);
  const bullet = md ? '- ' : '  ';
  const section = (title: string, lines: string[]) =>
    md ? [`### ${title.replace(/:$/, '')}`, '', ...lines, ''] : [title, ...lines];
  const na = [...j.notApplicable.values()].reduce((n, ids) => n + ids.length, 0);
  return [
    ...section(
      `Gating failures: ${j.gatingFailures.length}`,
      j.gatingFailures.map((r) => `${bullet}${id(r.id)} (${r.status}): ${oneLine(r.reason)}`),
    ),
    ...section(
      `Errors: ${j.errors.length}`,
      j.errors.map((r) => `${bullet}${id(r.id)}${r.gating ? '' : ' (not gating)'}: ${oneLine(r.reason)}`),
    ),
    ...(j.notRun.length
      ? section(
          `Not run: ${j.notRun.length}`,
          byReason(j.notRun).map((g) => `${bullet}${g.ids.length} × ${oneLine(g.reason)}: ${g.ids.map(id).join(', ')}`),
        )
      : []),
    ...section(
      `Not applicable: ${na}, by the dialect key their reason names${j.namingNoKey ? ` (${j.namingNoKey} name none: a problem)` : ''}`,
      [...j.notApplicable].map(
        ([key, ids]) => `${bullet}${key === NO_KEY ? key : id(key)} (${ids.length}): ${ids.map(id).join(', ')}`,
      ),
    ),
    ...section(
      `Skipped: ${j.skipped.length}`,
      byReason(j.skipped).map((g) => `${bullet}${g.ids.length} × ${oneLine(g.reason)}: ${g.ids.map(id).join(', ')}`),
    ),
    ...section(
      'Judged (passed or failed) in the calling areas, the manual-mode ones aside:',
      j.areas.map(
        (a) =>
          `${bullet}${a.area}: ${a.judged}/${a.total}${a.unjudged.length ? `; not judged: ${a.unjudged.map((r) => `${id(r.id)} (${r.status})`).join(', ')}` : ''}`,
      ),
    ),
  ];
}
