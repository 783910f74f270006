// Turns one benchmark run's measurements into the report: ratios, the bars (each met or not, never
// softened), summary.md, chart.svg and results.json (the measurements plus what is derived from them).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { root } from '../run.ts';
import { join } from 'node:path';
import { chart } from './chart.ts';
import { FAILING_FAULT, HALF_FAILING_FAULT, ENDLESS_LINKS_FAULT, type SuiteRows } from './suite.ts';

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
/** The equivalent endpoints of every server: a page of 100, a page of 1, get one, create one. */
export type Op = 'list' | 'listOne' | 'get' | 'create';
export interface Results {
  when: string;
  smoke: boolean;
  node: string;
  connections: number;
  rounds: number;
  durationSeconds: number;
  wallSeconds: number;
  sizes: number[];
  peerCatalogue: number;
  jsonServerCatalogue: number;
  ceiling: Record<string, Load & { bytes: number }>;
  peers: Record<'reference' | 'prism' | 'jsonServer', Record<Op, Load>>;
  /** The reference server's list and get at fewer connections than the main runs. */
  sweep: Record<number, { list: Load; get: Load }>;
  scale: Record<number, { seedSeconds: number; queries: Record<string, Load>; get: Load }>;
  peakRssMb: number;
  suite: SuiteRows | null;
}

/** The scale rows of a plain list (page 1 of 100) and of a list filtered by D-70's longest `:in` list. */
export const PLAIN_LIST = 'list (page 1 of 100)';
export const IN_LIST = ':in (1000 quickfind codes)';

/** The ceilings that send the reference server's own list and get answers (main.ts names them, this reads them). */
export const SAME_BYTES = { list: 'list bytes (Express)', get: 'get bytes (Express)' } as const;

/** The goals against the same-bytes ceiling: req/s ratios, and list p99 at most this multiple of its p99. */
export const CEILING_GOALS = { list: 0.9, get: 0.9, listP99: 2 } as const;
/**
 * The suite's goals: a passing run within this many seconds; a failing run within this multiple of it,
 * and a run against the Prism mock, every requirement reached, within `mockRatio`.
 */
export const SUITE_GOALS = { passingSeconds: 10, failingRatio: 2, mockRatio: 3 } as const;
/** `npm test` on this machine within this many seconds: scripts/test.ts writes its last run's wall time. */
export const NPM_TEST_GOAL_SECONDS = 360;
/** What scripts/test.ts writes of its last run (reports/test/summary.json). */
interface NpmTestRun {
  generated: string;
  seconds: number;
  passed: number;
  failed: number;
}

const ops: Op[] = ['list', 'listOne', 'get', 'create'];
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
/** Latencies are whole milliseconds, a p50 under 1 ms reading 0: each counts as at least the resolution, 1 ms. */
const p50Ratio = (a: number, b: number) => ratio(Math.max(a, 1), Math.max(b, 1));
const fmt = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? 'n/a' : v.toFixed(digits));
const rows = (cells: (string | number)[][]) => cells.map((c) => `| ${c.join(' | ')} |`).join('\n');
const table = (head: string[], align: string[], body: (string | number)[][]) => rows([head, align, ...body]);

/** The reference server's ratios to its peers, to the same-bytes ceiling and across catalogue sizes. */
interface Ratios {
  vsPrism: Record<Op, number | null>;
  vsJsonServer: Record<Op, number | null>;
  ofCeiling: { list: number | null; get: number | null };
  listP99OfCeiling: number | null;
  /** p50 at the largest catalogue ÷ p50 at the smallest, per query and `get one`. */
  scaleP50: Record<string, number | null>;
}
interface Bar {
  bar: string;
  met: boolean;
  value: string;
}

/**
 * The report, as its parts: the ratios, the bars, the failed responses, then the three files (results.json with
 * what is derived, summary.md, chart.svg); returns the summary and the failures for the console and the exit status.
 */
