// `npm run conformance:mutants [-- --quick | --only a,b] [--jobs 2] [--baseline results.json]`: the suite's strength.
// Runs the conformance suite once per known-bad variant of the reference server (FAULTS=<name>, see
// reference-server/faults/README.md) and reports which requirement caught each fault. A fault is caught when at
// least one requirement FAILS (the target does not conform); an `error` (the suite broke) or a crashed run is not a
// catch. Requirements that do not pass without any fault (the baseline run) are left out of every fault run, so a
// fault is never "caught" by a requirement that was failing anyway.
// Writes reports/mutants/summary.md and summary.json (--quick: reports/mutants/quick/, --only: reports/mutants/only/);
// the last line is `Kill rate: N/M (P%)`; exits 1 when a fault is missed. `--baseline` takes the results.json of a
// run without faults instead of making one (npm test passes the conformance step's).
import { join } from 'node:path';
import { faults, quickFaults } from '../reference-server/faults/index.ts';
import { baselineOf, pool, selection, suite as runSuite, writeSummary, type Run } from './suite-run.ts';

const { values, outDir, runsDir, selected } = selection('mutants', faults, quickFaults);

/** One suite run against a fresh reference server (global setup starts it, passing FAULTS through). */
const suite = (name: string, faultNames: string, extra: string[]): Promise<Run> =>
  runSuite(join(runsDir, name), { FAULTS: faultNames }, extra);

const started = Date.now();

// 1. Baseline: the suite against the reference server without faults.
const { baseline, broken, exclude } = await baselineOf(values.baseline, runsDir, { FAULTS: '' }, 'fault');

// 2. One run per fault, `jobs` at a time; a caught fault stops after three failures.
interface Outcome {
  name: string;
  area: string;
  source: string[];
  description: string;
  result: 'caught' | 'missed' | 'crashed';
  caughtBy: string[];
  errors: string[];
  seconds: number;
}
const outcomes: Outcome[] = [];
await pool(selected, Number(values.jobs), async (f) => {
  const run = await suite(f.name, f.name, ['--max-failures=3', ...exclude]);
  const reqs = run.requirements ?? [];
  const caughtBy = reqs.filter((r) => r.status === 'fail').map((r) => r.id);
  // Tests cut short by --max-failures report `interrupted`: not a suite error.
  const errors = reqs.filter((r) => r.status === 'error' && r.reason !== 'interrupted').map((r) => r.id);
  const result = caughtBy.length ? 'caught' : run.requirements ? 'missed' : 'crashed';
  outcomes.push({
    name: f.name,
    area: f.area,
    source: f.source,
    description: f.description,
    result,
    caughtBy,
    errors,
    seconds: run.seconds,
  });
  console.log(
    `${result === 'caught' ? 'caught ' : result.toUpperCase()} ${f.name} (${run.seconds.toFixed(0)} s)${caughtBy.length ? ` by ${caughtBy.slice(0, 3).join(', ')}` : ''}${errors.length ? `; errors: ${errors.slice(0, 3).join(', ')}` : ''}`,
  );
});
const order = (name: string) => selected.findIndex((f) => f.name === name);
outcomes.sort((a, b) => order(a.name) - order(b.name));

// 3. Reports.
const caught = outcomes.filter((o) => o.result === 'caught').length;
const pct = outcomes.length ? ((100 * caught) / outcomes.length).toFixed(1) : '0.0';
const wall = ((Date.now() - started) / 1000).toFixed(0);
const killLine = `Kill rate: ${caught}/${outcomes.length} (${pct}%)`;
const cell = (s: string) => s.replace(/\|/g, '\\|');
const md = [
  '# Mutant report: known-bad reference servers against the conformance suite',
  '',
  `Generated ${new Date().toISOString()}; ${outcomes.length} fault(s)${values.quick ? ' (quick subset)' : ''}; wall time ${wall} s.`,
  `Baseline (no fault): ${baseline.length - broken.length}/${baseline.length} requirements pass.`,
  ...(broken.length
    ? [
        '',
        'Left out of every fault run because they do not pass without a fault:',
        ...broken.map((r) => `- \`${r.id}\` (${r.status}): ${cell(r.reason ?? '').slice(0, 200)}`),
      ]
    : []),
  '',
  '| fault | area | source | result | caught by (requirement ids) |',
  '|---|---|---|---|---|',
  ...outcomes.map(
    (o) =>
      `| \`${o.name}\` | ${o.area} | ${o.source.join(', ')} | ${o.result === 'caught' ? 'caught' : `**${o.result}**`} | ${o.caughtBy.map((id) => `\`${id}\``).join(', ')}${o.errors.length ? ` (suite errors: ${o.errors.map((id) => `\`${id}\``).join(', ')})` : ''} |`,
  ),
  '',
  ...(outcomes.some((o) => o.result !== 'caught')
    ? [
        '## Not caught',
        '',
        ...outcomes
          .filter((o) => o.result !== 'caught')
          .map((o) => `- \`${o.name}\` (${o.result}): ${o.description} See reports/mutants/runs/${o.name}/.`),
        '',
      ]
    : []),
  killLine,
  '',
].join('\n');
writeSummary(
  outDir,
  md,
  { wall, quick: values.quick, baseline, broken, lastLine: killLine },
  { faults: outcomes, caught, total: outcomes.length, killRate: Number(pct) },
);
process.exit(caught === outcomes.length ? 0 : 1);
