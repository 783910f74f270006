// The bundle is a valid JSON Schema document (draft 2020-12 meta-schema), checked here once: the validators of the
// server and the suite skip that check as they start (openapi/validators.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAjv, validatorFor } from './validators.ts';

test('the bundle passes the JSON Schema meta-schema as ajv adds it', () => {
  assert.doesNotThrow(() => createAjv({ validateSchema: true }));
});

test('a schema that breaks the meta-schema is refused when the check is on, so the check can fail', () => {
  const ajv = createAjv();
  assert.throws(() => ajv.addSchema({ type: 'strin' }, 'broken', undefined, true), /schema is invalid/);
});

test('validators still judge bodies with the check off', () => {
  const valid = validatorFor('#/components/schemas/RateResponse');
  assert.equal(valid({}), false);
});

test('a validator loaded from the cache judges as the one compiled in memory, errors and all', async () => {
  const pointer = '#/components/schemas/RateResponse';
  validatorFor(pointer); // written to the cache, if this process compiled it
  // A fresh process reads the cache; its verdicts and errors must equal a compile of the same schema here.
  const { execFileSync } = await import('node:child_process');
  const bodies = [{}, { rates: [{ service_name: 1 }] }, { rates: [] }];
  const script = `import { validatorFor } from ${JSON.stringify(new URL('./validators.ts', import.meta.url).href)};
    const v = validatorFor(${JSON.stringify(pointer)});
    const ajvLoaded = Object.keys((await import('node:module')).createRequire(import.meta.url).cache).some((f) => f.endsWith('/ajv/dist/core.js'));
    console.log(JSON.stringify([ajvLoaded, ${JSON.stringify(bodies)}.map((b) => [v(b), v.errors ?? null])]));`;
  const [ajvLoaded, fromCache] = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  ) as [boolean, unknown[]];
  assert.equal(ajvLoaded, false, 'served from the cache: ajv itself was never loaded');
  const fresh = createAjv().compile({ $ref: `openapi.json${pointer}` });
  assert.deepEqual(
    fromCache,
    bodies.map((b) => [fresh(b), fresh.errors ?? null]),
  );
});
