// `store-api-conformance init` against the outside implementation (README.md here): its dialect drafted from the live
// server (`--probe`), from the OpenAPI document written for it here (openapi.yaml, `--from-openapi`) and from both,
// each compared key by key with the dialect its team wrote by hand (the folder's dialect.yaml), the counts printed.
// The floors are what the drafts reached when measured; the counts themselves are computed each run. Skipped, with
// the reason, without the folder or python3.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { draft } from '../../conformance/init/cli.ts';
import { compareDialects, type Comparison } from '../../conformance/init/compare.ts';
import { parseDialect } from '../../conformance/lib/dialect.ts';
import { outsideForTest, startOutside } from './server.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const document = fileURLToPath(new URL('./openapi.yaml', import.meta.url));
const { dir, skip } = outsideForTest(root);

/** Measured floors of keys right, by source (the report lists the counts each run prints). */
const FLOOR = { probe: 7, openapi: 16, both: 16 };

let server: ChildProcess | undefined;
let url = '';
before(async () => {
  if (skip) return;
  ({ url, child: server } = await startOutside(dir!));
});
after(() => {
  server?.kill('SIGTERM');
});

const report = (name: string, c: Comparison) =>
  console.log(
    `init ${name} vs the outside dialect: ${c.counts.right} right, ${c.counts.more} right with more fields, ${c.counts.fewer} with fewer, ${c.counts.wrong} wrong, ${c.counts.extra} beyond it, ${c.counts.todo} TODO, ${c.counts.missed} missed` +
      ` (fields entries ${c.fieldEntries.right}/${c.fieldEntries.total} alike; bodies drafted ${c.bodies.drafted}/${c.bodies.total}, not judged)\n` +
      c.rows.map((r) => `  ${r.verdict.padEnd(6)} ${r.key}`).join('\n'),
  );

for (const [name, options] of [
  ['probe', () => ({ probe: url, clients: join(dir!, 'suite-clients.json') })],
  ['openapi', () => ({ fromOpenapi: document })],
  ['both', () => ({ fromOpenapi: document, probe: url, clients: join(dir!, 'suite-clients.json') })],
] as const)
  test(
    `init --${name === 'openapi' ? 'from-openapi' : name === 'probe' ? 'probe' : 'from-openapi --probe'} drafts a dialect parseDialect reads, near the outside team's own`,
    { skip },
    async () => {
      const text = await draft(options());
      assert.doesNotThrow(() => parseDialect(text, 'draft'));
      const c = compareDialects(text, readFileSync(join(dir!, 'dialect.yaml'), 'utf8'));
      report(name, c);
      assert.ok(c.counts.right >= FLOOR[name], `${c.counts.right} keys right, below the floor of ${FLOOR[name]}`);
    },
  );
