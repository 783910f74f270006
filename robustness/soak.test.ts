// The soak's short form in npm test (6 s at 10 connections: zero errors, samples taken, every delivery arrived; the
// memory and p99 verdicts need minutes and are not judged here), and the verdicts on made-up series.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prng } from './crash-workload.ts';
import { runSoak } from './soak-run.ts';
import { errorsVerdict, memoryVerdict, p99Verdict, percentile, slope } from './soak-verdict.ts';

/** RSS every 5 s for `minutes`, `shape(minutes)` MB plus a saw-tooth of 5 MB (RSS moved by less under the soak) and seeded noise. */
function series(minutes: number, shape: (m: number) => number) {
  const noise = prng(7);
  return Array.from({ length: (minutes * 60) / 5 }, (_, i) => {
    const m = ((i + 1) * 5) / 60;
    return { minutes: m, rssMb: shape(m) + (i % 6) + noise() * 2 };
  });
}

test('percentile by nearest rank, and the least-squares slope', () => {
  const values = Array.from({ length: 100 }, (_, i) => 100 - i);
  assert.equal(percentile(values, 50), 50);
  assert.equal(percentile(values, 99), 99);
  assert.equal(percentile([], 99), 0);
  assert.equal(slope([0, 1, 2, 3].map((x) => ({ x, y: 3 * x + 1 }))), 3);
});

test('memory: a warm-up that levels off passes, so does flat; steady growth fails; short runs are not judged', () => {
  // Warm-up: +150 MB, most of it in the first minute, then flat with saw-tooth and noise.
  const levelling = memoryVerdict(series(3, (m) => 200 + 150 * (1 - Math.exp(-m / 0.4))));
  assert.equal(levelling.ok, true, levelling.reason);
  const leak = memoryVerdict(series(3, (m) => 250 + 5 * m));
  assert.equal(leak.ok, false, leak.reason);
  const flat = memoryVerdict(series(3, () => 300));
  assert.equal(flat.ok, true, flat.reason);
  // A warm-up hiding a slow leak (4 MB/min): a longer run shows it, the ratio tending to 1.
  const hidden = memoryVerdict(series(30, (m) => 200 + 150 * (1 - Math.exp(-m / 0.4)) + 4 * m));
  assert.equal(hidden.ok, false, hidden.reason);
  // What `npm run soak` found (the outbox kept every delivery): 91 MB/min, then 34 MB/min.
  const outbox = memoryVerdict(series(3, (m) => 200 + 150 * (1 - Math.exp(-m / 0.4)) + 34 * m));
  assert.equal(outbox.ok, false, outbox.reason);
  assert.equal(memoryVerdict(series(1, () => 200)).ok, null);
  assert.equal(memoryVerdict([]).ok, null);
});

test('p99: flat or falling passes, rising fails, a few milliseconds of noise pass, one minute is not judged', () => {
  assert.equal(p99Verdict([{ p99: 80 }, { p99: 120 }, { p99: 150 }]).ok, true);
  assert.equal(p99Verdict([{ p99: 300 }, { p99: 90 }]).ok, true);
  assert.equal(p99Verdict([{ p99: 80 }, { p99: 120 }, { p99: 170 }]).ok, false);
  assert.equal(p99Verdict([{ p99: 1.5 }, { p99: 6 }]).ok, true);
  assert.equal(p99Verdict([{ p99: 80 }]).ok, null);
});

test('errors: zero of every kind passes; any one fails, named', () => {
  assert.equal(errorsVerdict({ timeouts: 0, 'socket errors': 0 }).ok, true);
  const v = errorsVerdict({ timeouts: 2, 'socket errors': 0 });
  assert.equal(v.ok, false);
  assert.equal(v.reason, '2 timeouts');
});

test(
  'a 6 s soak at 10 connections: zero errors, samples taken, every event delivered',
  { timeout: 90_000 },
  async () => {
    const s = await runSoak({ seconds: 6, connections: 10, windowMs: 1000 });
    assert.equal(s.verdicts.errors.ok, true, `${s.verdicts.errors.reason}; ${s.unexpectedExample ?? ''}`);
    assert.ok(s.samples.length >= 5, `${s.samples.length} samples`);
    assert.ok(
      s.samples.every((x) => x.rssMb !== null && x.rssMb > 0),
      'every sample has the server RSS',
    );
    assert.ok(s.requests > 100, `${s.requests} requests`);
    for (const [step, n] of Object.entries(s.byStep)) assert.ok(n.ok > 0, `${step} answered 2xx`);
    assert.ok(s.deliveries.expected > 0 && s.deliveries.unique >= s.deliveries.expected, JSON.stringify(s.deliveries));
    assert.ok(s.deliveries.lagP99 !== null);
    assert.equal(s.verdicts.memory.ok, null);
    assert.equal(s.verdicts.p99.ok, null);
  },
);
