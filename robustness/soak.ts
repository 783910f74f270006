// `npm run soak [-- --minutes 3 --connections 50 --target URL --clients file --report-dir reports/soak]`: mixed reads,
// writes and webhook deliveries for minutes (robustness/README.md). Exits 1 unless there were zero
// errors, memory levelled off and the p99 stayed flat; 2 on a bad option.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { baseClients, type ClientCredentials } from '../openapi/clients.ts';
import { writeSoakReport } from './soak-report.ts';
import { runSoak } from './soak-run.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    target: { type: 'string' },
    clients: { type: 'string' },
    'report-dir': { type: 'string', default: 'reports/soak' },
  },
});
const minutes = Number(values.minutes);
const connections = Number(values.connections);
if (!(minutes > 0) || !Number.isInteger(connections) || connections < 1) {
  console.error('--minutes takes a number above 0 and --connections a whole number from 1');
  process.exit(2);
}
// As the suite's CONFORMANCE_CLIENTS: a JSON file of App clients by role; the soak uses `full` (every scope).
const client = values.clients
  ? (JSON.parse(readFileSync(values.clients, 'utf8')) as { full?: ClientCredentials }).full
  : baseClients.full;
if (!client) {
  console.error(`${values.clients} names no \`full\` client`);
  process.exit(2);
}

const summary = await runSoak({
  seconds: Math.round(minutes * 60),
  connections,
  target: values.target,
  client,
  log: (line) => console.log(line),
});
const files = writeSoakReport(summary, values['report-dir']);
const v = summary.verdicts;
console.log(
  `soak: ${summary.requests} requests in ${summary.seconds} s (${summary.ratePerSecond}/s) at ${connections} ` +
    `connections; ${summary.deliveries.unique} of ${summary.deliveries.expected} deliveries\n` +
    `  errors: ${v.errors.reason}\n  memory: ${v.memory.reason}\n  p99:    ${v.p99.reason}\n` +
    `${summary.ok ? 'PASS' : 'FAIL'}. Report: ${files.join(', ')}`,
);
process.exit(summary.ok ? 0 : 1);
