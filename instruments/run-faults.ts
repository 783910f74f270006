// `npm run conformance:faults [-- --quick | --only a,b] [--jobs 3] [--baseline results.json] [--profile source]`:
// the suite's strength; `-- --side app` the App suite's, against the App faults (app-runs.ts). With `--profile
// source`, a fault is caught only by a MUST of the source or a standard (what gates under CONFORMANCE_PROFILE=source),
// and the report goes to reports/faults/source/.
// Runs the conformance suite against the reference server with each fault, a known-bad server (FAULTS=<name>, see
// faults/README.md), and reports which requirement caught each fault. A fault is caught when at
// least one requirement FAILS (the target does not conform); an `error` (the suite broke) or a crashed run is not a
// catch. Requirements that do not pass without any fault (the baseline run) are left out of every fault run, so a
// fault is never "caught" by a requirement that was failing anyway.
// Area first: a fault first meets only the requirements of the areas it declares (Fault.areas,
// else its own area); only a fault that survives them meets the rest of the suite, so every fault that survives is
// still run against every requirement, and the kill rate means what a whole-suite run per fault meant.
// Writes reports/faults/summary.md and summary.json (--quick: reports/faults/quick/, --only: reports/faults/only/);
// the last line is `Kill rate: N/M (P%)`, over every fault, and the line before it `Source-breaking faults caught:
// N/M (P%)`, over the faults that break the source or a standard (Fault.breaks). Under --profile source that share is
// the headline ("caught under source"), each source-breaking fault that survives is listed as a gap, and the run
// exits 1 when one survives (a fault that breaks only a decision need not be caught there); under the contract
// profile it exits 1 when any fault is missed. A full run (neither --quick nor --only) records its figure in
// conformance/strength.json (`contract` or `source`), which the suite's report carries. `--baseline` takes the
// results.json of a run without faults instead of making one (npm test passes the conformance step's).
import { join } from 'node:path';
import { faults, quickFaults } from './faults/index.ts';
import type { NamedFault } from './faults/types.ts';
import { figure, type Figure } from '../conformance/lib/strength.ts';
import { cell } from '../shared/markdown.ts';
import { runAppFaults } from './app-runs.ts';
import {
  appSide,
  baselineOf,
  narrowing,
  pool,
  selection,
  suite as runSuite,
  writeStrength,
  writeSummary,
  type Run,
} from './suite-run.ts';

// `--side app`: the App suite against the known-bad Apps instead (app-runs.ts).
if (appSide()) process.exit(await runAppFaults());

// Three faults at a time, one Playwright worker each: on two cores, 16 faults took 49-50 s against 58 s at two
// runs of two workers (a caught fault's run is short, and each worker it starts costs a Playwright start).
const { values, full, command, jobs, outDir, runsDir, selected } = selection('faults', faults, quickFaults, 3);
const underSource = values.profile === 'source';

const started = Date.now();

// 1. Baseline: the suite against the reference server without faults.
// The reference server delivers at once: a delivery a fault withholds is awaited for the wait the requirement states
// only, not on to CONFORMANCE_LATE_MS (which is for targets whose queue lags, the source stating no delivery time).
const profile = { CONFORMANCE_PROFILE: values.profile!, CONFORMANCE_LATE_MS: '0' };
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
  breaks: NamedFault['breaks'];
  standard?: string;
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
    breaks: f.breaks,
    ...(f.standard ? { standard: f.standard } : {}),
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
/** The faults of `list` caught, as a figure of conformance/strength.json. */
const caughtOf = (list: Outcome[]) => figure(list.filter((o) => o.result === 'caught').length, list.length, command);
const share = (f: Figure) => `${f.count}/${f.total} (${f.percent.toFixed(1)}%)`;
const all = caughtOf(outcomes);
// The faults whose behaviour contradicts the source or a standard: those a suite judged by the source alone must catch.
const sourceBreaking = outcomes.filter((o) => o.breaks !== 'decision');
const bySource = caughtOf(sourceBreaking);
const gaps = underSource ? sourceBreaking.filter((o) => o.result !== 'caught') : [];
const notCaught = outcomes.filter((o) => o.result !== 'caught' && !gaps.includes(o));
const wall = ((Date.now() - started) / 1000).toFixed(0);
const killLine = `Kill rate: ${share(all)}`;
const sourceLine = `Source-breaking faults caught${underSource ? ' under source' : ''}: ${share(bySource)}`;
/** What a fault breaks, as a cell: `source`, or the standard it names. */
const breaksCell = (o: Outcome) => (o.breaks === 'standard' ? `standard (${o.standard})` : o.breaks);
/** The §s a fault cites, and the standard it breaks. */
const citing = (o: Outcome) =>
  [...o.source.filter((s) => s.startsWith('§')), ...(o.standard ? [o.standard] : [])].join(', ');
