// The suite's reporter: the console (progress, or a line per requirement with CONFORMANCE_VERBOSE), results.json (one
// record per requirement: id, level, area, citations, basis, location, status, duration, whether it gated, reason,
// evidence), summary.md (the suite's measured strength first, lib/strength.ts; matrices by area, basis and level; the
// verdict, naming what was not judged; failures grouped by cause) and junit.xml (a test case per requirement). What gates is decided in lib/verdict.ts.
// A Playwright test is one operation and a requirement one of its steps (conformance/suite.spec.ts); each step hands
// its outcome over as its `requirement` attachment. Every requirement of the run is known from onBegin (the tests'
// `requirements` annotations, the declarations' metadata), so none can be missing from the reports: one the run never
// got to (the token setup failed, the target stopped answering, the run was stopped) is `not-run`, with the reason,
// and gates.
import { mkdirSync, writeFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import type {
  FullConfig,
  FullResult,
  Reporter,
  Suite,
  TestCase,
  TestError,
  TestResult,
  TestStep,
} from '@playwright/test/reporter';
import { config } from './lib/config.ts';
import { causesMarkdown, groupByCause } from './lib/causes.ts';
import { writeHar } from './lib/har.ts';
import { writeConformanceReport } from './lib/report-files.ts';
import { selector } from './lib/selection.ts';
import { readStrength, strengthSection } from './lib/strength.ts';
import { declaredOf, metaOf, type Meta, type Side } from './lib/requirement.ts';
import { KEPT_WORKER } from './lib/steps.ts';
import {
  judge,
  loadExpected,
  STATUSES,
  type BasisName,
  type Expected,
  type Row,
  type Status,
  type StepOutcome as Outcome,
} from './lib/verdict.ts';
import './requirements/index.ts';
import './app/requirements.ts';

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

const requirementsOf = (test: TestCase) =>
  test.annotations
    .find((x) => x.type === 'requirements')
    ?.description?.split(' ')
    .filter(Boolean);
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
  platform: 'platform (a fact of the platform, PLATFORM.md)',
  decision: 'decision (D-nn)',
};
/** Where what a requirement cites is: in the repository and in the installed package alike (package.json `files`). */
const CITED =
  'Citations: `§n` is a section of the source (`openapi/source.txt`), `D-nn` a row of the decisions register ' +
  '(`openapi/DECISIONS.md`), and a `platform` basis one of the platform facts of `openapi/PLATFORM.md`, each with ' +
  'its D-nn; the package carries all three (`node_modules/store-admin-api-reference/openapi/`).';
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const broken = (r: { status: Status }) => r.status === 'fail' || r.status === 'error';

/**
 * Not-applicable requirements by the decision their setup needed (`needs D-30: …`, lib/dialect.ts): which statements
 * of the source the run could not judge without a choice the dialect does not state.
 */
export function notApplicableBy(rows: Row[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows.filter((x) => x.status === 'not-applicable')) {
    const needs = /^needs (.*?):/.exec(r.reason ?? '')?.[1] ?? 'unknown';
    out[needs] = (out[needs] ?? 0) + 1;
  }
  return out;
}

/** Not-applicable requirements by the dialect key that would state what they needed (lib/verdict.ts, `needs`). */
export function notApplicableByKey(rows: Row[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of rows.filter((x) => x.status === 'not-applicable')) (out[r.needs ?? 'names no key'] ??= []).push(r.id);
  return out;
}

/** The counts the console, summary.md, results.json and the last line all give, from the same rows. */
export function lastLine(rows: Row[]): { passed: number; failed: number } {
  return {
    passed: rows.filter((r) => r.status === 'pass').length,
    failed: rows.filter((r) => (broken(r) && r.gating) || r.expectation === 'stale' || r.status === 'not-run').length,
  };
}

export default class RequirementReporter implements Reporter {
  private outcomes = new Map<string, Outcome>();
  /** Every requirement of the run, from onBegin: those with no outcome at the end did not run. */
  private planned = new Map<string, Meta>();
  private problems: string[] = [];
  /** Why the token setup failed (its error's first line), when it did: every requirement it left unrun says so. */
  private setupFailure: string | undefined;
  private target: string | undefined;
  /** Whose requirements the run judged: the service suite's, or the App suite's (`metadata.side`, playwright.app.config.ts). */
  private side: Side = 'service';
  private globalTimeout = 0;
  private maxFailures = 0;
  private failedTests = 0;
  private started = Date.now();
  private lastProgress = 0;
  /** A shard writes no reports (its blob report goes to the merge, which writes them); `--list` runs nothing. */
  private consoleOnly = false;
  private listing = process.argv.includes('--list');