export function report(r: Results, out: string): { summary: string; failures: string[] } {
  const ratios = ratiosOf(r);
  const bars = barsOf(r, ratios);
  const failures = failuresOf(r);
  writeFileSync(join(out, 'results.json'), `${JSON.stringify({ ...r, ratios, bars, failures }, null, 2)}\n`);
  const summary = [
    head(r),
    barsSection(bars, failures),
    ceilingSection(r),
    peersSection(r),
    concurrencySection(r),
    scaleSection(r, ratios),
    suiteSection(r),
    '![ratios](chart.svg)\n\nRaw numbers: [results.json](results.json).\n',
  ].join('\n\n');
  writeFileSync(join(out, 'summary.md'), summary);
  writeFileSync(join(out, 'chart.svg'), chartOf(r, ratios));
  return { summary, failures };
}

const smallest = (r: Results) => r.sizes[0]!;
const largest = (r: Results) => r.sizes.at(-1)!;
/** The ceilings that send the reference server's own answers from memory. */
const sameBytesOf = ({ ceiling }: Results) => ({ list: ceiling[SAME_BYTES.list]!, get: ceiling[SAME_BYTES.get]! });
/** The reference server's list and get by connections: the sweep, and the main runs. */
const byConnectionsOf = (r: Results): Record<number, { list: Load; get: Load }> => ({
  ...r.sweep,
  [r.connections]: { list: r.peers.reference.list, get: r.peers.reference.get },
});

function ratiosOf(r: Results): Ratios {
  const { peers, scale } = r;
  const [small, large] = [smallest(r), largest(r)];
  const ref = peers.reference;
  const vsPeer = (peer: 'prism' | 'jsonServer') =>
    Object.fromEntries(ops.map((op) => [op, ratio(ref[op].rps, peers[peer][op].rps)])) as Record<Op, number | null>;
  const scaleP50: Record<string, number | null> = Object.fromEntries(
    Object.keys(scale[small]!.queries).map((q) => [
      q,
      p50Ratio(scale[large]!.queries[q]!.p50, scale[small]!.queries[q]!.p50),
    ]),
  );
  scaleP50['get one'] = p50Ratio(scale[large]!.get.p50, scale[small]!.get.p50);
  const sameBytes = sameBytesOf(r);
  return {
    vsPrism: vsPeer('prism'),
    vsJsonServer: vsPeer('jsonServer'),
    ofCeiling: { list: ratio(ref.list.rps, sameBytes.list.rps), get: ratio(ref.get.rps, sameBytes.get.rps) },
    listP99OfCeiling: ratio(ref.list.p99, sameBytes.list.p99),
    scaleP50,
  };
}

/** The bars, each met or not: the peers, latency, the ceiling, scale, and the suite's speed when it ran. */
function barsOf(r: Results, ratios: Ratios): Bar[] {
  const { connections } = r;
  const ref = r.peers.reference;
  const { vsPrism, ofCeiling, listP99OfCeiling, scaleP50 } = ratios;
  const sameBytes = sameBytesOf(r);
  // Latency against concurrency, the main runs included: the most connections at which each p99 is under 10 ms.
  const holds = (op: 'list' | 'get') =>
    Math.max(
      0,
      ...Object.entries(byConnectionsOf(r))
        .filter(([, l]) => l[op].p99 < 10)
        .map(([c]) => Number(c)),
    );
  return [
    {
      bar: 'list and get ≥ 3× the requests/s of the Prism mock',
      met: (vsPrism.list ?? 0) >= 3 && (vsPrism.get ?? 0) >= 3,
      value: `list (page of 100 each) ${fmt(vsPrism.list)}×, get ${fmt(vsPrism.get)}×; also list (page of 1, Prism on the document as is) ${fmt(vsPrism.listOne)}×`,
    },
    {
      bar: `list and get p99 < 10 ms at ${connections} connections (${r.peerCatalogue} products)`,
      met: ref.list.p99 < 10 && ref.get.p99 < 10,
      value:
        `list ${ref.list.p99} ms, get ${ref.get.p99} ms. Bare Express sending the same bytes from memory: list ${sameBytes.list.p99} ms, get ${sameBytes.get.p99} ms. ` +
        `The reference's p99 is under 10 ms up to ${holds('list')} connections (list) and ${holds('get')} (get)`,
    },
    {
      // The same bytes from memory, with no work, is what no server beats on this machine.
      bar: `list ≥ ${CEILING_GOALS.list}× and get ≥ ${CEILING_GOALS.get}× the req/s of bare Express sending the same bytes (${r.peerCatalogue} products, ${connections} connections)`,
      met: (ofCeiling.list ?? 0) >= CEILING_GOALS.list && (ofCeiling.get ?? 0) >= CEILING_GOALS.get,
      value: `list ${fmt(ofCeiling.list)}× (${ref.list.rps.toFixed(0)} of ${sameBytes.list.rps.toFixed(0)} req/s), get ${fmt(ofCeiling.get)}× (${ref.get.rps.toFixed(0)} of ${sameBytes.get.rps.toFixed(0)} req/s)`,
    },
    {
      bar: `list p99 ≤ ${CEILING_GOALS.listP99}× the same-bytes ceiling's p99 (${connections} connections)`,
      met: (listP99OfCeiling ?? Infinity) <= CEILING_GOALS.listP99,
      value: `${fmt(listP99OfCeiling)}× (${ref.list.p99} ms against ${sameBytes.list.p99} ms)`,
    },
    {
      bar: `list latency at ${largest(r)} within 2× of ${smallest(r)} (p50: page 1, filtered lists, a page 90 % deep; and get)`,
      met: Object.values(scaleP50).every((v) => (v ?? Infinity) <= 2),
      value: Object.entries(scaleP50)
        .map(([q, v]) => `${q.split(' ')[0]} ${fmt(v)}×`)
        .join(', '),
    },
    ...(r.suite ? suiteBars(r.suite) : []),
    npmTestBar(),
  ];
}