const md = [
  '# Fault report: known-bad reference servers against the conformance suite',
  '',
  `Generated ${new Date().toISOString()}; ${outcomes.length} fault(s)${values.quick ? ' (quick subset)' : ''}; profile ${values.profile}; wall time ${wall} s.`,
  `Baseline (no fault): ${baseline.length - broken.length}/${baseline.length} requirements pass.`,
  ...(underSource
    ? [
        '',
        `**Caught under source: ${share(bySource)}** of the faults that break the source or a standard; a fault counts as caught only by a MUST requirement of basis source or standard. Over every fault, decisions included: ${share(all)}.`,
      ]
    : []),
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
  '| fault | areas run first | source | breaks | result | caught by (requirement ids) | wall time |',
  '|---|---|---|---|---|---|---|',
  ...outcomes.map(
    (o) =>
      `| \`${o.name}\` | ${o.areas.join(', ')} | ${o.source.join(', ')} | ${breaksCell(o)} | ${o.result === 'caught' ? (o.caughtIn === 'rest' ? '**caught outside its areas**' : 'caught') : `**${o.result}**`} | ${o.caughtBy.map((id) => `\`${id}\``).join(', ')}${o.errors.length ? ` (suite errors: ${o.errors.map((id) => `\`${id}\``).join(', ')})` : ''} | ${o.seconds.toFixed(0)} s |`,
  ),
  '',
  ...(notCaught.length
    ? [
        underSource
          ? '## Not caught: faults that break only a decision (the source profile need not catch them)'
          : '## Not caught',
        '',
        ...notCaught.map((o) => `- \`${o.name}\` (${o.result}): ${o.description} See reports/faults/runs/${o.name}/.`),
        '',
      ]
    : []),
  ...(gaps.length
    ? [
        '## Gaps: source-breaking faults the source profile misses',
        '',
        'Each breaks what the source or a standard says, and no MUST requirement of basis source or standard catches it.',
        '',
        ...gaps.map((o) => `- \`${o.name}\` (${citing(o)}): ${o.description}`),
        '',
      ]
    : []),
  sourceLine,
  killLine,
  '',
].join('\n');
writeSummary(
  outDir,
  md,
  { wall, quick: values.quick, baseline, broken, closing: [sourceLine, killLine] },
  {
    profile: values.profile,
    faults: outcomes,
    caught: all.count,
    total: all.total,
    killRate: all.percent,
    sourceBreaking: { caught: bySource.count, total: bySource.total, rate: bySource.percent },
    ...(underSource ? { gaps: gaps.map((o) => ({ name: o.name, cites: citing(o), description: o.description })) } : {}),
  },
);
if (full) writeStrength(underSource ? 'source' : 'contract', underSource ? bySource : all);
// Under the source profile only a source-breaking fault must be caught; under the contract profile, every fault.
process.exit((underSource ? gaps.length === 0 : all.count === all.total) ? 0 : 1);
