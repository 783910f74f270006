// The hostile target: an HTTP server on 127.0.0.1 in front of a real server (the reference server, `upstream`) that
// answers each request either faithfully (forwarded, the upstream's origin rewritten to its own) or with one kind of
// misbehaviour. What each request gets is drawn from the seed, the request's method and path (ids made generic) and
// how many such requests came before it, so a seed repeats itself wherever the suite sends its requests in the same
// order (a single worker), and mostly so with several. Most misbehaviour corrupts a real answer in one place, so that
// the requirements get past their setup to the reading of real-looking answers; the rest is of the wire (no answer,
// a body that never ends, a 1xx, a redirect loop). The token endpoint is forwarded faithfully for the first
// `faithfulTokens` requests on the seeds where it works (the suite's setup gets its tokens) and misbehaves from the
// first request on the others.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A deterministic stream of numbers in [0, 1) from a text (mulberry32 over the text's SHA-256). */
export function randomFrom(text: string): () => number {
  let a = createHash('sha256').update(text).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Random = () => number;
const pickOf = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** What the upstream answered, as the hostile target passes it on or corrupts it. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One request being answered: the request, a draw of numbers, and the upstream's answer on demand. */
interface Turn {
  req: IncomingMessage;
  res: ServerResponse;
  random: Random;
  /** The upstream's answer to this request (fetched once, the request's body sent on). */
  upstream: () => Promise<Answer>;
  /** Upstream answers to other requests (method and path), for answers meant for another request. */
  others: () => [string, Answer][];
  /** The target's own origin, `http://127.0.0.1:<port>`. */
  origin: string;
}

/** A kind of misbehaviour: how often it is drawn (relative weight) and what it does. */
interface Kind {
  name: string;
  weight: number;
  answer: (turn: Turn) => Promise<void>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const send = (res: ServerResponse, a: Answer) => {
  if (res.destroyed) return;
  res.writeHead(a.status, { ...a.headers, 'content-length': String(a.body.length) });
  res.end(a.body);
};
const parsed = (a: Answer): Json => {
  try {
    return a.body.length ? JSON.parse(a.body.toString('utf8')) : undefined;
  } catch {
    return undefined;
  }
};
const withJson = (a: Answer, body: Json, status = a.status): Answer => ({
  status,
  headers: { ...a.headers, 'content-type': a.headers['content-type'] ?? JSON_TYPE },
  body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
});

/** Every container (object or array) of a JSON value with the path to it, the value itself first. */
function containers(value: Json, out: Json[] = []): Json[] {
  if (value && typeof value === 'object') {
    out.push(value);
    for (const v of Object.values(value)) containers(v, out);
  }
  return out;
}
/** Another value of another type than `v`. */
function retyped(random: Random, v: Json): Json {
  const choices: Json[] = [
    typeof v === 'number' ? String(v) : 7,
    typeof v === 'string' ? v.length : 'text',
    null,
    Array.isArray(v) ? { 0: v[0] } : [v],
    typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.values(v) : { value: v },
    typeof v === 'boolean' ? String(v) : true,
  ];
  return pickOf(random, choices);
}
/** One member (a key of an object, an element of an array) of the value, at any depth; undefined in a scalar. */
function memberOf(random: Random, body: Json): { parent: Json; key: string | number } | undefined {
  const found = containers(body).filter((c) => Object.keys(c).length);
  if (!found.length) return undefined;
  // The top level and the resource inside it more often than the deep leaves: that is what every requirement reads.
  const parent = random() < 0.5 ? found[Math.min(found.length - 1, Math.floor(random() * 2))] : pickOf(random, found);
  const keys = Object.keys(parent);
  const key = pickOf(random, keys);
  return { parent, key: Array.isArray(parent) ? Number(key) : key };
}

/** The corruptions of a JSON answer's body, each in one place. */
const corruptions: Record<string, (random: Random, body: Json, turn: Turn) => Json> = {
  /** A value of the wrong type (a number as a string, an object as an array, a value as null). */
  'wrong-type': (random, body) => {
    const m = memberOf(random, body);
    if (!m) return retyped(random, body);
    m.parent[m.key] = retyped(random, m.parent[m.key]);
    return body;
  },
  /** A member left out, `data`, `id`, `links` or `errors` as likely as any. */
  'missing-field': (random, body) => {
    const m = memberOf(random, body);
    if (!m) return undefined;
    if (Array.isArray(m.parent)) m.parent.splice(Number(m.key), 1);
    else delete m.parent[m.key];
    return body;
  },
  /** Members no one asked for, beside the real ones. */
  'extra-field': (random, body) => {
    const m = memberOf(random, body);
    const where = m && typeof m.parent[m.key] === 'object' && m.parent[m.key] !== null ? m.parent[m.key] : body;
    if (where && typeof where === 'object' && !Array.isArray(where))
      Object.assign(where, { _extra: pickOf(random, [1, 'x', null, [], { deep: true }]) });
    else if (Array.isArray(where)) where.push(pickOf(random, [null, 1, 'x', {}]));
    return body;
  },
  /** The answer wrapped once more, or in a list. */
  'extra-envelope': (random, body) => pickOf(random, [{ data: body }, { result: body }, [body], { response: body }]),
  /** The envelope left out: what is inside `data` (or `errors`) answered bare, or its first item. */
  'missing-envelope': (random, body) => {
    const inner = body?.data ?? body?.errors ?? body?.contact;
    if (inner === undefined) return pickOf(random, [null, [], '']);
    return Array.isArray(inner) && random() < 0.5 ? inner[0] : inner;
  },
  /** Errors listed without names, with names of the wrong type, or not as a list. */
  'odd-errors': (random, body) => {
    const base = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
    const errors = Array.isArray(base.errors) ? base.errors : [{ name: 'data.title', ref: 'error.invalid' }];
    const odd = pickOf(random, [
      errors.map((e: Json) => ({ ...e, name: undefined })),
      errors.map((e: Json) => ({ ...e, name: pickOf(random, [42, null, ['data'], { field: e?.name }]) })),
      errors.map((e: Json) => e?.name ?? 'data'),
      { [errors[0]?.name ?? 'data']: 'invalid' },
      'invalid',
      null,
    ]);
    return { success: false, status: 422, ...base, errors: odd };
  },
  /**
   * `links` that loop, as the list envelope has them (D-03): a `next` of the page itself, or past the last page, a
   * `previous` the same; or a `next` that is no URL. The totals may say there is one page, or none.
   */
  'looping-links': (random, body, turn) => {
    const self = `${turn.origin}${turn.req.url ?? '/'}`;
    const past = new URL(self);
    past.searchParams.set('page', String(1000 + Math.floor(random() * 1000)));
    const base = body && typeof body === 'object' && !Array.isArray(body) ? body : { data: [] };
    const links = { ...(typeof base.links === 'object' && base.links ? base.links : {}) };
    links.next = pickOf(random, [self, self, turn.req.url, turn.req.url, past.toString(), 42, { href: self }, '']);
    if (random() < 0.3) links.previous = links.next;
    const pagination = { ...(typeof base.pagination === 'object' && base.pagination ? base.pagination : {}) };
    if (random() < 0.3) pagination.totalPages = pickOf(random, [0, 1, -1, '3', null]);
    return { ...base, links, pagination };
  },
  /** A whole answer of another shape: nothing, null, a list, a string, a number. */
  'other-value': (random) => pickOf(random, [undefined, null, [], {}, '', 'ok', 0, true, { success: true }]),
};

/** The upstream's answer with one corruption (or two), its status kept or not. */
const corrupt =
  (names: string[], count = 1): Kind['answer'] =>
  async (turn) => {
    const a = await turn.upstream();
    let body = parsed(a);
    for (let i = 0; i < count; i++) body = corruptions[pickOf(turn.random, names)]!(turn.random, body, turn);
    send(turn.res, withJson(a, body));
  };

const HTML = '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>';
const statuses = [200, 201, 202, 204, 400, 401, 403, 404, 409, 410, 422, 429, 500, 502, 503];

/** The kinds of misbehaviour, by name (the report counts them). */
export const KINDS: Kind[] = [
  { name: 'wrong-type', weight: 6, answer: corrupt(['wrong-type']) },
  { name: 'missing-field', weight: 5, answer: corrupt(['missing-field']) },
  { name: 'extra-field', weight: 2, answer: corrupt(['extra-field']) },
  { name: 'extra-envelope', weight: 3, answer: corrupt(['extra-envelope']) },
  { name: 'missing-envelope', weight: 3, answer: corrupt(['missing-envelope']) },
  { name: 'odd-errors', weight: 3, answer: corrupt(['odd-errors']) },
  { name: 'looping-links', weight: 2, answer: corrupt(['looping-links']) },
  { name: 'other-value', weight: 2, answer: corrupt(['other-value']) },
  { name: 'mix', weight: 4, answer: corrupt(Object.keys(corruptions), 2) },
  {
    // The real body under another status: a success for a refusal, a refusal (or 204) for a success.
    name: 'wrong-status',
    weight: 4,
    answer: async (turn) => {
      const a = await turn.upstream();
      const status = pickOf(
        turn.random,
        statuses.filter((s) => s !== a.status),
      );
      send(turn.res, status === 204 ? { status, headers: {}, body: Buffer.alloc(0) } : { ...a, status });
    },
  },
  {
    // The real body as HTML, text, XML or with no content type; or a proxy's HTML error page.
    name: 'wrong-content-type',
    weight: 3,
    answer: async (turn) => {
      const a = await turn.upstream();
      const type = pickOf(turn.random, ['text/html', 'text/plain', 'application/xml', '', 'application/json-seq']);
      if (turn.random() < 0.3)
        send(turn.res, { status: 502, headers: { 'content-type': 'text/html' }, body: Buffer.from(HTML) });
      else send(turn.res, { status: a.status, headers: type ? { 'content-type': type } : {}, body: a.body });
    },
  },
  {
    // The real body cut anywhere: JSON that does not parse.
    name: 'invalid-json',
    weight: 4,
    answer: async (turn) => {
      const a = await turn.upstream();
      const text = a.body.length ? a.body : Buffer.from('{"data":');
      send(turn.res, {
        ...a,
        headers: { ...a.headers, 'content-type': JSON_TYPE },
        body: text.subarray(0, Math.floor(turn.random() * text.length)),
      });
    },
  },
  {
    // The body recorded for another request (another path or method): an answer meant for someone else.
    name: 'other-request',
    weight: 4,
    answer: async (turn) => {
      const mine = await turn.upstream();
      const others = turn.others();
      send(turn.res, others.length ? pickOf(turn.random, others)[1] : mine);
    },
  },
  {
    // The real answer made huge: about 12 MB of valid JSON (a long string beside the real members, or the items repeated).
    name: 'huge',
    weight: 1,
    answer: async (turn) => {
      const a = await turn.upstream();
      const body = parsed(a);
      const big = 'x'.repeat(12 * 1024 * 1024);
      const huge = Array.isArray(body?.data)
        ? {
            ...body,
            data: Array.from(
              { length: 40_000 },
              (_, i) => body.data[i % Math.max(1, body.data.length)] ?? { id: i, pad: 'x'.repeat(300) },
            ),
          }
        : body && typeof body === 'object'
          ? { ...body, padding: big }
          : { data: big };
      send(turn.res, withJson(a, huge));
    },
  },
  {
    // A redirect to the same URL, or a loop of two.
    name: 'redirect-loop',
    weight: 2,
    answer: async (turn) => {
      const url = turn.req.url ?? '/';
      const loop = url.startsWith('/__loop/') ? url.slice('/__loop'.length) : `/__loop${url}`;
      const location = turn.random() < 0.5 ? url : loop;
      turn.res.writeHead(pickOf(turn.random, [301, 302, 303, 307, 308]), { location, 'content-length': '0' });
      turn.res.end();
    },
  },
  {
    // A 3xx that is no redirect: 304 with nothing, 300 with the real body.
    name: 'not-a-redirect',
    weight: 1,
    answer: async (turn) => {
      const a = await turn.upstream();
      if (turn.random() < 0.5) send(turn.res, { status: 304, headers: {}, body: Buffer.alloc(0) });
      else send(turn.res, { ...a, status: 300 });
    },
  },
  {
    // Informational answers: 102 and 103 before the real one, or a 1xx and then the connection closed.
    name: 'informational',
    weight: 2,
    answer: async (turn) => {
      const a = await turn.upstream();
      if (turn.random() < 0.6) {
        turn.res.writeProcessing();
        turn.res.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' });
        send(turn.res, a);
      } else {
        turn.res.socket?.write(`HTTP/1.1 ${pickOf(turn.random, [100, 102, 103])} Informational\r\n\r\n`);
        turn.res.socket?.end();
      }
    },
  },
  {
    // The connection closed with no answer, before or after the upstream did the work.
    name: 'closed',
    weight: 1,
    answer: async (turn) => {
      if (turn.random() < 0.5) await turn.upstream();
      turn.req.socket.destroy();
    },
  },
  {
    // The head and the start of the body, then nothing: a body that never ends.
    name: 'stall',
    weight: 1,
    answer: async (turn) => {
      const a = await turn.upstream();
      turn.res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': String(a.body.length + 100) });
      turn.res.write(a.body.subarray(0, Math.floor(a.body.length / 2)));
    },
  },
  {
    // The real answer, slowly: the head at once, then the body a little at a time over about 3 s, a slow server that
    // still answers within the suite's request timeout.
    name: 'slow',
    weight: 2,
    answer: async (turn) => {
      const a = await turn.upstream();
      turn.res.writeHead(a.status, { ...a.headers, 'content-length': String(a.body.length) });
      const parts = 6;
      const pause = (2500 + turn.random() * 1000) / parts;
      for (let i = 0; i < parts && !turn.res.destroyed; i++) {
        await new Promise((resolve) => setTimeout(resolve, pause));
        turn.res.write(
          a.body.subarray(Math.floor((i * a.body.length) / parts), Math.floor(((i + 1) * a.body.length) / parts)),
        );
      }
      turn.res.end();
    },
  },
  {
    // A body that streams forever, a little at a time, until the client goes.
    name: 'endless',
    weight: 1,
    answer: async (turn) => {
      turn.res.writeHead(200, { 'content-type': JSON_TYPE });
      turn.res.write('{"data":[');
      const chunk = `${JSON.stringify({ id: 1, title: 'again' })},`.repeat(200);
      const timer = setInterval(() => turn.res.write(chunk), 50);
      turn.res.on('close', () => clearInterval(timer));
    },
  },
];

/** The seed's character: how much it misbehaves and whether its token endpoint works. */
export interface Temper {
  /** The share of requests answered with a misbehaviour (beyond the token endpoint's first `faithfulTokens`). */
  hostility: number;
  /** Whether the first `faithfulTokens` token requests are answered faithfully (the suite's setup gets its tokens). */
  tokensWork: boolean;
}
export function temperOf(seed: number): Temper {
  const random = randomFrom(`temper ${seed}`);
  return { hostility: pickOf(random, [0.05, 0.1, 0.2, 0.35, 0.5]), tokensWork: random() < 0.8 };
}

export interface HostileOptions {
  seed: number;
  /** The real server forwarded to: `http://127.0.0.1:<port>`. */
  upstream: string;
  /** How many token requests are answered faithfully first on a seed whose token endpoint works (the setup's). */
  faithfulTokens: number;
  /** Only these kinds are drawn (a regression test narrowing a seed's misbehaviour); default every kind. */
  kinds?: string[];
  /** The share of requests that misbehave, instead of the seed's (a regression test making it every one). */
  hostility?: number;
}
export interface HostileTarget {
  url: string;
  temper: Temper;
  /** How many requests got each kind (`faithful` included). */
  served: Record<string, number>;
  close(): Promise<void>;
}

const TOKEN_PATH = '/admin/oauth/token.json';
/** A request's method and path with its ids made generic: what keys its draw. */
const keyOf = (req: IncomingMessage) =>
  `${req.method} ${(req.url ?? '/').split('?')[0]!.replace(/\/\d+(?=\/|\.json|$)/g, '/{id}')}`;
const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
/** Headers not passed on either way: the connection's own, and the length (the body may change). */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'upgrade']);