/** `npm test`'s wall time, as its last run on this machine wrote it: a run of its own would double the bench's time. */
function npmTestBar(): Bar {
  const bar = `\`npm test\` (every check of the project) in ≤ ${NPM_TEST_GOAL_SECONDS / 60} min on this machine`;
  const file = join(root, 'reports', 'test', 'summary.json');
  if (!existsSync(file))
    return { bar, met: false, value: 'no run on record (reports/test/summary.json): run `npm test`' };
  const run = JSON.parse(readFileSync(file, 'utf8')) as NpmTestRun;
  return {
    bar,
    met: run.seconds <= NPM_TEST_GOAL_SECONDS && run.failed === 0,
    value: `${run.seconds.toFixed(0)} s, ${run.passed} passed, ${run.failed} failed (its last run, ${run.generated})`,
  };
}

/** The suite's bars: a passing run's time, and failing, half-failing and mock runs against it. */
function suiteBars(suite: SuiteRows): Bar[] {
  const { passing, failing, halfFailing, endlessLinks, mock } = suite;
  return [
    {
      bar: `a full conformance suite run, every requirement passing, in ≤ ${SUITE_GOALS.passingSeconds} s`,
      met: passing.seconds <= SUITE_GOALS.passingSeconds && passing.exitCode === 0,
      value: `${passing.seconds.toFixed(1)} s (${passing.passed} of ${passing.requirements} passed, exit code ${passing.exitCode})`,
    },
    {
      bar: `a run against a server whose creates answer 200 (${FAILING_FAULT}) in ≤ ${SUITE_GOALS.failingRatio}× the passing run`,
      met: failing.seconds <= SUITE_GOALS.failingRatio * passing.seconds,
      value: `${fmt(failing.seconds / passing.seconds)}× (${failing.seconds.toFixed(1)} s; ${failing.failed} of ${failing.requirements} failed)`,
    },
    {
      bar: `a run where half the requirements or more fail (${HALF_FAILING_FAULT}) in ≤ ${SUITE_GOALS.failingRatio}× the passing run`,
      met:
        halfFailing.failed * 2 >= halfFailing.requirements &&
        halfFailing.seconds <= SUITE_GOALS.failingRatio * passing.seconds,
      value: `${fmt(halfFailing.seconds / passing.seconds)}× (${halfFailing.seconds.toFixed(1)} s; ${halfFailing.failed} of ${halfFailing.requirements} failed)`,
    },
    {
      bar: `a run against a server whose lists link on past their last page (${ENDLESS_LINKS_FAULT}) in ≤ ${SUITE_GOALS.failingRatio}× the passing run, every report written`,
      met: endlessLinks.reports && endlessLinks.seconds <= SUITE_GOALS.failingRatio * passing.seconds,
      value: `${fmt(endlessLinks.seconds / passing.seconds)}× (${endlessLinks.seconds.toFixed(1)} s; ${endlessLinks.failed} of ${endlessLinks.requirements} failed, ${endlessLinks.notRun} not run)`,
    },
    {
      bar: `a run against the Prism mock, every requirement reached and every report written, in ≤ ${SUITE_GOALS.mockRatio}× the passing run`,
      met:
        mock.notRun === 0 &&
        mock.reports &&
        mock.requirements === passing.requirements &&
        mock.seconds <= SUITE_GOALS.mockRatio * passing.seconds,
      value: `${fmt(mock.seconds / passing.seconds)}× (${mock.seconds.toFixed(1)} s; ${mock.failed} of ${mock.requirements} failed, ${mock.notRun} not run; reports ${mock.reports ? 'written' : 'missing'})`,
    },
  ];
}

