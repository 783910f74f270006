// The crash test's report: summary.json (every figure, every problem) and summary.md (the figures the issue asks
// for: kills, writes acknowledged and lost, writes in flight and how each ended, events expected, delivered, lost and
// duplicated, wall time).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CrashSummary } from './crash-run.ts';

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const table = (head: string[], rows: (string | number)[][]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

export function crashMarkdown(s: CrashSummary, command: string): string {
  const unanswered = (['in-flight', 'not-sent'] as const).map((k) => [
    k === 'in-flight' ? 'in flight at the kill' : 'not sent (connection refused)',
    s.unanswered[k].total,
    s.unanswered[k].applied,
    s.unanswered[k]['not applied'],
    s.unanswered[k]['half-written'],
  ]);
  const lines = [
    '# Crash test',
    '',
    `\`${command}\`: ${s.ok ? 'passed' : '**FAILED**'}; seed ${s.seed}, ${s.writers} concurrent writers, ${s.wallSeconds} s.`,
    '',
    'The reference server on a file database, with a webhook subscribed to every event, under concurrent writes ' +
      '(products, inventory entries, contacts: creates, updates, deletes), killed with SIGKILL at a random moment ' +
      'and restarted on the same file and port, each time; after each restart every write without an answer is ' +
      'resolved by reading, and every page of every list is checked against the writes that happened.',
    '',
    table(
      ['figure', 'value'],
      [
        ['kills (SIGKILL, then restart)', s.kills],
        ['writes sent', s.writes.sent],
        ['writes acknowledged (2xx before the kill)', s.writes.acknowledged],
        ['**acknowledged writes lost** (must be 0)', `**${s.writes.lost}**`],
        ['writes refused (answered, not 2xx)', s.writes.refused],
        ['writes in flight at a kill', s.unanswered['in-flight'].total],
        ['events expected (writes that happened)', s.events.expected],
        ['events delivered at least once', s.events.delivered],
        ['**events lost** (must be 0)', `**${s.events.lost}**`],
        ['deliveries received', s.events.deliveries],
        ['duplicate deliveries (same eventId, D-23 at-least-once)', s.events.duplicates],
        ['events delivered more than once', s.events.duplicatedEvents],
        ["duplicates repeating an earlier copy's attempt number (D-16; must be 0)", s.events.repeatedAttempts],
        ['events of writes that did not happen', s.events.stray],
        ['deliveries with a bad signature, envelope or id (D-16, D-17)', s.events.invalid],
        ['deliveries cut off by a kill (not counted)', s.tornDeliveries],
        ['internal errors logged by the server', s.serverErrors],
        ['wall time', `${s.wallSeconds} s`],
      ],
    ),
    '',
    '## Writes without an answer, and how each ended',
    '',
    table(['write', 'total', 'applied (whole)', 'not applied', 'half-written (must be 0)'], unanswered),
    '',
    table(
      ['kind', 'applied', 'not applied', 'half-written'],
      Object.entries(s.unansweredByKind).map(([k, v]) => [k, v.applied, v['not applied'], v['half-written']]),
    ),
    '',
    '## Writes by kind',
    '',
    table(
      ['resource and kind', 'sent', 'acknowledged'],
      Object.entries(s.writes.byKind).map(([k, v]) => [k, v.sent, v.acknowledged]),
    ),
    '',
    '## Each kill',
    '',
    table(
      ['kill', 'after (ms)', 'writes sent', 'acknowledged', 'in flight', 'restart (ms)', 'check (ms)'],
      s.lives.map((l) => [l.life, l.killAfterMs, l.sent, l.acknowledged, l.inFlight, l.restartMs, l.checkMs]),
    ),
    '',
    '## Problems',
    '',
    s.problems.length === 0
      ? 'None.'
      : [
          table(
            ['kind', 'count'],
            Object.entries(s.problemCounts).map(([k, n]) => [k, n]),
          ),
          '',
          ...s.problems
            .slice(0, 50)
            .map((p) => `- after kill ${p.life}, ${p.kind}: ${p.message.replace(/\|/g, '\\|')}`),
          s.problems.length > 50 ? `- … ${s.problems.length - 50} more in summary.json` : '',
        ].join('\n'),
    '',
  ];
  return lines.join('\n');
}

export function writeCrashReport(dir: string, s: CrashSummary, command: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify(s, null, 2)}\n`);
  writeFileSync(join(dir, 'summary.md'), crashMarkdown(s, command));
}
