// The fuzzer's own tests (robustness/README.md): the generator is reproducible and its mutations break the document
// where they must (as the judge sees it), and a short run with a fixed seed against a fresh reference server finds
// nothing. The full run is `npm run fuzz`.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { defaultClients } from '../openapi/clients.ts';
import { filterCases, FILTER_EVERY, generate, ITEM, kinds, target, type Kind, type World } from './fuzz-generate.ts';
import { judge } from './fuzz-judge.ts';
import { runFuzz, startFuzzServer } from './fuzz-run.ts';

const roles: Record<string, string[]> = {
  ...Object.fromEntries(Object.entries(defaultClients).map(([role, c]) => [role, c.scopes])),
  shortLived: defaultClients.full.scopes,
};
const world: World = {
  existing: (_collection, r) => ({ productId: '1', specId: '2', [ITEM]: String(r.int(1, 3)) }),
  roles,
  credentials: [defaultClients.full],
};
/** The scopes the judge sees: none for no token, an expired or a garbage one. */
const scopesOf = (req: ReturnType<typeof generate>) =>
  req.authorization || !req.role || req.role === 'shortLived' ? undefined : roles[req.role];
const sample = (kind: Kind, n: number) => Array.from({ length: n }, (_, i) => generate(42, i, world, kind));

test('the same seed gives the same requests; another seed, others', () => {
  const a = Array.from({ length: 100 }, (_, i) => generate(7, i, world));
  const b = Array.from({ length: 100 }, (_, i) => generate(7, i, world));
  const c = Array.from({ length: 100 }, (_, i) => generate(8, i, world));
  const show = (r: (typeof a)[number]) => JSON.stringify({ ...r, op: r.op.operationId, body: r.body && [...r.body] });
  assert.deepEqual(a.map(show), b.map(show));
  assert.notDeepEqual(a.map(show), c.map(show));
});

test('valid requests are valid: the judge finds nothing to refuse in any of them', () => {
  for (const req of sample('valid', 400))
    assert.deepEqual(judge(req, scopesOf(req)), [], `${req.op.operationId} #${req.index}`);
});

test('every mutation kind that must break the document does, whatever operation it lands on', () => {
  // Kinds whose result is invalid by construction. Extra and prototype keys are allowed where the schema allows
  // additional properties (the token request, RFC 6749 §3.2; webhook metadata, D-45): there they may pass.
  const always: Kind[] = [
    'wrong-type',
    'out-of-range',
    'enum',
    'missing-required',
    'bad-encoding',
    'duplicate-query',
    'auth-none',
    'auth-expired',
    'auth-scope',
    'auth-garbage',
  ];
  for (const kind of always)
    for (const req of sample(kind, 60)) {
      if (req.kind !== kind) continue; // the kind found no room in this operation
      assert.notDeepEqual(judge(req, scopesOf(req)), [], `${kind} left ${req.op.operationId} valid: ${req.variant}`);
    }
  for (const kind of ['extra-field', 'proto-keys', 'deep-nesting', 'huge-string'] as Kind[]) {
    const reqs = sample(kind, 60).filter((r) => r.kind === kind);
    const breaking = reqs.filter((r) => judge(r, scopesOf(r)).length > 0).length;
    assert.ok(breaking >= reqs.length * 0.8, `${kind}: only ${breaking} of ${reqs.length} break the document`);
  }
});

test('every generated path is sent as written: URL parsing changes none (no dot segment takes it elsewhere)', () => {
  for (const req of [...sample('path-param', 400), ...Array.from({ length: 400 }, (_, i) => generate(5, i, world))]) {
    const path = target(req).split('?')[0]!;
    assert.equal(new URL(path, 'http://127.0.0.1').pathname, path, `${req.op.operationId}: ${req.variant}`);
  }
});

test('every kind is generated, and the filter cases cover every suffix filter with every kind of value', () => {
  const seen = new Set(Array.from({ length: 1500 }, (_, i) => generate(3, i, world).kind));
  assert.deepEqual(
    kinds.filter((k) => !seen.has(k)),
    [],
  );
  const names = new Set(filterCases.map((c) => `${c.op.operationId} ${c.param.name} ${c.how}`));
  assert.equal(names.size, filterCases.length);
  const sent = new Set(
    Array.from({ length: filterCases.length }, (_, i) => generate(3, i * FILTER_EVERY + FILTER_EVERY - 1, world)).map(
      (r) => `${r.op.operationId} ${r.variant.replace(/^filter /, '')}`,
    ),
  );
  assert.equal(sent.size, filterCases.length);
});

test('a short run with a fixed seed against a fresh reference server finds nothing', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fuzz-test-'));
  try {
    const result = await runFuzz({ seed: 20260515, requests: 300, reportDir: dir });
    assert.equal(result.requests, 300);
    assert.deepEqual(
      result.findings.map((f) => `${f.check} #${f.index} ${f.operationId} ${f.kind} (${f.variant}): ${f.reason}`),
      [],
    );
    assert.ok(result.checks.alive.checked >= 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a server that hangs or dies is a finding, and the run restarts it and goes on', { timeout: 90_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fuzz-test-'));
  const lines: string[] = [];
  const started: ReturnType<typeof startFuzzServer>[] = [];
  // After the 500th request the first server freezes (as one stuck in a loop: it never answers); after the 1000th
  // the second is killed (as one that crashed).
  const blows: Record<string, [number, NodeJS.Signals]> = { '500': [0, 'SIGSTOP'], '1000': [1, 'SIGKILL'] };
  try {
    const result = await runFuzz({
      seed: 20260515,
      requests: 1100,
      reportDir: dir,
      giveUpMs: 1500,
      startServer: (file) => {
        started.push(startFuzzServer(file));
        return started.at(-1)!;
      },
      log: (line) => {
        lines.push(line);
        const blow = blows[/^(\d+) requests/.exec(line)?.[1] ?? ''];
        if (blow) void started[blow[0]]!.then((s) => s.child.kill(blow[1]));
      },
    });
    assert.equal(result.requests, 1100, 'the run went on to the end');
    assert.equal(result.restarts, 2);
    assert.equal(started.length, 3);
    assert.deepEqual(
      result.findings.map((f) => [f.check, f.index]),
      [
        ['fast', 500],
        ['alive', 500],
        ['fast', 1000],
        ['alive', 1000],
      ],
    );
    assert.match(result.findings[1]!.reason, /a probe answered/);
    assert.match(result.findings[3]!.reason, /the server process exited \(SIGKILL\)/);
    assert.ok(lines.some((l) => l.startsWith('restart 2:')));
    assert.equal(result.checks.alive.checked, 2 + 2 + 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