/** Every measurement with a response that was not 2xx, an error or a timeout: the run is suspect. */
function failuresOf({ peers, ceiling, sweep, scale }: Results): string[] {
  return [
    ...Object.entries(peers).flatMap(([p, m]) => Object.entries(m).map(([op, l]) => [`${p} ${op}`, l] as const)),
    ...Object.entries(ceiling).map(([name, l]) => [`ceiling ${name}`, l] as const),
    ...Object.entries(sweep).flatMap(([c, s]) =>
      Object.entries(s).map(([op, l]) => [`${op} at ${c} connections`, l] as const),
    ),
    ...Object.entries(scale).flatMap(([n, s]) =>
      [...Object.entries(s.queries), ['get one', s.get] as const].map(([q, l]) => [`${n} ${q}`, l] as const),
    ),
  ]
    .filter(([, l]) => l.non2xx || l.errors || l.timeouts)
    .map(([name, l]) => `${name}: ${l.non2xx} non-2xx, ${l.errors} errors, ${l.timeouts} timeouts`);
}

// ── summary.md, a section each ──

function head(r: Results): string {
  return `# Benchmarks

\`npm run bench${r.smoke ? ' -- --smoke' : ''}\`, ${r.when}, Node ${r.node}. Every number comes from this one run on one
machine; absolute times are noise on a shared machine, the **ratios** are the result. Every server runs at once in
its own process on 127.0.0.1, idle while another is measured; autocannon runs in its own process, ${r.connections} connections.
Each number is the median of ${r.rounds} round${r.rounds === 1 ? '' : 's'} of ${r.durationSeconds} s${r.smoke ? '' : ' (after a warm-up round)'}, every measurement taken once
per round, so a slow moment of the machine moves one round and not a ratio; creates run once, last, for
${r.rounds * r.durationSeconds} s each, since they add products.`;
}

function barsSection(bars: Bar[], failures: string[]): string {
  return `## Bars

${table(
  ['bar', 'result', 'met'],
  ['---', '---', '---'],
  bars.map((b) => [b.bar, b.value, b.met ? 'yes' : '**no**']),
)}

${failures.length ? `Responses that were not 2xx (the run is suspect):\n\n${failures.map((f) => `- ${f}`).join('\n')}\n` : 'Every measured response was 2xx.'}`;
}

function ceilingSection(r: Results): string {
  const { connections, ceiling } = r;
  const ref = r.peers.reference;
  return `## The ceiling of this machine

The same load generator against servers that do no work: bare node:http and bare Express 5 (the reference
server's settings and body parser, no handler) answering a tiny fixed JSON body, and bare Express sending the
reference server's own answers (its page of 100 products and its one product, saved during this run) from memory.
The load generator shares the machine's cores with the server, so no server measured here can beat these. By
Little's law, ${connections} connections always in flight at a mean latency of 5 ms take ${(connections / 0.005).toFixed(0)} req/s, so a p99 under 10 ms
asks for about that throughput, at the bytes of the answer.

${table(
  ['server', 'bytes', 'req/s', 'p50 ms', 'p99 ms', 'reference ÷ this (req/s)'],
  ['---', '---:', '---:', '---:', '---:', '---:'],
  Object.entries(ceiling).map(([name, l]) => {
    const op = name === SAME_BYTES.list ? 'list' : 'get';
    return [name, l.bytes, l.rps.toFixed(0), l.p50, l.p99, `${fmt(ratio(ref[op].rps, l.rps))}× (${op})`];
  }),
)}`;
}