  printsToStdio(): boolean {
    return true;
  }

  /**
   * The target is the config's metadata (playwright.config.ts) when one was given, so that a merge of shards' blob
   * reports, which has no runtime file of theirs, names it too; else the reference server global setup started.
   */
  onBegin(fullConfig: FullConfig, suite: Suite): void {
    const metadata = fullConfig.metadata as { targetUrl?: string; profile?: string; side?: Side };
    this.target = metadata.targetUrl;
    this.side = metadata.side ?? 'service';
    this.globalTimeout = fullConfig.globalTimeout;
    this.maxFailures = fullConfig.maxFailures;
    if (metadata.profile && metadata.profile !== config.profile)
      console.error(
        `The run's profile was ${metadata.profile}, this report's is ${config.profile}: give a merge the settings of its shards.`,
      );
    const known = new Map(declaredOf(this.side).map((d) => [d.id, metaOf(d)]));
    for (const test of suite.allTests())
      for (const id of requirementsOf(test) ?? []) {
        const meta = known.get(id);
        if (!meta)
          this.problems.push(`${id}: run, but not declared by this suite (a merge of another version's shards?)`);
        else if (this.planned.has(id)) this.problems.push(`${id}: in two tests`);
        else this.planned.set(id, meta);
      }
    this.consoleOnly = fullConfig.shard !== null;
    if (this.listing) {
      for (const m of this.planned.values()) console.log(`${m.id}  ${m.level}  ${m.location}  ${m.title}`);
      console.log(`${this.planned.size} requirements`);
      return;
    }
    const tests = suite.allTests().filter((t) => requirementsOf(t)).length;
    console.log(
      `Judging ${this.targetUrl || 'the target'} on ${this.planned.size} requirements in ${tests} tests${fullConfig.shard ? ` (shard ${fullConfig.shard.current}/${fullConfig.shard.total})` : ''}, profile ${config.profile}, ${fullConfig.workers} workers`,
    );
  }

  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep): void {
    const a = step.attachments.find((x) => x.name === 'requirement');
    if (!a?.body) return;
    const o = JSON.parse(a.body.toString('utf8')) as Outcome;
    this.outcomes.set(o.id, o);
    if (config.verbose) {
      const mark = { pass: '✓', fail: '✗', error: '!', skipped: '-', 'not-applicable': '~', 'not-run': '·' }[o.status];
      console.log(`  ${mark} ${o.id} (${o.ms} ms)${o.reason ? `: ${o.reason.slice(0, 160)}` : ''}`);
    }
    this.progress(false);
  }

  /** A line every 5 s at most, and at the end: done of total, by status, elapsed, and about how long is left. */
  private progress(last: boolean): void {
    const now = Date.now();
    if (!last && now - this.lastProgress < 5000) return;
    this.lastProgress = now;
    const done = this.outcomes.size;
    const total = this.planned.size;
    const count = (s: Status) => [...this.outcomes.values()].filter((o) => o.status === s).length;
    const elapsed = now - this.started;
    const left = done >= total / 20 && !last ? `, about ${seconds((elapsed / done) * (total - done))} left` : '';
    console.log(
      `  ${done}/${total} · ${count('pass')} passed · ${count('fail')} failed · ${count('error')} errors · ${count('skipped')} skipped · ${count('not-applicable')} not applicable · ${count('not-run')} not run · ${seconds(elapsed)}${left}`,
    );
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // A test that kept its worker through a failure (lib/steps.ts, endTest) is an ordinary failure from here on; this
    // reporter comes before Playwright reads the outcome, and before the blob reporter of a shard.
    if (requirementsOf(test) && test.expectedStatus === KEPT_WORKER) test.expectedStatus = 'passed';
    if (result.status === 'failed' || result.status === 'timedOut') this.failedTests++;
    // A test that is no operation (the token setup) and failed leaves every requirement unproven.
    if (requirementsOf(test) || (result.status !== 'failed' && result.status !== 'timedOut')) return;
    const message = firstLine(result.error?.message ?? result.status);
    this.setupFailure ??= message.startsWith('the token setup') ? message : `the token setup failed: ${message}`;
    console.error(stripVTControlCharacters(result.error?.message ?? message));
  }

  /**
   * An error outside every test (global setup's: the dialect check that stopped the run, conformance/check/), printed
   * whole: this reporter prints to the console in Playwright's place (`printsToStdio`), so nothing else would.
   */
  onError(error: TestError): void {
    const message = stripVTControlCharacters(error.message ?? error.value ?? 'an error outside the tests');
    console.error(message);
    // Before any requirement's outcome, an error outside the tests is global setup's: each requirement left says why
    // it did not run (the error's first line, `Error: ` aside). After, it is reported and changes no outcome.
    if (!this.outcomes.size) this.setupFailure ??= message.split('\n')[0]!.replace(/^Error: /, '');
  }

  /** Why the requirements with no outcome did not run, from how the run ended. */
  private notRunReason(result: FullResult): string {
    if (this.setupFailure) return this.setupFailure;
    if (result.status === 'timedout')
      return `the run was stopped after ${Math.round(this.globalTimeout / 1000)} s (CONFORMANCE_RUN_TIMEOUT_MS)`;
    if (result.status === 'interrupted')
      return `the run was interrupted (${process.env.CONFORMANCE_STOPPED_BY ?? 'SIGINT'})`;
    if (this.maxFailures && this.failedTests >= this.maxFailures)
      return `the run stopped after ${this.maxFailures} failed test(s) (--max-failures)`;
    return `the run ended (${result.status}) before it ran`;
  }

  private get targetUrl(): string {
    return this.target ?? config.targetUrl;
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    if (this.listing) return undefined;
    // The run's traffic (lib/har.ts), a shard's its own: global teardown, whose deletes are in it, has run by now.
    const har = writeHar();
    if (har) console.log(`  HAR: ${har.entries} exchanges with the target in ${har.file}`);
    if (this.consoleOnly) {
      this.progress(true);
      return undefined;
    }
    const reason = this.notRunReason(result);
    // Playwright loads no test when its global setup fails or is stopped (the dialect check, a cancelled job): the
    // run's requirements are then those its selection names (--only, --area), each not run, so that the reports and
    // the last line count them rather than an empty run.
    if (!this.planned.size && result.status !== 'passed') {
      const selected = selector(config.only, config.area);
      for (const meta of declaredOf(this.side).map(metaOf)) if (selected(meta)) this.planned.set(meta.id, meta);
    }
    const outcomes = [...this.planned.values()]
      .map((meta) => ({ ...meta, ...(this.outcomes.get(meta.id) ?? { status: 'not-run' as const, reason, ms: 0 }) }))
      .sort((a, b) => a.id.localeCompare(b.id));
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
      !this.problems.length &&
      !this.setupFailure &&
      !rows.some((r) => r.status === 'not-run') &&
      (result.status === 'passed' || result.status === 'failed') &&
      rows.some((r) => r.status === 'pass');
    const unjudged = rows.filter((r) => r.status === 'skipped' && r.gating);
    const counts = lastLine(rows);
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
            lastLine: counts,
            notJudged: unjudged.map((r) => ({ id: r.id, reason: r.reason })),
            unknownExpected: verdict.unknown,
            ...(this.problems.length ? { problems: this.problems } : {}),
            ...(expectedError ? { expectedFailuresError: expectedError } : {}),
          },
          counts: {
            all: countBy(rows, () => 'all').all ?? {},
            notApplicableByDecision: notApplicableBy(rows),
            notApplicableByKey: Object.fromEntries(
              Object.entries(notApplicableByKey(rows)).map(([k, ids]) => [k, ids.length]),
            ),
            byBasis: countBy(rows, (r) => r.basis),
            byLevel: countBy(rows, (r) => r.level),
          },
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
        : result.status !== 'passed' &&
            result.status !== 'failed' &&
            result.status !== 'interrupted' &&
            !rows.some((r) => r.status === 'not-run')
          ? `the run ended ${result.status}`
          : undefined;
    writeFileSync(
      `${config.reportDir}/summary.md`,
      summary(this.side, this.targetUrl, rows, verdict.unknown, expectedError, passed, this.problems, unproven),
    );
    writeFileSync(`${config.reportDir}/junit.xml`, junit(rows, this.side));
    writeConformanceReport(rows, { target: this.targetUrl, passed, side: this.side });
    this.progress(true);
    // The exit status is the profile's verdict: a failure that does not gate (source profile, expected) passes.
    return { status: passed ? 'passed' : 'failed' };
  }
}

