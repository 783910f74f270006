// `npm run bench [-- --smoke] [-- --only 'label,label']`: the reference server against its peers (Prism mock,
// json-server), at scale (10k, 100k, 1M products), the conformance suite's speed and the server's peak memory — in
// ONE run, reported as ratios (absolute times on a shared machine are noise). Every server runs at once, idle while another is
// measured; every measurement is taken once per round, in rounds, and each number is the median of its rounds.
// Measures and writes results.json; report.ts turns it into summary.md and chart.svg, all in reports/bench/
// (a temporary directory with --smoke: tiny sizes, one short round, no suite; part of `npm test`, so it cannot rot).
// `--only` takes only the measurements whose label holds one of the comma-separated terms (`--only 'page 1,:in'`),
// no creates and no suite, and prints them instead of writing the report: one change measured in minutes.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundlePath, doc } from '../../openapi/contract.ts';
import { IN_LIST, PLAIN_LIST, report, SAME_BYTES, type Load, type Op, type Results } from './report.ts';
import { ADMIN, createdOn, product, seedCatalogue, sku } from './seed.ts';
import { suiteRows } from './suite.ts';
import { bin, root } from '../run.ts';
import { freePort, startServer } from '../../shared/server-process.ts';

const smoke = process.argv.includes('--smoke');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt < 0 ? undefined : (process.argv[onlyAt + 1] ?? '').split(',').filter(Boolean);
const cfg = smoke
  ? {
      sizes: [100, 300],
      peerSize: 100,
      rounds: 1,
      duration: 1,
      amount: 100,
      connections: 10,
      sweep: [1],
      suite: false,
      out: mkdtempSync(join(tmpdir(), 'bench-smoke-')),
    }
  : {
      sizes: [10_000, 100_000, 1_000_000],
      peerSize: 10_000,
      rounds: 3,
      duration: 3,
      amount: undefined,
      connections: 50,
      sweep: [1, 10, 25],
      suite: true,
      out: join(root, 'reports/bench'),
    };
/** The reference catalogue compared with the peers, and where the p99 bar applies. */
const peerCatalogue = cfg.sizes[1]!;
const work = mkdtempSync(join(tmpdir(), 'bench-'));
mkdirSync(cfg.out, { recursive: true });

/** A running server, and the headers its requests carry. */
interface Server {
  base: string;
  headers: Record<string, string>;
  pid: number | undefined;
  stop: () => Promise<unknown>;
}
/** Every server started, for the end of the run. */
const servers: Server[] = [];
/**
 * Starts a peer or a ceiling (which print no line of their own once they listen) on a free port; resolves once the
 * port answers HTTP.
 */
