// The registry of known-bad Apps (README.md): every `<name>.ts` of this folder but the registry, its helpers and its
// types is one App fault, named after its file (../registry.ts). Each patches the reference App from outside, through
// its seams; the App runner (../app-runs.ts) starts one App per fault and runs the App suite against it.
import { load, modulesIn } from '../registry.ts';
import type { AppFault, NamedAppFault } from './types.ts';

const here = new URL('./', import.meta.url);
/** The modules of this folder that are not App faults. */
export const helpers = ['index', 'lib', 'types'];

/** Every App fault, by name. */
export const appFaults: NamedAppFault[] = await load(
  here,
  modulesIn(here).filter((name) => !helpers.includes(name)),
  (name, fault: AppFault) => ({ ...fault, name }),
);

/**
 * The quick subset `npm test` runs (`npm run conformance:faults -- --side app --quick`): a rate's types, its dates, a
 * label's types, the SHOULD of currency and the signature. The full set is `npm run conformance:faults -- --side app`.
 */
export const quickAppFaults: string[] = [
  'pricesAsStrings',
  'dispatchDateIgnored',
  'labelPricesAsNumbers',
  'otherCurrency',
  'unsignedAnswered',
];
