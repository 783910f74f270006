// The suite's measured strength as committed (conformance/strength.json): every figure is either measured by a full
// run of its command, with its count, total, percent and date, or not yet measured and names that command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import {
  figure,
  isMeasured,
  MEASURED_BY,
  readStrength,
  strengthSection,
  type OutsideFigure,
  type Strength,
  type StrengthKey,
} from './strength.ts';

test('the committed strength file holds the six figures, each measured by a full run of its command or not yet', () => {
  const strength = readStrength();
  assert.ok(strength, 'conformance/strength.json is readable');
  assert.deepEqual(Object.keys(strength).sort(), ['app', 'appBenign', 'benign', 'contract', 'outside', 'source']);
  for (const key of Object.keys(MEASURED_BY) as StrengthKey[]) {
    const f: Strength[StrengthKey] = strength[key];
    assert.ok(f, key);
    // The runner's own script, never a subset; `--profile source` measures the source figure and no other.
    assert.ok(f.command.startsWith(MEASURED_BY[key].split(' -- ')[0]!), `${key}: ${f.command}`);
    assert.doesNotMatch(f.command, /--(quick|only)\b/, key);
    assert.equal(/--profile[ =]source\b/.test(f.command), key === 'source', `${key}: ${f.command}`);
    assert.equal(/--side[ =]app\b/.test(f.command), key.startsWith('app'), `${key}: ${f.command}`);
    if (!isMeasured<StrengthKey>(f)) continue;
    assert.ok(!Number.isNaN(Date.parse(f.measured)), `${key}: measured ${f.measured}`);
    // The outside implementation's figure: what the run found, each a count of the run's requirements.
    if (key === 'outside') {
      const o = f as OutsideFigure;
      const counts = [o.gatingFailures, o.errors, o.notApplicable, o.notApplicableNamingNoKey, o.judged.count];
      assert.ok(
        counts.every((n) => Number.isInteger(n) && n >= 0 && n <= o.requirements),
        `${key}: ${counts}`,
      );
      assert.ok(o.notApplicableNamingNoKey <= o.notApplicable && o.judged.count <= o.judged.total, key);
      assert.equal(o.runs === undefined, o.sameNotApplicable === undefined, key);
      continue;
    }
    if (!('percent' in f)) assert.fail(`${key}: a count of a total`);
    assert.ok(Number.isInteger(f.count) && Number.isInteger(f.total) && f.count <= f.total, key);
    assert.equal(f.percent, figure(f.count, f.total, f.command).percent, key);
  }
});

test('a figure is measured when the file gives more than the command that would measure it', () => {
  const unmeasured: Strength['outside'] = { count: null, command: MEASURED_BY.outside };
  assert.equal(isMeasured<'outside'>(unmeasured), false);
  assert.equal(isMeasured<'outside'>(undefined), false);
  assert.equal(isMeasured<'contract'>(figure(1, 2, MEASURED_BY.contract)), true);
  const outside: OutsideFigure = {
    gatingFailures: 0,
    errors: 0,
    notApplicable: 3,
    notApplicableNamingNoKey: 0,
    judged: { count: 74, total: 74 },
    requirements: 1707,
    measured: new Date().toISOString(),
    command: MEASURED_BY.outside,
  };
  assert.equal(isMeasured<'outside'>(outside), true);
});

test('a figure: its percent to one decimal, 0 of nothing; no file, no strength', () => {
  assert.equal(figure(80, 95, 'x').percent, 84.2);
  assert.equal(figure(137, 137, 'x').percent, 100);
  assert.equal(figure(0, 0, 'x').percent, 0);
  assert.equal(readStrength(join(tmpdir(), 'no-such-strength.json')), null);
});

test("summary.md's strength section: the figures on our server beside the outside one, or what would measure them", () => {
  const strength = readStrength()!;
  const service = strengthSection(strength, 'service').join('\n');
  assert.match(service, /^## How strong this suite is/);
  assert.match(service, /known-bad servers caught \(contract profile\) \| \*\*\d+\/\d+\*\*/);
  assert.match(service, /outside this repository \(source profile\) \| \d+ gating failure\(s\), \d+ error\(s\)/);
  const app = strengthSection(strength, 'app').join('\n');
  assert.match(app, /known-bad reference Apps caught \| \*\*\d+\/\d+\*\*/);
  assert.doesNotMatch(app, /outside this repository \(source profile\)/);
  const unmeasured = strengthSection(
    { ...strength, outside: { count: null, command: MEASURED_BY.outside } },
    'service',
  );
  assert.ok(unmeasured.some((l) => l.includes('not measured (`npm run conformance:outside`)')));
  assert.match(strengthSection(null, 'service').join('\n'), /carries no strength\.json/);
});
