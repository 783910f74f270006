// `deliveries` (D-17): where a delivery body names its event, resource and metadata.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTRACT_DIALECT, parseDialect } from './keys.ts';

test('deliveries: JSON pointers, the others ours', () => {
  assert.deepEqual(CONTRACT_DIALECT.deliveries, { event: '/event', resource: '/data', metadata: '/metadata' });
  assert.deepEqual(parseDialect('deliveries: { resource: /object }').dialect.deliveries, {
    event: '/event',
    resource: '/object',
    metadata: '/metadata',
  });
  assert.throws(() => parseDialect('deliveries: { topic: /topic }', 'd.yaml'), {
    problems: [
      'd.yaml: deliveries must be a map of event, resource and metadata to JSON pointers into a delivery body (`/event`, `/data`, `/metadata`) (ours: D-17)',
    ],
  });
});