const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    // eslint-disable-next-line no-control-regex -- characters XML 1.0 cannot hold, from a hostile target's answer
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/**
 * junit.xml: a test suite per area, a test case per requirement (its id, level and title; its file and line), a
 * failure with the reason and the evidence, a skipped one with its reason (`not run: …` for what did not run).
 */
export function junit(rows: Row[], side: Side = 'service'): string {
  const areas = [...new Set(rows.map((r) => r.area))].sort();
  const testcase = (r: Row) => {
    const file = r.location.replace(/:\d+$/, '');
    const head = `    <testcase name="${xml(`${r.id} ${r.level} ${r.title}`)}" classname="${xml(r.area)}" file="${xml(file)}" time="${(r.ms / 1000).toFixed(3)}">`;
    const props = `      <properties><property name="location" value="${xml(r.location)}"/><property name="basis" value="${xml(r.basis)}"/><property name="gating" value="${r.gating}"/></properties>`;
    const body =
      r.status === 'fail' || r.status === 'error'
        ? `      <failure message="${xml(r.reason ?? r.status)}" type="${r.status}">${xml(r.evidence ?? '')}</failure>`
        : r.status === 'skipped' || r.status === 'not-run' || r.status === 'not-applicable'
          ? `      <skipped message="${xml(`${r.status === 'skipped' ? '' : `${r.status.replace('-', ' ')}: `}${r.reason ?? ''}`)}"/>`
          : '';
    return [head, props, ...(body ? [body] : []), '    </testcase>'].join('\n');
  };
  const suite = (area: string) => {
    const rs = rows.filter((r) => r.area === area);
    const n = (f: (r: Row) => boolean) => rs.filter(f).length;
    return [
      `  <testsuite name="${xml(area)}" tests="${rs.length}" failures="${n((r) => r.status === 'fail')}" errors="${n((r) => r.status === 'error')}" skipped="${n((r) => r.status === 'skipped' || r.status === 'not-run' || r.status === 'not-applicable')}" time="${(rs.reduce((t, r) => t + r.ms, 0) / 1000).toFixed(3)}">`,
      ...rs.map(testcase),
      '  </testsuite>',
    ].join('\n');
  };
  const n = (f: (r: Row) => boolean) => rows.filter(f).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${side === 'app' ? 'store-api-app-conformance' : 'store-api-conformance'}" tests="${rows.length}" failures="${n((r) => r.status === 'fail')}" errors="${n((r) => r.status === 'error')}" skipped="${n((r) => r.status === 'skipped' || r.status === 'not-run' || r.status === 'not-applicable')}">`,
    ...areas.map(suite),
    '</testsuites>',
    '',
  ].join('\n');
}

