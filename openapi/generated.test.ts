// The generated files are committed (the server and suite use them without a build step); this test fails
// when they are stale: run `npm run spec` after changing the document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundlePath } from './contract.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const dir = mkdtempSync(join(tmpdir(), 'spec-'));
// Each file is made again by its npm script's own command line, its `-o` pointed at a temporary folder.
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;
const rerun = (script: string, out: string) => {
  const [name, ...args] = scripts[script]!.split(' ') as [string, ...string[]];
  args[args.indexOf('-o') + 1] = join(dir, out);
  execFileSync(bin(name), args, { cwd: root, stdio: 'pipe' });
};

test(`${relative(root, bundlePath)} is the bundle of openapi/openapi.yaml`, () => {
  rerun('spec:bundle', 'openapi.json');
  assert.equal(
    readFileSync(join(dir, 'openapi.json'), 'utf8'),
    readFileSync(bundlePath, 'utf8'),
    'stale bundle: run npm run spec',
  );
});

test('openapi/dist/types.ts is the openapi-typescript output of the bundle', () => {
  rerun('spec:types', 'types.ts');
  assert.equal(
    readFileSync(join(dir, 'types.ts'), 'utf8'),
    readFileSync(join(root, 'openapi/dist/types.ts'), 'utf8'),
    'stale types: run npm run spec',
  );
});
