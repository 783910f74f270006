// No high or critical advisory in the production dependencies, which the package ships. The live audit needs the
// registry's audit endpoint: where it gives no answer the test is skipped, saying why, and never passes silently.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { audit, describe, readAudit } from './audit.ts';

const report = (counts: Record<string, number>, vulnerabilities: Record<string, unknown> = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: counts, dependencies: { prod: 40 } },
  });

test('a report is read: a high or critical advisory fails, a moderate one does not', () => {
  const clean = readAudit(report({ info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 }));
  assert.deepEqual(describe(clean), {
    lines: [
      'production dependencies: 40 audited; critical 0, high 0, moderate 0, low 0, info 0',
      'no high or critical advisory',
    ],
    code: 0,
  });
  const moderate = readAudit(report({ moderate: 1 }, { yaml: { name: 'yaml', severity: 'moderate', isDirect: true } }));
  assert.equal(describe(moderate).code, 0);
  assert.equal(describe(moderate).lines[0], '  moderate yaml (direct)');
  for (const severity of ['high', 'critical']) {
    const bad = readAudit(report({ [severity]: 1 }, { ajv: { name: 'ajv', severity } }));
    assert.equal(describe(bad).code, 1, severity);
    assert.equal(describe(bad).lines.at(-1), '1 high or critical advisories');
  }
});

test('an endpoint that gives no report is "no verdict", exit 2, and its address is not repeated', () => {
  const refused = readAudit(
    JSON.stringify({
      message: '405 Method Not Allowed - POST https://mirror.example/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    }),
  );
  assert.equal(refused.kind, 'unreachable');
  assert.equal(describe(refused).code, 2);
  assert.doesNotMatch(describe(refused).lines.join('\n'), /mirror\.example/);
  assert.equal(readAudit('', 'npm error code ENOTFOUND').kind, 'unreachable');
  assert.equal(readAudit(JSON.stringify({ error: { code: 'EAI_AGAIN', summary: 'offline' } })).kind, 'unreachable');
});

test('npm audit --omit=dev: no high or critical advisory in the production dependencies', (t) => {
  const verdict = audit();
  const { lines, code } = describe(verdict);
  for (const line of lines) t.diagnostic(line);
  if (verdict.kind === 'unreachable') {
    t.skip(`NOT CHECKED: ${verdict.reason}`);
    return;
  }
  assert.equal(code, 0, lines.join('\n'));
});
