// `npm run conformance:hostile [-- --seeds N --from S --parallel K --only terms --run-timeout-ms T --profile P]`: the whole suite
// (or the CONFORMANCE_ONLY terms given, under the profile given) against the hostile target (target.ts) once per seed,
// each in front of a fresh reference server, reports in reports/hostile/seed-<n>/; K seeds at once (each run waits
// mostly on the target's stalls and slow answers, so two or three share two cores well). A seed is clean when its run ended
// within its timeout, wrote results.json, summary.md and junit.xml, and recorded no `error`: whatever the target
// answers, a requirement passes, fails, is skipped, not applicable or not run. reports/hostile/summary.md has a row
// per seed and ends with `Hostile: N/M seeds clean`; exit 1 when a seed is not clean.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runAgainst, type SeedRun } from './seed.ts';
import { root } from '../../scripts/run.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '50' },
    from: { type: 'string', default: '1' },
    parallel: { type: 'string', default: '1' },
    only: { type: 'string' },
    profile: { type: 'string', default: 'contract' },
    'run-timeout-ms': { type: 'string', default: '600000' },
  },
});
const whole = (name: string, text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} ${text}: expected a whole number`);
    process.exit(2);
  }
  return n;
};
const seeds = whole('seeds', values.seeds);
const from = whole('from', values.from);
const runTimeoutMs = whole('run-timeout-ms', values['run-timeout-ms']);
const parallel = Math.max(1, whole('parallel', values.parallel));
const profile = values.profile === 'source' ? 'source' : 'contract';
if (values.profile !== profile) {
  console.error(`--profile ${values.profile}: expected contract or source`);
  process.exit(2);
}
const outDir = join(root, 'reports', 'hostile');
mkdirSync(outDir, { recursive: true });

const rows: SeedRun[] = [];
const started = Date.now();
const queue = Array.from({ length: seeds }, (_, i) => from + i);
async function worker(): Promise<void> {
  for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) {
    const run = await runAgainst(seed, { dir: join(outDir, `seed-${seed}`), runTimeoutMs, only: values.only, profile });
    rows.push(run);
    rows.sort((a, b) => a.seed - b.seed);
    console.log(
      `seed ${seed}: ${run.clean ? 'clean' : 'NOT CLEAN'}, ${run.seconds.toFixed(0)} s, ${JSON.stringify(run.counts)}${run.problems.length ? `; ${run.problems.join('; ')}` : ''}`,
    );
    writeFileSync(join(outDir, 'summary.md'), summary(rows, (Date.now() - started) / 1000));
  }
}
await Promise.all(Array.from({ length: Math.min(parallel, seeds) }, worker));
const clean = rows.filter((r) => r.clean).length;
// Each requirement's status is in the seed's own results.json.
const runs = rows.map(({ statuses: _statuses, ...row }) => row);
writeFileSync(join(outDir, 'summary.json'), JSON.stringify({ generated: new Date().toISOString(), runs }, null, 2));
console.log(`reports: ${join(outDir, 'summary.md')}`);
console.log(`Hostile: ${clean}/${rows.length} seeds clean`);
process.exit(clean === rows.length ? 0 : 1);

function summary(runs: SeedRun[], wall: number): string {
  const cell = (t: string) => t.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
  const lines = [
    '# The suite against hostile targets',
    '',
    `${runs.length} seed(s), ${Math.round(wall)} s in all, ${parallel} at once; run timeout ${runTimeoutMs / 1000} s; profile ${profile}${values.only ? `; only \`${values.only}\`` : ''}.`,
    'A seed is clean when its run ended within its timeout, wrote results.json, summary.md and junit.xml, and recorded',
    'no `error` (instruments/hostile/README.md).',
    '',
    '| seed | clean | wall (s) | hostility | tokens | pass | fail | error | skipped | not applicable | not run | problems |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${r.seed} | ${r.clean ? 'yes' : '**no**'} | ${r.seconds.toFixed(0)} | ${r.temper.hostility} | ${r.temper.tokensWork ? 'work' : 'hostile'} | ${['pass', 'fail', 'error', 'skipped', 'not-applicable', 'not-run'].map((s) => r.counts[s] ?? 0).join(' | ')} | ${cell(r.problems.join('; '))} |`,
    ),
    '',
    '## Errors',
    '',
    ...(runs.some((r) => r.errors.length)
      ? runs.flatMap((r) => r.errors.map((e) => `- seed ${r.seed}, \`${e.id}\`: ${cell(e.reason)}`))
      : ['None.']),
    '',
    '## What the targets answered',
    '',
    '| seed | ' + 'requests by kind |',
    '|---|---|',
    ...runs.map(
      (r) =>
        `| ${r.seed} | ${Object.entries(r.served)
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')} |`,
    ),
    '',
    `Hostile: ${runs.filter((r) => r.clean).length}/${runs.length} seeds clean`,
    '',
  ];
  return lines.join('\n');
}
