// The proxy itself: forwards every request to the target and every answer back, changing nothing but what HTTP/1.1
// makes hop-by-hop (RFC 9110 §7.6.1: Connection and the headers it names, Keep-Alive, Proxy-*, TE, Trailer,
// Transfer-Encoding, Upgrade) and, with `changeOrigin`, Host. Bodies stream through; the first `maxBody` bytes of each
// are kept to judge. Each exchange is judged as its answer ends (session.ts, matching.ts), a line printed per violation; `stop()`
// writes the reports (reports.ts).
//
// Callbacks: `/__app/<rates|labels>?to=<the App's URL>` relays a callback of createShippingService (§4.5) to the App
// and back, judging the target's request against the callback's schema and the App's answer against its response.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Profile } from '../lib/verdict.ts';
import type { Exchange } from '../lib/judging/exchange.ts';
import type { Written } from './reports.ts';
import { callbackOperations } from './matching.ts';
import { session } from './session.ts';

export interface ProxyOptions {
  /** The target's base URL (`http://127.0.0.1:8080`). */
  target: string;
  port: number;
  host: string;
  profile: Profile;
  /** A dialect file (lib/dialect.ts): the answers are read in our contract's form through it. */
  dialect?: string;
  reportDir: string;
  /** Send the target its own host as Host, instead of the one the client sent. */
  changeOrigin: boolean;
  /** The bytes of each body kept to judge (and for traffic.har); a longer body streams through all the same. */
  maxBody: number;
  print: (line: string) => void;
}

export interface Proxy {
  /** `http://<host>:<port>`. */
  url: string;
  /** How many requirements of the suite traffic can show (their judgements: matching.ts). */
  judgeable: number;
  /** Stops listening, lets the exchanges under way end (at most `graceMs`), writes the reports. */
  stop(graceMs?: number): Promise<Written & { dir: string }>;
}

/** RFC 9110 §7.6.1: headers meant for one connection only, never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/** The raw headers (name, value, name, value, …) without the hop-by-hop ones and those Connection names. */
function endToEnd(raw: string[], replace: Record<string, string> = {}): string[] {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.toLowerCase() === 'connection')
      for (const n of raw[i + 1]!.split(',')) named.add(n.trim().toLowerCase());
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name) || name in replace) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  for (const [k, v] of Object.entries(replace)) out.push(k, v);
  return out;
}
/** Headers as a record, names in lower case, repeated ones joined (RFC 9110 §5.3). */
const recordOf = (raw: string[]) => {
  const out: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const k = raw[i]!.toLowerCase();
    out[k] = out[k] === undefined ? raw[i + 1]! : `${out[k]}, ${raw[i + 1]!}`;
  }
  return out;
};

/** A stream's bytes, the first `cap` of them kept, all of them counted. */
class Tap {
  private chunks: Buffer[] = [];
  private kept = 0;
  length = 0;
  private readonly cap: number;
  constructor(cap: number) {
    this.cap = cap;
  }
  push(chunk: Buffer): void {
    this.length += chunk.length;
    if (this.kept >= this.cap) return;
    const part = chunk.subarray(0, this.cap - this.kept);
    this.chunks.push(part);
    this.kept += part.length;
  }
  bytes = () => Buffer.concat(this.chunks);
}

export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const judging = await session(options);
  const started = new Date();
  const target = new URL(options.target.replace(/\/$/, ''));
  let open = 0;
  let settled: (() => void) | undefined;

  const record = (x: Omit<Exchange, 'seq' | 'ended'>) => judging.add(x);

  function relay(
    req: IncomingMessage,
    res: ServerResponse,
    upstream: URL,
    direction: Exchange['direction'],
    callback?: string,
  ) {
    open++;
    const began = Date.now();
    const requestTap = new Tap(options.maxBody);
    const responseTap = new Tap(options.maxBody);
    const requestHeaders = recordOf(req.rawHeaders);
    const head = `${req.method} ${req.url} HTTP/${req.httpVersion}\r\n${req.rawHeaders.reduce((s, v, i) => s + (i % 2 ? `${v}\r\n` : `${v}: `), '')}\r\n`;
    const host: Record<string, string> =
      direction === 'callback' || options.changeOrigin ? { host: upstream.host } : {};
    const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
    let done = false;
    const finish = (status: number, rawHeaders: string[], error?: string) => {
      if (done) return;
      done = true;
      record({
        direction,
        ...(callback ? { callback } : {}),
        started: began,
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        upstream: upstream.href,
        requestHeaders,
        requestHeadBytes: Buffer.byteLength(head),
        requestBody: requestTap.bytes(),
        requestLength: requestTap.length,
        status,
        responseHeaders: recordOf(rawHeaders),
        responseBody: responseTap.bytes(),
        responseLength: responseTap.length,
        ...(error ? { error } : {}),
      });
      if (--open === 0) settled?.();
    };
    const up = send(upstream, {
      method: req.method,
      headers: endToEnd(req.rawHeaders, host) as unknown as Record<string, string>,
    });
    let answered: string[] = [];
    up.on('response', (answer) => {
      answered = answer.rawHeaders;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
      answer.on('data', (chunk: Buffer) => responseTap.push(chunk));
      answer.pipe(res);
      answer.on('end', () => finish(answer.statusCode ?? 0, answer.rawHeaders));
      answer.on('error', (err) => finish(answer.statusCode ?? 0, answer.rawHeaders, err.message));
    });
    up.on('error', (err) => {
      if (!res.headersSent)
        res.writeHead(502, { 'content-type': 'text/plain' }).end(`the proxy reached no answer: ${err.message}`);
      else res.destroy();
      finish(0, [], err.message);
    });
    // A client that goes away before the answer ends: the exchange is recorded as far as it went.
    res.on('close', () => {
      if (done) return;
      up.destroy();
      finish(
        res.headersSent ? res.statusCode : 0,
        answered,
        'the client closed the connection before the answer ended',
      );
    });
    req.on('data', (chunk: Buffer) => requestTap.push(chunk));
    req.on('error', () => up.destroy());
    req.pipe(up);
  }

  const server = createServer({ maxHeaderSize: 1024 * 1024 }, (req, res) => {
    const url = req.url ?? '/';
    const app = /^\/__app\/(\w+)(\?.*)?$/.exec(url);
    if (app) {
      const to = new URLSearchParams(app[2] ?? '').get('to');
      const cb = callbackOperations.find((c) => c.field.replace(/Url$/, '') === app[1] || c.operationId === app[1]);
      if (!to || !cb || !/^https?:\/\//.test(to)) {
        res
          .writeHead(400, { 'content-type': 'text/plain' })
          .end(`/__app/<${callbackOperations.map((c) => c.field.replace(/Url$/, '')).join('|')}>?to=<the App's URL>`);
        return;
      }
      relay(req, res, new URL(to), 'callback', cb.operationId);
      return;
    }
    relay(req, res, new URL(`${target.href.replace(/\/$/, '')}${url}`), 'api');
  });
  // Request lines and headers of any size reach the target, which judges them (D-64: 431 past 16 KiB).
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${options.host}:${address.port}`;
  const { judgeable } = judging;

  return {
    url,
    judgeable,
    async stop(graceMs = 3000) {
      server.close();
      if (open > 0)
        await new Promise<void>((resolve) => {
          settled = resolve;
          setTimeout(resolve, graceMs).unref();
        });
      server.closeAllConnections();
      const written = judging.report(options.reportDir, target.href, started);
      return { ...written, dir: options.reportDir };
    },
  };
}
