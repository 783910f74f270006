// Per-requirement reports: results.json (one record per requirement: id, level, area, citations, basis, status,
// whether it gated, reason, evidence) and summary.md (matrices by area, by basis and by level, the profile that
// gated, the failures with the HTTP exchange that failed them). What gates is decided in lib/verdict.ts.
// Every requirement of the run is known from onBegin, so none can be missing from the reports: one the run never got
// to (the token setup failed, the target stopped answering, the run was stopped) is `not-run`, with the reason, and
// gates (issue 15, item 4); junit.xml says it too, on its skipped test case.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { config } from './lib/config.ts';
import {
  judge,
  loadExpected,
  STATUSES,
  type BasisName,
  type Expected,
  type Outcome,
  type Row,
  type Status,
} from './lib/verdict.ts';

/** The outcome as the requirement classified it where it was thrown (lib/requirement.ts), else the suite broke. */
function outcome(test: TestCase, result: TestResult): Pick<Outcome, 'status' | 'reason' | 'evidence' | 'deviations'> {
  // Skipped by lib/requirement.ts because the target had stopped answering (lib/unanswered.ts).
  const notRun = result.annotations.find((a) => a.type === 'not-run')?.description;
  if (notRun) return { status: 'not-run', reason: notRun };
  const deviations = result.annotations.find((a) => a.type === 'contract-deviation')?.description;
  if (result.status === 'passed') return { status: 'pass', ...(deviations ? { deviations } : {}) };
  if (result.status === 'skipped')
    return {
      status: 'skipped',
      reason: [...result.annotations, ...test.annotations].find((a) => a.type === 'skip')?.description,
    };
  const message = stripVTControlCharacters(result.error?.message ?? result.status);
  const reason = message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join(' ')
    .slice(0, 300);
  const classified = result.annotations.find((a) => a.type === 'outcome')?.description;
  const evidence = result.attachments.find((a) => a.name === 'http-exchange')?.body?.toString('utf8');
  return {
    status: classified === 'fail' ? 'fail' : 'error',
    reason: result.status === 'timedOut' ? `timed out: ${reason}` : reason,
    ...(evidence ? { evidence } : {}),
    ...(deviations ? { deviations } : {}),
  };
}

/** Requirements and their statuses per key: `{source: {requirements: 238, pass: 238, fail: 0, …}, …}`. */
function countBy(rows: Row[], key: (r: Row) => string): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const r of rows) {
    const c = (out[key(r)] ??= { requirements: 0, ...Object.fromEntries(STATUSES.map((s) => [s, 0])) });
    c.requirements!++;
    c[r.status]!++;
  }
  return out;
}

const requirementOf = (test: TestCase) => test.annotations.find((x) => x.type === 'requirement');
type Meta = Pick<Outcome, 'id' | 'level' | 'area' | 'source' | 'basis' | 'quote' | 'standard' | 'title' | 'operation'>;
/** A requirement as declared (lib/requirement.ts's annotation, the test's title without id and level, its describe). */
const metaOf = (test: TestCase, description: string): Meta => ({
  ...(JSON.parse(description) as Omit<Meta, 'title' | 'operation'>),
  title: test.title.replace(/^\S+ \S+ /, ''),
  operation: test.parent.title,
});
/** The first line of an error's message, without Playwright's colours or the error's type. */
const firstLine = (message: string) =>
  stripVTControlCharacters(message)
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean)
    ?.replace(/^\w*Error: /, '') ?? message;
const bases: BasisName[] = ['source', 'standard', 'platform', 'decision'];
const basisText: Record<BasisName, string> = {
  source: 'source (the source says it)',
  standard: 'standard (an RFC or standard)',
  platform: 'platform (design brief)',
  decision: 'decision (D-nn)',
};

export default class RequirementReporter implements Reporter {
  private outcomes = new Map<string, Outcome>();
  /** Every requirement of the run, from onBegin: those with no outcome at the end did not run. */
  private planned = new Map<string, Meta>();
  private duplicates: string[] = [];
  /** Why the token setup failed (its error's first line), when it did: every requirement it left unrun says so. */
  private setupFailure: string | undefined;
  private target: string | undefined;
  private globalTimeout = 0;
  private maxFailures = 0;
  private failures = 0;

