// JSON Schema validators compiled from the bundled document (ajv, draft 2020-12): the reference server validates
// requests and App answers with them, the conformance suite validates responses. One setup, never written twice.
//
// Compiled once per document, not once per process: each validator is also written as ajv
// "standalone" code to a cache beside ajv (node_modules/.cache/store-api-validators/<document hash>/), and a process
// that finds it there loads it (about 1 ms) instead of loading ajv (40-90 ms) and compiling (10-100 ms). That is what a
// Playwright worker pays on start, again after every failed requirement (Playwright replaces the worker).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { doc } from './contract.ts';

const require = createRequire(import.meta.url);

/** The id under which the bundle is registered: `{ $ref: 'openapi.json#/components/schemas/Product' }`. */
export const BUNDLE_ID = 'openapi.json';

/**
 * An ajv instance holding the bundle. `strict: false`: the document carries its own keywords (`x-filter`,
 * `x-source`, examples); `allErrors`: every problem of a body is reported, not only the first (D-02).
 * `coerceTypes`: for query and path parameters, which arrive as strings. `validateSchema`: whether the bundle is
 * checked against the JSON Schema meta-schema as it is added; off by default, because every process that validates
 * paid for it on start (about 90 ms: compiling the meta-schema and walking the whole document); the document is
 * checked once, by openapi/validators.test.ts. ajv is loaded on the first call (a process served from the cache never
 * loads it).
 */
export function createAjv(options: { coerceTypes?: boolean; validateSchema?: boolean } = {}): Ajv2020 {
  const { validateSchema = false, ...rest } = options;
  const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = require('ajv-formats') as (ajv: Ajv2020) => Ajv2020;
  // `code.source`: what ajv compiles it can also write out as a module (the cache below).
  const ajv = addFormats(
    new Ajv2020({ strict: false, allErrors: true, validateFormats: true, code: { source: true }, ...rest }),
  );
  ajv.addSchema(doc, BUNDLE_ID, undefined, validateSchema);
  return ajv;
}

let shared: Ajv2020 | undefined;
const byPointer = new Map<string, ValidateFunction>();

/**
 * Where compiled validators of this document are kept: beside the ajv they require (the generated code names ajv's
 * runtime helpers by absolute path), keyed by the document, ajv's version and that path. Undefined when it cannot be
 * made (a read-only install): validators are then compiled in memory, as before.
 */
const cacheDir = (() => {
  try {
    const ajvPackage = require.resolve('ajv/package.json');
    const { version } = JSON.parse(readFileSync(ajvPackage, 'utf8')) as { version: string };
    const key = createHash('sha256').update(JSON.stringify(doc)).update(version).update(ajvPackage).digest('hex');
    const dir = join(dirname(dirname(ajvPackage)), '.cache', 'store-api-validators', key.slice(0, 16));
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    return undefined;
  }
})();

/** ajv's standalone module of one compiled validator, its `require`s made absolute so it loads from the cache. */
function standalone(ajv: Ajv2020, validate: ValidateFunction): string {
  const standaloneCode = (require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js'))
    .default;
  return standaloneCode(ajv, validate).replace(
    /require\("([^"]+)"\)/g,
    (_, id: string) => `require(${JSON.stringify(require.resolve(id))})`,
  );
}

/** A validator from the cache, if a process has written it; a file that does not load is compiled again. */
function cached(file: string | undefined): ValidateFunction | undefined {
  if (!file || !existsSync(file)) return undefined;
  try {
    return require(file) as ValidateFunction;
  } catch {
    return undefined;
  }
}

/** The validator of the schema at a local JSON pointer of the bundle (`#/components/schemas/RateResponse`), compiled once. */
export function validatorFor(pointer: string): ValidateFunction {
  let validate = byPointer.get(pointer);
  if (validate) return validate;
  const file = cacheDir && join(cacheDir, `${createHash('sha256').update(pointer).digest('hex').slice(0, 32)}.cjs`);
  validate = cached(file);
  if (!validate) {
    shared ??= createAjv();
    validate = shared.compile({ $ref: `${BUNDLE_ID}${pointer}` });
    if (file)
      try {
        // Written whole, then renamed into place: workers starting together never read half a file.
        const partial = `${file}.${process.pid}.tmp`;
        writeFileSync(partial, standalone(shared, validate));
        renameSync(partial, file);
      } catch {
        // No cache this time (full disk, read-only): the validator compiled in memory serves all the same.
      }
  }
  byPointer.set(pointer, validate);
  return validate;
}
