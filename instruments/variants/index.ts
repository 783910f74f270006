// The registry of benign variants (README.md): every `<name>.ts` of this folder but the registry, its helpers and
// its types is one variant, named after its file (../registry.ts), and `applyVariants` is what the server's
// composition (bin/serve.ts) calls when VARIANTS is set. A variant patches the running server from outside; removing this folder removes
// them all.
import type { ReferenceApp } from '../../reference-server/app.ts';
import { applyNamed, load, modulesIn } from '../registry.ts';
import type { NamedVariant, Variant } from './types.ts';

const here = new URL('./', import.meta.url);
/** The modules of this folder that are not variants. */
export const helpers = ['index', 'lib', 'types', 'dialect'];

/** Each: what it decides differently (`decides`) and why the source allows it (`description`); by name. */
export const variants: NamedVariant[] = await load(
  here,
  modulesIn(here).filter((name) => !helpers.includes(name)),
  (name, variant: Variant) => ({ ...variant, name }),
);

/**
 * The quick subset `npm test` runs (../run-variants.ts --quick): page size, link form, webhook retries, and the strict
 * dialect, which breaks every shortcut the suite could take in making data under the source profile (about 1.5 min:
 * its failures are decisions, and a failing test, not requirement, costs a worker). The full set is
 * `npm run conformance:variants`.
 */
export const quickVariants: string[] = ['defaultPageSize50', 'absoluteLinks', 'noWebhookRetries', 'strictDialect'];

/** Applies the named variants to the server `createApp` built; an unknown name stops the process with the list. */
export const applyVariants = (names: string[], app: ReferenceApp): void => applyNamed('variant', variants, names, app);
