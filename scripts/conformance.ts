// `npm run conformance [-- playwright args]`: runs the suite (against TARGET_URL, or the reference server it
// starts), prints the per-area summary, and exits 0 only when every MUST requirement passes (design brief §4).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { readSettings, SettingsError } from '../conformance/lib/settings.ts';
import { bin, run } from './run.ts';

// The settings are checked before Playwright starts: a bad value stops here with one line per problem, naming the
// setting and what it accepts (conformance/lib/settings.ts), instead of a stack trace from the Playwright config.
let reportDir: string;
try {
  reportDir = readSettings().reportDir;
} catch (err) {
  if (!(err instanceof SettingsError)) throw err;
  console.error(err.message);
  process.exit(2);
}
const results = `${reportDir}/results.json`;
rmSync(results, { force: true });
const code = run(bin('playwright'), ['test', ...process.argv.slice(2)]);
if (!existsSync(results)) {
  console.error(`No ${results}: the suite did not run (playwright exited with ${code}).`);
  process.exit(code || 1);
}
interface Result {
  status: string;
  gating: boolean;
  expectation?: string;
}
const { requirements, gate, profile } = JSON.parse(readFileSync(results, 'utf8')) as {
  requirements: Result[];
  gate: { passed: boolean };
  profile: string;
};
console.log(`\n${readFileSync(`${reportDir}/summary.md`, 'utf8').split('\n## ')[0]}`);
const broken = (r: Result) => r.status === 'fail' || r.status === 'error';
const passed = requirements.filter((r) => r.status === 'pass').length;
// The last line counts what gates under the profile; what only differs from our contract, or was expected, is told apart.
const failed = requirements.filter((r) => (broken(r) && r.gating) || r.expectation === 'stale').length;
const differing = requirements.filter((r) => broken(r) && !r.gating && !r.expectation).length;
const expected = requirements.filter((r) => r.expectation === 'expected-failure').length;
console.log(`Reports: ${reportDir}/ (html/index.html, junit.xml, results.json, summary.md)`);
if (differing) console.log(`${differing} differ from the reference contract (not gating under the ${profile} profile)`);
if (expected) console.log(`${expected} expected failures (CONFORMANCE_EXPECTED_FAILURES)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(!gate.passed || (code !== 0 && failed === 0 && requirements.every((r) => !broken(r))) ? 1 : 0);
