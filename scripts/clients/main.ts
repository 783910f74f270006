// Generated clients keep what the document means: generates a client with @hey-api/openapi-ts and one with orval
// from the bundle into reports/clients (git-ignored), type-checks them strictly with scripts/clients/*.check.ts (a
// body missing a required field or naming an unknown one must not compile: `@ts-expect-error`), then makes a real
// call through the hey-api client (token, add, list) against a reference server on a free loopback port.
// `npm test` counts each part; exits non-zero when one fails.
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { bin, root, run } from '../run.ts';
import { startReference } from '../../shared/server-process.ts';

const out = `${root}/reports/clients`;
const bundle = `${root}/openapi/dist/openapi.json`;

const parts: [string, () => Promise<boolean>][] = [
  [
    'generate (@hey-api/openapi-ts, orval)',
    async () => {
      rmSync(out, { recursive: true, force: true });
      const { createClient } = await import('@hey-api/openapi-ts');
      // `.ts` imports, so that Node runs the generated client as it is (type stripping).
      await createClient({
        input: bundle,
        output: { path: `${out}/hey-api`, importFileExtension: '.ts' },
        logs: { level: 'silent' },
      });
      return run(bin('orval'), ['--input', bundle, '--output', `${out}/orval/api.ts`, '--client', 'fetch']) === 0;
    },
  ],
  [
    'type-check (strict; the @ts-expect-error lines must fail)',
    async () => run(bin('tsc'), ['-p', 'scripts/clients/tsconfig.json']) === 0,
  ],
  [
    'a real call through the generated client (token, add, list)',
    async () => {
      const server = await startReference();
      try {
        const { call } = (await import(pathToFileURL(`${root}/scripts/clients/call.ts`).href)) as {
          call: (url: string) => Promise<void>;
        };
        await call(server.url);
        return true;
      } catch (e) {
        console.error(e);
        return false;
      } finally {
        await server.stop();
      }
    },
  ],
];

let passed = 0;
let failed = 0;
for (const [name, part] of parts) {
  const ok = await part().catch((e: unknown) => (console.error(e), false));
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  if (ok) passed++;
  else failed++;
  // Nothing to check without the clients: the other parts count as failed.
  if (!ok && passed === 0) {
    failed = parts.length;
    break;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
