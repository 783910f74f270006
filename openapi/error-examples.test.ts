// Every error example fits its operation (D-02): Prism serves these examples as the mock's answers, so an example
// naming a field or a scope another operation has would teach a frontend the wrong thing. A 422 on `data` names a
// field inside the operation's own body wrapper (D-01, D-11, D-18); one on `query` or `path` names no body field; a
// 403 names no scope the operation does not take (D-07).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deref, operations, type Json } from './contract.ts';

const wrapperOf = (example: unknown) =>
  example && typeof example === 'object' && !Array.isArray(example) && Object.keys(example).length === 1
    ? Object.keys(example)[0]
    : undefined;

test('every error example names only what its operation has', () => {
  const misfits: string[] = [];
  let checked = 0;
  for (const o of operations) {
    for (const [status, response] of Object.entries(o.responses)) {
      const example = deref<Json>(response).content?.['application/json']?.example;
      if (!example || example.success !== false || !Array.isArray(example.errors)) continue;
      checked++;
      const where = `${o.operationId} ${status}`;
      const wrapper = wrapperOf(o.requestExample);
      const params = new Set(o.parameters.map((p) => p.name));
      for (const e of example.errors as { name: string; message: string }[]) {
        if (example.context === 'data' && !(wrapper && (e.name === wrapper || e.name.startsWith(`${wrapper}.`))))
          misfits.push(`${where}: ${e.name} is not in the operation's body (${wrapper ?? 'none'})`);
        if (example.context === 'path' && e.name !== 'path' && !params.has(e.name))
          misfits.push(`${where}: ${e.name} is not a path parameter of the operation`);
        const scopes = /scopes?: (.*)$/.exec(e.message)?.[1]?.split(/,\s*/) ?? [];
        const taken = new Set((o.security ?? []).flat());
        for (const s of scopes) if (!taken.has(s)) misfits.push(`${where}: names scope ${s}, which it does not take`);
      }
    }
  }
  assert.ok(checked > 100, `${checked} error examples checked`);
  assert.deepEqual(misfits, []);
});
