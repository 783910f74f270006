// `npm run contract:diff` in a copy of the repository (its files as a fresh git repository, node_modules linked):
// a breaking change fails with its rule, location and the requirements it touches; accepted, it passes; an acceptance
// that names no change fails; with no release tag, the base falls back to the merge base with main.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { root } from './run.ts';

let copy: string;
const git = (...args: string[]) => {
  const r = spawnSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], {
    cwd: copy,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
};
const diff = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/contract-diff.ts', ...args], { cwd: copy, encoding: 'utf8' });
const edit = (file: string, from: string, to: string) => {
  const text = readFileSync(join(copy, file), 'utf8');
  assert.ok(text.includes(from), `${file} holds ${from}`);
  writeFileSync(join(copy, file), text.replace(from, to));
};

before(() => {
  copy = mkdtempSync(join(tmpdir(), 'contract-diff-test-'));
  const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean);
  for (const f of files) {
    mkdirSync(dirname(join(copy, f)), { recursive: true });
    try {
      cpSync(join(root, f), join(copy, f));
    } catch {
      // a file deleted in the working tree but still indexed
    }
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  // The breaking changes: a response field removed, an optional request field made required.
  edit('openapi/components/schemas/Product.yaml', '  - commodityCode\n', '');
  edit('openapi/components/schemas/Product.yaml', '  commodityCode:\n', '  commodityCodeGone:\n');
  edit('openapi/paths/products/collection.yaml', 'required: [title, sku]', 'required: [title, sku, barcode]');
});
after(() => rmSync(copy, { recursive: true, force: true }));

test('a breaking change fails, naming the rule, the location and the requirements it touches', () => {
  writeFileSync(join(copy, 'openapi/accepted-changes.yaml'), '[]\n');
  const r = diff('--base', 'HEAD');
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(
    r.stdout,
    /breaking +response-property-removed +GET \/api\/v2\/products\/\{id\}\.json response 200 data\.commodityCode/,
  );
  assert.match(
    r.stdout,
    /breaking +request-property-became-required +POST \/api\/v2\/products\.json request data\.barcode/,
  );
  assert.match(
    r.stdout,
    /BREAKING: request-property-became-required at POST \/api\/v2\/products\.json request data\.barcode \(createProduct\)\n {2}requirements \(\d+\): [^\n]*createProduct\.lifecycle\.status/,
  );
  assert.match(r.stdout, /client types: operations\["getProduct"\], [^\n]*components\["schemas"\]\["Product"\]/);
  assert.match(r.stdout, /Contract diff failed/);
});

test('the same changes accepted in the file pass; an acceptance that names no change is stale and fails', () => {
  const accepted = [
    '- rule: response-property-removed',
    "  location: '* response * data*.commodityCode'",
    '  reason: commodityCode moves to the customs resource',
    '- rule: request-property-became-required',
    "  location: 'POST /api/v2/products.json request data.barcode'",
    '  reason: every product needs a barcode from now on',
    '',
  ].join('\n');
  writeFileSync(join(copy, 'openapi/accepted-changes.yaml'), accepted);
  const ok = diff('--base', 'HEAD');
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  assert.match(
    ok.stdout,
    /Accepted: request-property-became-required[^\n]*\n {2}reason: every product needs a barcode/,
  );
  writeFileSync(
    join(copy, 'openapi/accepted-changes.yaml'),
    `${accepted}- rule: operation-removed\n  location: DELETE /api/v2/products/{id}.json\n  reason: not removed after all\n`,
  );
  const stale = diff('--base', 'HEAD');
  assert.equal(stale.status, 1, stale.stdout + stale.stderr);
  assert.match(
    stale.stdout,
    /STALE acceptance in [^\n]*: operation-removed at DELETE \/api\/v2\/products\/\{id\}\.json names no change/,
  );
});

test('with no release tag the base is the merge base with main; a bad acceptances file is a clear error', () => {
  writeFileSync(join(copy, 'openapi/accepted-changes.yaml'), '- rule: x\n');
  const bad = diff();
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /entry 1: location, reason missing/);
  assert.doesNotMatch(bad.stderr, /at .*\.ts:\d+/);
  writeFileSync(join(copy, 'openapi/accepted-changes.yaml'), '[]\n');
  const r = diff();
  assert.match(r.stdout, /no release tag: the merge base with main/);
});
