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
import { freePort } from '../scripts/server-process.ts';
import { RestartableServer, startReceiver, type Delivery } from './crash-server.ts';
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
    const client = createStoreClient({ baseUrl, ...credentials });
    for (const s of SUBSCRIPTIONS) {
      const { error } = await client.POST('/api/v2/webhooks.json', {
        body: { data: { url: receiver.url, events: s.events, metadata: { soak: s.name } } },
      });
      if (error) throw new Error(`the webhook ${s.name} was refused: ${JSON.stringify(error)}`);
    }
    const loadOptions: LoadOptions = {
      baseUrl,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      connections: opts.connections,
      seconds: opts.seconds,
      windowMs,
      timeoutSeconds: 10,
    };
    log(
      `load: ${opts.connections} connections for ${opts.seconds} s against ${baseUrl}; a sample every ${windowMs} ms`,
    );

    const samples: Sample[] = [];
    const byStep: SoakSummary['byStep'] = Object.fromEntries(CYCLE.map((s) => [s.name, { done: 0, ok: 0 }]));
    const unexpected: Record<string, number> = {};
    let example: string | null = null;
    const errors = { 'non-2xx answers': 0, 'socket errors': 0, timeouts: 0, 'internal errors logged': 0 };
    const seen = new Set<string>();
    const bySubscription: Record<string, number> = Object.fromEntries(SUBSCRIPTIONS.map((s) => [s.name, 0]));
    const problems: string[] = [];
    let received = 0;
    const lags: number[] = [];
    let lagMax: number | null = null;
    const minuteWindows = 60_000 / windowMs;
    const minutes: (Minute & { latencies: number[]; rss: number[]; lags: number[] })[] = [];
    let cycles = 0;

    /** Takes what the receiver got since the last call: counts, lag, problems. */
    const takeDeliveries = (): number[] => {
      const got: Delivery[] = receiver.deliveries.splice(0);
      const windowLags: number[] = [];
      for (const d of got) {
        received++;
        if (d.problems.length && problems.length < 20) problems.push(...d.problems);
        if (!d.body) continue;
        // One eventId per event and subscription (D-16): a second copy is a retry (at-least-once, D-23).
        if (seen.has(d.body.eventId)) continue;
        seen.add(d.body.eventId);
        const name = String((d.body as { metadata?: { soak?: string } }).metadata?.soak);
        bySubscription[name] = (bySubscription[name] ?? 0) + 1;
        if (/\/(created|updated)$/.test(d.body.event)) {
          const stamp = stampOf.exec(JSON.stringify(d.body.data))?.[1];
          if (stamp) windowLags.push(d.at - Number(stamp));
        }
      }
      lags.push(...windowLags);
      for (const l of windowLags) lagMax = Math.max(lagMax ?? 0, l);
      return windowLags;
    };

    const onWindow = (w: Window, index: number) => {
      const rssMb = rssOf(server?.pid);
      const windowLags = takeDeliveries();
      const windowErrors = Object.values(w.unexpected).reduce((s, n) => s + n, 0) + w.socketErrors + w.timeouts;
      errors['non-2xx answers'] += Object.values(w.unexpected).reduce((s, n) => s + n, 0);
      errors['socket errors'] += w.socketErrors;
      errors.timeouts += w.timeouts;
      for (const [k, n] of Object.entries(w.unexpected)) unexpected[k] = (unexpected[k] ?? 0) + n;
      example ??= w.example ?? null;
      for (const [name, s] of Object.entries(w.byStep)) {
        const total = (byStep[name] ??= { done: 0, ok: 0 });
        total.done += s.done;
        total.ok += s.ok;
      }
      const t = Math.round(((index + 1) * windowMs) / 100) / 10;
      const sample: Sample = {
        t,
        rssMb,
        requests: w.requests,
        errors: windowErrors,
        p50: percentile(w.latencies, 50),
        p99: percentile(w.latencies, 99),
        deliveries: windowLags.length,
        lagP50: windowLags.length ? percentile(windowLags, 50) : null,
        lagP99: windowLags.length ? percentile(windowLags, 99) : null,
      };
      samples.push(sample);
      const m = Math.floor(index / minuteWindows);
      minutes[m] ??= {
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
      };
      const minute = minutes[m]!;
      minute.requests += w.requests;
      minute.errors += windowErrors;
      minute.latencies.push(...w.latencies);
      if (rssMb !== null) minute.rss.push(rssMb);
      minute.lags.push(...windowLags);
      // A full minute: all its windows came, and the load ran to its end (the window after the last is partial).
      minute.full = (index + 1) * windowMs <= opts.seconds * 1000 && (index + 1) % minuteWindows === 0;
      log(
        `${t.toFixed(0).padStart(5)} s  rss ${rssMb ?? '-'} MB  ${w.requests} req  p50 ${sample.p50} ms  ` +
          `p99 ${sample.p99} ms  errors ${windowErrors}  deliveries ${received}  lag p99 ${sample.lagP99 ?? '-'} ms`,
      );
    };

    const loadStarted = Date.now();
    const child = spawn(process.execPath, [LOAD, JSON.stringify(loadOptions)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let childErr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (childErr = (childErr + c).slice(-2000)));
    let index = 0;
    for await (const line of createInterface({ input: child.stdout })) {
      const msg = JSON.parse(line) as Window | { done: true; cycles: number };
      if ('done' in msg) cycles = msg.cycles;
      else onWindow(msg, index++);
    }
    const code = await new Promise<number | null>((resolve) =>
      child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
    );
    if (code !== 0) throw new Error(`the load process exited with ${code}: ${childErr.slice(-1000)}`);
    const loadSeconds = (Date.now() - loadStarted) / 1000;

    // Every 2xx write caused one event per matching subscription (D-17); they arrive once the worker catches up.
    const expected = CYCLE.filter((s) => s.event).reduce(
      (sum, s) =>
        sum + byStep[s.name]!.ok * SUBSCRIPTIONS.filter((sub) => sub.events.some((p) => matches(p, s.event!))).length,
      0,
    );
    const drainStarted = performance.now();
    while (seen.size < expected && performance.now() - drainStarted < (opts.drainMs ?? 30_000)) {
      await sleep(100);
      takeDeliveries();
    }
    const drainMs = Math.round(performance.now() - drainStarted);
    await sleep(500); // late copies (at-least-once, D-23) are counted too
    takeDeliveries();
    log(`deliveries: ${seen.size} of ${expected} expected, drained in ${drainMs} ms after the load`);

    if (server) {
      await server.stop();
      errors['internal errors logged'] = server.stderr.filter((l) => l.includes('internal error')).length;
    }
    const requests = samples.reduce((s, x) => s + x.requests, 0);
    const doneMinutes: Minute[] = minutes.map(({ latencies, rss, lags: minuteLags, ...m }) => ({
      ...m,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      rssMb: mean(rss),
      lagP99: minuteLags.length ? percentile(minuteLags, 99) : null,
    }));
    const full = doneMinutes.filter((m) => m.full);
    const allErrors = {
      ...errors,
      'deliveries missing': Math.max(0, expected - seen.size),
      'deliveries with problems': problems.length,
    };
    const rssSamples = samples.filter((s) => s.rssMb !== null);
    const verdicts = {
      errors: errorsVerdict(allErrors),
      memory: memoryVerdict(rssSamples.map((s) => ({ minutes: s.t / 60, rssMb: s.rssMb! }))),
      p99: p99Verdict(full),
    };
    return {
      when: new Date().toISOString(),
      target: opts.target ?? 'the reference server, started here',
      database: opts.target ? 'the target’s own' : 'in memory',
      seconds: Math.round(loadSeconds * 10) / 10,
      connections: opts.connections,
      windowMs,
      requests,
      ratePerSecond: Math.round(requests / loadSeconds),
      cycles,
      byStep,
      errors: allErrors,
      unexpected,
      unexpectedExample: example,
      deliveries: {
        expected,
        received,
        unique: seen.size,
        duplicates: received - seen.size,
        bySubscription,
        lagP50: lags.length ? percentile(lags, 50) : null,
        lagP99: lags.length ? percentile(lags, 99) : null,
        lagMax,
        drainMs,
        problems,
      },
      rss: {
        firstMinuteMb: doneMinutes[0]?.rssMb ?? null,
        lastMinuteMb: full.at(-1)?.rssMb ?? doneMinutes.at(-1)?.rssMb ?? null,
        peakMb: rssSamples.length ? Math.max(...rssSamples.map((s) => s.rssMb!)) : null,
      },
      samples,
      minutes: doneMinutes,
      verdicts,
      ok: Object.values(verdicts).every((v) => v.ok !== false) && verdicts.errors.ok === true,
    };
  } finally {
    await server?.kill();
    await receiver.close();
  }
}
