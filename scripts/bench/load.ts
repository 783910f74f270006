// One load run, in its own process so the load generator never shares a thread with what it measures:
// `node scripts/bench/load.ts '<json options>'` prints autocannon's summary as one JSON line.
// `create` makes each request's body unique (a new sku), since the reference server refuses a repeated sku.
import { createRequire } from 'node:module';

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Req = { method: string; headers?: Record<string, string>; body?: string };
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  amount?: number;
  requests: { method: string; headers?: Record<string, string>; setupRequest: (r: Req) => Req }[];
}) => Promise<Result>;

interface Options {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  create?: boolean;
  connections: number;
  duration: number;
  amount?: number;
}
const o = JSON.parse(process.argv[2]!) as Options;
let n = 0;
const body = (): string => {
  if (!o.create) return JSON.stringify(o.body);
  const sku = `BENCH-${process.pid}-${n++}`;
  const b = structuredClone(o.body) as { data?: Record<string, unknown> } & Record<string, unknown>;
  Object.assign(b.data ?? b, { sku, title: `Bench ${sku}` });
  return JSON.stringify(b);
};
const result = await autocannon({
  url: o.url,
  connections: o.connections,
  duration: o.duration,
  amount: o.amount,
  requests: [
    {
      method: o.method ?? 'GET',
      headers: o.headers,
      setupRequest: (req) => (o.body === undefined ? req : { ...req, body: body() }),
    },
  ],
});
const { requests, latency, non2xx, errors, timeouts } = result;
console.log(
  JSON.stringify({
    rps: requests.average,
    p50: latency.p50,
    p99: latency.p99,
    total: requests.total,
    non2xx,
    errors,
    timeouts,
  }),
);
