// The suite's client: calls operations of the contract by operationId, as one of the configured App clients,
// and validates every response against the document (status, content type, body, headers). A response that
// breaks the contract fails the test that made the request, naming the JSON pointer.
import { existsSync, readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { checkResponse, op, type Json } from './contract.ts';
import { config, type ClientRole } from './config.ts';

export class Nonconformance extends Error {
  constructor(message: string) {
    super(`[nonconformance] ${message}`);
    this.name = 'Nonconformance';
  }
}

export const tokenFile = () => `${config.reportDir}/.tokens.json`;
let tokens: Record<string, string> | undefined;
export function tokenOf(role: ClientRole): string {
  if (!tokens) {
    if (!existsSync(tokenFile())) throw new Error('No tokens: the setup project did not run');
    tokens = JSON.parse(readFileSync(tokenFile(), 'utf8')) as Record<string, string>;
  }
  const t = tokens[role];
  if (!t) throw new Error(`No token for client ${role}`);
  return t;
}

export interface CallOptions {
  /** Which App client calls; `none` sends no Authorization; `{ token }` sends that token. */
  as?: ClientRole | 'none' | { token: string };
  params?: Record<string, string | number>;
  /** Query parameters, in order; names are sent as written (`id:min`), values percent-encoded. */
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** Raw body text (malformed JSON tests), with its content type. */
  raw?: { text: string; contentType: string };
  headers?: Record<string, string>;
  /** Skip the contract check, for a request the document cannot describe (a deliberately wrong route). */
  unchecked?: boolean;
}
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: Json;
  text: string;
  url: string;
}

export const encodeQuery = (query: Record<string, string | number | boolean>) =>
  Object.entries(query)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** One HTTP exchange as the suite saw it, for the evidence of a failure. */
interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  status: number;
  responseHeaders: Record<string, string>;
  responseText: string;
}

const SECRET_HEADERS = /^(authorization|cookie|x-store-signature)$/i;
const excerpt = (text: string, max = 1200) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Request, response and a curl line that repeats the request (the token left to `$TOKEN`), secrets masked. */
export function formatExchange(x: Exchange): string {
  const masked = (h: Record<string, string>) =>
    Object.entries(h).map(
      ([k, v]) =>
        `${k}: ${SECRET_HEADERS.test(k) ? v.replace(/^(\w+\s+)?.*$/, (_, scheme: string | undefined) => `${scheme ?? ''}***`) : v}`,
    );
  const curl = [
    'curl',
    '-i',
    '-X',
    x.method,
    shellQuote(x.url),
    ...Object.entries(x.headers).flatMap(([k, v]) => [
      '-H',
      /^authorization$/i.test(k) && /^Bearer /i.test(v) ? '"Authorization: Bearer $TOKEN"' : shellQuote(`${k}: ${v}`),
    ]),
    ...(x.body !== undefined ? ['--data-binary', shellQuote(x.body.length > 4000 ? '@body.json' : x.body)] : []),
  ];
  return [
    `> ${x.method} ${x.url}`,
    ...masked(x.headers).map((l) => `> ${l}`),
    ...(x.body !== undefined
      ? [
          '>',
          ...excerpt(x.body)
            .split('\n')
            .map((l) => `> ${l}`),
        ]
      : []),
    '',
    `< ${x.status}`,
    ...masked(x.responseHeaders).map((l) => `< ${l}`),
    ...(x.responseText
      ? [
          '<',
          ...excerpt(x.responseText)
            .split('\n')
            .map((l) => `< ${l}`),
        ]
      : []),
    '',
    '# repeat it (TOKEN: a token of the same App client, from POST /admin/oauth/token.json):',
    curl.join(' '),
  ].join('\n');
}

export class Api {
  readonly request: APIRequestContext;
  constructor(request: APIRequestContext) {
    this.request = request;
  }

  /** Whether contract mismatches fail the running requirement (decision and platform bases) or are noted. */
  private strict = true;
  private exchanges: Exchange[] = [];
  private notes: string[] = [];
  /** Starts a requirement: a fresh record of exchanges and contract deviations. */
  begin(strict: boolean): void {
    this.strict = strict;
    this.exchanges = [];
    this.notes = [];
  }
  /** The last exchange of the requirement, formatted, and the lines of the two before it. */
  evidence(): string | undefined {
    const last = this.exchanges.at(-1);
    if (!last) return undefined;
    const before = this.exchanges.slice(-3, -1).map((x) => `  ${x.method} ${x.url} → ${x.status}`);
    return [formatExchange(last), ...(before.length ? ['', 'Before it:', ...before] : [])].join('\n');
  }
  deviations(): string[] {
    return this.notes;
  }

  url(
    operationId: string,
    params: Record<string, string | number> = {},
    query?: Record<string, string | number | boolean>,
  ): string {
    const o = op(operationId);
    const path = o.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (params[name] === undefined) throw new Error(`${operationId} needs path parameter ${name}`);
      return encodeURIComponent(String(params[name]));
    });
    const base = o.path.startsWith('/admin/oauth') ? config.authUrl : config.targetUrl;
    return `${base}${path}${query && Object.keys(query).length ? `?${encodeQuery(query)}` : ''}`;
  }

  async call(operationId: string, options: CallOptions = {}): Promise<ApiResponse> {
    const o = op(operationId);
    const res = await this.send(o.method, this.url(operationId, options.params, options.query), options);
    if (!options.unchecked) {
      const problems = checkResponse(o, res.status, res.headers, res.body, res.text);
      if (problems.length && this.strict)
        throw new Nonconformance(`${o.method} ${res.url}\n  ${problems.join('\n  ')}`);
      if (problems.length) this.notes.push(`${o.method} ${res.url}: ${problems.join('; ')}`);
    }
    return res;
  }

  /** A request outside the contract's operations (unknown route, wrong method). */
  async send(method: string, url: string, options: CallOptions = {}): Promise<ApiResponse> {
    const as = options.as ?? 'full';
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (as !== 'none') headers.authorization = `Bearer ${typeof as === 'object' ? as.token : tokenOf(as)}`;
    let data: string | Buffer | undefined;
    // A Buffer is sent as is; Playwright would JSON-encode a string that is not valid JSON.
    if (options.raw) {
      data = Buffer.from(options.raw.text);
      headers['content-type'] = options.raw.contentType;
    } else if (options.body !== undefined) {
      data = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await this.request.fetch(url, { method, headers, data, failOnStatusCode: false, maxRedirects: 0 });
    const text = await res.text();
    this.exchanges.push({
      method,
      url,
      headers,
      body: data?.toString(),
      status: res.status(),
      responseHeaders: res.headers(),
      responseText: text,
    });
    if (this.exchanges.length > 20) this.exchanges.shift();
    let body: Json;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status(), headers: res.headers(), body, text, url };
  }
}
