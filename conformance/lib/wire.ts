// How the suite's requests go out and their answers come back (lib/api.ts, `Wire`): Node's HTTP client on kept-alive
// connections. Node's fetch did the same for about four times the CPU (its WHATWG streams and WebAssembly parser): a
// third of a worker's CPU in a passing run (scripts/README.md, "What makes `npm test` long").
//
// What goes out is what the suite gave, and only that: beside Host and Connection, which HTTP/1.1 needs, no header of
// its own (fetch added User-Agent, Accept-Encoding, Accept-Language and Sec-Fetch-Mode); a body with its
// Content-Length (a POST, PUT or PATCH without one says 0, as fetch says); a body without a Content-Type is sent
// without one, as a request with no media type (D-66) must be. Redirects are the suite's to read, never followed; no
// cookie is kept. The whole exchange, the answer's body included, is bounded by the per-request timeout: a target that
// sends a byte a second, or never answers, gets a TimeoutError. Liberal in what comes back, as fetch is: a body the
// target compressed anyway is decoded (gzip, deflate, br), a UTF-8 byte-order mark is dropped, and repeated headers
// are joined with ", " (Set-Cookie: the last one).
import http from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { config } from './config.ts';

export interface Answer {
  status: number;
  responseHeaders: Record<string, string>;
  text: string;
}

const WITH_BODY = /^(POST|PUT|PATCH)$/i;
/** Socket errors of a kept-alive connection the target had closed as the request went out: sent again, once. */
const STALE = new Set(['ECONNRESET', 'EPIPE']);

class TimeoutError extends Error {
  override name = 'TimeoutError';
  readonly ms: number;
  constructor(ms: number) {
    super(`no whole answer within ${ms} ms`);
    this.ms = ms;
  }
}

/** One request, its answer read whole; rejects with the socket's error, or a TimeoutError, when no answer came. */
export function requested(
  method: string,
  url: string,
  headers: Record<string, string>,
  data?: Buffer,
  timeoutMs: number = config.requestTimeoutMs,
): Promise<Answer> {
  return send(method, new URL(url), headers, data, true, timeoutMs);
}

function send(
  method: string,
  url: URL,
  headers: Record<string, string>,
  data: Buffer | undefined,
  again: boolean,
  timeoutMs: number,
) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = { ...headers };
    if (data?.length || WITH_BODY.test(method)) outgoing['content-length'] = String(data?.length ?? 0);
    // Node's global agents: they keep connections alive, and go through the proxy of HTTP_PROXY and HTTPS_PROXY under
    // NODE_USE_ENV_PROXY=1, as fetch does.
    const request = (url.protocol === 'https:' ? https : http).request(url, { method, headers: outgoing });
    let settled = false;
    let answered = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      settle(() => reject(new TimeoutError(timeoutMs)));
      request.destroy();
    }, timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) => {
      if (!answered && again && request.reusedSocket && STALE.has(err.code ?? ''))
        settle(() => resolve(send(method, url, headers, data, false, timeoutMs)));
      else settle(() => reject(err));
    });
    request.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
      });
      res.on('error', () => settle(() => reject(cutShort(res, received))));
      res.on('end', () =>
        settle(() => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              responseHeaders: headersOf(res.rawHeaders),
              text: new TextDecoder().decode(decoded(Buffer.concat(chunks), res.headers['content-encoding'])),
            });
          } catch (err) {
            reject(err as Error);
          }
        }),
      );
    });
    request.end(data);
  });
}

/** An answer whose body stopped before its end: how much came, of how much announced. */
function cutShort(res: http.IncomingMessage, received: number): Error {
  const length = res.headers['content-length'];
  return new Error(
    length === undefined
      ? `the connection closed after ${received} bytes of the answer's body, before its end`
      : `the connection closed after ${received} of the ${length} bytes of the answer's body (content-length)`,
  );
}

/** The body as sent before the target's Content-Encoding; an encoding it does not name is left as it came. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (!body.length || !encoding) return body;
  let out = body;
  // Codings apply in the order listed (RFC 9110, 8.4): undone last first.
  for (const coding of encoding
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') out = gunzipSync(out);
    else if (coding === 'br') out = brotliDecompressSync(out);
    else if (coding === 'deflate') out = out[0]! % 16 === 8 ? inflateSync(out) : inflateRawSync(out);
    else if (coding !== 'identity') return body;
  }
  return out;
}

/** Header names lowercased and in order of name, as fetch's Headers gives them; a repeated header joined. */
function headersOf(raw: string[]): Record<string, string> {
  const joined = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    const before = joined.get(name);
    joined.set(name, before === undefined || name === 'set-cookie' ? value : `${before}, ${value}`);
  }
  return Object.fromEntries([...joined].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
