// conformance-report.json and badge.svg: what a run can show to anyone. The report names the suite's version, the
// contract's version and the hash of its bundle, the profile, the dialect and expected-failures files as they were
// read, the target, when, the suite's measured strength (conformance/strength.json), the counts by area, basis and
// level, and every requirement's status; `verify` checks that a report is complete and consistent (bin/verify.ts).
// Pure functions; the reporter writes them (conformance/reporter.ts).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Strength } from './strength.ts';
import { STATUSES, type Row, type Status } from './verdict.ts';

export const REPORT_FORMAT = 'store-api-conformance-report/1';

export interface ReportRequirement {
  id: string;
  area: string;
  basis: string;
  level: string;
  status: Status;
  gating: boolean;
  expectation?: string;
}
export type Counts = Record<string, Record<string, number>>;
export interface ConformanceReport {
  format: typeof REPORT_FORMAT;
  /** `app`: a run of the App suite, which judged a shipping App (conformance/app/); absent: the service suite's. */
  side?: 'app';
  suite: { name: string; version: string };
  contract: { version: string; sha256: string };
  profile: string;
  target: string;
  generated: string;
  /** The files the run read that change its verdict, with their contents as read (null: not given). */
  inputs: {
    dialect: { file: string; content: string } | null;
    expectedFailures: { file: string; content: string } | null;
  };
  /** How strong the suite that judged is, as its runners last measured it in full (null: no strength file). */
  strength: Strength | null;
  counts: { all: Record<string, number>; byArea: Counts; byBasis: Counts; byLevel: Counts };
  verdict: { passed: boolean; passedRequirements: number; requirements: number; partial: boolean };
  requirements: ReportRequirement[];
}

/** `{requirements: n, pass: n, fail: n, …}` per key. */
export function countBy(rows: ReportRequirement[], key: (r: ReportRequirement) => string): Counts {
  const out: Counts = {};
  for (const r of rows) {
    const c = (out[key(r)] ??= { requirements: 0, ...Object.fromEntries(STATUSES.map((s) => [s, 0])) });
    c.requirements!++;
    c[r.status] = (c[r.status] ?? 0) + 1;
  }
  return out;
}
const allCounts = (rows: ReportRequirement[]) =>
  countBy(rows, () => 'all').all ?? { requirements: 0, ...Object.fromEntries(STATUSES.map((s) => [s, 0])) };

/** A run is partial when expected failures were listed or some requirements were not applicable. */
export const isPartial = (rows: ReportRequirement[], expectedFailures: unknown) =>
  expectedFailures !== null || rows.some((r) => r.status === 'not-applicable' || r.expectation !== undefined);

/** A file's contents as the run read it, or null when none was given. */
export const inputOf = (file: string | undefined) =>
  file ? { file, content: existsSync(file) ? readFileSync(file, 'utf8') : '' } : null;

