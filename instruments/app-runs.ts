// The App side of the two runners (`--side app` of run-faults.ts and run-variants.ts): the App suite (conformance/app/,
// playwright.app.config.ts) against the reference App patched with one instrument at a time, started here in-process
// (reference-app/server.ts `startApp`, its `patch`), the suite in its own process judging it over HTTP.
// - App faults (app-faults/): a fault is caught when a requirement of the App suite fails. A fault caught only by a
//   SHOULD (`otherCurrency`) is caught in the report, not in the verdict: a SHOULD never gates. The faults that break
//   the source must be caught by a MUST of the source alone (what gates under CONFORMANCE_PROFILE=source); each one that
//   is not is a gap. The App suite's statuses do not depend on the profile (it has no dialect), so one run per fault
//   gives both counts.
// - App variants (app-variants/): benign when, under the source profile, no requirement of the source fails, and, under
//   the contract profile, every failure rests on a decision (the rule of run-variants.ts, suite-run.ts `benignUnder`).
// Requirements that do not pass against the reference App itself (the baseline) are left out of every run. Reports in
// reports/faults/app/ and reports/variants/app/ (--quick, --only: a folder below); the last line is `App faults
// caught: N/M (P%)` or `Benign: N/M`. A full run records its figure in conformance/strength.json (`app`, `appBenign`).
import { join } from 'node:path';
import type { ShippingApp } from '../reference-app/app.ts';
import { DEFAULT_SECRET } from '../reference-app/cli.ts';
import { startApp } from '../reference-app/server.ts';
import { figure } from '../conformance/lib/strength.ts';
import { root } from '../scripts/run.ts';
import { cell } from '../shared/markdown.ts';
import { appFaults, quickAppFaults } from './app-faults/index.ts';
import { appVariants, quickAppVariants } from './app-variants/index.ts';
import {
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

const APP_CONFIG = join(root, 'playwright.app.config.ts');

/** One App suite run, reports in `dir`, against a reference App started for it with `patch` applied first. */
async function appSuite(dir: string, env: Record<string, string>, patch?: (app: ShippingApp) => void): Promise<Run> {
  const app = await startApp({ secret: DEFAULT_SECRET, patch });
  try {
    const given = { APP_RATES_URL: app.ratesUrl, APP_LABELS_URL: app.labelsUrl, APP_SECRET: DEFAULT_SECRET };
    return await suite(dir, { ...given, ...env }, [], 1, APP_CONFIG);
  } finally {
    await app.stop();
  }
}

const fails = (r: Requirement) => r.status === 'fail';
/** What gates under the source profile: a MUST of the source or a standard (conformance/lib/verdict.ts). */
const bySource = (r: Requirement) => r.level === 'MUST' && (r.basis === 'source' || r.basis === 'standard');

/** `npm run conformance:faults -- --side app [--quick | --only a,b] [--jobs 3] [--baseline results.json]`. */
export async function runAppFaults(): Promise<number> {
  const { values, full, command, jobs, outDir, runsDir, selected } = selection('faults', appFaults, quickAppFaults, 3);
  const started = Date.now();
  const { baseline, broken, exclude } = await baselineOf(values.baseline, runsDir, {}, 'App fault', (dir, env) =>
    appSuite(dir, env),
  );
  const outcomes: {
    name: string;
    source: string[];
    breaks: string;
    standard?: string;
    description: string;
    result: 'caught' | 'missed' | 'crashed';
    caughtBy: string[];
    /** Caught by a requirement that gates under the contract profile (a MUST), and under the source profile. */
    gating: boolean;
    underSource: boolean;
    errors: string[];
    seconds: number;
  }[] = [];
  await pool(selected, jobs, async (f) => {
    const run = await appSuite(join(runsDir, f.name), exclude, (app) => f.apply(app));
    const rows = run.requirements ?? [];
    const caught = rows.filter(fails);
    const result = caught.length ? 'caught' : run.requirements ? 'missed' : 'crashed';
    outcomes.push({
      name: f.name,
      source: f.source,
      breaks: f.breaks,
      ...(f.standard ? { standard: f.standard } : {}),
      description: f.description,
      result,
      caughtBy: caught.map((r) => r.id),
      gating: caught.some((r) => r.level === 'MUST'),
      underSource: caught.some(bySource),
      errors: rows.filter((r) => r.status === 'error').map((r) => r.id),
      seconds: run.seconds,
    });
    console.log(
      `${result === 'caught' ? 'caught ' : result.toUpperCase()} ${f.name} (${run.seconds.toFixed(0)} s)${caught.length ? ` by ${caught.map((r) => `${r.id} (${r.level})`).join(', ')}` : ''}`,
    );
  });
  outcomes.sort((a, b) => selected.findIndex((f) => f.name === a.name) - selected.findIndex((f) => f.name === b.name));

  const all = figure(outcomes.filter((o) => o.result === 'caught').length, outcomes.length, command);
  const sourceBreaking = outcomes.filter((o) => o.breaks !== 'decision');
  const gaps = sourceBreaking.filter((o) => !o.underSource);
  const shouldOnly = outcomes.filter((o) => o.result === 'caught' && !o.gating);
  const underSource = values.profile === 'source';
  const wall = ((Date.now() - started) / 1000).toFixed(0);
  const share = (n: number, of: number) => `${n}/${of} (${of ? ((100 * n) / of).toFixed(1) : '0.0'}%)`;
  const sourceLine = `Source-breaking App faults caught by a MUST of the source: ${share(sourceBreaking.length - gaps.length, sourceBreaking.length)}`;
  const caughtLine = `App faults caught: ${share(all.count, all.total)}`;
  const md = [
    '# App fault report: known-bad reference Apps against the App suite',
    '',
    `Generated ${new Date().toISOString()}; ${outcomes.length} App fault(s)${values.quick ? ' (quick subset)' : ''}; wall time ${wall} s.`,
    `Baseline (the reference App): ${baseline.length - broken.length}/${baseline.length} requirements pass.`,
    ...(broken.length
      ? [
          '',
          'Left out of every run (they do not pass against the reference App):',
          ...broken.map((r) => `- \`${r.id}\` (${r.status}): ${cell(r.reason ?? '').slice(0, 200)}`),
        ]
      : []),
    '',
    'A fault is caught when a requirement fails. Caught by a SHOULD only: the report shows the failure, the verdict passes (a SHOULD never gates).',
    '',
    '| App fault | source | breaks | result | caught by (requirement ids) | gates | wall time |',
    '|---|---|---|---|---|---|---|',
    ...outcomes.map(
      (o) =>
        `| \`${o.name}\` | ${o.source.join(', ')} | ${o.breaks === 'standard' ? `standard (${o.standard})` : o.breaks} | ${o.result === 'caught' ? 'caught' : `**${o.result}**`} | ${o.caughtBy.map((id) => `\`${id}\``).join(', ')}${o.errors.length ? ` (suite errors: ${o.errors.map((id) => `\`${id}\``).join(', ')})` : ''} | ${o.result !== 'caught' ? '—' : o.underSource ? 'under both profiles' : o.gating ? 'under contract' : 'no (a SHOULD)'} | ${o.seconds.toFixed(0)} s |`,
    ),
    '',
    ...(shouldOnly.length
      ? [
          '## Caught by a SHOULD only (reported; the verdict passes)',
          '',
          ...shouldOnly.map((o) => `- \`${o.name}\`: ${o.description}`),
          '',
        ]
      : []),
    ...(gaps.length
      ? [
          '## Gaps: App faults that break the source, no MUST of the source catches',
          '',
          ...gaps.map((o) => `- \`${o.name}\` (${o.source.join(', ')}): ${o.description}`),
          '',
        ]
      : []),
    sourceLine,
    caughtLine,
    '',
  ].join('\n');
  writeSummary(
    outDir,
    md,
    { wall, quick: values.quick, baseline, broken, closing: [sourceLine, caughtLine] },
    { side: 'app', faults: outcomes, caught: all.count, total: all.total, gaps: gaps.map((o) => o.name) },
  );
  if (full) writeStrength('app', all);
  return (underSource ? gaps.length === 0 : all.count === all.total) ? 0 : 1;
}

