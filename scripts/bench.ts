// `npm run bench [-- --smoke]`: the reference server against its peers (Prism mock, json-server), at scale
// (10k, 100k, 1M products), the conformance suite's speed and the server's peak memory — in ONE run, reported
// as ratios (absolute times on a shared machine are noise). Measures and writes results.json; bench/report.ts
// turns it into summary.md and chart.svg, all in reports/bench/ (a temporary directory with --smoke: tiny sizes,
// 1-second runs, no suite; part of `npm test`, so the script cannot rot).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { report, type Load, type Op, type Results } from './bench/report.ts';
import { ADMIN, createdOn, product, seedCatalogue, sku } from './bench/seed.ts';
import { bin, root } from './run.ts';

const smoke = process.argv.includes('--smoke');
const cfg = smoke
  ? { sizes: [100, 300], peerSize: 100, duration: 1, amount: 100, connections: 10, sweep: [1], suite: false, out: mkdtempSync(join(tmpdir(), 'bench-smoke-')) }
  : { sizes: [10_000, 100_000, 1_000_000], peerSize: 10_000, duration: 5, amount: undefined, connections: 50, sweep: [1, 10, 25], suite: true, out: join(root, 'reports/bench') };
/** The reference catalogue compared with the peers, and where the p99 bar applies. */
const peerCatalogue = cfg.sizes[1]!;
const work = mkdtempSync(join(tmpdir(), 'bench-'));
mkdirSync(cfg.out, { recursive: true });

interface Target { list: string; listOne: string; get: string; create: string; body: unknown; headers: Record<string, string> }

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
function load(url: string, opts: { method?: string; headers?: Record<string, string>; body?: unknown; create?: boolean; duration?: number; connections?: number } = {}): Promise<Load> {
  const options = { url, connections: cfg.connections, duration: cfg.duration, amount: cfg.amount, ...opts };
  return new Promise((resolve, reject) => execFile(process.execPath, [join(root, 'scripts/bench/load.ts'), JSON.stringify(options)], { cwd: root }, (err, stdout) => {
    if (err) reject(err); else resolve(JSON.parse(stdout.trim().split('\n').pop()!) as Load);
  }));
}

const ops: Op[] = ['list', 'listOne', 'get', 'create'];
/** Measures `only` of the four equivalent endpoints, after a warm-up (JIT, caches). */
async function measure(t: Target, only: Op[] = ops): Promise<Partial<Record<Op, Load>>> {
  const { headers } = t;
  for (const [op, size] of [['list', 100], ['listOne', 1]] as const) {
    if (!only.includes(op)) continue;
    const body = await fetch(t[op], { headers }).then((r) => r.json() as Promise<unknown[] | { data: unknown[] }>);
    const got = (Array.isArray(body) ? body : body.data).length;
    if (got !== size) throw new Error(`${t[op]} answered ${got} items, not ${size}: the endpoints would not be equivalent`);
  }
  if (!smoke) await load(t[only[0]!], { headers, duration: 1 });
  const out: Partial<Record<Op, Load>> = {};
  for (const op of only) {
    out[op] = op === 'create'
      ? await load(t.create, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: t.body, create: true })
      : await load(t[op], { headers });
  }
  return out;
}

const refPaths = (base: string, n: number) => ({
  list: `${base}/api/v2/products.json?page=1&limit=100`, listOne: `${base}/api/v2/products.json?page=1&limit=1`, get: `${base}/api/v2/products/${Math.ceil(n / 2)}.json`, create: `${base}/api/v2/products.json`,
  body: { data: { type: 'physical', sku: 'X', title: 'X', isActive: true, packagedWeight: 280 } },
});

/**
 * The bundled document with one change: listProducts answers an example page of 100 products (each the Product
 * schema's own property examples), so Prism's `list` does the work of a page of 100 like every other server. Prism
 * on the document as is answers the one-product page it builds from the schema whatever the `limit`.
 */
function withPageOf100(doc: { paths: Record<string, Record<string, { operationId?: string; responses: Record<string, { content: Record<string, Record<string, unknown>> }> }>>; components: { schemas: Record<string, { properties: Record<string, { example?: unknown }> }> } }): unknown {
  const copy = structuredClone(doc);
  const op = Object.values(copy.paths).flatMap((item) => Object.values(item)).find((o) => o.operationId === 'listProducts')!;
  const example = Object.fromEntries(Object.entries(copy.components.schemas.Product!.properties).map(([k, s]) => [k, s.example ?? null]));
  const data = Array.from({ length: 100 }, (_, i) => ({ ...example, id: i + 1, quickfind: i + 1, sku: `${String(example.sku)}-${i + 1}` }));
  op.responses['200']!.content['application/json']!.examples = { pageOf100: { value: {
    success: true, status: 200, data, pagination: { page: 1, limit: 100, total: peerCatalogue, totalPages: Math.ceil(peerCatalogue / 100) },
    links: { self: '/api/v2/products.json?page=1&limit=100', previous: null, next: '/api/v2/products.json?page=2&limit=100' },
  } } };
  return copy;
}

/**
 * Queries whose matches stay the same size at every scale (1000 rows, 4 skus, 0.1 % of products), so a p50 that
 * grows means a scan; `status=public`, which matches all but 1000, because counting it must not read every product;
 * and a page 90 % deep, which must not step over 90 % (or, from the end, 10 %) of the ids.
 */
