// The soak's load, in its own process so that the load generator never shares a thread with the webhook receiver
// whose lag the harness measures (as scripts/bench/load.ts does for the benchmarks):
// `node robustness/soak-load.ts '<json LoadOptions>'`. autocannon keeps `connections` connections busy, each going
// round CYCLE (soak-mix.ts) in order; every `windowMs` it prints one JSON line (a `Window`), and a last one when done.
import { createRequire } from 'node:module';
import { createStoreClient } from '../client/index.ts';
import { CYCLE, STAMP, type Cycle, type LoadOptions, type Window } from './soak-mix.ts';

type Req = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
interface AutocannonRequest {
  setupRequest: (req: Req, context: Cycle) => Req;
  onResponse: (status: number, body: string, context: Cycle) => void;
}
interface Instance {
  on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  on(event: 'reqError', fn: (err: Error) => void): void;
  on(event: 'done', fn: () => void): void;
  stop(): void;
}
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: AutocannonRequest[];
}) => Instance;

const o = JSON.parse(process.argv[2]!) as LoadOptions;
const client = createStoreClient({ baseUrl: o.baseUrl, clientId: o.clientId, clientSecret: o.clientSecret });
// §5: a token lives an hour; the client renews it before it expires, and setupRequest (synchronous) reads the latest.
let token = await client.token();
const renew = setInterval(() => void client.token().then((t) => (token = t)), 30_000);

let cycles = 0;
let window = emptyWindow();
function emptyWindow(): Window {
  return { at: Date.now(), requests: 0, byStep: {}, unexpected: {}, socketErrors: 0, timeouts: 0, latencies: [] };
}
// autocannon calls a request's onResponse and then, synchronously, emits `response` with the latency: the step
// that answered is passed from one to the other here.
let answered = { step: '', ok: true };

const requests: AutocannonRequest[] = CYCLE.map((step, i) => ({
  setupRequest: (req, context) => {
    if (i === 0) context.n = `${process.pid}-${cycles++}`;
    const body = step.body?.(context, `${STAMP}${Date.now()}`);
    return {
      ...req,
      method: step.method,
      path: step.path(context),
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
  },
  onResponse: (status, body, context) => {
    const ok = status >= 200 && status <= 299;
    answered = { step: step.name, ok };
    if (ok && step.keep) {
      const answer = JSON.parse(body) as Record<string, { id: number }>;
      context[step.keep] = answer[step.keep === 'contact' ? 'contact' : 'data']!.id;
    }
    if (!ok) {
      const key = `${step.name} → ${status}`;
      window.unexpected[key] = (window.unexpected[key] ?? 0) + 1;
      if (!window.example) window.example = `${step.method} ${step.path(context)} → ${status} ${body.slice(0, 300)}`;
    }
  },
}));

const instance = autocannon({
  url: o.baseUrl,
  connections: o.connections,
  duration: o.seconds,
  timeout: o.timeoutSeconds,
  requests,
});
instance.on('response', (_client, _status, _bytes, ms) => {
  window.requests++;
  const s = (window.byStep[answered.step] ??= { done: 0, ok: 0 });
  s.done++;
  if (answered.ok) s.ok++;
  window.latencies.push(Math.round(ms * 100) / 100);
});
instance.on('reqError', (err) => {
  window.requests++;
  if (/timed out/.test(err.message)) window.timeouts++;
  else window.socketErrors++;
});
const flush = () => {
  process.stdout.write(`${JSON.stringify({ ...window, at: Date.now() })}\n`);
  window = emptyWindow();
};
const timer = setInterval(flush, o.windowMs);
instance.on('done', () => {
  clearInterval(timer);
  clearInterval(renew);
  flush();
  process.stdout.write(`${JSON.stringify({ done: true, cycles })}\n`);
});
