// `store-api-conformance dialect check` (conformance/check/) against the outside implementation: its own dialect
// (the folder's dialect.yaml, unchanged) passes whole, and each of six wrong keys planted in a copy of it is caught,
// named, and no other key blamed; a run of the installed command with a planted key stops before any
// requirement runs, exit 1. Each check's time is printed, not asserted (a shared machine's times are no verdict). Skipped, with the reason, without the folder or python3.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { outsideForTest, startOutside, suiteArgs } from './server.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { dir, skip } = outsideForTest(root);

/** Each wrong key: the line of the folder's dialect.yaml it replaces, and the key the check must name. */
const PLANTED: { name: string; from: string; to: string; key: string; says: RegExp }[] = [
  {
    name: 'a wrong error pointer',
    from: 'errors: /error/details ',
    to: 'errors: /errors ',
    key: 'errors',
    says: /^errors: an invalid createProduct answered 4\d\d and \/errors found nothing \(its top-level fields: .*\): check errors$/,
  },
  {
    name: "the checkout's quantity as a string",
    from: "item: { product: '{{productId}}', qty: '{{quantity}}' }",
    to: "item: { product: '{{productId}}', qty: '{{quantity}} pcs' }",
    key: 'checkout',
    says: /^checkout: the template sent and answered 4\d\d \(\/cart\/lines\/0\/qty .*\): check checkout\.item; checkout\.item\.qty: '\{\{quantity\}\} pcs' sends text where \{\{quantity\}\} is a number$/,
  },
  {
    name: 'a wrong delivery event pointer',
    from: '  event: /topic',
    to: '  event: /kind',
    key: 'deliveries',
    says: /^deliveries: \/kind \(deliveries\.event\) found nothing in a delivery received \(its top-level fields: id, topic, /,
  },
  {
    name: 'a wrong shipping-service path',
    from: '  path: /api/v2/carriers.json',
    to: '  path: /api/v2/shipping-services.json',
    key: 'shippingServices',
    says: /^shippingServices: POST \/api\/v2\/shipping-services\.json answered 404: check shippingServices\.path$/,
  },
  {
    name: 'the wrong signature scheme by name',
    from: 'signatures:                   # J32',
    to: 'signatures: standard-webhooks\nsignaturesOfTheTeam:          # J32',
    key: 'signatures',
    says: /^signatures: a delivery carries no webhook-signature header .*; it verifies as \{ header: x-hook-signature, signs: id\.timestamp\.body, id: x-hook-id, timestamp: x-hook-timestamp, encoding: hex, prefix: 'v1=' \}$/,
  },
  {
    name: 'the wrong signature encoding',
    from: '  encoding: hex',
    to: '  encoding: base64',
    key: 'signatures',
    says: /^signatures: a delivery's x-hook-signature does not verify as base64 HMAC-SHA256 of id\.timestamp\.body \(after v1=\) with the full client's secret; it verifies as \{ .*encoding: hex, prefix: 'v1=' \}$/,
  },
];

let server: ChildProcess | undefined;
let url = '';
let work = '';
before(async () => {
  if (skip) return;
  work = mkdtempSync(join(tmpdir(), 'dialect-check-test-'));
  ({ url, child: server } = await startOutside(dir!));
});
after(() => {
  server?.kill('SIGTERM');
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A Node process's output and exit status, and how long it took. */
function run(args: string[]): Promise<{ code: number; out: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => out.push(d));
    child.on('close', (code) =>
      resolve({ code: code ?? 1, out: Buffer.concat(out).toString(), ms: Date.now() - started }),
    );
  });
}

/** `dialect check` as the installed command runs it (conformance/check/cli.ts `dialectCheck`), on a dialect file. */
const check = (dialect: string) =>
  run([
    '--input-type=module',
    '-e',
    `import { dialectCheck } from ${JSON.stringify(join(root, 'conformance/check/cli.ts'))}; process.exit(await dialectCheck(process.argv.slice(1)));`,
    'check',
    '--target',
    url,
    '--clients',
    join(dir!, 'suite-clients.json'),
    '--dialect',
    dialect,
  ]);

/** The keys the closing line says cannot work. */
const failingOf = (out: string) => /cannot work: (.*)$/m.exec(out)?.[1]?.split(', ') ?? [];

/** A copy of the folder's dialect.yaml with one line replaced. */
function planted(p: (typeof PLANTED)[number], n: number): string {
  const text = readFileSync(join(dir!, 'dialect.yaml'), 'utf8');
  assert.ok(text.includes(p.from), `the folder's dialect.yaml no longer has ${JSON.stringify(p.from)}`);
  // The named scheme replaces the stated one: its parts go under a key of no meaning, which the copy then drops.
  const changed = text.replace(p.from, p.to).replace(/^signaturesOfTheTeam:[^\n]*\n( {2}[^\n]*\n)+/m, '');
  const file = join(work, `planted-${n}.yaml`);
  writeFileSync(file, changed);
  return file;
}

test('the outside dialect, unchanged: every stated key ok, exit 0, its time printed', { skip }, async () => {
  const { code, out, ms } = await check(join(dir!, 'dialect.yaml'));
  console.log(`unchanged dialect: exit ${code} in ${ms} ms\n${out}`);
  assert.equal(code, 0, out);
  const lines = out.trim().split('\n');
  assert.deepEqual(
    lines.filter((l) => !l.endsWith(': ok')),
    ['dialect check: every stated key (15) can work'],
  );
});

for (const [n, p] of PLANTED.entries())
  test(`planted: ${p.name} is caught as ${p.key}, and nothing else, its time printed`, { skip }, async () => {
    const { code, out, ms } = await check(planted(p, n + 1));
    console.log(
      `planted ${n + 1} (${p.name}): exit ${code} in ${ms} ms\n${out
        .split('\n')
        .filter((l) => !l.endsWith(': ok'))
        .join('\n')}`,
    );
    assert.equal(code, 1, out);
    assert.deepEqual(failingOf(out), [p.key], out);
    const line = out.split('\n').find((l) => l.startsWith(`${p.key}: `));
    assert.match(line ?? '', p.says);
  });

test(
  'a run with a planted key stops before any requirement runs, exit 1, every requirement not run',
  { skip },
  async () => {
    const reports = join(work, 'run');
    const { code, out, ms } = await run(suiteArgs(url, dir!, reports, planted(PLANTED[0]!, 0)));
    console.log(`a run with planted 1: exit ${code} in ${ms} ms`);
    assert.equal(code, 1, out);
    assert.match(out, /^errors: an invalid createProduct answered/m);
    assert.match(out, /the dialect check: a key the dialect states cannot work/);
    // Every requirement is reported, none run, each naming the check; the last line counts them failed.
    const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8')) as {
      requirements: { status: string; reason?: string }[];
    };
    assert.ok(results.requirements.length > 1000, `${results.requirements.length} requirements reported`);
    assert.ok(results.requirements.every((r) => r.status === 'not-run' && r.reason?.startsWith('the dialect check:')));
    assert.match(out, new RegExp(`^0 passed, ${results.requirements.length} failed$`, 'm'));
  },
);