export function buildReport(
  rows: Row[],
  run: Pick<
    ConformanceReport,
    'side' | 'suite' | 'contract' | 'profile' | 'target' | 'generated' | 'inputs' | 'strength'
  > & {
    passed: boolean;
  },
): ConformanceReport {
  const requirements: ReportRequirement[] = rows
    .map((r) => ({
      id: r.id,
      area: r.area,
      basis: r.basis,
      level: r.level,
      status: r.status,
      gating: r.gating,
      ...(r.expectation ? { expectation: r.expectation } : {}),
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
  const { passed, ...rest } = run;
  return {
    format: REPORT_FORMAT,
    ...rest,
    counts: {
      all: allCounts(requirements),
      byArea: countBy(requirements, (r) => r.area),
      byBasis: countBy(requirements, (r) => r.basis),
      byLevel: countBy(requirements, (r) => r.level),
    },
    verdict: {
      passed,
      passedRequirements: requirements.filter((r) => r.status === 'pass').length,
      requirements: requirements.length,
      partial: isPartial(requirements, run.inputs.expectedFailures),
    },
    requirements,
  };
}

/** What this suite knows: its version, the hash of its contract's bundle, its requirements (id → area, basis, level). */
export interface Known {
  suiteVersion: string;
  contractHashes: string[];
  requirements: Map<string, { area: string; basis: string; level: string }>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
const sortKeys = (v: unknown): unknown =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
      )
    : v;

/** Every problem of a report: incomplete, inconsistent, or of a suite or contract this suite does not know. */
export function verifyReport(data: unknown, known: Known): string[] {
  const r = data as Partial<ConformanceReport> | null;
  if (!r || typeof r !== 'object' || r.format !== REPORT_FORMAT)
    return [`not a conformance report (format ${JSON.stringify(r?.format)}, expected ${REPORT_FORMAT})`];
  const problems: string[] = [];
  for (const k of ['suite', 'contract', 'profile', 'target', 'generated', 'inputs', 'counts', 'verdict'] as const)
    if (r[k] === undefined) problems.push(`${k}: missing`);
  if (!Array.isArray(r.requirements)) return [...problems, 'requirements: missing'];
  if (problems.length) return problems;
  if (r.suite!.version !== known.suiteVersion)
    problems.push(
      `suite version ${r.suite!.version}: this suite is ${known.suiteVersion}; verify with the version that ran`,
    );
  if (!known.contractHashes.includes(r.contract!.sha256))
    problems.push(`contract ${r.contract!.version} (sha256 ${r.contract!.sha256}): not a contract this suite knows`);
  const rows = r.requirements;
  const ids = new Set<string>();
  for (const q of rows) {
    if (ids.has(q.id)) problems.push(`${q.id}: listed twice`);
    ids.add(q.id);
    if (!(STATUSES as string[]).includes(q.status))
      problems.push(`${q.id}: unknown status ${JSON.stringify(q.status)}`);
    const meta = known.requirements.get(q.id);
    if (!meta) problems.push(`${q.id}: not a requirement of this suite`);
    else if (meta.area !== q.area || meta.basis !== q.basis || meta.level !== q.level)
      problems.push(
        `${q.id}: area, basis or level differ from the suite's (${meta.area}, ${meta.basis}, ${meta.level})`,
      );
  }
  const missing = [...known.requirements.keys()].filter((id) => !ids.has(id));
  if (missing.length)
    problems.push(
      `${missing.length} requirement(s) of suite ${known.suiteVersion} missing: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}`,
    );
  const counts = r.counts!;
  if (!same(counts.all, allCounts(rows))) problems.push('counts.all do not match the statuses');
  for (const [name, key] of [
    ['byArea', (q: ReportRequirement) => q.area],
    ['byBasis', (q: ReportRequirement) => q.basis],
    ['byLevel', (q: ReportRequirement) => q.level],
  ] as const)
    if (!same(counts[name], countBy(rows, key))) problems.push(`counts.${name} do not match the statuses`);
  const v = r.verdict!;
  const passedCount = rows.filter((q) => q.status === 'pass').length;
  if (v.passedRequirements !== passedCount || v.requirements !== rows.length)
    problems.push(
      `verdict: ${v.passedRequirements}/${v.requirements} passed, the statuses say ${passedCount}/${rows.length}`,
    );
  const gatingBroken = rows.filter(
    (q) =>
      ((q.status === 'fail' || q.status === 'error') && q.gating) ||
      q.status === 'not-run' ||
      q.expectation === 'stale',
  );
  if (v.passed && gatingBroken.length)
    problems.push(
      `verdict: passed, but ${gatingBroken.length} requirement(s) fail and gate (${gatingBroken
        .slice(0, 5)
        .map((q) => q.id)
        .join(', ')})`,
    );
  if (v.partial !== isPartial(rows, r.inputs!.expectedFailures)) problems.push('verdict.partial does not match');
  return problems;
}

/** The badge's right half: `source · 1,120/1,120`, `· partial` when expected failures or not-applicable were used. */
export function badgeText(report: Pick<ConformanceReport, 'profile' | 'verdict'>): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `${report.profile} · ${n(report.verdict.passedRequirements)}/${n(report.verdict.requirements)}${report.verdict.partial ? ' · partial' : ''}`;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/**
 * A flat two-part badge (label, then the profile and passed count), green when passed, orange partial, red failed;
 * the label names the side judged: `store-api conformance`, or `store-api app conformance` for an App.
 */
export function badgeSvg(report: Pick<ConformanceReport, 'side' | 'profile' | 'verdict'>): string {
  const label = report.side === 'app' ? 'store-api app conformance' : 'store-api conformance';
  const text = badgeText(report);
  const colour = !report.verdict.passed ? '#e05d44' : report.verdict.partial ? '#dfb317' : '#4c1';
  // Widths from a per-character estimate of Verdana 11px, as badges are drawn without measuring text.
  const width = (s: string) =>
    Math.round([...s].reduce((w, c) => w + (/[il.,·|:'!]/.test(c) ? 3.5 : /[mwMW]/.test(c) ? 10 : 7), 0)) + 12;
  const [lw, tw] = [width(label), width(text)];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + tw}" height="20" role="img" aria-label="${esc(`${label}: ${text}`)}">`,
    `  <title>${esc(`${label}: ${text}`)}</title>`,
    `  <rect width="${lw}" height="20" fill="#555"/>`,
    `  <rect x="${lw}" width="${tw}" height="20" fill="${colour}"/>`,
    `  <g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">`,
    `    <text x="${lw / 2}" y="14">${esc(label)}</text>`,
    `    <text x="${lw + tw / 2}" y="14">${esc(text)}</text>`,
    '  </g>',
    '</svg>',
    '',
  ].join('\n');
}

/** The suite's own package.json (the repository's, or the installed package's above build/). */
export function suitePackage(): { name: string; version: string } {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const p = JSON.parse(readFileSync(file, 'utf8')) as { name: string; version: string };
      if (p.name === 'store-admin-api-reference') return { name: p.name, version: p.version };
    }
    dir = dirname(dir);
  }
  return { name: 'store-admin-api-reference', version: 'unknown' };
}

export const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
