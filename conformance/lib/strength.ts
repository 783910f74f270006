// The suite's measured strength, conformance/strength.json: the figures the instruments' runners
// (instruments/run-faults.ts, instruments/run-variants.ts) wrote when they last ran in full, committed and shipped with
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
}
export type StrengthKey = keyof Strength;

/** The command that measures each figure in full (`--quick` and `--only` measure nothing: a subset is no figure). */
export const MEASURED_BY: Record<StrengthKey, string> = {
  contract: 'npm run conformance:faults',
  source: 'npm run conformance:faults -- --profile source',
  benign: 'npm run conformance:variants',
  app: 'npm run conformance:faults -- --side app',
  appBenign: 'npm run conformance:variants -- --side app',
};

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
