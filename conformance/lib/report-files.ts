// The conformance report and badge of a run, written beside results.json (conformance/reporter.ts), and what this
// suite knows to verify a report with (bin/verify.ts): its version, its contract's bundle hash, its requirements.
// The report carries the suite's measured strength as shipped with it (conformance/strength.json, lib/strength.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundlePath, doc } from '../../openapi/contract.ts';
import { config } from './config.ts';
import { declaredOf, type Side } from './requirement.ts';
import { readStrength } from './strength.ts';
import { badgeSvg, buildReport, inputOf, sha256, suitePackage, type ConformanceReport, type Known } from './report.ts';
import type { Row } from './verdict.ts';

export const REPORT_FILE = 'conformance-report.json';
export const BADGE_FILE = 'badge.svg';

/** conformance-report.json and badge.svg in the report folder; the report is returned. */
export function writeConformanceReport(
  rows: Row[],
  run: { target: string; passed: boolean; side: Side },
): ConformanceReport {
  const report = buildReport(rows, {
    ...(run.side === 'app' ? { side: 'app' as const } : {}),
    suite: suitePackage(),
    contract: { version: String(doc.info?.version ?? 'unknown'), sha256: sha256(bundlePath) },
    profile: config.profile,
    target: run.target,
    generated: new Date().toISOString(),
    inputs: { dialect: inputOf(config.dialectFile), expectedFailures: inputOf(config.expectedFailures) },
    strength: readStrength(),
    passed: run.passed,
  });
  writeFileSync(join(config.reportDir, REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(config.reportDir, BADGE_FILE), badgeSvg(report));
  return report;
}

/**
 * This suite's version, contract and requirements of one side: the service suite's, or the App suite's for a report
 * of the App suite (`side: app`). Every requirement of the side, whatever a run selected, once its caller has loaded
 * them (requirements/index.ts, app/requirements.ts; bin/verify.ts): this library imports neither suite.
 */
export function knownToThisSuite(side: Side = 'service'): Known {
  if (!declaredOf(side).length) throw new Error(`no requirement of the ${side} side is declared: load them first`);
  return {
    suiteVersion: suitePackage().version,
    contractHashes: [sha256(bundlePath)],
    requirements: new Map(declaredOf(side).map((d) => [d.id, { area: d.area, basis: d.basis, level: d.level }])),
  };
}
