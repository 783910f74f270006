// The registry of faults, known-bad servers (README.md): every `<area>/<name>.ts` of this folder is one fault, named
// `<area>.<name>` after its path (../registry.ts), and `applyFaults` is what the server's composition (bin/serve.ts)
// calls when FAULTS is set. A fault patches the running server from outside; removing this folder removes them all.
import type { ReferenceApp } from '../../reference-server/app.ts';
import { applyNamed, foldersIn, load, modulesIn } from '../registry.ts';
import type { Fault, NamedFault } from './types.ts';

const here = new URL('./', import.meta.url);

/** Every fault, by area (a sub-folder), then by name. */
export const faults: NamedFault[] = await load(
  here,
  foldersIn(here).flatMap((area) => modulesIn(new URL(`${area}/`, here)).map((name) => `${area}/${name}`)),
  (path, fault: Fault) => {
    const [area, name] = path.split('/') as [string, string];
    return { ...fault, name: `${area}.${name}`, area };
  },
);

/** The quick subset `npm test` runs (../run-faults.ts --quick): one or two per area, each caught fast. */
export const quickFaults: string[] = [
  'envelopes.nullFieldsOmitted',
  'auth.readonlyCanWrite',
  'auth.noBearerChallenge',
  'pagination.totalCountsPage',
  'filters.inQuotesIgnored',
  'products.statusIgnoresPublishWindow',
  'resources.deleteNotDeleting',
  'contacts.htmlEscaped',
  'webhooks.signatureHex',
  'callbacks.dispatchDateMissing',
];

/** Applies the named faults to the server `createApp` built; an unknown name stops the process with the list. */
export const applyFaults = (names: string[], app: ReferenceApp): void => applyNamed('fault', faults, names, app);