function summary(
  side: Side,
  target: string,
  rows: Row[],
  unknown: { id: string; reason: string }[],
  expectedError: string | undefined,
  passed: boolean,
  problems: string[],
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
  const byReason = (rs: Row[]) =>
    [...new Set(rs.map((r) => r.reason ?? ''))].map((reason) => {
      const ids = rs.filter((r) => (r.reason ?? '') === reason).map((r) => `\`${r.id}\``);
      return `- ${ids.length} requirement(s): ${reason}${ids.length <= 20 ? ` (${ids.join(', ')})` : ''}`;
    });
  const unjudged = rows.filter((r) => r.status === 'skipped' && r.gating);
  const gatingFailures = rows.filter((r) => broken(r) && r.gating);
  const relying = rows.filter((r) => r.effectiveBasis && r.reliesOn?.length);
  const differing = rows.filter((r) => broken(r) && !r.gating && !r.expectation);
  const { passed: nPassed, failed: nFailed } = lastLine(rows);
  const profileText =
    config.profile === 'source'
      ? 'profile **source**: only MUST requirements of basis source or standard gate; the others are reported as differing from the reference contract'
      : 'profile **contract**: every MUST requirement gates (conformance to the reference contract, decisions included)';
  const notJudged = unjudged.length
    ? ` ${unjudged.length} gating requirement(s) were skipped, so not judged: ${unjudged
        .slice(0, 5)
        .map((r) => `\`${r.id}\` (${r.reason ?? 'no reason'})`)
        .join(', ')}${unjudged.length > 5 ? `, and ${unjudged.length - 5} more (below)` : ''}.`
    : '';
  const inapplicable = rows.filter((r) => r.status === 'not-applicable');
  const incomplete = inapplicable.length
    ? ` **Incomplete:** ${inapplicable.length} requirement(s) not applicable, so not judged (in ${[...new Set(inapplicable.map((r) => r.area))].sort().join(', ')}; by the dialect key that would reach them, below).`
    : '';
  const verdictLine = passed
    ? `**Verdict: passed.** No requirement that gates under this profile failed.${notJudged}${incomplete}`
    : unproven
      ? `**Verdict: failed: nothing is proven** (${unproven}).`
      : `**Verdict: failed.** ${gatingFailures.length} gating requirement(s) failed${notRun.length ? `, ${notRun.length} did not run` : ''}${rows.some((r) => r.expectation === 'stale') ? ', stale expected failures' : ''}${unknown.length ? ', unknown ids in the expected failures' : ''}${expectedError ? ', unreadable expected failures' : ''}${problems.length ? ', the run does not match this suite' : ''}.${notJudged}`;
  return [
    side === 'app' ? '# App conformance summary' : '# Conformance summary',
    '',
    `${side === 'app' ? 'App' : 'Target'}: \`${target}\`; ${profileText}.`,
    '',
    ...strengthSection(readStrength(), side),
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
    CITED,
    '',
    ...head('level'),
    ...['MUST', 'SHOULD', 'MAY'].map((l) =>
      line(
        l,
        rows.filter((r) => r.level === l),
      ),
    ),
    '',
    verdictLine,
    '',
    `The last line counts ${nPassed} passed and ${nFailed} failed: failed are the gating failures and errors, stale expected failures and what did not run.`,
    '',
    ...(problems.length ? ['## The run does not match this suite', '', ...problems.map((p) => `- ${p}`), ''] : []),
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
    ...(notRun.length ? ['## Not run (nothing of them is proven; they gate)', '', ...byReason(notRun), ''] : []),
    ...(unjudged.length
      ? ['## Skipped, so not judged (gating requirements this run could not check)', '', ...byReason(unjudged), '']
      : []),
    ...(rows.some((r) => r.status === 'not-applicable')
      ? [
          '## Not applicable: not judged (a precondition of our own setup did not hold; never gating)',
          '',
          ...Object.entries(notApplicableByKey(rows)).map(
            ([key, ids]) =>
              `- \`${key}\`: ${ids.length} requirement(s): ${ids
                .slice(0, 12)
                .map((id) => `\`${id}\``)
                .join(', ')}${ids.length > 12 ? ', …' : ''}`,
          ),
          '',
          'Each is grouped by the dialect key that would state what it needed (README.md, "A dialect"); its reason in',
          'results.json says what came back. They were not judged: the verdict above is incomplete by them.',
          '',
        ]
      : []),
    ...(relying.length
      ? [
          '## Judged as decisions (their setup relied on a choice of ours the target never confirmed)',
          '',
          `${relying.length} requirement(s) of the source or a standard made data with a body of ours whose fields the target's answer did not all name, so what they check rests on that body (effective basis: decision; under the source profile they do not gate). A dialect body (\`bodies.<create operation>\`) states yours: ${[
            ...new Set(relying.flatMap((r) => r.reliesOn!.map((k) => `\`${k.split(' ')[0]}\``))),
          ].join(', ')}.`,
          '',
        ]
      : []),
    ...(gatingFailures.length
      ? [
          '## Failures and errors, by cause',
          '',
          'Each entry: how many requirements share the cause, their ids, and one exchange; every failure has its own evidence in results.json and the HTML report.',
          '',
          ...causesMarkdown(groupByCause(gatingFailures)),
          '',
        ]
      : []),
    ...(differing.length
      ? [
          '## Differs from the reference contract (not gating under this profile), by cause',
          '',
          ...causesMarkdown(groupByCause(differing)),
          '',
        ]
      : []),
    '',
  ].join('\n');
}
