// The dialect: the otherDialect variant (instruments/variants/otherDialect.ts), whose choices where
// the source is silent all differ from ours, judged under the source profile without its dialect file: nothing it
// does differently fails a gating requirement; what the suite could not set up is not applicable, and each such
// reason names the dialect key that would have stated the choice. With its dialect file it is judged by
// `npm run conformance:variants` (benign under both profiles, every requirement applicable).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './run.ts';
import { DIALECT_KEYS } from '../conformance/lib/dialect.ts';

interface Row {
  id: string;
  status: string;
  gating: boolean;
  reason?: string;
  needs?: string;
}
const KEY =
  /state (it|where it is|the target's scope names|the target's names) in the dialect as (v2Body|contactBody|contactSearchList|errors|scopes|pageParams|bodies\.\w+)/;

/** One run of the suite against the variant, under the source profile, with or without its dialect file. */
function run(dialect: boolean): Promise<{ code: number; rows: Row[]; summary: string; out: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'dialect-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VARIANTS: 'otherDialect',
    STORE_ALLOW_PRIVATE_URLS: '1',
    CONFORMANCE_PROFILE: 'source',
    CONFORMANCE_REPORT_DIR: dir,
    CONFORMANCE_WORKERS: '2',
    TARGET_URL: '',
    CONFORMANCE_DIALECT: dialect ? join(root, 'instruments/variants/otherDialect.dialect.yaml') : '',
  };
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(process.execPath, [join(root, 'scripts/conformance.ts')], { cwd: root, env });
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => {
      const rows = (JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { requirements: Row[] })
        .requirements;
      const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
      rmSync(dir, { recursive: true, force: true });
      resolve({ code: code ?? 1, rows, summary, out });
    });
  });
}
const gatingFailures = (rows: Row[]) =>
  rows.filter((r) => (r.status === 'fail' || r.status === 'error') && r.gating).map((r) => `${r.id}: ${r.reason}`);

test('the other dialect, not stated: not applicable, naming the dialect key; nothing gating fails', async () => {
  const unstated = await run(false);
  assert.deepEqual(gatingFailures(unstated.rows), [], 'without its dialect: no gating failure either');
  const notApplicable = unstated.rows.filter((r) => r.status === 'not-applicable');
  assert.ok(notApplicable.length > 100, `${notApplicable.length} not applicable`);
  for (const r of notApplicable) {
    assert.match(r.reason ?? '', KEY, r.id);
    // The key it needs, recorded by the verdict stage (lib/verdict.ts): a key of the dialect, or several.
    for (const key of (r.needs ?? '').split(' + '))
      assert.ok(Object.hasOwn(DIALECT_KEYS, key.split('.')[0]!), `${r.id}: needs ${r.needs}`);
  }
  assert.match(unstated.summary, /## Not applicable: not judged/);
  assert.match(unstated.summary, /- `v2Body \+ bodies\.\w+`: \d+ requirement\(s\)/);
  assert.match(unstated.summary, /\*\*Incomplete:\*\* \d+ requirement\(s\) not applicable/);
});