/** Starts the hostile target on a free loopback port. */
export async function startHostile(options: HostileOptions): Promise<HostileTarget> {
  const temper = {
    ...temperOf(options.seed),
    ...(options.hostility === undefined ? {} : { hostility: options.hostility }),
  };
  const kinds = options.kinds ? KINDS.filter((k) => options.kinds!.includes(k.name)) : KINDS;
  const totalWeight = kinds.reduce((n, k) => n + k.weight, 0);
  const counts = new Map<string, number>();
  const served: Record<string, number> = {};
  const recorded = new Map<string, Answer>();
  let tokens = 0;
  let origin = '';

  const forward = async (req: IncomingMessage, body: Buffer): Promise<Answer> => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).flatMap(([k, v]) => (HOP.has(k) || v === undefined ? [] : [[k, String(v)]])),
    );
    const url = `${options.upstream}${(req.url ?? '/').replace(/^\/__loop/, '')}`;
    try {
      const res = await fetch(url, {
        method: req.method,
        headers,
        body: body.length && req.method !== 'GET' && req.method !== 'HEAD' ? new Uint8Array(body) : undefined,
        redirect: 'manual',
      });
      const text = Buffer.from(await res.arrayBuffer())
        .toString('utf8')
        .replaceAll(options.upstream, origin);
      const answer: Answer = {
        status: res.status,
        headers: Object.fromEntries(
          [...res.headers].flatMap(([k, v]) =>
            HOP.has(k) ? [] : [[k, k === 'location' ? v.replace(options.upstream, origin) : v]],
          ),
        ),
        body: Buffer.from(text),
      };
      recorded.set(keyOf(req), answer);
      return answer;
    } catch (err) {
      return {
        status: 502,
        headers: { 'content-type': 'text/plain' },
        body: Buffer.from(`upstream: ${(err as Error).message}`),
      };
    }
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const key = keyOf(req);
      const n = counts.get(key) ?? 0;
      counts.set(key, n + 1);
      const random = randomFrom(`${options.seed} ${key} ${n}`);
      const token = key.endsWith(TOKEN_PATH);
      const faithful = token && temper.tokensWork && tokens++ < options.faithfulTokens;
      const misbehave = !faithful && (random() < temper.hostility || (token && !temper.tokensWork));
      let kind: Kind | undefined;
      if (misbehave) {
        let draw = random() * totalWeight;
        kind = kinds.find((k) => (draw -= k.weight) < 0) ?? kinds.at(-1);
      }
      const name = kind?.name ?? 'faithful';
      served[name] = (served[name] ?? 0) + 1;
      let answer: Promise<Answer> | undefined;
      const turn: Turn = {
        req,
        res,
        random,
        origin,
        upstream: () => (answer ??= forward(req, body)),
        others: () => [...recorded].filter(([k]) => k !== key),
      };
      if (kind) await kind.answer(turn);
      else send(res, await turn.upstream());
    })().catch((err: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`hostile target: ${err.message}`);
    });
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    temper,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
