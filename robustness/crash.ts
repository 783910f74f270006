// `npm run crash-test [-- --kills 20 --seed N --writers 8 --report reports/crash]`: crash safety of the reference
// server on a file database (robustness/README.md). Exits non-zero when an acknowledged write or an
// event is lost, a write is half-written, or any other check fails.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../scripts/run.ts';
import { writeCrashReport } from './crash-report.ts';
import { runCrash } from './crash-run.ts';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    seed: { type: 'string' },
    writers: { type: 'string', default: '8' },
    report: { type: 'string', default: join(root, 'reports', 'crash') },
  },
});
const whole = (name: string, value: string, min: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} takes a whole number from ${min}; got ${value}`);
    process.exit(2);
  }
  return n;
};
const kills = whole('kills', values.kills, 1);
const seed = whole('seed', values.seed ?? String(Math.floor(Math.random() * 1_000_000)), 0);
const writers = whole('writers', values.writers, 1);
const command = `npm run crash-test -- --kills ${kills} --seed ${seed} --writers ${writers}`;
console.log(`crash test: ${kills} kills, seed ${seed} (repeat the writers' choices and kill moments: ${command})`);

const summary = await runCrash({ kills, seed, writers, log: (line) => console.log(line) });
writeCrashReport(values.report, summary, command);
console.log(
  `${summary.kills} kills, ${summary.writes.acknowledged} writes acknowledged, ${summary.writes.lost} lost; ` +
    `${summary.unanswered['in-flight'].total} in flight at kills (${summary.unanswered['in-flight'].applied} applied, ` +
    `${summary.unanswered['in-flight']['not applied']} not applied, ${summary.unanswered['in-flight']['half-written']} half-written); ` +
    `events ${summary.events.expected} expected, ${summary.events.delivered} delivered, ${summary.events.lost} lost, ` +
    `${summary.events.duplicates} duplicate deliveries; ${summary.problems.length} problems; ${summary.wallSeconds} s`,
);
console.log(`report: ${join(values.report, 'summary.md')}`);
process.exit(summary.ok ? 0 : 1);
