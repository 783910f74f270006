// `npm run conformance:variants [-- --quick | --only a,b] [--jobs 2] [--baseline results.json]`: the suite's fairness;
// `-- --side app` the App suite's, against the benign Apps (app-runs.ts).
// Runs the conformance suite against each benign variant of the reference server (VARIANTS=<name>, see
// variants/README.md: faithful to the source, deciding differently where it is silent), once, under the source
// profile, and judges the run under both profiles with the rule the reporter gates by (conformance/lib/verdict.ts).
// Only the source profile makes a requirement not applicable (its setup needed a choice of ours the target does not
// share); under the contract profile that choice is the contract's, so such a requirement fails there, at the basis of
// the decision it needed.
// - source profile: the variant is benign when no requirement of basis `source` or `standard` fails or errs (the
//   gate that `CONFORMANCE_PROFILE=source npm run conformance` would apply passes);
// - contract profile: every requirement it fails (not applicable ones included) must rest on a `decision` or the
//   `platform`; the failures are listed with counts by basis.
// A variant failing a source or standard requirement is a finding: the requirement claims more than the source says,
// or the variant is not benign. Requirements that do not pass without any variant (the baseline run) are left out.
// Writes reports/variants/summary.md and summary.json (--quick: reports/variants/quick/, --only: reports/variants/only/);
// the last line is `Benign: N/M`; exits 1 when a variant is not benign under either profile. A full run (neither
// --quick nor --only) records the figure in conformance/strength.json (`benign`), which the suite's report carries.
import { join } from 'node:path';
import { quickVariants, variants } from './variants/index.ts';
import { figure } from '../conformance/lib/strength.ts';
import { runAppVariants } from './app-runs.ts';
import {
  appSide,
  baselineOf,
  benignUnder,
  pool,
  selection,
  suite,
  writeStrength,
  writeSummary,
  type Profile,
  type Requirement,
  type Run,
} from './suite-run.ts';
import { root } from '../scripts/run.ts';
import { cell } from '../shared/markdown.ts';

// `--side app`: the App suite against the benign Apps instead (app-runs.ts).
if (appSide()) process.exit(await runAppVariants());

const { values, full, command, jobs, outDir, runsDir, selected } = selection('variants', variants, quickVariants, 2);

const started = Date.now();

// 1. Baseline: the suite against the reference server without variants (statuses do not depend on the profile).
const {
  baseline,
  broken: brokenBase,
  exclude,
} = await baselineOf(
  values.baseline,
  runsDir,
  { FAULTS: '', VARIANTS: '', CONFORMANCE_PROFILE: 'contract' },
  'variant',
);

// 2. Two runs per variant (source and contract profile), `jobs` runs at a time.
interface ProfileRun {
  profile: Profile;
  verdict: 'benign' | 'not benign' | 'crashed';
  playwrightExit: number;
  gatePassed?: boolean;
  failing: { id: string; basis: string; status: string; reason?: string }[];
  byBasis: Record<string, number>;
  /** Not applicable (a choice its dialect does not state), and judged as decisions (a choice it never confirmed). */
  notApplicable: number;
  asDecisions: number;
  /** The callbacks area's requirements judged (passed or failed), and those not judged, with why (§4.5 reach). */
  callbacks: { judged: number; unjudged: { id: string; status: string; reason?: string }[] };
  seconds: number;
}
interface Outcome {
  name: string;
  decides: string[];
  description: string;
  benign: boolean;
  source?: ProfileRun;
  contract?: ProfileRun;
  seconds: number;
}
const runs = new Map<string, ProfileRun>();

/** The callbacks area of a run: how many were judged, and which were not (skipped, not applicable, not run). */
function callbacksOf(rows: Requirement[]): ProfileRun['callbacks'] {
  const area = rows.filter((r) => r.area === 'callbacks');
  const judged = (r: Requirement) => ['pass', 'fail', 'error'].includes(r.status);
  return {
    judged: area.filter(judged).length,
    unjudged: area
      .filter((r) => !judged(r))
      .map((r) => ({ id: r.id, status: r.status, ...(r.reason ? { reason: r.reason } : {}) })),
  };
}
const baselineCallbacks = callbacksOf(baseline).judged;

