// The one table of benign variants (README.md): every variant module, and `applyVariants` that server.ts calls
// when VARIANTS is set. A variant patches the running server from outside; removing this folder removes them all.
import type { ReferenceApp } from '../app.ts';
import type { Variant } from './types.ts';
import absoluteLinks from './absoluteLinks.ts';
import anyValidToken from './anyValidToken.ts';
import createdAs200 from './createdAs200.ts';
import defaultPageSize50 from './defaultPageSize50.ts';
import deleteReturnsObject from './deleteReturnsObject.ts';
import errorNamesAsPointers from './errorNamesAsPointers.ts';
import maxPageSize100 from './maxPageSize100.ts';
import noWebhookRetries from './noWebhookRetries.ts';
import otherDialect from './otherDialect.ts';
import otherErrorRefs from './otherErrorRefs.ts';
import problemDetails from './problemDetails.ts';
import readOnlyFieldsRefused from './readOnlyFieldsRefused.ts';
import signatureHeadersRenamed from './signatureHeadersRenamed.ts';
import unknownParametersIgnored from './unknownParametersIgnored.ts';
import validationAs400 from './validationAs400.ts';
import zuluDateTimes from './zuluDateTimes.ts';

/** Each: what it decides differently (`decides`) and why the source allows it (`description`). */
export const variants: Variant[] = [
  validationAs400,
  otherErrorRefs,
  errorNamesAsPointers,
  problemDetails,
  createdAs200,
  deleteReturnsObject,
  defaultPageSize50,
  maxPageSize100,
  absoluteLinks,
  unknownParametersIgnored,
  readOnlyFieldsRefused,
  anyValidToken,
  signatureHeadersRenamed,
  noWebhookRetries,
  zuluDateTimes,
  otherDialect,
];

export const variantNames = variants.map((v) => v.name);

/** The quick subset `npm test` runs (scripts/variants.ts --quick): page size, link form, webhook retries. */
// Few failures each, so quick: a variant that fails hundreds of decision requirements costs a worker restart per failure;
// the full set is `npm run conformance:variants`.
export const quickVariants: string[] = ['defaultPageSize50', 'absoluteLinks', 'noWebhookRetries'];

/** Applies the named variants to the server `createApp` built; an unknown name stops the process with the list. */
export function applyVariants(names: string[], app: ReferenceApp): void {
  const unknown = names.filter((n) => !variantNames.includes(n));
  if (unknown.length) {
    console.error(`Unknown variant(s): ${unknown.join(', ')}\nKnown variants:\n  ${variantNames.join('\n  ')}`);
    process.exit(2);
  }
  for (const name of names) {
    variants.find((v) => v.name === name)!.apply(app);
    console.error(`[variants] ${name} applied`);
  }
}
