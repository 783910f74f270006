import assert from 'node:assert/strict';
import { test } from 'node:test';
import { badgeSvg, badgeText, buildReport, verifyReport, type Known } from './report.ts';
import type { Row } from './verdict.ts';

const row = (id: string, status: Row['status'], extra: Partial<Row> = {}) =>
  ({ id, area: 'auth', basis: 'source', level: 'MUST', status, gating: true, ...extra }) as Row;
const known: Known = {
  suiteVersion: '1.2.3',
  contractHashes: ['abc'],
  requirements: new Map(
    ['a.one', 'a.two', 'a.three'].map((id) => [id, { area: 'auth', basis: 'source', level: 'MUST' }]),
  ),
};
const run = (passed: boolean, expectedFailures: { file: string; content: string } | null = null) => ({
  suite: { name: 'store-admin-api-reference', version: '1.2.3' },
  contract: { version: '1.0.0', sha256: 'abc' },
  profile: 'source',
  target: 'http://127.0.0.1:1',
  generated: '2026-01-01T00:00:00.000Z',
  inputs: { dialect: null, expectedFailures },
  strength: null,
  passed,
});

test('a complete, consistent report verifies; a changed status, a missing requirement, an unknown contract do not', () => {
  const report = buildReport([row('a.one', 'pass'), row('a.two', 'pass'), row('a.three', 'pass')], run(true));
  assert.deepEqual(verifyReport(report, known), []);
  assert.equal(report.counts.byArea.auth!.pass, 3);

  const changed = structuredClone(report);
  changed.requirements[0]!.status = 'fail';
  const problems = verifyReport(changed, known);
  assert.ok(problems.includes('counts.all do not match the statuses'), problems.join('\n'));
  assert.ok(problems.some((p) => p.startsWith('verdict: passed, but 1 requirement(s) fail and gate')));

  const missing = structuredClone(report);
  missing.requirements.pop();
  assert.ok(verifyReport(missing, known).some((p) => /1 requirement\(s\) of suite 1\.2\.3 missing/.test(p)));
  assert.ok(
    verifyReport({ ...report, contract: { version: '9', sha256: 'zzz' } }, known).some((p) =>
      /not a contract this suite knows/.test(p),
    ),
  );
  assert.deepEqual(verifyReport({ format: 'x' }, known), [
    'not a conformance report (format "x", expected store-api-conformance-report/1)',
  ]);
});

test('the badge: profile and passed count, partial with expected failures or not-applicable requirements', () => {
  const full = buildReport([row('a.one', 'pass'), row('a.two', 'pass')], run(true));
  assert.equal(badgeText(full), 'source · 2/2');
  const partial = buildReport([row('a.one', 'pass'), row('a.two', 'not-applicable', { gating: false })], run(true));
  assert.equal(badgeText(partial), 'source · 1/2 · partial');
  const expected = buildReport([row('a.one', 'pass')], run(true, { file: 'x.yaml', content: '[]' }));
  assert.equal(badgeText(expected), 'source · 1/1 · partial');
  const svg = badgeSvg(full);
  assert.match(svg, /^<svg [^>]*aria-label="store-api conformance: source · 2\/2"/);
  assert.match(svg, /fill="#4c1"/);
  assert.match(badgeSvg(buildReport([row('a.one', 'fail')], run(false))), /fill="#e05d44"/);
});

test('the report carries the strength file as read, measured figures and unmeasured alike', () => {
  const strength = {
    contract: {
      count: 137,
      total: 137,
      percent: 100,
      measured: '2026-01-01T00:00:00.000Z',
      command: 'npm run conformance:faults',
    },
    source: { count: null, command: 'npm run conformance:faults -- --profile source' },
    benign: {
      count: 16,
      total: 16,
      percent: 100,
      measured: '2026-01-01T00:00:00.000Z',
      command: 'npm run conformance:variants',
    },
    app: { count: null, command: 'npm run conformance:faults -- --side app' },
    appBenign: { count: null, command: 'npm run conformance:variants -- --side app' },
  };
  const report = buildReport([row('a.one', 'pass'), row('a.two', 'pass'), row('a.three', 'pass')], {
    ...run(true),
    strength,
  });
  assert.deepEqual(report.strength, strength);
  assert.deepEqual(verifyReport(report, known), []);
});
