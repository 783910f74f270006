// `store-api-conformance verify <conformance-report.json>`: whether a run's report is complete and consistent (every
// requirement of this suite version present, the counts those of the statuses, the contract one this suite knows), and
// its verdict. Exit 0 a valid report (whatever its verdict), 1 an invalid one, 2 no readable report.
import { readFileSync } from 'node:fs';
import { knownToThisSuite } from '../conformance/lib/report-files.ts';
import { badgeText, verifyReport, type ConformanceReport } from '../conformance/lib/report.ts';

export async function verify(file: string | undefined): Promise<number> {
  if (!file) {
    console.error('verify takes one file: store-api-conformance verify <report dir>/conformance-report.json');
    return 2;
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    console.error(`${file}: not a readable JSON file (${(err as Error).message.split('\n')[0]})`);
    return 2;
  }
  // A report of the App suite is checked against the App suite's requirements (`side: app`).
  const side = (data as { side?: unknown } | null)?.side === 'app' ? 'app' : 'service';
  // Every requirement of that side declared, whatever a run selected: what a complete report holds.
  await (side === 'app'
    ? import('../conformance/app/requirements.ts')
    : import('../conformance/requirements/index.ts'));
  const problems = verifyReport(data, knownToThisSuite(side));
  if (problems.length) {
    console.log(`${file}: INVALID report (${problems.length} problem(s)):`);
    for (const p of problems) console.log(`  - ${p}`);
    return 1;
  }
  const r = data as ConformanceReport;
  console.log(
    [
      `${file}: valid report of ${side === 'app' ? 'the App suite of ' : ''}suite ${r.suite.version}, contract ${r.contract.version} (sha256 ${r.contract.sha256.slice(0, 12)}…)`,
      `target ${r.target}, profile ${r.profile}, ${r.generated}${r.inputs.dialect ? `, dialect ${r.inputs.dialect.file}` : ''}${r.inputs.expectedFailures ? `, expected failures ${r.inputs.expectedFailures.file}` : ''}`,
      `verdict: ${r.verdict.passed ? 'passed' : 'failed'} (${badgeText(r)})`,
    ].join('\n'),
  );
  return 0;
}
