// The crash test in `npm test`: its checks catch what they must (on a made-up server), and a short run (3 kills) of
// the reference server loses nothing (robustness/README.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Checker } from './crash-check.ts';
import { writeCrashReport } from './crash-report.ts';
import { runCrash } from './crash-run.ts';
import type { Delivery } from './crash-server.ts';
import { Ledger, SPECS, type Entity, type Obj, type ResourceName, type Send, type Write } from './crash-workload.ts';

/** A server holding `items` and nothing else: gets by id, and every list on one page. */
function madeUp(items: Partial<Record<ResourceName, Obj[]>>): Send {
  return async (_method, path) => {
    for (const [name, spec] of Object.entries(SPECS)) {
      const list = items[name as ResourceName] ?? [];
      if (path === spec.page(1))
        return {
          status: 200,
          body: spec.wrap === 'contact' ? { contacts: list } : { data: list, pagination: { total: list.length } },
        };
      const hit = list.find((item) => spec.item(Number(item.id)) === path);
      if (hit) return { status: 200, body: { [spec.wrap]: hit } };
    }
    return { status: 404, body: {} };
  };
}

const contact = (fields: Obj): Entity => ({
  key: 'crash-1',
  resource: 'contacts',
  writer: 0,
  id: 5,
  exists: true,
  fields,
});
const update = (entity: Entity, marker: string, outcome: Write['outcome']): Write => ({
  seq: 2,
  life: 1,
  writer: 0,
  kind: 'update',
  entity,
  body: { position: marker, address: { city: marker } },
  marker,
  outcome,
});

test('a contact update cut off by a kill is applied, not applied, or half-written (its row and its address disagree)', async () => {
  for (const [position, city, resolution] of [
    ['m2', 'm2', 'applied'],
    ['m1', 'm1', 'not applied'],
    ['m2', 'm1', 'half-written'],
  ] as const) {
    const ledger = new Ledger();
    const entity = contact({ position: 'm1', address: { city: 'm1' } });
    const write = update(entity, 'm2', 'in-flight');
    ledger.entities.push(entity);
    ledger.writes.push(write);
    const checker = new Checker(ledger, madeUp({ contacts: [{ id: 5, position, address: { city } }] }));
    await checker.resolve(1);
    assert.equal(write.resolution, resolution, `position ${position}, city ${city}`);
    assert.equal(
      checker.problems.some((p) => p.kind === 'half-written'),
      resolution === 'half-written',
    );
  }
});

test('an acknowledged write the server does not hold is lost; a row nobody wrote is unexpected and checked', async () => {
  const ledger = new Ledger();
  const entity = contact({ position: 'm2', address: { city: 'm2' } });
  const write = update(entity, 'm2', 'acknowledged');
  entity.lastAcknowledged = write;
  ledger.entities.push(entity);
  ledger.writes.push(write);
  const checker = new Checker(ledger, madeUp({ products: [{ id: 9, title: 'stray' }] }));
  await checker.verify(1);
  assert.deepEqual([...checker.lost], [write]);
  // The made-up product is also no Product of the contract: every item read is validated.
  assert.deepEqual(checker.problems.map((p) => p.kind).sort(), ['invalid', 'lost', 'unexpected']);
});

test('events: one missing, one of a write that did not happen, one under two eventIds, a copy counted once', () => {
  const ledger = new Ledger();
  const a = contact({});
  const b = { ...contact({}), key: 'crash-2', id: 6 };
  ledger.entities.push(a, b);
  ledger.writes.push(update(a, 'm2', 'acknowledged'), { ...update(b, 'm3', 'acknowledged'), seq: 3 });
  const delivery = (eventId: string, id: number, marker: string, attempt: number): Delivery => ({
    at: 0,
    deliveryId: eventId,
    attempt,
    body: { eventId, event: 'contacts/updated', data: { id, position: marker } },
    problems: [],
  });
  const checker = new Checker(ledger, madeUp({}));
  const figures = checker.events(
    [
      delivery('e1', 5, 'm2', 1),
      delivery('e1', 5, 'm2', 2), // a duplicate: the same eventId, the next attempt
      delivery('e2', 5, 'm2', 1), // the same write under another eventId
      delivery('e3', 6, 'm9', 1), // no write set m9: b's m3 is lost, m9 is stray
    ],
    2,
  );
  assert.deepEqual(
    { ...figures, problems: checker.problems.length },
    {
      expected: 2,
      delivered: 1,
      lost: 1,
      deliveries: 4,
      duplicates: 1,
      duplicatedEvents: 1,
      stray: 1,
      invalid: 0,
      repeatedAttempts: 0,
      problems: 3,
    },
  );
});

test('3 kills under concurrent writes: no acknowledged write or event lost, nothing half-written', async () => {
  const summary = await runCrash({ kills: 3, seed: 15, writers: 6, killWindowMs: [150, 600] });
  const dir = mkdtempSync(join(tmpdir(), 'crash-report-'));
  writeCrashReport(dir, summary, 'crash.test.ts');
  assert.deepEqual(summary.problems, []);
  assert.equal(summary.kills, 3);
  assert.ok(summary.writes.acknowledged > 0, 'the writers wrote');
  assert.equal(summary.writes.lost, 0);
  assert.equal(summary.events.lost, 0);
  assert.equal(summary.unanswered['in-flight']['half-written'], 0);
  assert.equal(summary.ok, true, readFileSync(join(dir, 'summary.md'), 'utf8'));
});