function peersSection(r: Results): string {
  const { peers } = r;
  const ref = peers.reference;
  return `## Reference server against its peers

The reference server holds ${r.peerCatalogue} products (SQLite file); json-server holds ${r.jsonServerCatalogue} of the same products
(its JSON file, rewritten on every create); Prism answers from the document's examples. Equivalent endpoints: a
page of 100 (\`list\`: Prism runs on a copy of the bundle whose listProducts example is a page of 100 products, each
the Product schema's own examples, because on the document as is it answers a one-product page whatever the
\`limit\`), a page of 1 (\`listOne\`: Prism on the document as is), get one, create one (a new sku each time; the
reference server commits each create durably — WAL, synchronous=FULL — with its webhook outbox row, json-server
rewrites its file).

${table(
  ['endpoint', 'server', 'req/s', 'p50 ms', 'p99 ms', 'reference ÷ peer (req/s)'],
  ['---', '---', '---:', '---:', '---:', '---:'],
  ops.flatMap((op) =>
    (
      [
        ['reference', 'reference'],
        ['Prism mock', 'prism'],
        ['json-server', 'jsonServer'],
      ] as const
    ).map(([label, key]) => [
      op,
      label,
      peers[key][op].rps.toFixed(0),
      peers[key][op].p50,
      peers[key][op].p99,
      key === 'reference' ? '' : `${fmt(ratio(ref[op].rps, peers[key][op].rps))}×`,
    ]),
  ),
)}`;
}

function concurrencySection(r: Results): string {
  return `## Latency against concurrency

The reference server at ${r.peerCatalogue} products. With one connection the latency is the work of one request; with
more, requests queue behind each other on one event loop, so p99 grows with the connections.

${table(
  ['connections', 'list req/s', 'list p50 ms', 'list p99 ms', 'get req/s', 'get p50 ms', 'get p99 ms'],
  ['---:', '---:', '---:', '---:', '---:', '---:', '---:'],
  Object.entries(byConnectionsOf(r)).map(([c, l]) => [
    c,
    l.list.rps.toFixed(0),
    l.list.p50,
    l.list.p99,
    l.get.rps.toFixed(0),
    l.get.p50,
    l.get.p99,
  ]),
)}`;
}

function scaleSection(r: Results, { scaleP50 }: Ratios): string {
  const { sizes, scale } = r;
  const [small, large] = [smallest(r), largest(r)];
  return `## Scale

Catalogues of ${sizes.join(', ')} products, seeded in bulk through the server's schema. Each filter matches the
same number of products at every size, so a p50 that grows with the catalogue means a scan; \`status=public\`
matches all but the \`admin\` ones, and must not be counted by reading each of them. The deep page is 90 %
into the catalogue: page numbers (D-03) mean skipping rows, and SQLite steps over index entries one by one; the
server starts such a page from an anchor (the id at every 1000th place, found once between changes:
reference-server/store/anchors.ts), so it skips fewer than 1000. Every list also counts its matches for
\`pagination.total\`, which no index does faster than one entry at a time: filters matching a share of the
catalogue (rather than a fixed number) cost in proportion to it.

${table(
  ['query', ...sizes.map((n) => `p50 ms @ ${n}`), ...sizes.map((n) => `req/s @ ${n}`), `p50 ${large} ÷ ${small}`],
  ['---', ...sizes.map(() => '---:'), ...sizes.map(() => '---:'), '---:'],
  [...Object.keys(scale[small]!.queries), 'get one'].map((q) => {
    const at = (n: number) => (q === 'get one' ? scale[n]!.get : scale[n]!.queries[q]!);
    return [q, ...sizes.map((n) => at(n).p50), ...sizes.map((n) => at(n).rps.toFixed(0)), `${fmt(scaleP50[q])}×`];
  }),
)}

A list filtered by 1000 \`:in\` values (D-70's bound) against the plain list, p99 (the list is one argument
that SQLite reads as a table, so its cost grows with its length, not with its square):

${table(
  ['catalogue', `p99 ms ${IN_LIST}`, `p99 ms ${PLAIN_LIST}`, 'ratio'],
  ['---:', '---:', '---:', '---:'],
  sizes
    .filter((n) => scale[n]!.queries[IN_LIST])
    .map((n) => {
      const [inList, plain] = [scale[n]!.queries[IN_LIST]!, scale[n]!.queries[PLAIN_LIST]!];
      return [n, inList.p99, plain.p99, `${fmt(ratio(inList.p99, plain.p99))}×`];
    }),
)}

Seeding: ${sizes.map((n) => `${n} in ${scale[n]!.seedSeconds.toFixed(1)} s`).join(', ')}.
Peak RSS of the reference server after the ${large}-product run: ${r.peakRssMb.toFixed(0)} MB (VmHWM).`;
}