function scaleQueries(n: number): Record<string, string> {
  const last = Math.min(1000, n / 10);
  const skus = [1, 0.25, 0.5, 0.75, 1].map((f) => sku(Math.max(1, Math.floor(n * f))).toLowerCase()).slice(1);
  return {
    'list (page 1 of 100)': 'page=1&limit=100',
    'id:min (last 1000)': `id:min=${n - last + 1}`,
    'sku:in (4 skus, any case)': `sku:in=${skus.join(',')}`,
    [`status=admin (${ADMIN} products)`]: 'status=admin',
    [`status=public (all but ${ADMIN})`]: 'status=public',
    'createdOn:after (last 1000)': `createdOn:after=${encodeURIComponent(createdOn(n - last))}`,
    'deep page (90 %)': `page=${Math.max(1, Math.floor((n / 100) * 0.9))}&limit=100`,
  };
}

const peers = {} as Results['peers'];
const ceiling = {} as Results['ceiling'];
const sweep: Results['sweep'] = {};
const scale: Results['scale'] = {};
let peakRssMb = 0;
const started = Date.now();
try {
  // 1. Peers: Prism on the same document (static examples), json-server on a catalogue of the same products.
  {
    const doc = JSON.parse(readFileSync(join(root, 'openapi/dist/openapi.json'), 'utf8'));
    const copy = join(work, 'openapi-page-of-100.json');
    writeFileSync(copy, JSON.stringify(withPageOf100(doc)));
    const prism: Partial<Record<Op, Load>> = {};
    for (const [file, only] of [['openapi/dist/openapi.json', ['listOne', 'get', 'create']], [copy, ['list']]] as const) {
      const port = await freePort();
      const server = await start(bin('prism'), ['mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'error', file], port);
      console.log(`measuring Prism mock (${only.join(', ')})`);
      Object.assign(prism, await measure({ ...refPaths(`http://127.0.0.1:${port}`, 2), headers: { authorization: 'Bearer benchmark' } }, [...only]));
      await stop(server);
    }
    peers.prism = prism as Record<Op, Load>;
  }
  {
    const db = join(work, 'db.json');
    writeFileSync(db, JSON.stringify({ products: Array.from({ length: cfg.peerSize }, (_, i) => product(i + 1, cfg.peerSize)) }));
    const port = await freePort();
    const server = await start(bin('json-server'), ['--quiet', '--host', '127.0.0.1', '--port', String(port), db], port);
    console.log('measuring json-server');
    const base = `http://127.0.0.1:${port}`;
    const { id: _id, ...body } = product(1, cfg.peerSize);
    peers.jsonServer = await measure({ list: `${base}/products?_page=1&_limit=100`, listOne: `${base}/products?_page=1&_limit=1`, get: `${base}/products/${cfg.peerSize / 2}`, create: `${base}/products`, body, headers: {} }) as Record<Op, Load>;
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
      const paths = refPaths(base, n);
      peers.reference = await measure({ ...paths, headers }) as Record<Op, Load>;
      // Latency against concurrency: where the p99 bar holds on this machine.
      for (const connections of cfg.sweep) sweep[connections] = { list: await load(paths.list, { headers, connections }), get: await load(paths.get, { headers, connections }) };
      // The reference's own answers, for the ceiling at the same bytes (step 3).
      for (const op of ['list', 'get'] as const) writeFileSync(join(work, `${op}.json`), await fetch(paths[op], { headers }).then((r) => r.text()));
    }
    if (n === cfg.sizes.at(-1)) peakRssMb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    await stop(server);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  }

  // 3. The ceiling: servers that do no work (scripts/bench/ceiling.ts) answering a tiny body, and bare Express
  // sending the reference's own list and get answers from memory: what no server can beat on this machine.
  for (const [name, kind, body] of [['tiny (node:http)', 'http'], ['tiny (Express)', 'express'], ['get bytes (Express)', 'express', 'get.json'], ['list bytes (Express)', 'express', 'list.json']] as const) {
    const port = await freePort();
    const server = await start(process.execPath, ['scripts/bench/ceiling.ts', kind, String(port), ...(body ? [join(work, body)] : [])], port);
    console.log(`measuring the ceiling: ${name}`);
    if (!smoke) await load(`http://127.0.0.1:${port}/`, { duration: 1 });
    ceiling[name] = { ...await load(`http://127.0.0.1:${port}/`), bytes: body ? readFileSync(join(work, body)).length : 60 };
    await stop(server);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

// 4. The conformance suite against the reference server it starts.
let suite: Results['suite'] = null;
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

const results: Results = {
  when: new Date().toISOString(), smoke, node: process.version, connections: cfg.connections, durationSeconds: cfg.duration,
  wallSeconds: (Date.now() - started) / 1000, sizes: cfg.sizes, peerCatalogue, jsonServerCatalogue: cfg.peerSize,
  ceiling, peers, sweep, scale, peakRssMb, suite,
};
const { summary, failures } = report(results, cfg.out);
console.log(`\n${summary.split('\n## The ceiling')[0]}\nWritten to ${cfg.out}/ (summary.md, chart.svg, results.json) in ${results.wallSeconds.toFixed(0)} s.`);
process.exitCode = failures.length || (suite && suite.exitCode !== 0) ? 1 : 0;
