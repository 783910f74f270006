// `npm run proxy:compare -- [--only TERMS] [--fault NAME] [--variant NAME --dialect FILE] [--profile contract|source]
// [--workers N] [--out DIR]`: the proxy's verdicts on a recorded suite run against the suite's own, so that a rule
// of the proxy that disagrees with its requirement shows. The reference server (with FAULTS=NAME or VARIANTS=NAME
// when given, instruments/) behind the proxy
// (conformance/proxy/), the suite run through the proxy (TARGET_URL = the proxy; the same profile and dialect for
// both), the proxy stopped;
// then, for every requirement the proxy judged from the traffic and the suite ran, whether the two agree: the proxy
// failed it exactly when the suite did. Writes <out>/compare.json and compare.md; exits 0 only when they all agree.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startReference, startServer } from '../shared/server-process.ts';
import { bin, root } from './run.ts';

interface Row {
  id: string;
  status: string;
  basis?: string;
  reason?: string;
  exchanges?: number;
}
const read = (file: string): Row[] => (JSON.parse(readFileSync(file, 'utf8')) as { requirements: Row[] }).requirements;

const { values } = parseArgs({
  options: {
    only: {
      type: 'string',
      default:
        '@products,@pagination,listProducts.*,getProduct.*,createProduct.*,updateProduct.*,deleteProduct.*,routing.*',
    },
    fault: { type: 'string' },
    variant: { type: 'string' },
    dialect: { type: 'string' },
    profile: { type: 'string', default: 'contract' },
    workers: { type: 'string', default: '2' },
    out: { type: 'string' },
  },
});
const out = values.out ?? join(root, 'reports', 'proxy-compare', values.fault ?? values.variant ?? 'reference');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// The clients the suite assumes, named as the dialect names its scopes (D-07), given to the server as the suite's own
// global setup gives them (conformance/global-setup.ts).
if (values.dialect) process.env.CONFORMANCE_DIALECT = values.dialect;
const { assumedClients } = await import('../conformance/lib/config.ts');
const clients = join(out, 'clients.server.json');
writeFileSync(clients, JSON.stringify(Object.values(assumedClients())));
const server = await startReference({
  args: ['--clients', clients],
  env: {
    ...process.env,
    ...(values.fault ? { FAULTS: values.fault } : {}),
    ...(values.variant ? { VARIANTS: values.variant } : {}),
  },
});
const proxy = await startServer({
  command: [process.execPath, join(root, 'bin', 'store-api-conformance.ts'), 'proxy'],
  args: [
    ...['--target', server.url, '--port', '0', '--report-dir', join(out, 'proxy'), '--profile', values.profile],
    ...(values.dialect ? ['--dialect', values.dialect] : []),
  ],
  onOutput: (chunk) => writeFileSync(join(out, 'proxy.log'), chunk, { flag: 'a' }),
});
console.log(
  `reference server ${server.url}${values.fault ? ` with FAULTS=${values.fault}` : ''}, the proxy at ${proxy.url}`,
);
const started = Date.now();
const code = await new Promise<number>((resolve) => {
  const child = spawn(bin('playwright'), ['test'], {
    cwd: root,
    env: {
      ...process.env,
      TARGET_URL: proxy.url,
      CONFORMANCE_ONLY: values.only,
      CONFORMANCE_REPORT_DIR: join(out, 'suite'),
      CONFORMANCE_WORKERS: values.workers,
      CONFORMANCE_PROFILE: values.profile,
      ...(values.dialect ? { CONFORMANCE_DIALECT: values.dialect } : {}),
      PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: Buffer[] = [];
  child.stdout.on('data', (d: Buffer) => log.push(d));
  child.stderr.on('data', (d: Buffer) => log.push(d));
  child.on('close', (c) => {
    writeFileSync(join(out, 'suite.log'), Buffer.concat(log));
    resolve(c ?? 1);
  });
});
console.log(`suite: exit ${code} after ${Math.round((Date.now() - started) / 1000)} s`);
await proxy.stop('SIGTERM', 20_000);
await server.stop();

const suiteFile = join(out, 'suite', 'results.json');
const proxyFile = join(out, 'proxy', 'results.json');
if (!existsSync(suiteFile) || !existsSync(proxyFile)) {
  console.error(`missing ${existsSync(suiteFile) ? proxyFile : suiteFile}; see ${out}/suite.log and proxy.log`);
  process.exit(1);
}
const suite = new Map(read(suiteFile).map((r) => [r.id, r]));
const judged = read(proxyFile);
const verdict = (status: string) =>
  status === 'pass' ? 'pass' : status === 'fail' || status === 'error' ? 'fail' : undefined;
const both = judged.filter((r) => suite.has(r.id) && verdict(suite.get(r.id)!.status) !== undefined);
const agree = both.filter((r) => verdict(suite.get(r.id)!.status) === r.status);
const disagree = both.filter((r) => verdict(suite.get(r.id)!.status) !== r.status);
const outside = judged.filter((r) => !suite.has(r.id));
const notJudgedBySuite = judged.filter((r) => suite.has(r.id) && verdict(suite.get(r.id)!.status) === undefined);
const proxyResults = JSON.parse(readFileSync(proxyFile, 'utf8')) as { judgeable: number; exchanges: number };
const summary = {
  fault: values.fault ?? null,
  only: values.only,
  exchanges: proxyResults.exchanges,
  judgeable: proxyResults.judgeable,
  judged: judged.length,
  compared: both.length,
  agree: agree.length,
  // The proxy failed what the suite passed: a violation the traffic of another requirement showed (each with its
  // exchange in <out>/proxy/results.json), or a check the proxy makes that the suite's requirement does not.
  proxyOnly: disagree.filter((r) => r.status === 'fail').length,
  // The suite failed what the proxy passed: a failure the traffic does not show (an omission of data the proxy never
  // saw made, a refusal it cannot tell wrong), or a rule the proxy lacks.
  suiteOnly: disagree.filter((r) => r.status === 'pass').length,
  disagree: disagree.map((r) => ({
    id: r.id,
    proxy: r.status,
    proxyReason: r.reason,
    suite: suite.get(r.id)!.status,
    suiteReason: suite.get(r.id)!.reason,
  })),
  failedBoth: agree.filter((r) => r.status === 'fail').map((r) => r.id),
  judgedOutsideTheRun: outside.map((r) => `${r.id} ${r.status}`),
  notJudgedBySuite: notJudgedBySuite.map((r) => `${r.id} (suite: ${suite.get(r.id)!.status})`),
};
writeFileSync(join(out, 'compare.json'), `${JSON.stringify(summary, null, 2)}\n`);
writeFileSync(
  join(out, 'compare.md'),
  [
    `# The proxy against the suite${values.fault ? `, fault ${values.fault}` : ', the reference server'}`,
    '',
    `Selection \`${values.only}\`; ${proxyResults.exchanges} exchanges. The proxy judged ${judged.length} requirements (of the ${proxyResults.judgeable} it can judge from traffic); ${both.length} of them the suite ran and judged: **${agree.length} agree**, **${disagree.length} disagree** (${summary.proxyOnly} failed by the proxy only, ${summary.suiteOnly} by the suite only).`,
    '',
    ...(summary.failedBoth.length ? ['Failed by both:', '', ...summary.failedBoth.map((id) => `- \`${id}\``), ''] : []),
    ...(disagree.length
      ? [
          '## Disagreements',
          '',
          ...summary.disagree.map(
            (d) =>
              `- \`${d.id}\`: proxy ${d.proxy} (${d.proxyReason ?? ''}), suite ${d.suite} (${d.suiteReason ?? ''})`,
          ),
          '',
        ]
      : []),
    `Judged by the proxy from traffic of other requirements, outside the run: ${outside.length}.`,
    '',
  ].join('\n'),
);
console.log(
  `proxy judged ${judged.length}; compared ${both.length}: ${agree.length} agree, ${disagree.length} disagree (${summary.proxyOnly} failed by the proxy only, ${summary.suiteOnly} by the suite only; ${out}/compare.md)`,
);
for (const d of summary.disagree)
  console.log(
    `  ${d.id}: proxy ${d.proxy} (${d.proxyReason ?? ''}); suite ${d.suite} (${(d.suiteReason ?? '').slice(0, 200)})`,
  );
process.exit(disagree.length ? 1 : 0);
