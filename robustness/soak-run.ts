// One soak run: the reference server (in memory, plain settings) unless a target is given, the App's webhook receiver
// with the subscriptions of soak-mix.ts, the load process (soak-load.ts) at N connections for the run's length, and
// a sample at the end of each of its windows: the server's RSS (/proc/<pid>/status), requests, errors, latency and
// deliveries. After the load, the deliveries drain; then the verdicts (soak-verdict.ts).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { createStoreClient } from '../client/index.ts';
import { baseClients, type ClientCredentials } from '../openapi/clients.ts';
import { freePort } from '../shared/server-process.ts';
import { RestartableServer, startReceiver, type Delivery, type Receiver } from './crash-server.ts';
import { CYCLE, matches, STAMP, SUBSCRIPTIONS, type LoadOptions, type Window } from './soak-mix.ts';
import { errorsVerdict, memoryVerdict, p99Verdict, percentile, type Verdict } from './soak-verdict.ts';

const LOAD = fileURLToPath(new URL('./soak-load.ts', import.meta.url));

export interface SoakOptions {
  seconds: number;
  connections: number;
  /** An implementation already running; the reference server is started here when left out. */
  target?: string;
  /** The App client the load and the subscriptions use (default: openapi/clients.ts `full`). */
  client?: ClientCredentials;
  /** How often a sample is taken (default 5 s). */
  windowMs?: number;
  /** How long the deliveries may take to arrive after the load ends (default 30 s). */
  drainMs?: number;
  log?: (line: string) => void;
}

/** One sampling window, as the report shows it. */
export interface Sample {
  /** Seconds since the load started, at the window's end. */
  t: number;
  /** The server's resident set (MB), when the harness started it. */
  rssMb: number | null;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  deliveries: number;
  /** Event → arrival, ms (created and updated events, which carry the stamp of their write). */
  lagP50: number | null;
  lagP99: number | null;
}

export interface Minute {
  minute: number;
  /** Whether the load ran through the whole minute (only full minutes are judged). */
  full: boolean;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  rssMb: number | null;
  lagP99: number | null;
}

export interface SoakSummary {
  when: string;
  target: string;
  database: string;
  seconds: number;
  connections: number;
  windowMs: number;
  requests: number;
  ratePerSecond: number;
  cycles: number;
  /** Per step of the cycle: requests answered and answered 2xx. */
  byStep: Record<string, { done: number; ok: number }>;
  errors: Record<string, number>;
  /** Non-2xx answers by `<step> → <status>`, and the first of them whole. */
  unexpected: Record<string, number>;
  unexpectedExample: string | null;
  deliveries: {
    expected: number;
    received: number;
    unique: number;
    duplicates: number;
    bySubscription: Record<string, number>;
    lagP50: number | null;
    lagP99: number | null;
    lagMax: number | null;
    drainMs: number;
    problems: string[];
  };
  rss: { firstMinuteMb: number | null; lastMinuteMb: number | null; peakMb: number | null };
  samples: Sample[];
  minutes: Minute[];
  verdicts: { errors: Verdict; memory: Verdict; p99: Verdict };
  ok: boolean;
}

/** VmRSS of a process, in MB (null once it is gone). */
function rssOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Math.round((Number(kb) / 1024) * 10) / 10;
  } catch {
    return null;
  }
}

const mean = (xs: number[]) => (xs.length ? Math.round((xs.reduce((s, x) => s + x, 0) / xs.length) * 10) / 10 : null);
const stampOf = new RegExp(`${STAMP}(\\d{13})`);

/**
 * One soak, as its phases: the receiver and the server (unless a target is given), the subscriptions, the load with a
 * sample at the end of each window, the drain of the deliveries the load owes, the server's stop, the summary.
 */
export async function runSoak(opts: SoakOptions): Promise<SoakSummary> {
  const log = opts.log ?? (() => undefined);
  const windowMs = opts.windowMs ?? 5000;
  const credentials = opts.client ?? baseClients.full;
  // D-16: deliveries are signed with the secret of the client that owns the subscription.
  const receiver = await startReceiver(credentials.clientSecret, () => 0);
  const server = opts.target ? undefined : new RestartableServer({ port: await freePort() });
  const baseUrl = opts.target ?? server!.baseUrl;
  try {
    if (server) await server.start();
    await subscribe(baseUrl, credentials, receiver.url);
    const tally = new Tally(receiver, windowMs, opts.seconds, log);
    log(
      `load: ${opts.connections} connections for ${opts.seconds} s against ${baseUrl}; a sample every ${windowMs} ms`,
    );
    const { clientId, clientSecret } = credentials;
    const { connections, seconds } = opts;
    const load = await runLoad(
      { baseUrl, clientId, clientSecret, connections, seconds, windowMs, timeoutSeconds: 10 },
      (w, index) => tally.window(w, rssOf(server?.pid), index),
    );
    const drain = await tally.drain(opts.drainMs ?? 30_000);
    log(`deliveries: ${tally.seen.size} of ${drain.expected} expected, drained in ${drain.ms} ms after the load`);
    if (server) {
      await server.stop();
      tally.errors['internal errors logged'] = server.stderr.filter((l) => l.includes('internal error')).length;
    }
    return summarise(opts, windowMs, tally, load, drain);
  } finally {
    await server?.kill();
    await receiver.close();
  }
}

