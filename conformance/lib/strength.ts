// The suite's measured strength, conformance/strength.json: the figures the instruments' runners
// (instruments/run-faults.ts, instruments/run-variants.ts, instruments/outside/run.ts) wrote when they last ran in full, committed and shipped with
// the suite, so that every conformance-report.json says how strong the suite that judged it is. The suite only reads the file; it never
// imports the instruments that measure it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One measured figure: `count` of `total` (`percent`, one decimal), when, and the command that measured it. */
export interface Figure {
  count: number;
  total: number;
  percent: number;
  /** When the run that measured it ended (ISO 8601). */
  measured: string;
  command: string;
}

/**
 * How the suite treats an implementation written from the source alone, outside this repository
 * (instruments/outside/): one run of the suite against it under the source profile, with its own clients and dialect.
 * Each gating failure, error and not-applicable requirement naming no dialect key is a question about the suite.
 */
export interface OutsideFigure {
  /** Gating requirements that failed or erred (the source profile's gate). */
  gatingFailures: number;
  /** Requirements that ended in `error` (the suite broke), gating or not. */
  errors: number;
  /** Requirements not applicable: their setup needed a choice the outside dialect does not state. */
  notApplicable: number;
  /** Of those, the ones whose reason names no dialect key to state the choice in. */
  notApplicableNamingNoKey: number;
  /** The requirements of the areas callbacks and webhooks judged (passed or failed), the two manual-mode ones aside. */
  judged: { count: number; total: number };
  /** Every requirement of the run. */
  requirements: number;
  /** Runs made (`--runs N`) and whether their not-applicable requirements were the same; the figures are run 1's. */
  runs?: number;
  sameNotApplicable?: boolean;
  /** When the run that measured it ended (ISO 8601). */
  measured: string;
  command: string;
}

/** A figure the file names but no full run has measured yet: what to run to measure it. */
export interface Unmeasured {
  count: null;
  command: string;
}

export interface Strength {
  /** Known-bad servers (instruments/faults) the suite catches under the contract profile: the kill rate. */
  contract: Figure | Unmeasured;
  /**
   * Known-bad servers that break the source or a standard (`breaks`, instruments/faults/types.ts) that the suite
   * catches under the source profile, where only MUST requirements of basis source or standard count.
   */
  source: Figure | Unmeasured;
  /** Benign servers (instruments/variants) the suite judges benign under both profiles. */
  benign: Figure | Unmeasured;
  /** Known-bad Apps (instruments/app-faults) the App suite catches: a requirement of it fails. */
  app: Figure | Unmeasured;
  /** Benign Apps (instruments/app-variants) the App suite judges benign under both profiles. */
  appBenign: Figure | Unmeasured;
  /**
   * The suite against the outside implementation (instruments/outside/): optional, as a file written before it
   * existed lacks it.
   */
  outside?: OutsideFigure | Unmeasured;
}
export type StrengthKey = keyof Strength;
/** A figure as measured, never the command that would measure it. */
export type Measured<K extends StrengthKey> = Exclude<Strength[K], Unmeasured | undefined>;

/** The command that measures each figure in full (`--quick` and `--only` measure nothing: a subset is no figure). */
export const MEASURED_BY: Record<StrengthKey, string> = {
  contract: 'npm run conformance:faults',
  source: 'npm run conformance:faults -- --profile source',
  benign: 'npm run conformance:variants',
  app: 'npm run conformance:faults -- --side app',
  appBenign: 'npm run conformance:variants -- --side app',
  outside: 'npm run conformance:outside',
};

/** Whether a figure of the file was measured by a full run (not missing, not only the command that would). */
export const isMeasured = <K extends StrengthKey>(f: Strength[K]): f is Measured<K> =>
  f !== undefined && !('count' in f && f.count === null);

/** conformance/strength.json, beside the suite's folders in the repository and in the package (build/conformance/). */
export const STRENGTH_FILE = fileURLToPath(new URL('../strength.json', import.meta.url));

/** `count` of `total` measured now by `command`. */
export const figure = (count: number, total: number, command: string, measured = new Date()): Figure => ({
  count,
  total,
  percent: total ? Number(((100 * count) / total).toFixed(1)) : 0,
  measured: measured.toISOString(),
  command,
});

/** The strength file as committed, or null when it is missing or unreadable (a report then says so). */
export function readStrength(file = STRENGTH_FILE): Strength | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Strength;
  } catch {
    return null;
  }
}

/** A figure in words: `140/140 (100%), 2026-12-08`, or what would measure it. */
const said = (f: Strength[StrengthKey]): string => {
  if (!f || !isMeasured<StrengthKey>(f)) return `not measured (\`${f?.command ?? 'unknown'}\`)`;
  const day = f.measured.slice(0, 10);
  if ('gatingFailures' in f)
    return `${f.gatingFailures} gating failure(s), ${f.errors} error(s), ${f.notApplicable} not applicable (${f.notApplicableNamingNoKey} naming no dialect key), callbacks and webhooks ${f.judged.count}/${f.judged.total} judged, ${day}`;
  return `**${f.count}/${f.total}** (${f.percent}%), ${day}`;
};

/**
 * The opening section of a run's summary.md: how strong the suite that judged is, as strength.json records it, the
 * figures on our own server (faults, variants) beside the one on an implementation written outside this repository,
 * which says how far the others carry to an implementation that decided otherwise than we did.
 */
export function strengthSection(strength: Strength | null, side: 'service' | 'app'): string[] {
  if (!strength) return ['## How strong this suite is', '', 'Not known: the suite carries no strength.json.', ''];
  const rows: [string, Strength[StrengthKey]][] =
    side === 'app'
      ? [
          ['known-bad reference Apps caught', strength.app],
          ['benign reference Apps passed, both profiles', strength.appBenign],
        ]
      : [
          ['known-bad servers caught (contract profile)', strength.contract],
          ['known-bad servers caught by a MUST of the source or a standard (source profile)', strength.source],
          ['benign variants of our server passed, both profiles', strength.benign],
          [
            'an implementation written from the source alone, outside this repository (source profile)',
            strength.outside,
          ],
        ];
  const intro =
    side === 'app'
      ? [
          "Measured by the App suite's own instruments on the reference App changed in one place at a time",
          '(`conformance/strength.json`); no App written outside this repository has been judged by it yet:',
        ]
      : [
          "Measured by the suite's own instruments on the reference server changed in one place at a time, and on an",
          'implementation written outside this repository with its own dialect (`conformance/strength.json`):',
        ];
  return [
    '## How strong this suite is',
    '',
    ...intro,
    '',
    '| figure | measured |',
    '|---|---|',
    ...rows.map(([what, f]) => `| ${what} | ${said(f)} |`),
    '',
  ];
}