function suiteSection({ suite }: Results): string {
  if (!suite) return '## Conformance suite\n\nNot run (--smoke).\n';
  const runs = [
    ['the reference server as it is', suite.passing],
    [`the reference server, creates answering 200 (${FAILING_FAULT})`, suite.failing],
    [`the reference server, error answers without success (${HALF_FAILING_FAULT})`, suite.halfFailing],
    [`the reference server, lists linking on past their last page (${ENDLESS_LINKS_FAULT})`, suite.endlessLinks],
    ['the Prism mock on the bundled document', suite.mock],
  ] as const;
  return `## Conformance suite

${table(
  ['run against', 'wall', 'requirements', 'passed', 'failed', 'not run', 'requirements/s'],
  ['---', '---:', '---:', '---:', '---:', '---:', '---:'],
  runs.map(([label, run]) => [
    label,
    `${run.seconds.toFixed(1)} s`,
    run.requirements,
    run.passed,
    run.failed,
    run.notRun,
    (run.requirements / run.seconds).toFixed(1),
  ]),
)}

Playwright replaces its worker after every failed test (microsoft/playwright#32803). Its own price, in a bare project
with no code of ours (${suite.floor.tests} trivial tests, one worker): ${suite.floor.passingSeconds.toFixed(1)} s passing, ${suite.floor.failingSeconds.toFixed(1)} s failing, so
**${suite.floor.perFailureMs.toFixed(0)} ms a failed test**. The suite runs a requirement as a step of a test that holds an area, or a
slice of one (conformance/suite.spec.ts), so it pays that price once per failing test, not once per failing
requirement: ${[suite.failing, suite.halfFailing, suite.mock]
    .map(
      (run) =>
        `${run.failed} failures took ${(run.seconds - suite.passing.seconds).toFixed(1)} s more than the passing run`,
    )
    .join('; ')}.`;
}

/** chart.svg: the ratios to the peers and the ceiling, p99 against its bar, and scale. */
function chartOf(r: Results, ratios: Ratios): string {
  const { vsPrism, vsJsonServer, ofCeiling, scaleP50 } = ratios;
  const ref = r.peers.reference;
  const sameBytes = sameBytesOf(r);
  return chart([
    {
      title: 'Reference ÷ Prism mock, requests/s (list: a page of 100 each; listOne: a page of 1)',
      bars: ops.map((op) => ({ label: op, value: vsPrism[op] })),
      target: { value: 3, label: 'bar 3×' },
    },
    { title: 'Reference ÷ json-server, requests/s', bars: ops.map((op) => ({ label: op, value: vsJsonServer[op] })) },
    {
      title: 'Reference ÷ bare Express sending the same bytes, requests/s',
      bars: (['list', 'get'] as const).map((op) => ({ label: op, value: ofCeiling[op] })),
      target: { value: CEILING_GOALS.list, label: `list goal ${CEILING_GOALS.list}× (get ${CEILING_GOALS.get}×)` },
    },
    {
      title: `p99 at ${r.connections} connections ÷ 10 ms (under the line meets the bar)`,
      target: { value: 1, label: 'bar 10 ms' },
      bars: [
        ...(['list', 'get'] as const).map((op) => ({ label: `reference ${op}`, value: ref[op].p99 / 10 })),
        ...(['list', 'get'] as const).map((op) => ({
          label: `same bytes, no work: ${op}`,
          value: sameBytes[op].p99 / 10,
        })),
      ],
    },
    {
      title: `p50 at ${largest(r)} ÷ p50 at ${smallest(r)} products`,
      bars: Object.entries(scaleP50).map(([label, value]) => ({ label, value })),
      target: { value: 2, label: 'bar 2×' },
    },
  ]);
}