async function serve(
  command: string,
  args: (port: number) => string[],
  headers: Record<string, string> = {},
): Promise<Server> {
  const port = await freePort();
  const child = spawn(command, args(port), { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const server = { base: `http://127.0.0.1:${port}`, headers, pid: child.pid, stop };
  servers.push(server);
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
    if (
      await fetch(`${server.base}/`).then(
        () => true,
        () => false,
      )
    )
      return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${command} did not start listening on ${port}`);
}

/** One autocannon run in its own process. */
function load(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    create?: boolean;
    duration?: number;
    connections?: number;
  } = {},
): Promise<Load> {
  const given = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined));
  const options = { url, connections: cfg.connections, duration: cfg.duration, amount: cfg.amount, ...given };
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [join(root, 'scripts/bench/load.ts'), JSON.stringify(options)],
      { cwd: root },
      (err, stdout) => {
        if (err) reject(err);
        else resolve(JSON.parse(stdout.trim().split('\n').pop()!) as Load);
      },
    ),
  );
}

/** Each rate and latency the median of its rounds; the counts of failed responses summed, so none is hidden. */
function median(loads: Load[]): Load {
  const mid = (k: 'rps' | 'p50' | 'p99') => loads.map((l) => l[k]).sort((a, b) => a - b)[Math.floor(loads.length / 2)]!;
  const sum = (k: 'total' | 'non2xx' | 'errors' | 'timeouts') => loads.reduce((t, l) => t + l[k], 0);
  return {
    rps: mid('rps'),
    p50: mid('p50'),
    p99: mid('p99'),
    total: sum('total'),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
  };
}

/** A benchmark subject: the equivalent endpoints of one server (a page of 100, a page of 1, get one, create one). */
type BenchSubject = Record<Op, string> & { headers: Record<string, string> };
/** Fails unless the two lists hold 100 and 1 items: otherwise the servers would not be doing the same work. */
async function checkEquivalent(subject: BenchSubject): Promise<void> {
  for (const [op, size] of [
    ['list', 100],
    ['listOne', 1],
  ] as const) {
    const body = await fetch(subject[op], { headers: subject.headers }).then(
      (r) => r.json() as Promise<unknown[] | { data: unknown[] }>,
    );
    const got = (Array.isArray(body) ? body : body.data).length;
    if (got !== size)
      throw new Error(`${subject[op]} answered ${got} items, not ${size}: the endpoints would not be equivalent`);
  }
}

/** The reference server's (and Prism's) equivalent endpoints, on a catalogue of n products. */
const refPaths = (base: string, n: number): Record<Op, string> => ({
  list: `${base}/api/v2/products.json?page=1&limit=100`,
  listOne: `${base}/api/v2/products.json?page=1&limit=1`,
  get: `${base}/api/v2/products/${Math.ceil(n / 2)}.json`,
  create: `${base}/api/v2/products.json`,
});
/** A product to create; load.ts gives each request a new sku and title. */
const createBody = { data: { type: 'physical', sku: 'X', title: 'X', isActive: true, packagedWeight: 280 } };

/**
 * The bundled document with one change: listProducts answers an example page of 100 products (each the Product
 * schema's own property examples), so Prism's `list` does the work of a page of 100 like every other server. Prism
 * on the document as is answers the one-product page it builds from the schema whatever the `limit`.
 */
function withPageOf100(doc: {
  paths: Record<
    string,
    Record<
      string,
      { operationId?: string; responses: Record<string, { content: Record<string, Record<string, unknown>> }> }
    >
  >;
  components: { schemas: Record<string, { properties: Record<string, { example?: unknown }> }> };
}): unknown {
  const copy = structuredClone(doc);
  const op = Object.values(copy.paths)
    .flatMap((item) => Object.values(item))
    .find((o) => o.operationId === 'listProducts')!;
  const example = Object.fromEntries(
    Object.entries(copy.components.schemas.Product!.properties).map(([k, s]) => [k, s.example ?? null]),
  );
  const data = Array.from({ length: 100 }, (_, i) => ({
    ...example,
    id: i + 1,
    quickfind: i + 1,
    sku: `${String(example.sku)}-${i + 1}`,
  }));
  op.responses['200']!.content['application/json']!.examples = {
    pageOf100: {
      value: {
        success: true,
        status: 200,
        data,
        pagination: { page: 1, limit: 100, total: peerCatalogue, totalPages: Math.ceil(peerCatalogue / 100) },
        links: {
          self: '/api/v2/products.json?page=1&limit=100',
          previous: null,
          next: '/api/v2/products.json?page=2&limit=100',
        },
      },
    },
  };
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
    [PLAIN_LIST]: 'page=1&limit=100',
    'id:min (last 1000)': `id:min=${n - last + 1}`,
    'sku:in (4 skus, any case)': `sku:in=${skus.join(',')}`,
    [`status=admin (${ADMIN} products)`]: 'status=admin',
    [`status=public (all but ${ADMIN})`]: 'status=public',
    'createdOn:after (last 1000)': `createdOn:after=${encodeURIComponent(createdOn(n - last))}`,
    'deep page (90 %)': `page=${Math.max(1, Math.floor((n / 100) * 0.9))}&limit=100`,
    // D-70's longest list: 1000 quick-find codes spread over the catalogue, each matching one product.
    [IN_LIST]: `quickfind:in=${Array.from({ length: 1000 }, (_, i) => Math.max(1, Math.floor(((i + 1) * n) / 1000))).join(',')}`,
  };
}

// ── The run, as its phases: every server at once, the measurements in rounds, the creates, the suite, the report ──

/** The servers measured, all running at once. */
interface Running {
  /** The equivalent endpoints of the reference server (at the peers' catalogue), Prism and json-server. */
  subjects: Record<'reference' | 'prism' | 'jsonServer', BenchSubject>;
  /** The reference server at each catalogue size. */
  reference: Record<number, Server>;
  /** The servers of the ceiling, by name. */
  ceilings: Record<string, Server>;
}
/** One measurement: where its result goes in Results, its URL and headers, and its connections when not the default. */
interface Measurement {
  at: string[];
  url: string;
  headers: Record<string, string>;
  connections?: number;
}

const peers = { prism: {}, jsonServer: {}, reference: {} } as Results['peers'];
const ceiling = {} as Results['ceiling'];
const sweep: Results['sweep'] = {};
const scale: Results['scale'] = {};
let peakRssMb = 0;
const started = Date.now();
try {
  const running = await startServers();
  const plan = planOf(running);
  const runs = await measure(plan);
  record(plan, runs);
  if (only) printMeasurements(plan, runs);
  else {
    await measureCreates(running.subjects);
    peakRssMb = peakRssOf(running.reference[cfg.sizes.at(-1)!]!);
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(work, { recursive: true, force: true });
}
if (only) process.exit(0);
// The conformance suite against the reference server it starts, passing and against failing servers.
const suite: Results['suite'] = cfg.suite ? (console.log('timing the conformance suite'), await suiteRows()) : null;
writeReport(suite);

/**
 * Every server at once: Prism on the document as is and on the copy with a page of 100, json-server on a catalogue of
 * the same products, the reference server on each catalogue size (seeded in bulk first), then the ceiling's.
 */
async function startServers(): Promise<Running> {
  console.log('starting Prism, json-server and the reference server at every catalogue size');
  const copy = join(work, 'openapi-page-of-100.json');
  writeFileSync(copy, JSON.stringify(withPageOf100(doc)));
  const prism = (file: string) =>
    serve(bin('prism'), (port) => ['mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'error', file], {
      authorization: 'Bearer benchmark',
    });
  const [prismAsIs, prism100] = [await prism(bundlePath), await prism(copy)];
  const db = join(work, 'db.json');
  writeFileSync(
    db,
    JSON.stringify({ products: Array.from({ length: cfg.peerSize }, (_, i) => product(i + 1, cfg.peerSize)) }),
  );
  const jsonServer = await serve(bin('json-server'), (port) => [
    '--quiet',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    db,
  ]);
  const reference: Record<number, Server> = {};
  for (const n of cfg.sizes) reference[n] = await startReferenceAt(n);
  const ref = reference[peerCatalogue]!;
  const subjects: Running['subjects'] = {
    reference: { ...refPaths(ref.base, peerCatalogue), headers: ref.headers },
    prism: { ...refPaths(prismAsIs.base, 2), list: refPaths(prism100.base, 2).list, headers: prismAsIs.headers },
    jsonServer: {
      list: `${jsonServer.base}/products?_page=1&_limit=100`,
      listOne: `${jsonServer.base}/products?_page=1&_limit=1`,
      get: `${jsonServer.base}/products/${cfg.peerSize / 2}`,
      create: `${jsonServer.base}/products`,
      headers: {},
    },
  };
  for (const subject of Object.values(subjects)) await checkEquivalent(subject);
  return { subjects, reference, ceilings: await startCeilings(subjects.reference) };
}

/** The reference server on a catalogue of `n` products, seeded in bulk, with a token of the full client. */
async function startReferenceAt(n: number): Promise<Server> {
  const file = join(work, `products-${n}.sqlite`);
  const seedSeconds = await seedCatalogue(file, n);
  console.log(`seeded ${n} products in ${seedSeconds.toFixed(1)} s`);
  scale[n] = { seedSeconds, queries: {}, get: {} as Load };
  const started = await startServer({ args: ['--db', file], cwd: root });
  const server: Server = { base: started.url, headers: {}, pid: started.child.pid, stop: () => started.stop() };
  servers.push(server);
  const token = await fetch(`${server.base}/admin/oauth/token.json`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'conformance-full',
      client_secret: 'conformance-full-secret',
    }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  server.headers = { authorization: `Bearer ${token.access_token}` };
  return server;
}

/**
 * The ceiling (scripts/bench/ceiling.ts): servers that do no work, answering a tiny body, and bare Express sending
 * the reference's own list and get answers from memory: what no server can beat on this machine.
 */
async function startCeilings(reference: BenchSubject): Promise<Record<string, Server>> {
  for (const op of ['list', 'get'] as const)
    writeFileSync(
      join(work, `${op}.json`),
      await fetch(reference[op], { headers: reference.headers }).then((r) => r.text()),
    );
  const ceilings: Record<string, Server> = {};
  for (const [name, kind, body] of [
    ['tiny (node:http)', 'http'],
    ['tiny (Express)', 'express'],
    [SAME_BYTES.get, 'express', 'get.json'],
    [SAME_BYTES.list, 'express', 'list.json'],
  ] as const) {
    ceilings[name] = await serve(process.execPath, (port) => [
      'scripts/bench/ceiling.ts',
      kind,
      String(port),
      ...(body ? [join(work, body)] : []),
    ]);
    ceiling[name] = { bytes: body ? readFileSync(join(work, body)).length : 60 } as Results['ceiling'][string];
  }
  return ceilings;
}

/**
 * What to measure, where each result goes, ordered so that the numbers of a ratio are taken one after another;
 * with `--only`, the measurements whose label holds one of its terms.
 */
function planOf({ subjects, reference, ceilings }: Running): Measurement[] {
  const ref = subjects.reference;
  const plan: Measurement[] = [
    ...(['list', 'listOne', 'get'] as const).flatMap((op) =>
      (['reference', 'prism', 'jsonServer'] as const).map((p) => ({
        at: ['peers', p, op],
        url: subjects[p][op],
        headers: subjects[p].headers,
      })),
    ),
    ...Object.entries(ceilings).map(([name, s]) => ({ at: ['ceiling', name], url: `${s.base}/`, headers: {} })),
    ...cfg.sweep.flatMap((connections) =>
      (['list', 'get'] as const).map((op) => ({
        at: ['sweep', String(connections), op],
        url: ref[op],
        headers: ref.headers,
        connections,
      })),
    ),
    ...Object.keys(scaleQueries(cfg.sizes[0]!)).flatMap((q) =>
      cfg.sizes.map((n) => ({
        at: ['scale', String(n), 'queries', q],
        url: `${reference[n]!.base}/api/v2/products.json?${scaleQueries(n)[q]}`,
        headers: reference[n]!.headers,
      })),
    ),
    ...cfg.sizes.map((n) => ({
      at: ['scale', String(n), 'get'],
      url: refPaths(reference[n]!.base, n).get,
      headers: reference[n]!.headers,
    })),
  ];
  return only ? plan.filter((m) => only.some((t) => m.at.join(' ').includes(t))) : plan;
}

/**
 * A warm-up round (1 s each: JIT, caches, anchors), then the rounds: a slow moment of the shared machine moves one
 * round of a few numbers, and the median leaves it out. Resolves with each measurement's loads, one per round.
 */
async function measure(plan: Measurement[]): Promise<Load[][]> {
  if (!smoke) {
    console.log(`warming up (${plan.length} measurements, 1 s each)`);
    for (const m of plan) await load(m.url, { headers: m.headers, connections: m.connections, duration: 1 });
  }
  const runs = plan.map(() => [] as Load[]);
  for (let round = 1; round <= cfg.rounds; round++) {
    console.log(`round ${round} of ${cfg.rounds} (${plan.length} measurements, ${cfg.duration} s each)`);
    for (const [i, m] of plan.entries())
      runs[i]!.push(await load(m.url, { headers: m.headers, connections: m.connections }));
  }
  return runs;
}

/** Each measurement's median, where its `at` says (peers, ceiling, sweep, scale). */
function record(plan: Measurement[], runs: Load[][]): void {
  const into: Record<string, unknown> = { peers, ceiling, sweep, scale };
  plan.forEach((m, i) => {
    const parent = m.at
      .slice(0, -1)
      .reduce<Record<string, unknown>>((o, k) => (o[k] ??= {}) as Record<string, unknown>, into);
    parent[m.at.at(-1)!] = { ...(parent[m.at.at(-1)!] as object | undefined), ...median(runs[i]!) };
  });
}

/** `--only`: the measurements as a table on the console, instead of the report. */
function printMeasurements(plan: Measurement[], runs: Load[][]): void {
  console.log(`\n| measurement | p50 ms | p99 ms | req/s | non-2xx |\n|---|---:|---:|---:|---:|`);
  plan.forEach((m, i) => {
    const l = median(runs[i]!);
    console.log(`| ${m.at.join(' ')} | ${l.p50} | ${l.p99} | ${l.rps.toFixed(0)} | ${l.non2xx} |`);
  });
}

/** Creates last, once each: they add products, which would move every later list of the same server. */
async function measureCreates(subjects: Running['subjects']): Promise<void> {
  console.log('measuring creates');
  const { id: _id, ...jsonBody } = product(1, cfg.peerSize);
  for (const [p, body] of [
    ['reference', createBody],
    ['prism', createBody],
    ['jsonServer', jsonBody],
  ] as const) {
    peers[p].create = await load(subjects[p].create, {
      method: 'POST',
      headers: { ...subjects[p].headers, 'content-type': 'application/json' },
      body,
      create: true,
      duration: cfg.duration * cfg.rounds,
    });
  }
}

/** A server's peak resident set (VmHWM), in MB. */
function peakRssOf({ pid }: Server): number {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

/** results.json, summary.md and chart.svg (report.ts), the summary's head on the console, the exit status. */
function writeReport(suite: Results['suite']): void {
  const results: Results = {
    when: new Date().toISOString(),
    smoke,
    node: process.version,
    connections: cfg.connections,
    rounds: cfg.rounds,
    durationSeconds: cfg.duration,
    wallSeconds: (Date.now() - started) / 1000,
    sizes: cfg.sizes,
    peerCatalogue,
    jsonServerCatalogue: cfg.peerSize,
    ceiling,
    peers,
    sweep,
    scale,
    peakRssMb,
    suite,
  };
  const { summary, failures } = report(results, cfg.out);
  console.log(
    `\n${summary.split('\n## The ceiling')[0]}\nWritten to ${cfg.out}/ (summary.md, chart.svg, results.json) in ${results.wallSeconds.toFixed(0)} s.`,
  );
  process.exitCode = failures.length || (suite && suite.passing.exitCode !== 0) ? 1 : 0;
}
