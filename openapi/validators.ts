// JSON Schema validators compiled from the bundled document (ajv, draft 2020-12): the reference server validates
// requests and App answers with them, the conformance suite validates responses. One setup, never written twice.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { doc } from './contract.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** The id under which the bundle is registered: `{ $ref: 'openapi.json#/components/schemas/Product' }`. */
export const BUNDLE_ID = 'openapi.json';

/**
 * An ajv instance holding the bundle. `strict: false`: the document carries its own keywords (`x-filter`,
 * `x-source`, examples); `allErrors`: every problem of a body is reported, not only the first (D-02).
 * `coerceTypes`: for query and path parameters, which arrive as strings.
 */
export function createAjv(options: { coerceTypes?: boolean } = {}): Ajv2020 {
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, validateFormats: true, ...options }));
  ajv.addSchema(doc, BUNDLE_ID);
  return ajv;
}

const shared = createAjv();
const byPointer = new Map<string, ValidateFunction>();

/** The validator of the schema at a local JSON pointer of the bundle (`#/components/schemas/RateResponse`), compiled once. */
export function validatorFor(pointer: string): ValidateFunction {
  let validate = byPointer.get(pointer);
  if (!validate) byPointer.set(pointer, (validate = shared.compile({ $ref: `${BUNDLE_ID}${pointer}` })));
  return validate;
}
