// A run's traffic as HAR 1.2 (CONFORMANCE_HAR, `--har FILE`): every exchange the suite has with the target, so that a
// failure can be replayed in any HTTP tool that opens HAR (browsers' developer tools, Postman, Insomnia, k6, curl
// converters). The exchanges are the requirements' (lib/api.ts), the token setup's (tokens.setup.ts), a thumbnail read
// back (requirements/contacts/thumbnails.ts) and the deletes of global teardown (lib/cleanup.ts); what the target sends the
// suite's App receiver is the target's traffic, not the suite's, and is not in it.
// They happen in several processes (Playwright's workers; global setup and teardown in the runner's): each appends its
// entries, one JSON line each, to a part of its own in the report folder (`.har/<pid>.jsonl`), so no two processes
// write one file; the reporter merges the parts at the run's end (its onEnd, which Playwright calls after global
// teardown) into the one file, in the order the requests went out. Each entry's `comment` names the requirement that
// made it (or `token setup`, `cleanup`). Bearer tokens are kept, since a replay needs them and they expire (3600 s,
// §5); client secrets are masked (`client_secret` in a token request's body, the credentials of HTTP Basic), since
// they do not: the file is as shareable as a token.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { dirname, join } from 'node:path';
import { config } from './config.ts';
import { suitePackage } from './report.ts';

/** One exchange as a caller saw it. */
export interface Exchanged {
  /** When the request went out (ms since the epoch), and how long until the whole answer had come (or none would). */
  started: number;
  ms: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer | string;
  /** The answer; undefined when no HTTP answer came, and `error` says what happened instead. */
  response?: { status: number; headers: Record<string, string>; body: Buffer | string };
  error?: string;
  /** What made it: a requirement's id, `token setup`, `cleanup`. */
  by?: string;
}

const partsDir = () => join(config.reportDir, '.har');
const MASK = '***';

/** Global setup: the last run's parts go (a merge takes every part in the folder). */
export function resetHar(): void {
  rmSync(partsDir(), { recursive: true, force: true });
}

/** Appends the exchange to this process's part, when the run writes a HAR. */
export function recordExchange(x: Exchanged): void {
  if (!config.har) return;
  mkdirSync(partsDir(), { recursive: true });
  appendFileSync(join(partsDir(), `${process.pid}.jsonl`), `${JSON.stringify(harEntry(x))}\n`);
}

/**
 * The reporter, at the run's end: the parts merged into the HAR file, by start time (a process's own entries keep
 * their order); the number of entries, or undefined when the run writes no HAR or made no part (a `--list`, a merge
 * of shards' reports, which has only their results).
 */
export function writeHar(): { file: string; entries: number } | undefined {
  if (!config.har || !existsSync(partsDir())) return undefined;
  const entries = readdirSync(partsDir())
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(partsDir(), f), 'utf8').split('\n').flatMap(parsed))
    .sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  const { name, version } = suitePackage();
  mkdirSync(dirname(config.har), { recursive: true });
  writeFileSync(config.har, `${JSON.stringify({ log: { version: '1.2', creator: { name, version }, entries } })}\n`);
  rmSync(partsDir(), { recursive: true, force: true });
  return { file: config.har, entries: entries.length };
}

/** A line of a part: the entry, or none for an empty line or one a killed worker left half-written. */
function parsed(line: string): HarEntry[] {
  if (!line) return [];
  try {
    return [JSON.parse(line) as HarEntry];
  } catch {
    return [];
  }
}

type Pair = { name: string; value: string };
interface HarEntry {
  startedDateTime: string;
  time: number;
  request: Record<string, unknown>;
  response: Record<string, unknown>;
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
}

const pairs = (headers: Record<string, string>): Pair[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));
const headerOf = (headers: Record<string, string>, name: string) =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
const bytesOf = (body: Buffer | string) => (typeof body === 'string' ? Buffer.from(body) : body);
/** A body as HAR text: UTF-8 when it is, else base64 (a body of bytes that are not UTF-8, D-66; an image). */
function textOf(body: Buffer | string): { text: string; encoding?: 'base64' } {
  if (typeof body === 'string') return { text: body };
  try {
    // ignoreBOM keeps a leading byte order mark in the text: a replay sends the bytes the suite sent.
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body) };
  } catch {
    return { text: body.toString('base64'), encoding: 'base64' };
  }
}

/** Credentials that outlive the run, masked: HTTP Basic's, and a token request's `client_secret` (form or JSON). */
function maskedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [
      k,
      /^authorization$/i.test(k) && /^basic\s/i.test(v) ? `Basic ${MASK}` : v,
    ]),
  );
}
function maskedBody(text: string, type: string): string {
  if (!text.includes('client_secret')) return text;
  if (/x-www-form-urlencoded/i.test(type)) {
    const form = new URLSearchParams(text);
    if (form.has('client_secret')) form.set('client_secret', MASK);
    return form.toString();
  }
  try {
    const json = JSON.parse(text) as unknown;
    if (json && typeof json === 'object' && 'client_secret' in json)
      return JSON.stringify({ ...json, client_secret: MASK });
  } catch {
    // not JSON: left as it is, for a request that sent no readable credentials
  }
  return text;
}

/** The HAR 1.2 entry of an exchange: timings as one wait (the suite sees no finer phases), sizes of the bytes. */
export function harEntry(x: Exchanged): HarEntry {
  const type = headerOf(x.headers, 'content-type') ?? '';
  const sent = x.body === undefined ? undefined : textOf(x.body);
  const answer = x.response;
  const answered = answer && textOf(answer.body);
  return {
    startedDateTime: new Date(x.started).toISOString(),
    time: x.ms,
    request: {
      method: x.method.toUpperCase(),
      url: x.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(maskedHeaders(x.headers)),
      queryString: [...new URL(x.url).searchParams].map(([name, value]) => ({ name, value })),
      ...(sent
        ? {
            postData: {
              mimeType: type,
              text: sent.encoding ? sent.text : maskedBody(sent.text, type),
              ...(sent.encoding ? { _encoding: sent.encoding } : {}),
            },
          }
        : {}),
      headersSize: -1,
      bodySize: x.body === undefined ? 0 : bytesOf(x.body).length,
    },
    response: answer
      ? {
          status: answer.status,
          statusText: STATUS_CODES[answer.status] ?? '',
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: pairs(answer.headers),
          content: {
            size: bytesOf(answer.body).length,
            mimeType: headerOf(answer.headers, 'content-type') ?? 'x-unknown',
            ...answered,
          },
          redirectURL: headerOf(answer.headers, 'location') ?? '',
          headersSize: -1,
          bodySize: bytesOf(answer.body).length,
        }
      : // No HTTP answer: status 0, as browsers record a failed request, with what happened.
        {
          status: 0,
          statusText: '',
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: [],
          content: { size: 0, mimeType: 'x-unknown' },
          redirectURL: '',
          headersSize: -1,
          bodySize: -1,
          _error: x.error ?? 'no answer',
        },
    cache: {},
    timings: { send: 0, wait: x.ms, receive: 0 },
    ...(x.by ? { comment: x.by } : {}),
  };
}
