// cli.ts: the exit statuses of init and the one line each bad input gets; --out refused when it exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, INIT_HELP } from './cli.ts';

const outside = fileURLToPath(new URL('../../instruments/outside/openapi.yaml', import.meta.url));

/** init run with its console lines caught. */
async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = (...a: unknown[]) => void out.push(a.join(' '));
  console.error = (...a: unknown[]) => void err.push(a.join(' '));
  try {
    return { code: await init(args), out: out.join('\n'), err: err.join('\n') };
  } finally {
    [console.log, console.error] = [log, error];
  }
}

test('--help prints INIT_HELP, naming the requests the probe sends', async () => {
  const r = await run(['--help']);
  assert.equal(r.code, 0);
  assert.equal(r.out, INIT_HELP);
  assert.match(INIT_HELP, /POST \/api\/v2\/products\.json with the body \{\}/);
  assert.match(INIT_HELP, /It makes nothing/);
});

test('bad input: exit 2 and one line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'init-cli-'));
  for (const [args, line] of [
    [[], /^init: give --from-openapi FILE, --probe URL --clients FILE, or both/],
    [['--nope'], /^init: Unknown option '--nope'/],
    [
      ['--from-openapi', join(dir, 'missing.yaml'), '--out', join(dir, 'a.yaml')],
      /^init: --from-openapi .*missing\.yaml: cannot read it \(ENOENT\)$/,
    ],
    [['--probe', 'http://127.0.0.1:9', '--out', join(dir, 'b.yaml')], /^init: --probe needs --clients FILE/],
    [
      ['--probe', 'ftp://x', '--clients', outside, '--out', join(dir, 'c.yaml')],
      /^init: --clients .*: cannot read it as JSON/,
    ],
  ] as [string[], RegExp][]) {
    const r = await run(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err.split('\n')[0]!, line);
  }
});

test('writes --out, and refuses to overwrite it without --force', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'init-cli-')), 'dialect.yaml');
  assert.equal((await run(['--from-openapi', outside, '--out', out])).code, 0);
  assert.ok(existsSync(out));
  writeFileSync(out, 'mine\n');
  const again = await run(['--from-openapi', outside, '--out', out]);
  assert.equal(again.code, 2);
  assert.match(again.err, /exists; give --force/);
  assert.equal(readFileSync(out, 'utf8'), 'mine\n');
  assert.equal((await run(['--from-openapi', outside, '--out', out, '--force'])).code, 0);
  assert.notEqual(readFileSync(out, 'utf8'), 'mine\n');
});
