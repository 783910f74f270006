// openapi/arazzo/ is what scripts/arazzo.ts makes of the bundle, its flows reach every operation, and `redocly respect`
// passes every file against the reference server (with the suite's App receiver as the shipping App) and fails a
// lifecycle against a server that keeps what it deletes (the fault resources.deleteNotDeleting).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { operations, type Json } from '../openapi/contract.ts';
import { startReceiver } from '../conformance/lib/receiver.ts';
import { arazzoDir, SOURCE } from './arazzo.ts';
import { bin, root } from './run.ts';
import { startReference } from '../shared/server-process.ts';

const files = readdirSync(arazzoDir)
  .filter((f) => f.endsWith('.arazzo.yaml'))
  .map((f) => join(arazzoDir, f));
const documents = files.map((f) => parse(readFileSync(f, 'utf8')) as Json);
const dir = mkdtempSync(join(tmpdir(), 'arazzo-'));

interface Outcome {
  code: number;
  /** By file: each workflow's status and the step ids of its steps that did not succeed. */
  files: Record<string, { workflowId: string; status: string; failed: string[] }[]>;
}
/** `redocly respect` on files against a target, its JSON report read back. */
async function respect(target: string, paths: string[], inputs: string[], name: string): Promise<Outcome> {
  const json = join(dir, `${name}.json`);
  const args = ['respect', ...paths, '--server', `${SOURCE}=${target}`, '--json-output', json];
  for (const input of inputs) args.push('--input', input);
  const code = await promisify(execFile)(bin('redocly'), args, { cwd: root, maxBuffer: 64 << 20 }).then(
    () => 0,
    (e: { code?: number }) => e.code ?? 1,
  );
  const report = JSON.parse(readFileSync(json, 'utf8')) as Json;
  const byFile = Object.entries(report.files as Record<string, Json>).map(([file, r]) => [
    file,
    (r.executedWorkflows as Json[]).map((w) => ({
      workflowId: w.workflowId,
      status: w.status,
      failed: (w.executedSteps as Json[]).filter((s) => s.status !== 'success').map((s) => s.stepId as string),
    })),
  ]);
  return { code, files: Object.fromEntries(byFile) };
}

test('openapi/arazzo is what scripts/arazzo.ts makes of the bundle', () => {
  assert.doesNotThrow(
    () => execFileSync(process.execPath, ['scripts/arazzo.ts', '--check'], { cwd: root, stdio: 'pipe' }),
    'stale: run npm run spec',
  );
});

test("every operation of the document is a step of a flow, every step's success a status it answers", () => {
  const steps = documents.flatMap((d) => (d.workflows as Json[]).flatMap((w) => w.steps as Json[]));
  const used = new Set(steps.map((s) => s.operationId as string));
  assert.deepEqual(
    operations.filter((o) => !used.has(o.operationId)).map((o) => o.operationId),
    [],
  );
  for (const s of steps) {
    const status = /^\$statusCode == (\d+)$/.exec(s.successCriteria[0].condition)?.[1];
    const o = operations.find((x) => x.operationId === s.operationId)!;
    assert.ok(status && status in o.responses, `${s.stepId}: ${s.successCriteria[0].condition}`);
  }
});

test('redocly respect: every flow passes against the reference server, a lifecycle fails against a fault', async () => {
  const receiver = await startReceiver('127.0.0.1', 0, 0);
  const [server, faulted] = await Promise.all([
    startReference(),
    startReference({ env: { ...process.env, FAULTS: 'resources.deleteNotDeleting' } }),
  ]);
  try {
    const [good, bad] = await Promise.all([
      respect(server.url, files, [`appUrl=${receiver.url}/arazzo`], 'reference'),
      respect(faulted.url, [join(arazzoDir, 'products.arazzo.yaml')], [], 'fault'),
    ]);
    const notPassed = Object.values(good.files)
      .flat()
      .filter((w) => w.status !== 'success');
    assert.deepEqual(notPassed, [], 'every workflow passes against the reference server');
    assert.equal(good.code, 0);
    const workflows = documents.flatMap((d) => (d.workflows as Json[]).map((w) => w.workflowId as string));
    assert.equal(Object.values(good.files).flat().length, workflows.length, 'every workflow ran');

    assert.equal(bad.code, 1, 'respect exits 1 against the fault');
    assert.deepEqual(Object.values(bad.files).flat(), [
      { workflowId: 'productLifecycle', status: 'error', failed: ['getProductDeleted'] },
    ]);
  } finally {
    await Promise.all([server.stop(), faulted.stop()]);
    receiver.server.close();
  }
});
