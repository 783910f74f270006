// `npm run fuzz [-- --seed N --requests N --target URL --clients file --kind K --report-dir dir]`: the fuzzer
// (robustness/README.md). Exits non-zero on any finding; the report is `summary.md` and `summary.json`.
import { parseArgs } from 'node:util';
import { kinds, type Kind } from './fuzz-generate.ts';
import { writeReport } from './fuzz-report.ts';
import { runFuzz } from './fuzz-run.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    requests: { type: 'string', default: '10000' },
    target: { type: 'string' },
    clients: { type: 'string' },
    kind: { type: 'string' },
    'report-dir': { type: 'string', default: 'reports/fuzz' },
  },
});
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const requests = Number(values.requests);
if (!Number.isInteger(seed) || !Number.isInteger(requests) || requests < 1) {
  console.error('--seed and --requests take whole numbers (--requests at least 1)');
  process.exit(2);
}
if (values.kind !== undefined && !(kinds as readonly string[]).includes(values.kind)) {
  console.error(`--kind takes one of: ${kinds.join(', ')}`);
  process.exit(2);
}
console.log(`fuzz: seed ${seed}, ${requests} requests, ${values.target ?? 'a reference server started here'}`);
const result = await runFuzz({
  seed,
  requests,
  target: values.target,
  clientsFile: values.clients,
  only: values.kind as Kind | undefined,
  reportDir: values['report-dir'],
  log: (line) => console.log(line),
});
const files = writeReport(result, values['report-dir']);
const rate = Math.round(result.requests / (result.wallMs / 1000));
console.log(
  `fuzz: seed ${seed}: ${result.requests} requests (${result.helperRequests} more for setup, snapshots and probes) ` +
    `in ${(result.wallMs / 1000).toFixed(1)} s (${rate}/s), ${result.operationsCovered} operations; ` +
    `${result.restarts} server restarts; ${result.findings.length} findings. Report: ${files.join(', ')}`,
);
process.exit(result.findings.length > 0 ? 1 : 0);
