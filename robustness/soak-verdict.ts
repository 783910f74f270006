// The soak's verdicts, as pure functions of its samples (unit-tested in soak.test.ts with made-up series):
// memory that levels off, a p99 that stays flat, and zero errors.

/** The p-th percentile (0–100) of `values`, by the nearest rank; 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The least-squares slope of `y` over `x` (0 for fewer than two points). */
export function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
}

export interface Verdict {
  /** `null`: not judged (too short a run, or nothing to measure, as RSS with `--target`). */
  ok: boolean | null;
  /** One line: the figures and the bar. */
  reason: string;
}

/**
 * Memory levels off when the RSS grows, over the second half of the run, at most `maxRatio` as fast as over the
 * first half (both least-squares slopes, over every sample of the half, so that one garbage collection's saw-tooth
 * cannot decide it), or at most `floorMbPerMin` (a flat run, whose first half barely grew either). The warm-up (JIT,
 * V8 sizing its heap to the load, SQLite's caches) is in the first half and is no leak; a leak grows both halves at
 * one pace, so the ratio tends to 1 as the run lengthens, and a leak smaller than a fifth of a 3-minute run's
 * warm-up pace needs a longer run (`--minutes 30`). Judged from 2 minutes on.
 */
export function memoryVerdict(
  samples: { minutes: number; rssMb: number }[],
  maxRatio = 0.2,
  floorMbPerMin = 2,
): Verdict {
  if (samples.length === 0) return { ok: null, reason: 'no RSS samples (a --target run: the process is not ours)' };
  const end = samples.at(-1)!.minutes;
  if (end < 2) return { ok: null, reason: `not judged: ${end.toFixed(1)} minutes, the verdict needs 2 or more` };
  const half = (from: number, to: number) =>
    samples.filter((s) => s.minutes >= from && s.minutes <= to).map((s) => ({ x: s.minutes, y: s.rssMb }));
  const first = slope(half(0, end / 2));
  const second = slope(half(end / 2, end));
  const ok = second <= floorMbPerMin || second <= maxRatio * first;
  return {
    ok,
    reason:
      `RSS slope ${second.toFixed(2)} MB/min over the second half, ${first.toFixed(2)} MB/min over the first ` +
      `(×${first > 0 ? (second / first).toFixed(2) : '–'}): ${ok ? 'levels off' : 'still growing'} ` +
      `(bar: at most ×${maxRatio} of the first half's, or ${floorMbPerMin} MB/min)`,
  };
}

/**
 * The p99 stays flat when the last full minute's p99 is at most `factor` times the first full minute's, or within
 * `floorMs` of it: below a few milliseconds a doubling is the scheduling noise of a shared machine, not a trend.
 */
export function p99Verdict(minutes: { p99: number }[], factor = 2, floorMs = 5): Verdict {
  if (minutes.length < 2) return { ok: null, reason: `not judged: ${minutes.length} full minute(s), it needs 2` };
  const first = minutes[0]!.p99;
  const last = minutes.at(-1)!.p99;
  const ok = last <= Math.max(first * factor, first + floorMs);
  return {
    ok,
    reason:
      `p99 ${last} ms in the last full minute against ${first} ms in the first (×${(last / first).toFixed(2)}): ` +
      `${ok ? 'flat' : 'rising'} (bar: at most ×${factor}, or +${floorMs} ms)`,
  };
}

/** Zero errors: every kind counted, each named with its count when not zero. */
export function errorsVerdict(counts: Record<string, number>): Verdict {
  const bad = Object.entries(counts).filter(([, n]) => n > 0);
  return {
    ok: bad.length === 0,
    reason: bad.length === 0 ? 'zero errors' : bad.map(([k, n]) => `${n} ${k}`).join(', '),
  };
}
