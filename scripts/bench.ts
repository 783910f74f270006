// `npm run bench [-- --smoke]`: the reference server against its peers (Prism mock, json-server), at scale
// (10k, 100k, 1M products), the conformance suite's speed and the server's peak memory — in ONE run, reported
// as ratios (absolute times on a shared machine are noise). Writes results.json, summary.md and chart.svg to
// reports/bench/ (a temporary directory with --smoke: tiny sizes, 1-second runs, no suite; part of `npm test`).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chart } from './bench/chart.ts';
import { ADMIN, createdOn, product, seedCatalogue, sku } from './bench/seed.ts';
import { bin, root } from './run.ts';

const smoke = process.argv.includes('--smoke');
const cfg = smoke
  ? { sizes: [100, 300], peerSize: 100, duration: 1, amount: 100, connections: 10, suite: false, out: mkdtempSync(join(tmpdir(), 'bench-smoke-')) }
  : { sizes: [10_000, 100_000, 1_000_000], peerSize: 10_000, duration: 5, amount: undefined, connections: 50, suite: true, out: join(root, 'reports/bench') };
/** The reference catalogue compared with the peers, and where the p99 bar applies. */
const peerCatalogue = cfg.sizes[1]!;
const work = mkdtempSync(join(tmpdir(), 'bench-'));
mkdirSync(cfg.out, { recursive: true });

interface Load { rps: number; p50: number; p99: number; total: number; non2xx: number; errors: number; timeouts: number }
interface Target { name: string; list: string; listOne: string; get: string; create: string; body: unknown; headers: Record<string, string> }

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const a = s.address(); s.close(() => resolve(typeof a === 'object' && a ? a.port : 0)); });
});