/** The subscriptions of soak-mix.ts, each to the receiver (D-17). */
async function subscribe(baseUrl: string, credentials: ClientCredentials, url: string): Promise<void> {
  const client = createStoreClient({ baseUrl, ...credentials });
  for (const s of SUBSCRIPTIONS) {
    const { error } = await client.POST('/api/v2/webhooks.json', {
      body: { data: { url, events: s.events, metadata: { soak: s.name } } },
    });
    if (error) throw new Error(`the webhook ${s.name} was refused: ${JSON.stringify(error)}`);
  }
}

/**
 * The load process (soak-load.ts), in its own process so that it never shares a thread with the receiver whose lag is
 * measured: `onWindow` gets each window it reports; resolves with its cycles and how long it ran.
 */
async function runLoad(
  options: LoadOptions,
  onWindow: (w: Window, index: number) => void,
): Promise<{ cycles: number; seconds: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [LOAD, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let childErr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (childErr = (childErr + c).slice(-2000)));
  let index = 0;
  let cycles = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    const msg = JSON.parse(line) as Window | { done: true; cycles: number };
    if ('done' in msg) cycles = msg.cycles;
    else onWindow(msg, index++);
  }
  const code = await new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );
  if (code !== 0) throw new Error(`the load process exited with ${code}: ${childErr.slice(-1000)}`);
  return { cycles, seconds: (Date.now() - started) / 1000 };
}

type MinuteSoFar = Minute & { latencies: number[]; rss: number[]; lags: number[] };

/** What the run has seen so far: the windows of the load and the deliveries of the receiver. */
class Tally {
  readonly samples: Sample[] = [];
  readonly byStep: SoakSummary['byStep'] = Object.fromEntries(CYCLE.map((s) => [s.name, { done: 0, ok: 0 }]));
  readonly unexpected: Record<string, number> = {};
  example: string | null = null;
  readonly errors = { 'non-2xx answers': 0, 'socket errors': 0, timeouts: 0, 'internal errors logged': 0 };
  /** The eventIds delivered, each once. */
  readonly seen = new Set<string>();
  readonly bySubscription: Record<string, number> = Object.fromEntries(SUBSCRIPTIONS.map((s) => [s.name, 0]));
  readonly problems: string[] = [];
  received = 0;
  readonly lags: number[] = [];
  lagMax: number | null = null;
  readonly minutes: MinuteSoFar[] = [];
  private readonly receiver: Receiver;
  private readonly windowMs: number;
  private readonly seconds: number;
  private readonly log: (line: string) => void;

  constructor(receiver: Receiver, windowMs: number, seconds: number, log: (line: string) => void) {
    this.receiver = receiver;
    this.windowMs = windowMs;
    this.seconds = seconds;
    this.log = log;
  }

  /** Takes what the receiver got since the last call: counts, lag, problems; returns the lags of the new events. */
  takeDeliveries(): number[] {
    const got: Delivery[] = this.receiver.deliveries.splice(0);
    const windowLags: number[] = [];
    for (const d of got) {
      this.received++;
      if (d.problems.length && this.problems.length < 20) this.problems.push(...d.problems);
      if (!d.body) continue;
      // One eventId per event and subscription (D-16): a second copy is a retry (at-least-once, D-23).
      if (this.seen.has(d.body.eventId)) continue;
      this.seen.add(d.body.eventId);
      const name = String((d.body as { metadata?: { soak?: string } }).metadata?.soak);
      this.bySubscription[name] = (this.bySubscription[name] ?? 0) + 1;
      if (/\/(created|updated)$/.test(d.body.event)) {
        const stamp = stampOf.exec(JSON.stringify(d.body.data))?.[1];
        if (stamp) windowLags.push(d.at - Number(stamp));
      }
    }
    this.lags.push(...windowLags);
    for (const l of windowLags) this.lagMax = Math.max(this.lagMax ?? 0, l);
    return windowLags;
  }

  /** One window of the load, with the server's RSS at its end: a sample, its minute, a console line. */
  window(w: Window, rssMb: number | null, index: number): void {
    const windowLags = this.takeDeliveries();
    const non2xx = Object.values(w.unexpected).reduce((s, n) => s + n, 0);
    const windowErrors = non2xx + w.socketErrors + w.timeouts;
    this.errors['non-2xx answers'] += non2xx;
    this.errors['socket errors'] += w.socketErrors;
    this.errors.timeouts += w.timeouts;
    for (const [k, n] of Object.entries(w.unexpected)) this.unexpected[k] = (this.unexpected[k] ?? 0) + n;
    this.example ??= w.example ?? null;
    for (const [name, s] of Object.entries(w.byStep)) {
      const total = (this.byStep[name] ??= { done: 0, ok: 0 });
      total.done += s.done;
      total.ok += s.ok;
    }
    const sample: Sample = {
      t: Math.round(((index + 1) * this.windowMs) / 100) / 10,
      rssMb,
      requests: w.requests,
      errors: windowErrors,
      p50: percentile(w.latencies, 50),
      p99: percentile(w.latencies, 99),
      deliveries: windowLags.length,
      lagP50: windowLags.length ? percentile(windowLags, 50) : null,
      lagP99: windowLags.length ? percentile(windowLags, 99) : null,
    };
    this.samples.push(sample);
    this.addToMinute(w, sample, windowLags, index);
    this.log(
      `${sample.t.toFixed(0).padStart(5)} s  rss ${rssMb ?? '-'} MB  ${w.requests} req  p50 ${sample.p50} ms  ` +
        `p99 ${sample.p99} ms  errors ${windowErrors}  deliveries ${this.received}  lag p99 ${sample.lagP99 ?? '-'} ms`,
    );
  }

