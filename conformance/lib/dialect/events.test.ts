// `events` (D-17): the target's event names, one by one or by action.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventFromTarget, eventToTarget } from './events.ts';
import { fromTarget, parseDialect, toTarget } from './keys.ts';

test('events: by name or by action, both ways, in a webhook sent and answered', () => {
  const d = parseDialect("events: { '*/created': '*/added', contacts/created: contact.new }").dialect;
  assert.equal(eventToTarget(d, 'products/created'), 'products/added');
  assert.equal(eventToTarget(d, 'contacts/created'), 'contact.new');
  assert.equal(eventFromTarget(d, 'products/added'), 'products/created');
  assert.equal(eventFromTarget(d, 'contact.new'), 'contacts/created');
  assert.equal(eventToTarget(d, 'products/*'), 'products/*');
  assert.deepEqual(toTarget(d, 'createWebhook', { data: { events: ['products/created'] } }), {
    data: { events: ['products/added'] },
  });
  assert.deepEqual(fromTarget(d, 'getWebhook', 200, { data: { events: ['contact.new'] } }), {
    data: { events: ['contacts/created'] },
  });
  assert.throws(() => parseDialect('events: { products/made: x }', 'd.yaml'), {
    problems: ['d.yaml: events.products/made is not an event name of ours (D-17)'],
  });
});