function judge(profile: Profile, run: Run): ProfileRun {
  const { failing, byBasis, gatePassed, ok } = benignUnder(profile, run.requirements ?? []);
  return {
    profile,
    verdict: run.requirements ? (ok ? 'benign' : 'not benign') : 'crashed',
    playwrightExit: run.code,
    gatePassed,
    failing,
    byBasis,
    notApplicable: (run.requirements ?? []).filter((r) => r.status === 'not-applicable').length,
    asDecisions: (run.requirements ?? []).filter((r) => r.effectiveBasis && r.effectiveBasis !== r.basis).length,
    callbacks: callbacksOf(run.requirements ?? []),
    seconds: run.seconds,
  };
}

await pool(selected, jobs, async (v) => {
  const run = await suite(
    join(runsDir, v.name),
    {
      FAULTS: '',
      VARIANTS: v.name,
      CONFORMANCE_PROFILE: 'source',
      // A variant whose choices need stating runs with its dialect file (variants/README.md).
      ...(v.dialect ? { CONFORMANCE_DIALECT: join(root, 'instruments/variants', v.dialect) } : {}),
      ...exclude,
    },
    [],
  );
  for (const profile of ['source', 'contract'] as Profile[]) {
    const r = judge(profile, run);
    runs.set(`${v.name}.${profile}`, r);
    const counts = Object.entries(r.byBasis)
      .map(([b, n]) => `${b} ${n}`)
      .join(', ');
    const sourceFailures = r.failing.filter(
      (f) => f.basis === 'source' || f.basis === 'standard' || f.basis === 'unknown',
    );
    console.log(
      `${r.verdict === 'benign' ? 'benign    ' : r.verdict.toUpperCase()} ${v.name} [${profile}] (${r.seconds.toFixed(0)} s)${counts && profile === 'contract' ? `; failing: ${counts}` : ''}${
        profile === 'source' && (r.notApplicable || r.asDecisions)
          ? `; not applicable ${r.notApplicable}, judged as decisions ${r.asDecisions}`
          : ''
      }${profile === 'source' ? `; callbacks judged ${r.callbacks.judged}/${baselineCallbacks}` : ''}${
        sourceFailures.length
          ? `; source/standard: ${sourceFailures
              .slice(0, 5)
              .map((f) => f.id)
              .join(', ')}`
          : ''
      }`,
    );
  }
});
const outcomes: Outcome[] = selected.map((v) => {
  const source = runs.get(`${v.name}.source`);
  const contract = runs.get(`${v.name}.contract`);
  return {
    name: v.name,
    decides: v.decides,
    description: v.description,
    benign: source?.verdict === 'benign' && contract?.verdict === 'benign',
    source,
    contract,
    seconds: contract?.seconds ?? 0,
  };
});

// 3. Reports.
const benign = outcomes.filter((o) => o.benign).length;
const wall = ((Date.now() - started) / 1000).toFixed(0);
const benignLine = `Benign: ${benign}/${outcomes.length}`;
const verdictCell = (r?: ProfileRun) => (!r ? '**not run**' : r.verdict === 'benign' ? 'benign' : `**${r.verdict}**`);
const countsCell = (r?: ProfileRun) =>
  r && r.failing.length
    ? Object.entries(r.byBasis)
        .map(([b, n]) => `${b} ${n}`)
        .join(', ')
    : '—';
