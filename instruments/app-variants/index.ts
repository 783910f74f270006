// The registry of benign Apps (README.md): every `<name>.ts` of this folder but the registry and its types is one App
// variant, named after its file (../registry.ts). Each patches the reference App from outside, through its seams, with
// the App faults' helpers (../app-faults/lib.ts); the App runner (../app-runs.ts) runs the App suite against it.
import { load, modulesIn } from '../registry.ts';
import type { AppVariant, NamedAppVariant } from './types.ts';

const here = new URL('./', import.meta.url);
/** The modules of this folder that are not App variants. */
export const helpers = ['index', 'types'];

/** Each: what it decides differently (`decides`) and why the source allows it (`description`); by name. */
export const appVariants: NamedAppVariant[] = await load(
  here,
  modulesIn(here).filter((name) => !helpers.includes(name)),
  (name, variant: AppVariant) => ({ ...variant, name }),
);

/**
 * The quick subset `npm test` runs (`npm run conformance:variants -- --side app --quick`): fields of the App's own,
 * another image format, and a refusal of its own (a decision failed, the source passed). The full set is
 * `npm run conformance:variants -- --side app`.
 */
export const quickAppVariants: string[] = ['extraFields', 'gifLabel', 'unsignedAs403'];
