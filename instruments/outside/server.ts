// The outside implementation started as its README says (`python3 server.py --port N --clients server-clients.json
// --quiet --allow-private-urls`, in its own folder), on a free loopback port, once its health endpoint answers: for
// the runner (run.ts) and the tests of init and the dialect check beside it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../shared/server-process.ts';
import { findOutside } from './lib.ts';

/**
 * The outside folder for a test, or why the test is skipped: no folder at any of the places looked at, or no python3.
 */
export function outsideForTest(root: string): { dir?: string; skip: string | false } {
  const { candidates, dir } = findOutside(root);
  if (!dir) return { skip: `no outside implementation at ${candidates.join(' nor ')}` };
  const python = spawnSync('python3', ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return { dir, skip: python.error || python.status !== 0 ? 'python3 is not on PATH' : false };
}

/**
 * Starts the server in `dir`; its output goes to `log` (else nowhere). `detached`: in a process group of its own, so
 * that a signal to the runner's group does not reach it before the runner stops it.
 */
export async function startOutside(
  dir: string,
  options: { log?: Buffer[]; detached?: boolean } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const args = ['server.py', '--port', String(port), '--clients', 'server-clients.json', '--quiet'];
  const child = spawn('python3', [...args, '--allow-private-urls'], {
    cwd: dir,
    detached: options.detached ?? false,
    stdio: ['ignore', options.log ? 'pipe' : 'ignore', options.log ? 'pipe' : 'ignore'],
  });
  const log = options.log ?? [];
  child.stdout?.on('data', (d: Buffer) => log.push(d));
  child.stderr?.on('data', (d: Buffer) => log.push(d));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`python3 server.py exited (${child.exitCode ?? child.signalCode}): ${Buffer.concat(log)}`);
    const ok = await fetch(`${url}/__hooks/health.json`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`python3 server.py did not answer GET /__hooks/health.json within 20 s: ${Buffer.concat(log)}`);
}

/**
 * The arguments of a run of the installed command (bin/store-api-conformance.ts) against the implementation as a new
 * team runs it: its clients file, a dialect (its own unless another is given), the source profile.
 */
export const suiteArgs = (url: string, dir: string, reportDir: string, dialect = join(dir, 'dialect.yaml')) => [
  'bin/store-api-conformance.ts',
  '--target',
  url,
  '--clients',
  join(dir, 'suite-clients.json'),
  '--dialect',
  dialect,
  '--profile',
  'source',
  '--report-dir',
  reportDir,
];