const sourceCell = (r?: ProfileRun) => {
  const bad = r?.failing.filter((f) => !['decision', 'platform'].includes(f.basis)) ?? [];
  return bad.length ? bad.map((f) => `\`${f.id}\``).join(', ') : '—';
};
const md = [
  '# Variant report: benign reference servers against the conformance suite',
  '',
  `Generated ${new Date().toISOString()}; ${outcomes.length} variant(s)${values.quick ? ' (quick subset)' : ''}, each run once and judged under the source and the contract profile; wall time ${wall} s.`,
  `Baseline (no variant): ${baseline.length - brokenBase.length}/${baseline.length} requirements pass.`,
  'A variant is benign when, under `CONFORMANCE_PROFILE=source`, no `source` or `standard` requirement fails and the gate passes, and,',
  'under `contract`, every requirement it fails rests on a `decision` or the `platform`.',
  ...(brokenBase.length
    ? [
        '',
        'Left out of every variant run because they do not pass without a variant:',
        ...brokenBase.map((r) => `- \`${r.id}\` (${r.status}): ${cell(r.reason ?? '').slice(0, 200)}`),
      ]
    : []),
  '',
  `Callbacks judged: how many of the ${baselineCallbacks} requirements of the callbacks area the baseline judges a variant's run judged too (passed or failed); the others were skipped or not applicable, so §2.10, §2.11 and §4.5 were judged only in part.`,
  '',
  '| variant | decides | source profile | source/standard failures | contract profile | contract failures by basis | callbacks judged | wall s |',
  '|---|---|---|---|---|---|---|---|',
  ...outcomes.map(
    (o) =>
      `| \`${o.name}\` | ${o.decides.join(', ')} | ${verdictCell(o.source)} | ${sourceCell(o.source)} | ${verdictCell(o.contract)} | ${countsCell(o.contract)}${o.contract && sourceCell(o.contract) !== '—' ? `; not decision/platform: ${sourceCell(o.contract)}` : ''} | ${o.source ? `${o.source.callbacks.judged}/${baselineCallbacks}` : '—'} | ${o.seconds.toFixed(0)} |`,
  ),
  '',
  '## Variants',
  '',
  ...outcomes.flatMap((o) => [
    `### \`${o.name}\` (${o.benign ? 'benign' : '**not benign**'})`,
    '',
    cell(o.description),
    '',
    ...(['source', 'contract'] as Profile[]).flatMap((p) => {
      const r = o[p];
      if (!r) return [`- ${p}: not run`];
      const head = `- ${p} profile: ${r.verdict}${r.gatePassed !== undefined ? `, gate ${r.gatePassed ? 'passed' : 'failed'}` : ''} (playwright exit ${r.playwrightExit}; ${r.seconds.toFixed(0)} s); ${r.failing.length} failing${r.failing.length ? ` (${countsCell(r)})` : ''}; ${r.notApplicable} not applicable, ${r.asDecisions} judged as decisions`;
      const sourceIds = r.failing.filter((f) => !['decision', 'platform'].includes(f.basis));
      return [
        head,
        ...(p === 'source' && r.callbacks.unjudged.length
          ? [
              `  - callbacks not judged (${r.callbacks.unjudged.length}): ${r.callbacks.unjudged
                .map((u) => `\`${u.id}\` (${u.status}${u.reason ? `: ${cell(u.reason).slice(0, 120)}` : ''})`)
                .join('; ')}`,
            ]
          : []),
        ...sourceIds.map((f) => `  - **${f.status}** \`${f.id}\` (${f.basis}): ${cell(f.reason ?? '').slice(0, 300)}`),
        ...(p === 'contract' && r.failing.length > sourceIds.length
          ? [
              `  - decision/platform: ${r.failing
                .filter((f) => ['decision', 'platform'].includes(f.basis))
                .map((f) => `\`${f.id}\``)
                .join(', ')}`,
            ]
          : []),
      ];
    }),
    `- run: reports/variants/runs/${o.name}/`,
    '',
  ]),
  ...(outcomes.some((o) => !o.benign)
    ? [
        '## Not benign (findings)',
        '',
        ...outcomes
          .filter((o) => !o.benign)
          .map(
            (o) =>
              `- \`${o.name}\`: source ${o.source?.verdict ?? 'not run'}, contract ${o.contract?.verdict ?? 'not run'}. Either a requirement claims more than the source says, or the variant is not benign.`,
          ),
        '',
      ]
    : []),
  benignLine,
  '',
].join('\n');
writeSummary(
  outDir,
  md,
  { wall, quick: values.quick, baseline, broken: brokenBase, closing: [benignLine] },
  { variants: outcomes, benign, total: outcomes.length },
);
if (full) writeStrength('benign', figure(benign, outcomes.length, command));
process.exit(benign === outcomes.length ? 0 : 1);
