// Small helpers shared by the project's scripts.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
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
