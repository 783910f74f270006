// How faults/, variants/, app-faults/ and app-variants/ know their instruments: each registry reads its own folder at
// start. One module is one instrument, its default export, and the instrument's name is the module's path
// (`faults/auth/scopeIgnored.ts` is the fault `auth.scopeIgnored`, `variants/createdAs200.ts` the variant
// `createdAs200`), so no table is kept by hand.
// The same code reads the .ts sources and the package's compiled .js (build/, scripts/build.ts).
import { readdirSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReferenceApp } from '../reference-server/app.ts';

/**
 * What every instrument does: patch one app through its seams: the reference server's (reference-server/seams.ts),
 * or the reference App's for the App side (reference-app/app.ts, `A`).
 */
export interface Instrument<A = ReferenceApp> {
  apply(app: A): void;
}
/** An instrument as its registry knows it: named after its path. */
export type Named<T> = T & { name: string };

/** `.ts` when run from the sources, `.js` from build/: the extension of this very module. */
const ext = extname(fileURLToPath(import.meta.url));

/** The sub-folders of `dir`, sorted. */
export const foldersIn = (dir: URL): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

/** The modules of `dir` by their names without the extension, sorted; tests and declarations (`.d.ts`) left out. */
export const modulesIn = (dir: URL): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .map((f) => f.slice(0, -ext.length))
    .filter((name) => /^\w+$/.test(name))
    .sort();

/**
 * Imports `<dir>/<path><ext>` for each path (`auth/scopeIgnored`) and gives `make` its default export; a module
 * whose default export is not an instrument stops the load with its file name, never a silent gap.
 */
export async function load<T extends Instrument<never>, U>(
  dir: URL,
  paths: string[],
  make: (path: string, instrument: T) => U,
): Promise<U[]> {
  return Promise.all(
    paths.map(async (path) => {
      const file = new URL(`${path}${ext}`, dir);
      const { default: instrument } = (await import(file.href)) as { default?: T };
      if (typeof instrument?.apply !== 'function')
        throw new Error(`${fileURLToPath(file)}: its default export is not an instrument (it has no apply)`);
      return make(path, instrument);
    }),
  );
}

/**
 * Applies the instruments `names` lists (FAULTS or VARIANTS) to `app`, in that order; an unknown name stops the
 * process with the list of the known ones.
 */
export function applyNamed(kind: 'fault' | 'variant', table: Named<Instrument>[], names: string[], app: ReferenceApp) {
  const known = table.map((e) => e.name);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length) {
    console.error(`Unknown ${kind}(s): ${unknown.join(', ')}\nKnown ${kind}s:\n  ${known.join('\n  ')}`);
    process.exit(2);
  }
  for (const name of names) {
    table.find((e) => e.name === name)!.apply(app);
    console.error(`[${kind}s] ${name} applied`);
  }
}
