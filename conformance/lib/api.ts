// The suite's client: calls operations of the contract by operationId, as one of the configured App clients,
// and validates every response against the document (status, content type, body, headers). A response that
// breaks the contract fails the test that made the request, naming the JSON pointer.
import { existsSync, readFileSync } from 'node:fs';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { createStoreClient, type operations, type StoreClient } from '../../client/index.ts';
import { checkResponse, op, type Json, type Operation } from './contract.ts';
import { config, type ClientRole } from './config.ts';
import { record } from './cleanup.ts';
import { answered, describeNoAnswer, NoAnswer, TargetGone, targetGone, unanswered } from './unanswered.ts';

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

/** How a request is sent, whatever its operation. */
interface SendOptions {
  /** Which App client calls; `none` sends no Authorization; `{ token }` sends that token. */
  as?: ClientRole | 'none' | { token: string };
  headers?: Record<string, string>;
  /** Skip the contract check, for a request the document cannot describe (a deliberately wrong route). */
  unchecked?: boolean;
  /**
   * A call that makes a requirement's data rather than being what it asserts (lib/fixtures.ts): its contract
   * mismatches are noted, never failed. A fixture's create answering 200 is D-01's requirement's failure, not that
   * of every decision requirement that needs a product (issue 16, item 4: 489 requirements failed for it).
   */
  setup?: boolean;
  /** Send `body` form-encoded (`application/x-www-form-urlencoded`, as RFC 6749 §4.4.2 sends a token request). */
  form?: true;
}
/**
 * The untyped form, for what the compiler cannot check: calls whose operation is picked from the document at run
 * time (their parameters and bodies come from its own examples and tables), and deliberately invalid requests.
 */
export interface CallOptions extends SendOptions {
  params?: Record<string, string | number>;
  /** Query parameters, in order; names are sent as written (`id:min`), values percent-encoded. */
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /**
   * A raw body (malformed JSON tests): text, or bytes that need not be UTF-8 (D-66), with its content type; none
   * sends the body without a Content-Type header.
   */
  raw?: { text: string | Uint8Array; contentType?: string };
}

/** An operation of the document by its operationId; the generated types give its parameters and body. */
export type OperationId = keyof operations;
type ParametersOf<K extends OperationId> = operations[K]['parameters'];
type PathParamsOf<K extends OperationId> = ParametersOf<K> extends { path: infer P } ? P : never;
type BodyOf<K extends OperationId> = operations[K] extends { requestBody?: infer B }
  ? NonNullable<B> extends { content: infer C }
    ? C[keyof C]
    : never
  : never;
/** The typed form: `npm run typecheck` fails on a path parameter, query parameter or body field the document lacks. */
export type TypedCallOptions<K extends OperationId> = SendOptions & {
  query?: NonNullable<ParametersOf<K>['query']>;
  body?: BodyOf<K>;
} & ([PathParamsOf<K>] extends [never] ? { params?: never } : { params: PathParamsOf<K> });

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
  /** The start of the answer's body (a hostile target's 10 MB is not kept 20 times per worker), and its full length. */
  responseText: string;
  responseLength: number;
}