  /**
   * Requirement ids are stable keys of results.json: two tests with one id would hide one of them. The target is the
   * config's metadata (playwright.config.ts) when one was given, so that a merge of shards' blob reports, which has no
   * runtime file of theirs, names it too; else the reference server global setup started (lib/config.ts).
   */
  onBegin(fullConfig: FullConfig, suite: Suite): void {
    const metadata = fullConfig.metadata as { targetUrl?: string; profile?: string };
    this.target = metadata.targetUrl;
    this.globalTimeout = fullConfig.globalTimeout;
    this.maxFailures = fullConfig.maxFailures;
    if (metadata.profile && metadata.profile !== config.profile)
      console.error(
        `The run's profile was ${metadata.profile}, this report's is ${config.profile}: give a merge the settings of its shards.`,
      );
    const seen = new Set<string>();
    for (const test of suite.allTests()) {
      const a = requirementOf(test);
      if (!a?.description) continue;
      const meta = metaOf(test, a.description);
      if (seen.has(meta.id)) this.duplicates.push(meta.id);
      seen.add(meta.id);
      this.planned.set(meta.id, meta);
    }
    if (this.duplicates.length) console.error(`Duplicate requirement ids: ${this.duplicates.join(', ')}`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const a = requirementOf(test);
    if (result.status === 'failed' || result.status === 'timedOut') this.failures++;
    // A test that is no requirement (the token setup) and failed leaves every requirement unproven.
    if (!a?.description) {
      if (result.status === 'failed' || result.status === 'timedOut') {
        const message = firstLine(result.error?.message ?? result.status);
        this.setupFailure ??= message.startsWith('the token setup') ? message : `the token setup failed: ${message}`;
      }
      return;
    }
    // Stopped half-way (the run's time was up, or it was interrupted): not run, with the run's reason (onEnd).
    if (result.status === 'interrupted') return;
    const meta = metaOf(test, a.description);
    this.outcomes.set(meta.id, { ...meta, ...outcome(test, result) });
  }

  /** Why the requirements with no outcome did not run, from how the run ended. */
  private notRunReason(result: FullResult): string {
    if (this.setupFailure) return this.setupFailure;
    if (result.status === 'timedout')
      return `the run was stopped after ${Math.round(this.globalTimeout / 1000)} s (CONFORMANCE_RUN_TIMEOUT_MS)`;
    if (result.status === 'interrupted') return 'the run was interrupted';
    if (this.maxFailures && this.failures >= this.maxFailures)
      return `the run stopped after ${this.maxFailures} failures (--max-failures)`;
    return `the run ended (${result.status}) before it ran`;
  }

  private get targetUrl(): string {
    return this.target ?? config.targetUrl;
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    const reason = this.notRunReason(result);
    for (const [id, meta] of this.planned)
      if (!this.outcomes.has(id)) this.outcomes.set(id, { ...meta, status: 'not-run', reason });
    const outcomes = [...this.outcomes.values()].sort((a, b) => a.id.localeCompare(b.id));
    let expected: Expected[];
    let expectedError: string | undefined;
    try {
      expected = loadExpected(config.expectedFailures);
    } catch (err) {
      expectedError = (err as Error).message;
      expected = [];
    }
    const verdict = judge(outcomes, config.profile, expected);
    const { rows } = verdict;
    // Never a success for requirements that did not run: the setup failed, the run was cut, or nothing passed.
    const passed =
      verdict.gate.passed &&
      !expectedError &&
      !this.duplicates.length &&
      !this.setupFailure &&
      !rows.some((r) => r.status === 'not-run') &&
      (result.status === 'passed' || result.status === 'failed') &&
      rows.some((r) => r.status === 'pass');
    mkdirSync(config.reportDir, { recursive: true });
    writeFileSync(
      `${config.reportDir}/results.json`,
      JSON.stringify(
        {
          target: this.targetUrl,
          profile: config.profile,
          generated: new Date().toISOString(),
          gate: {
            ...verdict.gate,
            passed,
            unknownExpected: verdict.unknown,
            ...(expectedError ? { expectedFailuresError: expectedError } : {}),
          },
          counts: { byBasis: countBy(rows, (r) => r.basis), byLevel: countBy(rows, (r) => r.level) },
          requirements: rows,
        },
        null,
        2,
      ),
    );
    // A run cut short with requirements left is told by their not-run reason (the verdict's count and its section).
    const unproven = this.setupFailure
      ? `no requirement ran: ${this.setupFailure}`
      : !rows.some((r) => r.status === 'pass')
        ? 'no requirement passed'
        : result.status !== 'passed' && result.status !== 'failed' && !rows.some((r) => r.status === 'not-run')
          ? `the run ended ${result.status}`
          : undefined;
    writeFileSync(
      `${config.reportDir}/summary.md`,
      summary(this.targetUrl, rows, verdict.unknown, expectedError, passed, unproven),
    );
    markNotRunInJunit(rows);
    // The exit status is the profile's verdict: a failure that does not gate (source profile, expected) passes.
    return { status: passed ? 'passed' : 'failed' };
  }
}

/**
 * Playwright's junit reporter (listed before this one, so done by now) writes a test that never ran as a bare
 * `<skipped/>`: the not-run ones get their reason, `<skipped message="not run: …"/>`, so that CI shows it.
 */
function markNotRunInJunit(rows: Row[]): void {
  const file = `${config.reportDir}/junit.xml`;
  const notRun = new Map(rows.filter((r) => r.status === 'not-run').map((r) => [r.id, r.reason ?? '']));
  if (!notRun.size || !existsSync(file)) return;
  const attr = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  // One test case at a time; its requirement id is in its `requirement` property (the annotation, HTML-escaped).
  const xml = readFileSync(file, 'utf8').replace(/<testcase\b[\s\S]*?<\/testcase>/g, (testcase) => {
    const id = /&quot;id&quot;:&quot;(.*?)&quot;/.exec(testcase)?.[1];
    const reason = id === undefined ? undefined : notRun.get(id);
    return reason === undefined
      ? testcase
      : testcase.replace(
          /<skipped>\s*<\/skipped>|<skipped\s*\/>/,
          `<skipped message="${attr(`not run: ${reason}`)}"/>`,
        );
  });
  writeFileSync(file, xml);
}

function summary(
  target: string,
  rows: Row[],
  unknown: { id: string; reason: string }[],
  expectedError: string | undefined,
  passed: boolean,
  unproven?: string,
): string {
  const count = (rs: Row[], s: Status) => rs.filter((r) => r.status === s).length;
  const line = (label: string, rs: Row[]) =>
    `| ${label} | ${rs.length} | ${STATUSES.map((s) => count(rs, s)).join(' | ')} |`;
  const head = (label: string) => [
    `| ${label} | requirements | ${STATUSES.map((s) => s.replace('-', ' ')).join(' | ')} |`,
    `|---|---|${STATUSES.map(() => '---|').join('')}`,
  ];
  const notRun = rows.filter((r) => r.status === 'not-run');
  const notRunReasons = [...new Set(notRun.map((r) => r.reason ?? ''))];
  const failed = (r: Row) => r.status === 'fail' || r.status === 'error';
  const gatingFailures = rows.filter((r) => failed(r) && r.gating);
  const differing = rows.filter((r) => failed(r) && !r.gating && !r.expectation);
  const entry = (r: Row) => [
    `- **${r.status}** \`${r.id}\` ${r.level} ${r.title} (${r.basis}${r.basis === 'standard' ? `: ${r.standard}` : ''}; ${r.source.join(', ')}): ${r.reason ?? ''}`,
    ...(r.evidence ? ['', '  ```http', ...r.evidence.split('\n').map((l) => `  ${l}`), '  ```', ''] : []),
  ];
  const profileText =
    config.profile === 'source'
      ? 'profile **source**: only MUST requirements of basis source or standard gate; the others are reported as differing from the reference contract'
      : 'profile **contract**: every MUST requirement gates (conformance to the reference contract, decisions included)';
  return [
    '# Conformance summary',
    '',
    `Target: \`${target}\`; ${profileText}.`,
    '',
    ...head('area'),
    ...[...new Set(rows.map((r) => r.area))].sort().map((area) =>
      line(
        area,
        rows.filter((r) => r.area === area),
      ),
    ),
    line('**all**', rows),
    '',
    ...head('basis'),
    ...bases.map((b) =>
      line(
        basisText[b],
        rows.filter((r) => r.basis === b),
      ),
    ),
    '',
    ...head('level'),
    ...['MUST', 'SHOULD', 'MAY'].map((l) =>
      line(
        l,
        rows.filter((r) => r.level === l),
      ),
    ),
    '',
    passed
      ? '**Verdict: passed.** No requirement that gates under this profile failed.'
      : unproven
        ? `**Verdict: failed: nothing is proven** (${unproven}).`
        : `**Verdict: failed.** ${gatingFailures.length} gating requirement(s) failed${notRun.length ? `, ${notRun.length} did not run` : ''}${rows.some((r) => r.expectation === 'stale') ? ', stale expected failures' : ''}${unknown.length ? ', unknown ids in the expected failures' : ''}${expectedError ? ', unreadable expected failures' : ''}.`,
    '',
    ...(expectedError ? ['## The expected-failures file could not be read', '', expectedError, ''] : []),
    ...(unknown.length
      ? [
          '## Expected failures that name no requirement (errors)',
          '',
          ...unknown.map((u) => `- \`${u.id}\`: ${u.reason}`),
          '',
        ]
      : []),
    ...(rows.some((r) => r.expectation === 'stale')
      ? [
          '## Stale expected failures (they pass now: remove them)',
          '',
          ...rows.filter((r) => r.expectation === 'stale').map((r) => `- \`${r.id}\`: ${r.expectedReason}`),
          '',
        ]
      : []),
    ...(rows.some((r) => r.expectation === 'expected-failure')
      ? [
          '## Expected failures (listed; not gating)',
          '',
          ...rows
            .filter((r) => r.expectation === 'expected-failure')
            .map((r) => `- **${r.status}** \`${r.id}\`: ${r.expectedReason} — ${r.reason ?? ''}`),
          '',
        ]
      : []),
    ...(notRun.length
      ? [
          '## Not run (nothing of them is proven; they gate)',
          '',
          ...notRunReasons.map((reason) => {
            const ids = notRun.filter((r) => (r.reason ?? '') === reason).map((r) => `\`${r.id}\``);
            return `- ${ids.length} requirement(s): ${reason}${ids.length <= 20 ? ` (${ids.join(', ')})` : ''}`;
          }),
          '',
        ]
      : []),
    ...(gatingFailures.length ? ['## Failures and errors', '', ...gatingFailures.flatMap(entry)] : []),
    ...(differing.length
      ? ['## Differs from the reference contract (not gating under this profile)', '', ...differing.flatMap(entry)]
      : []),
    '',
  ].join('\n');
}