/** Starts a server process and waits until its port answers HTTP. */
async function start(command: string, args: string[], port: number): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${command} did not start listening on ${port}`);
}
const stop = (child: ChildProcess) => new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });

/** One autocannon run in its own process. */
function load(url: string, opts: { method?: string; headers?: Record<string, string>; body?: unknown; create?: boolean; duration?: number } = {}): Promise<Load> {
  const options = { url, connections: cfg.connections, duration: cfg.duration, amount: cfg.amount, ...opts };
  return new Promise((resolve, reject) => execFile(process.execPath, [join(root, 'scripts/bench/load.ts'), JSON.stringify(options)], { cwd: root }, (err, stdout) => {
    if (err) reject(err); else resolve(JSON.parse(stdout.trim().split('\n').pop()!) as Load);
  }));
}

async function measure(t: Target): Promise<Record<string, Load>> {
  const headers = t.headers;
  if (!smoke) await load(t.list, { headers, duration: 1 }); // warm-up (JIT, caches)
  return {
    list: await load(t.list, { headers }),
    listOne: await load(t.listOne, { headers }),
    get: await load(t.get, { headers }),
    create: await load(t.create, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: t.body, create: true }),
  };
}

const refPaths = (base: string, n: number) => ({
  list: `${base}/api/v2/products.json?page=1&limit=100`, listOne: `${base}/api/v2/products.json?page=1&limit=1`, get: `${base}/api/v2/products/${Math.ceil(n / 2)}.json`, create: `${base}/api/v2/products.json`,
  body: { data: { type: 'physical', sku: 'X', title: 'X', isActive: true, packagedWeight: 280 } },
});

/** Queries whose matches stay the same size at every scale (1000 rows, 4 skus, 0.1 % of products), and a page 90 % deep. */
function scaleQueries(n: number): Record<string, string> {
  const last = Math.min(1000, n / 10);
  const skus = [1, 0.25, 0.5, 0.75, 1].map((f) => sku(Math.max(1, Math.floor(n * f))).toLowerCase()).slice(1);
  return {
    'list (page 1 of 100)': 'page=1&limit=100',
    'id:min (last 1000)': `id:min=${n - last + 1}`,
    'sku:in (4 skus, any case)': `sku:in=${skus.join(',')}`,
    [`status=admin (${ADMIN} products)`]: 'status=admin',
    'createdOn:after (last 1000)': `createdOn:after=${encodeURIComponent(createdOn(n - last))}`,
    'deep page (90 %)': `page=${Math.max(1, Math.floor((n / 100) * 0.9))}&limit=100`,
  };
}

const peers: Record<string, Record<string, Load>> = {};
const ceiling: Record<'http' | 'express', Load> = {} as Record<'http' | 'express', Load>;
const scale: Record<number, { seedSeconds: number; queries: Record<string, Load>; get: Load }> = {};
let peakRssMb = 0;
const started = Date.now();
try {
  // 0. The ceiling: bare node:http and bare Express answering a fixed body (scripts/bench/ceiling.ts).
  for (const kind of ['http', 'express'] as const) {
    const port = await freePort();
    const server = await start(process.execPath, ['scripts/bench/ceiling.ts', kind, String(port)], port);
    console.log(`measuring the ceiling (bare ${kind})`);
    if (!smoke) await load(`http://127.0.0.1:${port}/`, { duration: 1 });
    ceiling[kind] = await load(`http://127.0.0.1:${port}/`);
    await stop(server);
  }

  // 1. Peers: Prism on the same document (static examples), json-server on a catalogue of the same products.
  {
    const port = await freePort();
    const prism = await start(bin('prism'), ['mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'error', 'openapi/dist/openapi.json'], port);
    console.log('measuring Prism mock');
    peers.prism = await measure({ name: 'prism', ...refPaths(`http://127.0.0.1:${port}`, 2), headers: { authorization: 'Bearer benchmark' } });
    await stop(prism);
  }
  {
    const db = join(work, 'db.json');
    writeFileSync(db, JSON.stringify({ products: Array.from({ length: cfg.peerSize }, (_, i) => product(i + 1, cfg.peerSize)) }));
    const port = await freePort();
    const server = await start(bin('json-server'), ['--quiet', '--host', '127.0.0.1', '--port', String(port), db], port);
    console.log('measuring json-server');
    const base = `http://127.0.0.1:${port}`;
    const { id: _id, ...body } = product(1, cfg.peerSize);
    peers.jsonServer = await measure({ name: 'json-server', list: `${base}/products?_page=1&_limit=100`, listOne: `${base}/products?_page=1&_limit=1`, get: `${base}/products/${cfg.peerSize / 2}`, create: `${base}/products`, body, headers: {} });
    await stop(server);
  }

  // 2. Scale, and the reference server against the peers at the middle catalogue.
  for (const n of cfg.sizes) {
    const file = join(work, `products-${n}.sqlite`);
    const seedSeconds = await seedCatalogue(file, n);
    console.log(`seeded ${n} products in ${seedSeconds.toFixed(1)} s`);
    const port = await freePort();
    const server = await start(process.execPath, ['reference-server/server.ts', '--port', String(port), '--db', file], port);
    const base = `http://127.0.0.1:${port}`;
    const token = await fetch(`${base}/admin/oauth/token.json`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'conformance-full', client_secret: 'conformance-full-secret' }) })
      .then((r) => r.json() as Promise<{ access_token: string }>);
    const headers = { authorization: `Bearer ${token.access_token}` };
    const queries: Record<string, Load> = {};
    if (!smoke) await load(`${base}/api/v2/products.json`, { headers, duration: 1 }); // warm-up
    for (const [name, q] of Object.entries(scaleQueries(n))) queries[name] = await load(`${base}/api/v2/products.json?${q}`, { headers });
    const get = await load(refPaths(base, n).get, { headers });
    scale[n] = { seedSeconds, queries, get };
    if (n === peerCatalogue) {
      console.log(`measuring the reference server against the peers (${n} products)`);
      peers.reference = await measure({ name: 'reference', ...refPaths(base, n), headers });
    }
    if (n === cfg.sizes.at(-1)) peakRssMb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    await stop(server);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

