// Builds nothing the tests could build wrong: the docs page is `npm run docs`'s output, run here only when the page
// is missing or older than the bundle it renders (openapi/dist/openapi.json), so a run after `npm run spec` never
// tests stale docs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { docsPage, root } from './servers.ts';

export default function globalSetup(): void {
  mkdirSync(`${root}reports/browser`, { recursive: true });
  const bundle = `${root}openapi/dist/openapi.json`;
  if (existsSync(docsPage) && statSync(docsPage).mtimeMs >= statSync(bundle).mtimeMs) return;
  const docs = spawnSync(process.execPath, [fileURLToPath(new URL('../scripts/docs/main.ts', import.meta.url))], {
    cwd: root,
    stdio: 'inherit',
  });
  if (docs.status !== 0) throw new Error(`npm run docs failed (exit ${docs.status})`);
}
