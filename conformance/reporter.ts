// Per-requirement reports: results.json (id, level, area, source, kind, status, reason) and summary.md
// (a matrix per area, normative vs decision, one line of reason per failure). A failure (the target does not
// conform: an assertion or a contract mismatch) is told apart from an error (the suite itself broke).
import { mkdirSync, writeFileSync } from 'node:fs';
import type { FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { config } from './lib/config.ts';
import { kindOf } from './lib/requirement.ts';

type Status = 'pass' | 'fail' | 'error' | 'skipped';
interface Row { id: string; level: string; area: string; source: string[]; kind: string; title: string; status: Status; reason?: string; operation: string }

function outcome(result: TestResult): { status: Status; reason?: string } {
  if (result.status === 'passed') return { status: 'pass' };
  if (result.status === 'skipped') return { status: 'skipped', reason: result.annotations.find((a) => a.type === 'skip')?.description };
  const message = (result.error?.message ?? result.status).replace(/\x1b\[[0-9;]*m/g, '');
  const reason = message.split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 3).join(' ').slice(0, 300);
  // Assertions (expect) and contract mismatches are the target's failures; anything else broke the suite.
  const isFailure = /expect\(|\[nonconformance\]|toBe|toEqual|toContain|toMatch|toHave/.test(message);
  return { status: isFailure ? 'fail' : 'error', reason: result.status === 'timedOut' ? `timed out: ${reason}` : reason };
}

const requirementOf = (test: TestCase) => test.annotations.find((x) => x.type === 'requirement');

export default class RequirementReporter implements Reporter {
  private rows = new Map<string, Row>();
  private duplicates: string[] = [];

  /** Requirement ids are stable keys of results.json: two tests with one id would hide one of them. */
  onBegin(_config: unknown, suite: Suite): void {
    const seen = new Set<string>();
    for (const test of suite.allTests()) {
      const a = requirementOf(test);
      if (!a?.description) continue;
      const { id } = JSON.parse(a.description) as { id: string };
      if (seen.has(id)) this.duplicates.push(id);
      seen.add(id);
    }
    if (this.duplicates.length) console.error(`Duplicate requirement ids: ${this.duplicates.join(', ')}`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const a = requirementOf(test);
    if (!a?.description) return;
    const meta = JSON.parse(a.description) as { id: string; level: string; area: string; source: string[] };
    this.rows.set(meta.id, {
      ...meta, kind: kindOf(meta.source), title: test.title.replace(/^\S+ \S+ /, ''),
      operation: test.parent.title, ...outcome(result),
    });
  }

  async onEnd(_result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    const rows = [...this.rows.values()].sort((a, b) => a.id.localeCompare(b.id));
    mkdirSync(config.reportDir, { recursive: true });
    writeFileSync(`${config.reportDir}/results.json`, JSON.stringify({ target: config.targetUrl, generated: new Date().toISOString(), requirements: rows }, null, 2));
    const count = (rs: Row[], s: Status) => rs.filter((r) => r.status === s).length;
    const areas = [...new Set(rows.map((r) => r.area))].sort();
    const line = (label: string, rs: Row[]) => `| ${label} | ${rs.length} | ${count(rs, 'pass')} | ${count(rs, 'fail')} | ${count(rs, 'error')} | ${count(rs, 'skipped')} |`;
    const md = [
      '# Conformance summary', '',
      `Target: \`${config.targetUrl}\``, '',
      '| area | requirements | pass | fail | error | skipped |', '|---|---|---|---|---|---|',
      ...areas.map((area) => line(area, rows.filter((r) => r.area === area))),
      line('**all**', rows), '',
      '| kind | requirements | pass | fail | error | skipped |', '|---|---|---|---|---|---|',
      line('normative (source §)', rows.filter((r) => r.kind === 'normative')),
      line('decision (D-nn)', rows.filter((r) => r.kind === 'decision')),
      line('MUST', rows.filter((r) => r.level === 'MUST')), '',
      ...(rows.some((r) => r.status === 'fail' || r.status === 'error')
        ? ['## Failures and errors', '', ...rows.filter((r) => r.status === 'fail' || r.status === 'error')
          .map((r) => `- **${r.status}** \`${r.id}\` ${r.level} ${r.title} (${r.source.join(', ')}): ${r.reason ?? ''}`)]
        : ['Every requirement passed.']),
      '',
    ].join('\n');
    writeFileSync(`${config.reportDir}/summary.md`, md);
    return this.duplicates.length ? { status: 'failed' } : undefined;
  }
}
