// `store-api-conformance judge FILE.har [options]`: the proxy's judging over recorded traffic instead of live traffic.
// A HAR 1.2 file (a browser's developer tools, Postman, Insomnia, the suite's own `--har`, the proxy's traffic.har):
// each entry to the target, in the order its answer ended, is judged by the requirements that read it (session.ts),
// and the same reports are written. Entries to other origins (a page's scripts and styles) are left out.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Exchange } from '../lib/judging/exchange.ts';
import { settle } from './cli.ts';

const USAGE = `Usage: store-api-conformance judge FILE.har [options]

Judges the API calls a HAR file recorded (a browser's developer tools, Postman, the suite's --har, the proxy's
traffic.har) by the suite's requirements, as the proxy judges live traffic, and writes results.json, summary.md,
junit.xml and traffic.har to the report folder.

  --target <URL>          the target's base URL; entries elsewhere are left out (default: the origin most of the
                          entries to /api/ or /admin/oauth/ go to)
  --profile <contract|source>
                          contract: every requirement is reported; source: only those that gate under the source
                          profile (MUST, basis source or standard) (default contract)
  --dialect <file>        the target's dialect (the suite's CONFORMANCE_DIALECT): answers are read through it
  --report-dir <dir>      where the reports go (default reports/judge)
  --help

Exit status: 0 every requirement judged that gates under the profile passed, 1 one failed, 2 a bad option or file.
Masked secrets (a token shown as ***) are read as tokens the judging does not know: their scopes are not judged.`;

interface HarHeader {
  name: string;
  value: string;
}
interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    headers: HarHeader[];
    headersSize?: number;
    postData?: { mimeType?: string; text?: string; encoding?: string; _encoding?: string };
  };
  response: {
    status: number;
    headers: HarHeader[];
    content?: { size?: number; text?: string; encoding?: string };
    _error?: string;
  };
}

/** A HAR body as bytes: base64 where the entry says so (`encoding`, or `_encoding` of the suite's request bodies). */
const bytesOf = (text: string | undefined, encoding: string | undefined) =>
  Buffer.from(text ?? '', encoding === 'base64' ? 'base64' : 'utf8');
const recordOf = (headers: HarHeader[]) =>
  Object.fromEntries(headers.filter((h) => !h.name.startsWith(':')).map((h) => [h.name.toLowerCase(), h.value]));
const API_PATH = /^\/(api|admin\/oauth)\//;

/** The base URL most entries to the API's paths go to: an origin. */
function baseOf(entries: HarEntry[]): string | undefined {
  const counts = new Map<string, number>();
  for (const e of entries) {
    const url = new URL(e.request.url);
    if (API_PATH.test(url.pathname)) counts.set(url.origin, (counts.get(url.origin) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * The entries to `base`, as exchanges, in the order their answers ended. A token the HAR masked in an answer
 * (`"access_token":"***"`) is given a name of its own, so that no two masked tokens read as one.
 */
export function exchangesOf(entries: HarEntry[], base: string): Omit<Exchange, 'seq'>[] {
  const root = new URL(base);
  const prefix = root.pathname.replace(/\/$/, '');
  return entries
    .map((e) => ({ e, url: new URL(e.request.url) }))
    .filter(({ url }) => url.origin === root.origin && url.pathname.startsWith(prefix))
    .map(({ e, url }, i) => {
      const requestHeaders = recordOf(e.request.headers);
      const requestBody = bytesOf(
        e.request.postData?.text,
        e.request.postData?.encoding ?? e.request.postData?._encoding,
      );
      const masked = (e.response.content?.text ?? '').replace(/("access_token"\s*:\s*")\*\*\*"/g, `$1masked-${i}"`);
      const responseBody = bytesOf(masked, e.response.content?.encoding);
      const path = `${url.pathname.slice(prefix.length)}${url.search}`;
      const head = `${e.request.method} ${url.pathname}${url.search} HTTP/1.1\r\n${Object.entries(requestHeaders)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n`;
      const started = Date.parse(e.startedDateTime);
      return {
        direction: 'api' as const,
        started,
        ended: started + Math.max(0, e.time ?? 0),
        method: e.request.method.toUpperCase(),
        url: path,
        upstream: e.request.url,
        requestHeaders,
        requestHeadBytes:
          e.request.headersSize && e.request.headersSize > 0 ? e.request.headersSize : Buffer.byteLength(head),
        requestBody,
        requestLength: requestBody.length,
        status: e.response.status,
        responseHeaders: recordOf(e.response.headers),
        responseBody,
        // A body the HAR cut short (its size larger than its text) is not read as whole.
        responseLength: Math.max(
          responseBody.length,
          masked === e.response.content?.text ? (e.response.content?.size ?? 0) : 0,
        ),
        ...(e.response._error ? { error: e.response._error } : {}),
      };
    })
    .sort((a, b) => a.ended - b.ended);
}

/** Runs `judge`; resolves with the exit status. */
export async function judgeHar(argv: string[]): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  let files: string[];
  try {
    ({ values, positionals: files } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        target: { type: 'string' },
        profile: { type: 'string', default: 'contract' },
        dialect: { type: 'string' },
        'report-dir': { type: 'string', default: 'reports/judge' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n(store-api-conformance judge --help lists the options)`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const fail = (why: string) => (console.error(`${why}\n(store-api-conformance judge --help lists the options)`), 2);
  if (files.length !== 1) return fail('judge: one HAR file is required');
  if (values.profile !== 'contract' && values.profile !== 'source') return fail('--profile: contract or source');
  let entries: HarEntry[];
  try {
    entries = (JSON.parse(readFileSync(files[0]!, 'utf8')) as { log: { entries: HarEntry[] } }).log.entries;
    if (!Array.isArray(entries)) throw new Error('no log.entries list');
  } catch (err) {
    return fail(`judge: ${files[0]} is not a HAR file: ${(err as Error).message}`);
  }
  const target = typeof values.target === 'string' ? values.target.replace(/\/$/, '') : baseOf(entries);
  if (!target || !/^https?:\/\/[^/]/.test(target))
    return fail(`judge: no entry of ${files[0]} calls /api/ or /admin/oauth/; name the target with --target URL`);
  const reportDir = String(values['report-dir']);
  settle(target, String(values.profile), reportDir, values.dialect ? String(values.dialect) : undefined);
  const { session } = await import('./session.ts');
  const judging = await session({
    profile: values.profile,
    ...(values.dialect ? { dialect: String(values.dialect) } : {}),
    print: (line) => console.log(line),
  });
  const exchanges = exchangesOf(entries, target);
  for (const x of exchanges) judging.add(x);
  const started = new Date(exchanges[0]?.started ?? Date.now());
  const written = judging.report(reportDir, target, started);
  console.log(
    `judge: ${exchanges.length} of ${entries.length} entries to ${target} judged; ${written.passed} requirements passed, ${written.failed} failed (of the ${judging.judgeable} traffic can show); ${reportDir}/results.json, summary.md, junit.xml, traffic.har`,
  );
  return written.ok ? 0 : 1;
}
