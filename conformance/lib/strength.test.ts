// The suite's measured strength as committed (conformance/strength.json): every figure is either measured by a full
// run of its command, with its count, total, percent and date, or not yet measured and names that command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { figure, MEASURED_BY, readStrength, type Strength, type StrengthKey } from './strength.ts';

test('the committed strength file holds the five figures, each measured by a full run of its command or not yet', () => {
  const strength = readStrength();
  assert.ok(strength, 'conformance/strength.json is readable');
  assert.deepEqual(Object.keys(strength).sort(), ['app', 'appBenign', 'benign', 'contract', 'source']);
  for (const key of Object.keys(MEASURED_BY) as StrengthKey[]) {
    const f: Strength[StrengthKey] = strength[key];
    // The runner's own script, never a subset; `--profile source` measures the source figure and no other.
    assert.ok(f.command.startsWith(MEASURED_BY[key].split(' -- ')[0]!), `${key}: ${f.command}`);
    assert.doesNotMatch(f.command, /--(quick|only)\b/, key);
    assert.equal(/--profile[ =]source\b/.test(f.command), key === 'source', `${key}: ${f.command}`);
    assert.equal(/--side[ =]app\b/.test(f.command), key.startsWith('app'), `${key}: ${f.command}`);
    if (f.count === null) continue;
    assert.ok(Number.isInteger(f.count) && Number.isInteger(f.total) && f.count <= f.total, key);
    assert.equal(f.percent, figure(f.count, f.total, f.command).percent, key);
    assert.ok(!Number.isNaN(Date.parse(f.measured)), `${key}: measured ${f.measured}`);
  }
});

test('a figure: its percent to one decimal, 0 of nothing; no file, no strength', () => {
  assert.equal(figure(80, 95, 'x').percent, 84.2);
  assert.equal(figure(137, 137, 'x').percent, 100);
  assert.equal(figure(0, 0, 'x').percent, 0);
  assert.equal(readStrength(join(tmpdir(), 'no-such-strength.json')), null);
});
