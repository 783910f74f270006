// `npm run conformance:mutants [-- --quick | --only a,b] [--jobs 3] [--baseline results.json] [--profile source]`:
// the suite's strength. With `--profile source`, a fault is caught only by a MUST of the source or a standard (what
// gates under CONFORMANCE_PROFILE=source), and the report goes to reports/mutants/source/.
// Runs the conformance suite against each known-bad variant of the reference server (FAULTS=<name>, see
// faults/README.md) and reports which requirement caught each fault. A fault is caught when at
// least one requirement FAILS (the target does not conform); an `error` (the suite broke) or a crashed run is not a
// catch. Requirements that do not pass without any fault (the baseline run) are left out of every fault run, so a
// fault is never "caught" by a requirement that was failing anyway.
// Area first: a fault first meets only the requirements of the areas it declares (Fault.areas,
// else its own area); only a fault that survives them meets the rest of the suite, so every fault that survives is
// still run against every requirement, and the kill rate means what a whole-suite run per fault meant.
// Writes reports/mutants/summary.md and summary.json (--quick: reports/mutants/quick/, --only: reports/mutants/only/);
// the last line is `Kill rate: N/M (P%)`; exits 1 when a fault is missed. `--baseline` takes the results.json of a
// run without faults instead of making one (npm test passes the conformance step's).
import { join } from 'node:path';
import { faults, quickFaults } from './faults/index.ts';
import type { NamedFault } from './faults/types.ts';
import { baselineOf, narrowing, pool, selection, suite as runSuite, writeSummary, type Run } from './suite-run.ts';

// Three faults at a time, one Playwright worker each: on two cores, 16 faults took 49-50 s against 58 s at two
// runs of two workers (a caught fault's run is short, and each worker it starts costs a Playwright start).
const { values, jobs, outDir, runsDir, selected } = selection('mutants', faults, quickFaults, 3);

const started = Date.now();

// 1. Baseline: the suite against the reference server without faults.
const profile = { CONFORMANCE_PROFILE: values.profile! };
const { baseline, broken } = await baselineOf(values.baseline, runsDir, { FAULTS: '', ...profile }, 'fault');
// Under the source profile, what does not gate there is left out too: a fault must be caught by the source.
const judgedBySource = (r: (typeof baseline)[number]) =>
  r.level === 'MUST' && (r.basis === 'source' || r.basis === 'standard');
const brokenIds = [
  ...broken.map((r) => r.id),
  ...(values.profile === 'source'
    ? baseline.filter((r) => r.status === 'pass' && !judgedBySource(r)).map((r) => r.id)
    : []),
];

/** The areas a fault meets first; an area no requirement of the baseline has would select nothing, and stops the run. */
const areasOf = (f: NamedFault): string[] => f.areas ?? [f.area];
const knownAreas = new Set(baseline.map((r) => r.area));
const unknownAreas = selected.flatMap((f) =>
  areasOf(f)
    .filter((a) => !knownAreas.has(a))
    .map((a) => `${f.name}: ${a}`),
);
if (unknownAreas.length) {
  console.error(`Areas with no requirement: ${unknownAreas.join(', ')}. Known: ${[...knownAreas].join(', ')}`);
  process.exit(2);
}

/**
 * One run against a fresh reference server with the fault (global setup starts it, passing FAULTS through), in its own
 * report directory; a caught fault stops after its first failing test (an area, or a slice of one: conformance/suite.spec.ts).
 */
const suite = (dir: string, fault: NamedFault, narrow: Record<string, string>): Promise<Run> =>
  runSuite(join(runsDir, dir), { FAULTS: fault.name, ...profile, ...narrow }, ['--max-failures=1'], 1);

// 2. Each fault, `jobs` at a time: its areas first, then, if it survived them, every other requirement.
interface Outcome {
  name: string;
  area: string;
  areas: string[];
  source: string[];
  description: string;
  result: 'caught' | 'missed' | 'crashed';
  /** Which run caught it: its own areas, or the rest of the suite (a hint that `areas` should name more). */
  caughtIn?: 'areas' | 'rest';
  caughtBy: string[];
  errors: string[];
  seconds: number;
}
const outcomes: Outcome[] = [];
await pool(selected, jobs, async (f) => {
  const areas = areasOf(f);
  const runs = [await suite(f.name, f, narrowing(brokenIds, { only: areas }))];
  const failsIn = (run: Run) => (run.requirements ?? []).some((r) => r.status === 'fail');
  if (!failsIn(runs[0]!) && runs[0]!.requirements)
    runs.push(await suite(join(f.name, 'rest'), f, narrowing(brokenIds, { not: areas })));
  const reqs = runs.flatMap((run) => run.requirements ?? []);
  const caughtBy = reqs.filter((r) => r.status === 'fail').map((r) => r.id);
  // What --max-failures left unrun is `not-run`, never an error of the suite.
  const errors = reqs.filter((r) => r.status === 'error').map((r) => r.id);
  const crashed = runs.some((run) => !run.requirements);
  const result = caughtBy.length ? 'caught' : crashed ? 'crashed' : 'missed';
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  outcomes.push({
    name: f.name,
    area: f.area,
    areas,
    source: f.source,
    description: f.description,
    result,
    ...(caughtBy.length ? { caughtIn: failsIn(runs[0]!) ? 'areas' : 'rest' } : {}),
    caughtBy,
    errors,
    seconds,
  });
  const where = runs.length > 1 ? ` outside its areas (${areas.join(', ')})` : '';
  console.log(
    `${result === 'caught' ? 'caught ' : result.toUpperCase()} ${f.name} (${seconds.toFixed(0)} s)${caughtBy.length ? `${where} by ${caughtBy.slice(0, 3).join(', ')}` : ''}${errors.length ? `; errors: ${errors.slice(0, 3).join(', ')}` : ''}`,
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
  'Each fault meets the requirements of its areas first, and the rest of the suite only if it survives them.',
  '',
  '| fault | areas run first | source | result | caught by (requirement ids) | wall time |',
  '|---|---|---|---|---|---|',
  ...outcomes.map(
    (o) =>
      `| \`${o.name}\` | ${o.areas.join(', ')} | ${o.source.join(', ')} | ${o.result === 'caught' ? (o.caughtIn === 'rest' ? '**caught outside its areas**' : 'caught') : `**${o.result}**`} | ${o.caughtBy.map((id) => `\`${id}\``).join(', ')}${o.errors.length ? ` (suite errors: ${o.errors.map((id) => `\`${id}\``).join(', ')})` : ''} | ${o.seconds.toFixed(0)} s |`,
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
