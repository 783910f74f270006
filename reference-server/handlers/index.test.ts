// The handler map holds exactly one handler per operation of the contract: an operation added to the document
// without a handler (or a handler whose operation is gone) fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { operations } from '../../openapi/contract.ts';
import { createHandlers } from './index.ts';

test('every operation of the contract has a handler, and every handler an operation', () => {
  const handlers = createHandlers() as unknown as Record<string, unknown>;
  assert.deepEqual(Object.keys(handlers).sort(), operations.map((o) => o.operationId).sort());
  for (const [id, handler] of Object.entries(handlers)) assert.equal(typeof handler, 'function', id);
});