const SECRET_HEADERS = /^(authorization|cookie|x-store-signature)$/i;
const EXCERPT = 1200;
const excerpt = (text: string, length = text.length) =>
  length > EXCERPT ? `${text.slice(0, EXCERPT)}… (${length} characters)` : text;
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
          ...excerpt(x.responseText, x.responseLength)
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
    return `${baseOf(o)}${path}${query && Object.keys(query).length ? `?${encodeQuery(query)}` : ''}`;
  }

  /**
   * Calls an operation through the typed client (client/index.ts, openapi-fetch), Playwright's request context
   * being its transport, so the HTML report still shows every request.
   */
  call<K extends OperationId>(
    operationId: K,
    // The options may be left out only when the operation has no path parameter.
    ...options: [PathParamsOf<K>] extends [never] ? [TypedCallOptions<K>?] : [TypedCallOptions<K>]
  ): Promise<ApiResponse> {
    return this.untyped(operationId, (options[0] ?? {}) as CallOptions);
  }

  /** The untyped form of `call` (see `CallOptions`): the same transport and the same contract check. */
  async untyped(operationId: string, options: CallOptions = {}): Promise<ApiResponse> {
    const o = op(operationId);
    const res = await this.through(o, options);
    record(operationId, res, options.as ?? 'full');
    if (!options.unchecked) {
      const problems = checkResponse(o, res.status, res.headers, res.body, res.text);
      if (problems.length && this.strict && !options.setup)
        throw new Nonconformance(`${o.method} ${res.url}\n  ${problems.join('\n  ')}`);
      if (problems.length)
        this.notes.push(`${options.setup ? '(making data) ' : ''}${o.method} ${res.url}: ${problems.join('; ')}`);
    }
    return res;
  }

  /**
   * The typed client's request; a raw body without a content type goes straight to the transport (openapi-fetch
   * would give it `application/json`).
   */
  private async through(o: Operation, options: CallOptions): Promise<ApiResponse> {
    if (options.raw && options.raw.contentType === undefined)
      return this.send(o.method, this.url(o.operationId, options.params, options.query), options);
    const client = (this.clients[baseOf(o)] ??= createStoreClient({ baseUrl: baseOf(o), fetch: this.transport }));
    const { response } = await (client.request as Untyped)(o.method.toLowerCase(), o.path, {
      params: { path: options.params, query: options.query },
      headers: this.headersFor(options),
      parseAs: 'stream',
      ...(options.raw
        ? { body: options.raw.text, bodySerializer: (b: string | Uint8Array) => b }
        : options.form
          ? { body: options.body, bodySerializer: formEncoded }
          : options.body !== undefined
            ? { body: options.body }
            : {}),
    });
    const res = this.responses.get(response);
    if (!res) throw new Error(`${o.operationId}: the transport recorded no answer`);
    return res;
  }

  /** A request outside the contract's operations (unknown route, wrong method). */
  async send(method: string, url: string, options: CallOptions = {}): Promise<ApiResponse> {
    const headers = this.headersFor(options);
    let data: Buffer | undefined;
    if (options.raw)
      data = typeof options.raw.text === 'string' ? Buffer.from(options.raw.text) : Buffer.from(options.raw.text);
    else if (options.body !== undefined) {
      data = Buffer.from(JSON.stringify(options.body));
      headers['content-type'] ??= 'application/json';
    }
    return this.exchange(method, url, headers, data);
  }

  private clients: Record<string, StoreClient> = {};
  /** What the transport saw, by the Response it handed to openapi-fetch. */
  private responses = new WeakMap<Response, ApiResponse>();
  /** openapi-fetch's `fetch`: Playwright sends the request; the answer is recorded as the suite saw it. */
  private transport = async (request: Request): Promise<Response> => {
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await this.exchange(request.method, request.url, Object.fromEntries(request.headers), body);
    // Statuses that forbid a body, and the odd status a hostile target may send, get an empty Response: nothing
    // reads it, the suite reads the recorded answer.
    const response = new Response(null, { status: res.status >= 200 && res.status <= 599 ? res.status : 599 });
    this.responses.set(response, res);
    return response;
  };

  private headersFor(options: SendOptions): Record<string, string> {
    const as = options.as ?? 'full';
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (as !== 'none') headers.authorization = `Bearer ${typeof as === 'object' ? as.token : tokenOf(as)}`;
    const { raw, form } = options as CallOptions;
    if (raw?.contentType) headers['content-type'] = raw.contentType;
    else if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    return headers;
  }

  private async exchange(
    method: string,
    url: string,
    headers: Record<string, string>,
    data: Buffer | undefined,
  ): Promise<ApiResponse> {
    // Once the target has stopped answering (lib/unanswered.ts), the requirement is not run rather than left to wait.
    const gone = targetGone();
    if (gone) throw new TargetGone(gone);
    let status: number;
    let responseHeaders: Record<string, string>;
    let text: string;
    try {
      // Playwright gives a body sent without Content-Type one of its own (application/octet-stream); fetch sends bytes
      // without any, as a request with no media type (D-66) must be. Either way the timeout bounds the whole answer.
      if (data !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type'))
        ({ status, responseHeaders, text } = await bare(method, url, headers, data));
      else {
        // A Buffer is sent as is; Playwright would JSON-encode a string that is not valid JSON. The timeout bounds the
        // whole answer, body included (a target that sends headers a byte a second, or never answers).
        const res: APIResponse = await this.request.fetch(url, {
          method,
          headers,
          data,
          failOnStatusCode: false,
          maxRedirects: 0,
          timeout: config.requestTimeoutMs,
        });
        text = await res.text();
        status = res.status();
        responseHeaders = res.headers();
      }
    } catch (err) {
      const what = describeNoAnswer(method, url, err);
      unanswered(what);
      throw new NoAnswer(what);
    }
    answered();
    this.exchanges.push({
      method,
      url,
      headers,
      body: data?.toString(),
      status,
      responseHeaders,
      responseText: text.slice(0, EXCERPT),
      responseLength: text.length,
    });
    if (this.exchanges.length > 20) this.exchanges.shift();
    let body: Json;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status, headers: responseHeaders, body, text, url };
  }
}

/** A request whose body has no Content-Type, through fetch (a byte body gets none), bounded like the others. */
async function bare(method: string, url: string, headers: Record<string, string>, data: Buffer) {
  const res = await fetch(url, {
    method,
    headers,
    body: new Uint8Array(data),
    redirect: 'manual',
    signal: AbortSignal.timeout(config.requestTimeoutMs),
  });
  const text = await res.text();
  return { status: res.status, responseHeaders: Object.fromEntries(res.headers), text };
}

const formEncoded = (body: unknown) => new URLSearchParams(body as Record<string, string>).toString();
type Untyped = (method: string, path: string, init: Record<string, unknown>) => Promise<{ response: Response }>;
const baseOf = (o: Operation) => (o.path.startsWith('/admin/oauth') ? config.authUrl : config.targetUrl);