// 3. The conformance suite against the reference server it starts.
let suite: { seconds: number; requirements: number; perSecond: number; exitCode: number } | null = null;
if (cfg.suite) {
  console.log('timing the conformance suite');
  const dir = join(root, 'reports/bench/conformance');
  const t0 = Date.now();
  const exitCode = await new Promise<number>((resolve) => spawn(process.execPath, ['scripts/conformance.ts'], {
    cwd: root, stdio: 'ignore', env: { ...process.env, TARGET_URL: '', CONFORMANCE_REPORT_DIR: dir, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}` },
  }).on('exit', (code) => resolve(code ?? 1)));
  const seconds = (Date.now() - t0) / 1000;
  const results = join(dir, 'results.json');
  const requirements = existsSync(results) ? (JSON.parse(readFileSync(results, 'utf8')) as { requirements: unknown[] }).requirements.length : 0;
  suite = { seconds, requirements, perSecond: requirements / seconds, exitCode };
}

// Ratios and bars.
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
const fmt = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? 'n/a' : v.toFixed(digits));
const ops = ['list', 'listOne', 'get', 'create'] as const;
const [small, , large] = [cfg.sizes[0]!, cfg.sizes[1]!, cfg.sizes.at(-1)!];
const ref = peers.reference!;
const vsPeer = (peer: string) => Object.fromEntries(ops.map((op) => [op, ratio(ref[op]!.rps, peers[peer]![op]!.rps)]));
const scaleRatio = Object.fromEntries(Object.keys(scale[small]!.queries).map((q) => [q, ratio(scale[large]!.queries[q]!.p50, scale[small]!.queries[q]!.p50)]));
scaleRatio['get one'] = ratio(scale[large]!.get.p50, scale[small]!.get.p50);
const vsPrism = vsPeer('prism');
const bars = [
  { bar: 'list and get ≥ 3× the requests/s of the Prism mock', met: (vsPrism.list ?? 0) >= 3 && (vsPrism.get ?? 0) >= 3,
    value: `list (page of 100) ${fmt(vsPrism.list)}×, list (page of 1, the size of Prism's example page) ${fmt(vsPrism.listOne)}×, get ${fmt(vsPrism.get)}×` },
  { bar: `list and get p99 < 10 ms at ${cfg.connections} connections (${peerCatalogue} products)`, met: ref.list!.p99 < 10 && ref.get!.p99 < 10,
    value: `list ${ref.list!.p99} ms, get ${ref.get!.p99} ms (the ceiling here: bare Express ${ceiling.express.p99} ms at ${ceiling.express.rps.toFixed(0)} req/s, bare node:http ${ceiling.http.p99} ms)` },
  { bar: `list latency at ${large} within 2× of ${small} (p50, page 1 and filtered lists)`, met: Object.entries(scaleRatio).every(([q, r]) => q.startsWith('deep') || (r ?? 0) <= 2), value: Object.entries(scaleRatio).map(([q, r]) => `${q.split(' ')[0]} ${fmt(r)}×`).join(', ') },
  ...(suite ? [{ bar: 'a full conformance suite run under 30 s', met: suite.seconds < 30, value: `${suite.seconds.toFixed(1)} s` }] : []),
];
const failures = [...Object.entries(peers).flatMap(([p, r]) => Object.entries(r).map(([op, l]) => [`${p} ${op}`, l] as const)),
  ...Object.entries(scale).flatMap(([n, s]) => [...Object.entries(s.queries), ['get one', s.get] as const].map(([q, l]) => [`${n} ${q}`, l] as const))]
  .filter(([, l]) => l.non2xx || l.errors || l.timeouts).map(([name, l]) => `${name}: ${l.non2xx} non-2xx, ${l.errors} errors, ${l.timeouts} timeouts`);

const results = {
  when: new Date().toISOString(), smoke, node: process.version, connections: cfg.connections, durationSeconds: cfg.duration,
  wallSeconds: (Date.now() - started) / 1000, peerCatalogue, jsonServerCatalogue: cfg.peerSize,
  ceiling, peers, ratios: { vsPrism, vsJsonServer: vsPeer('jsonServer'), scaleP50: scaleRatio }, scale, peakRssMb, suite, bars, failures,
};
writeFileSync(join(cfg.out, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

const rows = (cells: (string | number)[][]) => cells.map((c) => `| ${c.join(' | ')} |`).join('\n');
const md = `# Benchmarks

\`npm run bench${smoke ? ' -- --smoke' : ''}\`, ${results.when}, Node ${process.version}. Every number comes from this one run on one
machine; absolute times are noise on a shared machine, the **ratios** are the result. autocannon runs in its own
process against servers in their own processes on 127.0.0.1, ${cfg.connections} connections, ${cfg.duration} s per measurement.

## Bars

${rows([['bar', 'result', 'met'], ['---', '---', '---'], ...bars.map((b) => [b.bar, b.value, b.met ? 'yes' : '**no**'])])}

${failures.length ? `Responses that were not 2xx (the run is suspect):\n\n${failures.map((f) => `- ${f}`).join('\n')}\n` : 'Every measured response was 2xx.'}

## The ceiling of this machine

The same load generator against servers that do no work: bare node:http and bare Express 5 (the reference
server's settings and body parser, no handler) answering a fixed 60-byte JSON body. The load generator shares the
machine's cores with the server, so no server measured here can beat these; read the latency bar against them.
By Little's law, ${cfg.connections} connections always in flight at a mean latency of 5 ms take ${(cfg.connections / 0.005).toFixed(0)} req/s, so a p99 under
10 ms asks for about that throughput.

${rows([['server', 'req/s', 'p50 ms', 'p99 ms', 'reference get ÷ this (req/s)'], ['---', '---:', '---:', '---:', '---:'],
  ...(['http', 'express'] as const).map((k) => [`bare ${k === 'http' ? 'node:http' : 'Express'}`, ceiling[k].rps.toFixed(0), ceiling[k].p50, ceiling[k].p99, `${fmt(ratio(ref.get!.rps, ceiling[k].rps))}×`])])}

## Reference server against its peers

The reference server holds ${peerCatalogue} products (SQLite file); json-server holds ${cfg.peerSize} of the same products
(its JSON file, rewritten on every create); Prism answers the document's examples. Equivalent endpoints: list a
page of 100 (\`list\`) and of 1 (\`listOne\`: Prism always answers its example page, which holds one product, so
this is the like-for-like list against Prism), get one, create one (a new sku each time; the reference server
commits each create durably — WAL, synchronous=FULL — with its webhook outbox row, json-server rewrites its file).

${rows([['endpoint', 'server', 'req/s', 'p50 ms', 'p99 ms', 'reference ÷ peer (req/s)'], ['---', '---', '---:', '---:', '---:', '---:'],
  ...ops.flatMap((op) => ([['reference', 'reference'], ['Prism mock', 'prism'], ['json-server', 'jsonServer']] as const).map(([label, key]) => [
    op, label, peers[key]![op]!.rps.toFixed(0), peers[key]![op]!.p50, peers[key]![op]!.p99, key === 'reference' ? '' : `${fmt(ratio(ref[op]!.rps, peers[key]![op]!.rps))}×`]))])}

## Scale

Catalogues of ${cfg.sizes.join(', ')} products, seeded in bulk through the server's schema. Each filter matches the
same number of products at every size, so a p50 that grows with the catalogue means a scan. The deep page is 90 %
into the catalogue: page numbers (D-03) mean skipping rows, which no index avoids; the server skips from the end
past the middle (10 % of the rows here), so it grows with the catalogue, by design outside the 2× bar.

${rows([['query', ...cfg.sizes.map((n) => `p50 ms @ ${n}`), ...cfg.sizes.map((n) => `req/s @ ${n}`), `p50 ${large} ÷ ${small}`], ['---', ...cfg.sizes.map(() => '---:'), ...cfg.sizes.map(() => '---:'), '---:'],
  ...[...Object.keys(scale[small]!.queries), 'get one'].map((q) => {
    const at = (n: number) => (q === 'get one' ? scale[n]!.get : scale[n]!.queries[q]!);
    return [q, ...cfg.sizes.map((n) => at(n).p50), ...cfg.sizes.map((n) => at(n).rps.toFixed(0)), `${fmt(scaleRatio[q]!)}×`];
  })])}

Seeding: ${cfg.sizes.map((n) => `${n} in ${scale[n]!.seedSeconds.toFixed(1)} s`).join(', ')}.
Peak RSS of the reference server after the ${large}-product run: ${peakRssMb.toFixed(0)} MB (VmHWM).

## Conformance suite

${suite ? `A full run against the reference server it starts: ${suite.seconds.toFixed(1)} s wall, ${suite.requirements} requirements, ${suite.perSecond.toFixed(1)} requirements/s (exit code ${suite.exitCode}).` : 'Not run (--smoke).'}

![ratios](chart.svg)

Raw numbers: [results.json](results.json).
`;
writeFileSync(join(cfg.out, 'summary.md'), md);
writeFileSync(join(cfg.out, 'chart.svg'), chart([
  { title: 'Reference ÷ Prism mock, requests/s (listOne: a page of 1, as Prism answers)', bars: ops.map((op) => ({ label: op, value: vsPrism[op] ?? null })), target: { value: 3, label: 'bar 3×' } },
  { title: 'Reference ÷ json-server, requests/s', bars: ops.map((op) => ({ label: op, value: results.ratios.vsJsonServer[op] ?? null })) },
  { title: `p50 at ${large} ÷ p50 at ${small} products`, bars: Object.entries(scaleRatio).map(([label, value]) => ({ label, value })), target: { value: 2, label: 'bar 2×' } },
]));
console.log(`\n${md.split('\n## Reference')[0]}\nWritten to ${cfg.out}/ (summary.md, chart.svg, results.json) in ${results.wallSeconds.toFixed(0)} s.`);
process.exitCode = failures.length ? 1 : 0;
