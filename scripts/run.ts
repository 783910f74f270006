// Small helpers shared by the project's scripts.
import { spawn, spawnSync, type ChildProcess, type SpawnSyncOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const bin = (name: string) => join(root, 'node_modules', '.bin', name);

/** Runs a command with the project's node_modules/.bin (and so Node 24) first on PATH; returns its exit code. */
export function run(command: string, args: string[], options: SpawnSyncOptions = {}): number {
  const env = {
    ...process.env,
    ...options.env,
    PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
  };
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options, env });
  return res.status ?? 1;
}

/** A free TCP port on 127.0.0.1. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** A reference server in its own process, as a target the suite judges from outside; `stop` waits for its exit. */
export interface Reference {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts the reference server on a free loopback port with the callback timeout and retry base global setup gives it
 * (conformance/global-setup.ts, for a loaded machine), thumbnails allowed from the suite's receiver on 127.0.0.1
 * (D-63); resolves when it listens.
 */
export async function startReference(env: NodeJS.ProcessEnv = process.env): Promise<Reference> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [join(root, 'reference-server/server.ts'), '--port', String(port), '--host', '127.0.0.1'],
    {
      env: { ...env, CALLBACK_TIMEOUT_MS: '2500', WEBHOOK_RETRY_BASE_MS: '200', STORE_ALLOW_PRIVATE_URLS: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