  private addToMinute(w: Window, sample: Sample, windowLags: number[], index: number): void {
    const minuteWindows = 60_000 / this.windowMs;
    const m = Math.floor(index / minuteWindows);
    const minute = (this.minutes[m] ??= {
      minute: m + 1,
      full: false,
      requests: 0,
      errors: 0,
      p50: 0,
      p99: 0,
      rssMb: null,
      lagP99: null,
      latencies: [],
      rss: [],
      lags: [],
    });
    minute.requests += w.requests;
    minute.errors += sample.errors;
    minute.latencies.push(...w.latencies);
    if (sample.rssMb !== null) minute.rss.push(sample.rssMb);
    minute.lags.push(...windowLags);
    // A full minute: all its windows came, and the load ran to its end (the window after the last is partial).
    minute.full = (index + 1) * this.windowMs <= this.seconds * 1000 && (index + 1) % minuteWindows === 0;
  }

  /**
   * Every 2xx write caused one event per matching subscription (D-17); they arrive once the worker catches up, within
   * `maxMs`. Resolves with how many were expected and how long they took.
   */
  async drain(maxMs: number): Promise<{ expected: number; ms: number }> {
    const expected = CYCLE.filter((s) => s.event).reduce(
      (sum, s) =>
        sum +
        this.byStep[s.name]!.ok * SUBSCRIPTIONS.filter((sub) => sub.events.some((p) => matches(p, s.event!))).length,
      0,
    );
    const started = performance.now();
    while (this.seen.size < expected && performance.now() - started < maxMs) {
      await sleep(100);
      this.takeDeliveries();
    }
    const ms = Math.round(performance.now() - started);
    await sleep(500); // late copies (at-least-once, D-23) are counted too
    this.takeDeliveries();
    return { expected, ms };
  }
}

/** The summary: the figures of the whole run, per minute and per sample, and the three verdicts. */
function summarise(
  opts: SoakOptions,
  windowMs: number,
  tally: Tally,
  load: { cycles: number; seconds: number },
  drain: { expected: number; ms: number },
): SoakSummary {
  const { samples, lags } = tally;
  const requests = samples.reduce((s, x) => s + x.requests, 0);
  const minutes: Minute[] = tally.minutes.map(({ latencies, rss, lags: minuteLags, ...m }) => ({
    ...m,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rssMb: mean(rss),
    lagP99: minuteLags.length ? percentile(minuteLags, 99) : null,
  }));
  const full = minutes.filter((m) => m.full);
  const errors = {
    ...tally.errors,
    'deliveries missing': Math.max(0, drain.expected - tally.seen.size),
    'deliveries with problems': tally.problems.length,
  };
  const rssSamples = samples.filter((s) => s.rssMb !== null);
  const verdicts = {
    errors: errorsVerdict(errors),
    memory: memoryVerdict(rssSamples.map((s) => ({ minutes: s.t / 60, rssMb: s.rssMb! }))),
    p99: p99Verdict(full),
  };
  return {
    when: new Date().toISOString(),
    target: opts.target ?? 'the reference server, started here',
    database: opts.target ? 'the target’s own' : 'in memory',
    seconds: Math.round(load.seconds * 10) / 10,
    connections: opts.connections,
    windowMs,
    requests,
    ratePerSecond: Math.round(requests / load.seconds),
    cycles: load.cycles,
    byStep: tally.byStep,
    errors,
    unexpected: tally.unexpected,
    unexpectedExample: tally.example,
    deliveries: {
      expected: drain.expected,
      received: tally.received,
      unique: tally.seen.size,
      duplicates: tally.received - tally.seen.size,
      bySubscription: tally.bySubscription,
      lagP50: lags.length ? percentile(lags, 50) : null,
      lagP99: lags.length ? percentile(lags, 99) : null,
      lagMax: tally.lagMax,
      drainMs: drain.ms,
      problems: tally.problems,
    },
    rss: {
      firstMinuteMb: minutes[0]?.rssMb ?? null,
      lastMinuteMb: full.at(-1)?.rssMb ?? minutes.at(-1)?.rssMb ?? null,
      peakMb: rssSamples.length ? Math.max(...rssSamples.map((s) => s.rssMb!)) : null,
    },
    samples,
    minutes,
    verdicts,
    ok: Object.values(verdicts).every((v) => v.ok !== false) && verdicts.errors.ok === true,
  };
}
