// `npm run conformance [-- playwright args]`: runs the suite (against TARGET_URL, or the reference server it
// starts), prints the per-area summary, and exits 0 only when every MUST requirement passes (design brief §4).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { bin, run } from './run.ts';

const reportDir = resolve(process.env.CONFORMANCE_REPORT_DIR ?? 'reports/conformance');
const results = `${reportDir}/results.json`;
rmSync(results, { force: true });
const code = run(bin('playwright'), ['test', ...process.argv.slice(2)]);
if (!existsSync(results)) {
  console.error(`No ${results}: the suite did not run (playwright exited with ${code}).`);
  process.exit(code || 1);
}
const { requirements } = JSON.parse(readFileSync(results, 'utf8')) as { requirements: { level: string; status: string }[] };
console.log(`\n${readFileSync(`${reportDir}/summary.md`, 'utf8').split('\n## ')[0]}`);
const mustBroken = requirements.filter((r) => r.level === 'MUST' && (r.status === 'fail' || r.status === 'error')).length;
const passed = requirements.filter((r) => r.status === 'pass').length;
const failed = requirements.filter((r) => r.status === 'fail' || r.status === 'error').length;
console.log(`Reports: ${reportDir}/ (html/index.html, junit.xml, results.json, summary.md)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(mustBroken > 0 || (code !== 0 && failed === 0) ? 1 : 0);