/** `npm run conformance:variants -- --side app [--quick | --only a,b] [--jobs 2] [--baseline results.json]`. */
export async function runAppVariants(): Promise<number> {
  const { values, full, command, jobs, outDir, runsDir, selected } = selection(
    'variants',
    appVariants,
    quickAppVariants,
    2,
  );
  const started = Date.now();
  const { baseline, broken, exclude } = await baselineOf(values.baseline, runsDir, {}, 'App variant', (dir, env) =>
    appSuite(dir, env),
  );
  const outcomes: {
    name: string;
    decides: string[];
    description: string;
    benign: boolean;
    profiles: Record<Profile, ReturnType<typeof benignUnder> & { verdict: string }>;
    seconds: number;
  }[] = [];
  await pool(selected, jobs, async (v) => {
    // One run under the source profile, judged under both: the App suite's statuses do not depend on the profile.
    const run = await appSuite(join(runsDir, v.name), { CONFORMANCE_PROFILE: 'source', ...exclude }, (app) =>
      v.apply(app),
    );
    const judged = (profile: Profile) => {
      const j = benignUnder(profile, run.requirements ?? []);
      return { ...j, verdict: run.requirements ? (j.ok ? 'benign' : 'not benign') : 'crashed' };
    };
    const profiles = { source: judged('source'), contract: judged('contract') };
    const benign = profiles.source.verdict === 'benign' && profiles.contract.verdict === 'benign';
    outcomes.push({
      name: v.name,
      decides: v.decides,
      description: v.description,
      benign,
      profiles,
      seconds: run.seconds,
    });
    console.log(
      `${benign ? 'benign    ' : 'NOT BENIGN'} ${v.name} (${run.seconds.toFixed(0)} s)${profiles.contract.failing.length ? `; contract failing: ${profiles.contract.failing.map((f) => `${f.id} (${f.basis})`).join(', ')}` : ''}`,
    );
  });
  outcomes.sort((a, b) => selected.findIndex((v) => v.name === a.name) - selected.findIndex((v) => v.name === b.name));

  const benign = outcomes.filter((o) => o.benign).length;
  const wall = ((Date.now() - started) / 1000).toFixed(0);
  const benignLine = `Benign: ${benign}/${outcomes.length}`;
  const failures = (o: (typeof outcomes)[number], p: Profile) =>
    o.profiles[p].failing.map((f) => `\`${f.id}\` (${f.basis})`).join(', ') || '—';
  const md = [
    '# App variant report: benign reference Apps against the App suite',
    '',
    `Generated ${new Date().toISOString()}; ${outcomes.length} App variant(s)${values.quick ? ' (quick subset)' : ''}, each run once and judged under the source and the contract profile; wall time ${wall} s.`,
    `Baseline (the reference App): ${baseline.length - broken.length}/${baseline.length} requirements pass.`,
    'An App variant is benign when, under the source profile, no requirement of the source fails, and, under the contract profile, every requirement it fails rests on a decision.',
    '',
    '| App variant | decides | source profile | contract profile | failing under contract (basis) | wall s |',
    '|---|---|---|---|---|---|',
    ...outcomes.map(
      (o) =>
        `| \`${o.name}\` | ${o.decides.join(', ') || '—'} | ${o.profiles.source.verdict} | ${o.profiles.contract.verdict} | ${failures(o, 'contract')} | ${o.seconds.toFixed(0)} |`,
    ),
    '',
    '## App variants',
    '',
    ...outcomes.flatMap((o) => [
      `### \`${o.name}\` (${o.benign ? 'benign' : '**not benign**'})`,
      '',
      cell(o.description),
      '',
    ]),
    benignLine,
    '',
  ].join('\n');
  writeSummary(
    outDir,
    md,
    { wall, quick: values.quick, baseline, broken, closing: [benignLine] },
    { side: 'app', variants: outcomes, benign, total: outcomes.length },
  );
  if (full) writeStrength('appBenign', figure(benign, outcomes.length, command));
  return benign === outcomes.length ? 0 : 1;
}
