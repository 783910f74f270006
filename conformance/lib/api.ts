// The suite's client: calls operations of the contract by operationId, as one of the configured App clients,
// and validates every response against the document (status, content type, body, headers). A response that
// breaks the contract fails the test that made the request, naming the JSON pointer.
import { existsSync, readFileSync } from 'node:fs';
import { createStoreClient, type operations, type StoreClient } from '../../client/index.ts';
import { shellQuote } from '../../shared/shell.ts';
import { checkResponse, op, type Json, type Operation } from './contract.ts';
import { config, type ClientCredentials, type ClientRole } from './config.ts';
import {
  assumedChoice,
  CONTRACT_DIALECT,
  createFor,
  fromTarget,
  isObject,
  queryToTarget,
  requestWrapperOf,
  shippingPathOf,
  toTarget,
  type Write,
} from './dialect.ts';
import { record } from './cleanup.ts';
import { recordExchange } from './har.ts';
import {
  decisionOf,
  Ledger,
  oursIn,
  ProvenanceError,
  resourceWritten,
  writeOnlyFields,
  type Attribution,
} from './provenance.ts';
import { answered, describeNoAnswer, NoAnswer, TargetGone, targetGone, unanswered } from './unanswered.ts';
import { requested, type Answer } from './wire.ts';
import { Unmet, type Precondition } from './verdict.ts';
import type { Exchange as Observed } from './judging/exchange.ts';

export class Nonconformance extends Error {
  constructor(message: string) {
    super(`[nonconformance] ${message}`);
    this.name = 'Nonconformance';
  }
}

export const tokenFile = () => `${config.reportDir}/.tokens.json`;
let tokens: Record<string, string> | undefined;
/** The setup project's tokens by role; undefined when it has not run. */
function setupTokens(): Record<string, string> | undefined {
  if (!tokens && existsSync(tokenFile()))
    tokens = JSON.parse(readFileSync(tokenFile(), 'utf8')) as Record<string, string>;
  return tokens;
}
/** The setup project's tokens, each with its role. */
export const setupTokensByRole = (): [string, string][] => Object.entries(setupTokens() ?? {});
export function tokenOf(role: ClientRole): string {
  const all = setupTokens();
  if (!all) throw new Error('No tokens: the setup project did not run');
  const t = all[role];
  if (!t) throw new Error(`No token for client ${role}`);
  return t;
}

// The credentials of a request in words, for the evidence, where the secret itself is masked: which configured client
// a token belongs to (`the full client's token (conformance-full)`), or what the requirement said of a token it gave.
const NO_CREDENTIALS = 'none (no Authorization header)';
/** A configured client's token, named by role and client id. */
function clientToken(role: string): string {
  const id = (config.clients as Partial<Record<string, ClientCredentials>>)[role]?.clientId;
  return `the ${role} client's token${id ? ` (${id})` : ''}`;
}
/** The configured client whose setup token `token` is; undefined for any other token. */
function clientOfToken(token: string): string | undefined {
  const role = Object.entries(setupTokens() ?? {}).find(([, t]) => t === token)?.[0];
  return role === undefined ? undefined : clientToken(role);
}
/** An Authorization header value described: its scheme, and the configured client when it carries one's token. */
function describeHeader(value: string, whose: string): string {
  const [scheme = '', token = ''] = value.trim().split(/\s+/, 2);
  const client = /^bearer$/i.test(scheme) ? clientOfToken(token) : undefined;
  return `${whose} (${scheme || 'empty'})${client ? `: ${client}` : ''}`;
}
/** What `as` sends, described; `headers` is what the requirement set itself, for `as: 'none'`. */
function describeCredentials(as: SendOptions['as'], headers: Record<string, string> = {}): string {
  if (as === undefined || typeof as === 'string') {
    if (as !== 'none') return clientToken(as ?? 'full');
    const given = Object.entries(headers).find(([k]) => /^authorization$/i.test(k))?.[1];
    return given === undefined
      ? NO_CREDENTIALS
      : describeHeader(given, 'an Authorization header given by the requirement');
  }
  const client = clientOfToken(as.token);
  if (as.label) return `a token the requirement gave: ${as.label}${client ? ` (it is ${client})` : ''}`;
  return client
    ? `${client}, given by the requirement`
    : "a token given by the requirement, not one of the configured clients'";
}

/** How a request is sent, whatever its operation. */
interface SendOptions {
  /**
   * Which App client calls; `none` sends no Authorization; `{ token }` sends that token, and its `label` says in the
   * evidence what it is (`an unknown token`, `an expired token of the shortLived client`).
   */
  as?: ClientRole | 'none' | { token: string; label?: string };
  headers?: Record<string, string>;
  /** Skip the contract check, for a request the document cannot describe (a deliberately wrong route). */
  unchecked?: boolean;
  /**
   * A call that makes a requirement's data rather than being what it asserts (lib/fixtures.ts): its contract
   * mismatches are noted, never failed. A fixture's create answering 200 is D-01's requirement's failure, not that
   * of every decision requirement that needs a product (489 requirements failed for it).
   */
  setup?: boolean;
  /** Send `body` form-encoded (`application/x-www-form-urlencoded`, as RFC 6749 §4.4.2 sends a token request). */
  form?: true;
  /**
   * How long the answer may take, where the target's time includes calls it makes to Apps (a checkout's, a dispatch's:
   * lib/triggers.ts); default CONFORMANCE_REQUEST_TIMEOUT_MS.
   */
  waitMs?: number;
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

/** An answer read as bytes (`Api.download`). */
export interface Downloaded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
/** The first line of what was thrown. */
export const firstLine = (err: unknown) => String((err as Error)?.message ?? err).split('\n')[0]!;

export const encodeQuery = (query: Record<string, string | number | boolean>) =>
  Object.entries(query)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** One HTTP exchange as the suite saw it, for the evidence of a failure. */
export interface Exchange {
  method: string;
  url: string;
  /** Whose credentials the request carried, in words (`describeCredentials`): the header itself is masked. */
  credentials: string;
  headers: Record<string, string>;
  body?: string;
  status: number;
  responseHeaders: Record<string, string>;
  /** The start of the answer's body (a hostile target's 10 MB is not kept 20 times per worker), and its full length. */
  responseText: string;
  responseLength: number;
  /** The comment above the curl line that repeats the request; default: where a `$TOKEN` comes from. */
  repeatNote?: string;
}

const SECRET_HEADERS = /^(authorization|cookie|x-store-signature)$/i;
const authorizationOf = (headers: Record<string, string>) =>
  Object.entries(headers).find(([k]) => /^authorization$/i.test(k))?.[1];
/** The earlier exchanges the evidence shows, and the size it aims to stay under (summary.md holds one per failure). */
const EARLIER = 3;
const EVIDENCE = 4000;
const EXCERPT = 1200;
const excerpt = (text: string, length = text.length) =>
  length > EXCERPT ? `${text.slice(0, EXCERPT)}… (${length} characters)` : text;

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
    `# credentials: ${x.credentials}`,
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
    x.repeatNote ??
      "# repeat it (TOKEN: a token like the one the credentials line names; a client's comes from POST /admin/oauth/token.json):",
    curl.join(' '),
  ].join('\n');
}

/** How much of an earlier exchange's bodies the evidence shows (request, response characters), widest first. */
const EARLIER_BODIES: [number, number][] = [
  [400, 200],
  [120, 60],
  [0, 0],
];

/**
 * An exchange before the failing one, shorter: request line, credentials, the start of the request body, status and
 * the start of the response body. The bodies shrink to fit `room` characters; the lines themselves always show.
 */
function formatEarlier(x: Exchange, room: number): string {
  const body = (prefix: string, text: string | undefined, length: number, max: number) => {
    if (!text) return [];
    if (!max) return [`${prefix} (a body of ${length} characters)`];
    return (length > max ? `${text.slice(0, max)}… (${length} characters)` : text)
      .split('\n')
      .map((l) => `${prefix} ${l}`);
  };
  const forms = EARLIER_BODIES.map(([request, response]) =>
    [
      `> ${x.method} ${x.url}`,
      `# credentials: ${x.credentials}`,
      ...body('>', x.body, x.body?.length ?? 0, request),
      `< ${x.status}`,
      ...body('<', x.responseText, x.responseLength, response),
    ].join('\n'),
  );
  return forms.find((f) => f.length <= room) ?? forms.at(-1)!;
}

/** The worker's requests in flight: how long at least one was (`ms`, `since` the current stretch) and how many went. */
const inFlight = { ms: 0, requests: 0, active: 0, since: 0 };
const workerHandled = () => ({
  ms: inFlight.ms + (inFlight.active ? Date.now() - inFlight.since : 0),
  requests: inFlight.requests,
});

/** How a request goes out and its answer comes back: `requested` (lib/wire.ts), or a unit test's stand-in. */
export type Wire = (
  method: string,
  url: string,
  headers: Record<string, string>,
  data: Buffer | undefined,
  timeoutMs?: number,
) => Promise<Answer>;

export class Api {
  private readonly wire: Wire;
  constructor(wire: Wire = requested) {
    this.wire = wire;
  }

  /** Whether contract mismatches fail the running requirement (decision and platform bases) or are noted. */
  private strict = true;
  private exchanges: Exchange[] = [];
  /** Every exchange of the running requirement, whole, in the order answered: what its judgement reads (lib/judging/). */
  readonly observed: Observed[] = [];
  private notes: string[] = [];
  /**
   * The calls with a body in our contract's form the requirement made, what each was answered, and the values of ours
   * each carried (lib/provenance.ts; a source or standard requirement's writes only).
   */
  readonly writes: {
    operationId: string;
    status: number;
    ours: Record<string, Json>;
    why: string[];
    /** An update that carried fields of the add's stated body (no body of its own stated). */
    fromAdd?: true;
  }[] = [];
  /** Where the values the requirement writes came from (lib/provenance.ts). */
  readonly ledger = new Ledger();
  /** The requirement running, which the run's HAR names as the maker of each exchange (lib/har.ts). */
  private requirement: string | undefined;
  /** Starts a requirement: a fresh record of exchanges and contract deviations. */
  begin(strict: boolean, requirement?: string): void {
    this.requirement = requirement;
    this.writes.length = 0;
    this.unmet.length = 0;
    this.late.length = 0;
    this.fieldsWritten.clear();
    this.relied.clear();
    this.ledger.clear();
    this.strict = strict;
    this.exchanges = [];
    this.observed.length = 0;
    this.notes = [];
    this.credentials.clear();
    this.handledBefore = workerHandled();
  }
  /**
   * How long the requirement has spent on the target's answers (waiting for them, reading them, checking them against
   * the contract; the time one is being handled counts once, however many are), and how many requests it sent: what
   * tells a requirement that ran out of time at the target's pace from one that spent it in the suite. Counted over
   * the worker, which runs one requirement at a time: data shared by requirements (made once per worker, by whichever
   * needed it first and through its Api) costs the one that waits for it as much as the one that makes it.
   */
  handled(): { ms: number; requests: number } {
    const now = workerHandled();
    return { ms: now.ms - this.handledBefore.ms, requests: now.requests - this.handledBefore.requests };
  }
  private handledBefore = workerHandled();
  /** Runs `work`, one request and the handling of its answer, counted in `handled`. */
  private async timed<T>(work: () => Promise<T>): Promise<T> {
    if (!inFlight.active++) inFlight.since = Date.now();
    try {
      return await work();
    } finally {
      if (!--inFlight.active) inFlight.ms += Date.now() - inFlight.since;
    }
  }
  /**
   * The last exchange of the requirement, complete, then the ones that led to it, shorter (`formatEarlier`): a
   * failure often lies in what an earlier request sent (the product created, the token fetched).
   */
  evidence(): string | undefined {
    const last = this.exchanges.at(-1);
    if (!last) return undefined;
    const failing = formatExchange(last);
    const earlier = this.exchanges.slice(-1 - EARLIER, -1);
    if (!earlier.length) return failing;
    // What the last exchange leaves of the budget, shared by the earlier ones; past it their bodies shrink.
    const room = Math.floor((EVIDENCE - failing.length) / earlier.length);
    return [failing, '', 'Before it (oldest first):', ...earlier.flatMap((x) => ['', formatEarlier(x, room)])].join(
      '\n',
    );
  }
  deviations(): string[] {
    return this.notes;
  }
  /**
   * The preconditions of the suite's own setup that did not hold in the requirement (lib/verdict.ts, `Precondition`):
   * recorded here, judged by the verdict stage alone.
   */
  readonly unmet: Precondition[] = [];
  /** Records a precondition that did not hold, and returns it as the error that stops the requirement. */
  precondition(p: Precondition): Unmet {
    this.unmet.push(p);
    return new Unmet(p);
  }
  /** The fields the suite wrote to each resource it made or updated, by its create operation and id (`written`). */
  private fieldsWritten = new Map<string, Set<string>>();
  private remember(o: Operation, body: unknown, res: ApiResponse): void {
    const create = createFor(o.operationId);
    const sent = resourceWritten(o.operationId, body);
    const answered = resourceAnswered(res.body, requestWrapperOf(o.operationId) ?? 'data');
    const id = o.operationId.startsWith('create') ? answered?.id : undefined;
    if (!create || !isObject(sent) || id === undefined) return;
    const key = `${create} ${String(id)}`;
    const known = this.fieldsWritten.get(key) ?? this.fieldsWritten.set(key, new Set()).get(key)!;
    for (const f of Object.keys(sent)) known.add(f);
  }
  /**
   * The fields the requirement wrote when it made the resource `id` of `create`'s kind: what a whole update sends back
   * (lib/updates.ts), the rest being what the target derived. Undefined for a resource it did not make.
   */
  written(create: string, id: unknown): string[] | undefined {
    const known = this.fieldsWritten.get(`${create} ${String(id)}`);
    return known && [...known];
  }
  /** Extends the running requirement's timeout to `ms` from now (set by the runner, lib/deadline.ts `bounded`). */
  extendTimeout?: (ms: number) => void;
  /** What the requirement waited for past the wait it states (lib/inbox.ts): reported, never judged by the source. */
  readonly late: string[] = [];
  lateNotes(): string[] {
    return this.late;
  }
  /**
   * The choices of ours (dialect keys, with their decisions) the requirement's setup relied on that the target's
   * answers never confirmed: its effective basis is then no stronger than theirs (suite.spec.ts).
   */
  readonly relied = new Set<string>();

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

  /** Calls an operation through the typed client (client/index.ts, openapi-fetch), `exchange` being its transport. */
  call<K extends OperationId>(
    operationId: K,
    // The options may be left out only when the operation has no path parameter.
    ...options: [PathParamsOf<K>] extends [never] ? [TypedCallOptions<K>?] : [TypedCallOptions<K>]
  ): Promise<ApiResponse> {
    return this.untyped(operationId, (options[0] ?? {}) as CallOptions);
  }

  /** The untyped form of `call` (see `CallOptions`): the same transport and the same contract check. */
  untyped(operationId: string, options: CallOptions = {}): Promise<ApiResponse> {
    return this.timed(() => this.checked(operationId, options));
  }
  private async checked(operationId: string, options: CallOptions): Promise<ApiResponse> {
    const o = op(operationId);
    const { dialect } = config.dialect;
    const sent = {
      ...options,
      ...(options.body === undefined ? {} : { body: toTarget(dialect, operationId, options.body) }),
      ...(options.query === undefined ? {} : { query: queryToTarget(dialect, options.query) }),
    };
    const attribution = this.attribute(o, options);
    const res = await this.through(o, sent);
    record(operationId, res, options.as ?? 'full');
    // An answer that shows a choice of ours left unstated (D-03's page parameters, D-07's scope names) made otherwise,
    // where the requirement rests on the source or a standard.
    const assumed = this.strict ? undefined : assumedChoice(config.dialect, operationId, options, res.status);
    // Recorded, not thrown: the requirement goes on, and should it fail, the verdict stage reads this first.
    if (assumed) this.unmet.push({ under: 'source', ...assumed });
    // The requirement reads the answer in our contract's form (lib/dialect.ts); the contract check reads it as sent.
    const raw = res.body;
    res.body = fromTarget(dialect, operationId, res.status, raw);
    if (res.status >= 200 && res.status < 300) this.ledger.saw(res.body);
    if (options.body !== undefined && !options.raw) this.wrote(o, res, attribution);
    if (options.body !== undefined && !options.raw && res.status < 300) this.remember(o, options.body, res);
    if (!options.unchecked) {
      const [status, theirs] = inContract(o, res.status);
      const problems = checkResponse(o, status, res.headers, raw, res.text, theirs);
      if (problems.length && this.strict && !options.setup)
        throw new Nonconformance(`${o.method} ${res.url}\n  ${problems.join('\n  ')}`);
      if (problems.length)
        this.notes.push(`${options.setup ? '(making data) ' : ''}${o.method} ${res.url}: ${problems.join('; ')}`);
    }
    return res;
  }

  /**
   * Declares the fields of a body (wrapped or not) as choices of ours, resting on the operation's decisions, and
   * returns it: for a requirement that writes what the source does not show, and says so (lib/provenance.ts).
   */
  ours<T>(operationId: string, body: T): T {
    const resource = resourceWritten(operationId, body);
    if (isObject(resource)) this.ledger.declare(operationId, Object.keys(resource), decisionOf(operationId));
    return body;
  }

  /**
   * A source or standard requirement's write, attributed before it is sent (lib/provenance.ts): a value of no known
   * origin is the suite's mistake, and stops the requirement as an error before the target sees it. The token
   * endpoint's body is §4.1's and the standards'.
   */
  private attribute(o: Operation, options: CallOptions): Attribution | undefined {
    if (this.strict || options.body === undefined || options.raw || options.form || !o.bodyPointer) return undefined;
    if (o.path.startsWith('/admin/oauth')) return undefined;
    const a = this.ledger.attribute(config.dialect, o.operationId, options.body);
    if (a.unattributed.length)
      throw new ProvenanceError(
        `${o.operationId} writes ${a.unattributed.join(', ')}, from neither a field §2.2 shows, the dialect, an answer of the target nor a declared choice of ours: make the body with lib/fixtures.ts, or declare the fields (api.ledger.declare) with the decision they rest on`,
      );
    return a;
  }
  /**
   * What a write's answer tells of the choices of ours it carried: a resource answered without one of them may have
   * ignored it, so the requirement rests on that choice (`relied`); a refusal is kept for `control` (suite.spec.ts).
   */
  private wrote(o: Operation, res: ApiResponse, attribution: Attribution | undefined): void {
    const ours = attribution ? oursIn(attribution).filter(([f]) => !f.startsWith('{')) : [];
    // An extension's answer (D-20: a shipment, a checkout) is not the resource it was sent.
    const resource = /^(create|update)/.test(o.operationId) && !o.extension && res.status < 300;
    const body = resource ? resourceAnswered(res.body, requestWrapperOf(o.operationId) ?? 'data') : undefined;
    if (body) {
      const hidden = writeOnlyFields(o.operationId);
      const unnamed = ours.filter(([f]) => !(f in body) && !hidden.has(f));
      if (unnamed.length)
        this.relied.add(
          `bodies.${createFor(o.operationId) ?? o.operationId} (${[...new Set(unnamed.map(([, why]) => why))].join(', ')}; unnamed: ${unnamed.map(([f]) => f).join(', ')})`,
        );
    }
    const sent = attribution?.resource;
    this.writes.push({
      operationId: o.operationId,
      status: res.status,
      ours: Object.fromEntries(ours.map(([f]) => [f, sent?.[f]])),
      why: [...new Set(ours.map(([, why]) => why))],
      ...(Object.values(attribution?.origins ?? {}).some(
        (x) => x.from === 'dialect' && x.key !== `bodies.${o.operationId}` && o.operationId.startsWith('update'),
      )
        ? { fromAdd: true as const }
        : {}),
    });
  }

  /**
   * The typed client's request; a raw body without a content type goes straight to the transport (openapi-fetch
   * would give it `application/json`).
   */
  private async through(o: Operation, options: CallOptions): Promise<ApiResponse> {
    // Our shipping-service operations go where the dialect's `shippingServices` says the target has its own (D-18).
    const moved = shippingPathOf(config.dialect.dialect, o, options.params);
    if (moved !== undefined) {
      const q = options.query && Object.keys(options.query).length ? `?${encodeQuery(options.query)}` : '';
      return this.send(o.method, `${baseOf(o)}${moved}${q}`, options);
    }
    if ((options.raw && options.raw.contentType === undefined) || options.waitMs !== undefined)
      return this.send(o.method, this.url(o.operationId, options.params, options.query), options);
    const client = (this.clients[baseOf(o)] ??= createStoreClient({ baseUrl: baseOf(o), fetch: this.transport }));
    const { response } = await (client.request as Untyped)(o.method.toLowerCase(), o.path, {
      params: { path: options.params, query: options.query },
      headers: this.headersFor(options),
      fetch: (request: Request) => this.transport(request, callerOf(options)),
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

  /**
   * A GET of a URL the target gave (a thumbnail it stores), redirects followed as a browser showing it follows them:
   * the answer's bytes. In the run's HAR (lib/har.ts) like every exchange; throws when no answer came.
   */
  async download(url: string): Promise<Downloaded> {
    const traffic = { started: Date.now(), method: 'GET', url, headers: {}, by: this.requirement };
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(config.requestTimeoutMs) });
      const answer = {
        status: res.status,
        headers: Object.fromEntries(res.headers),
        body: Buffer.from(await res.arrayBuffer()),
      };
      recordExchange({ ...traffic, ms: Date.now() - traffic.started, response: answer });
      return answer;
    } catch (err) {
      recordExchange({ ...traffic, ms: Date.now() - traffic.started, error: firstLine(err) });
      throw err;
    }
  }

  /** A request outside the contract's operations (unknown route, wrong method). */
  send(method: string, url: string, options: CallOptions = {}): Promise<ApiResponse> {
    return this.timed(() => this.sent(method, url, options));
  }
  private async sent(method: string, url: string, options: CallOptions): Promise<ApiResponse> {
    const headers = this.headersFor(options);
    let data: Buffer | undefined;
    if (options.raw)
      data = typeof options.raw.text === 'string' ? Buffer.from(options.raw.text) : Buffer.from(options.raw.text);
    else if (options.body !== undefined) {
      data = Buffer.from(JSON.stringify(options.body));
      headers['content-type'] ??= 'application/json';
    }
    return this.exchange(method, url, headers, data, options.waitMs, callerOf(options));
  }

  private clients: Record<string, StoreClient> = {};
  /** What the transport saw, by the Response it handed to openapi-fetch. */
  private responses = new WeakMap<Response, ApiResponse>();
  /** openapi-fetch's `fetch`: Playwright sends the request; the answer is recorded as the suite saw it. */
  private transport = async (request: Request, caller?: Caller): Promise<Response> => {
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await this.exchange(
      request.method,
      request.url,
      Object.fromEntries(request.headers),
      body,
      undefined,
      caller,
    );
    // Statuses that forbid a body, and the odd status a hostile target may send, get an empty Response: nothing
    // reads it, the suite reads the recorded answer.
    const response = new Response(null, { status: res.status >= 200 && res.status <= 599 ? res.status : 599 });
    this.responses.set(response, res);
    return response;
  };

  /**
   * The credentials sent, described, by Authorization header value (`NO_CREDENTIALS` without one): the transport
   * sees only the header, and the requests of a requirement may run at once.
   */
  private credentials = new Map<string, string>();
  private headersFor(options: SendOptions): Record<string, string> {
    const as = options.as ?? 'full';
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (as !== 'none') headers.authorization = `Bearer ${typeof as === 'object' ? as.token : tokenOf(as)}`;
    const sent = authorizationOf(headers);
    if (sent !== undefined) this.credentials.set(sent.trim(), describeCredentials(options.as, options.headers));
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
    waitMs?: number,
    caller?: Caller,
  ): Promise<ApiResponse> {
    // Once the target has stopped answering (lib/unanswered.ts), the requirement is not run rather than left to wait.
    const gone = targetGone();
    if (gone) throw new TargetGone(gone);
    // A GET or HEAD with a body has no defined meaning (RFC 9110, 9.3.1): a requirement that sends one is the suite's
    // mistake (an error, never "no answer" from the target).
    if (data?.length && /^(GET|HEAD)$/i.test(method)) throw new Error(`the suite cannot send a ${method} with a body`);
    inFlight.requests++;
    let status: number;
    let responseHeaders: Record<string, string>;
    let text: string;
    const traffic = { started: Date.now(), method, url, headers, body: data, by: this.requirement };
    try {
      ({ status, responseHeaders, text } = await this.wire(method, url, headers, data, waitMs));
    } catch (err) {
      const what = describeNoAnswer(method, url, err);
      recordExchange({ ...traffic, ms: Date.now() - traffic.started, error: what });
      unanswered(what);
      throw new NoAnswer(what);
    }
    recordExchange({
      ...traffic,
      ms: Date.now() - traffic.started,
      response: { status, headers: responseHeaders, body: text },
    });
    answered();
    this.observed.push({
      ...observedOf(
        this.observed.length + 1,
        traffic.started,
        method,
        url,
        headers,
        data,
        status,
        responseHeaders,
        text,
      ),
      ...(caller ? { caller } : {}),
    });
    const sent = authorizationOf(headers);
    this.exchanges.push({
      method,
      url,
      credentials:
        sent === undefined
          ? NO_CREDENTIALS
          : (this.credentials.get(sent.trim()) ?? describeHeader(sent, 'an Authorization header')),
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

type Caller = NonNullable<Observed['caller']>;
/** The configured client a call goes as, with its scopes; undefined without one (no token, a token of its own). */
function callerOf(options: SendOptions): Caller | undefined {
  const as = options.as ?? 'full';
  if (typeof as !== 'string' || as === 'none') return undefined;
  const client = (config.clients as Partial<Record<string, ClientCredentials>>)[as];
  return client ? { scopes: [...client.scopes] } : undefined;
}

/** The exchange as a judgement reads it (lib/judging/exchange.ts): its path relative to the target's base URL. */
function observedOf(
  seq: number,
  started: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  data: Buffer | undefined,
  status: number,
  responseHeaders: Record<string, string>,
  text: string,
): Observed {
  const at = new URL(url);
  const base = [config.targetUrl, config.authUrl]
    .map((b) => new URL(b))
    .find((b) => b.origin === at.origin && at.pathname.startsWith(b.pathname.replace(/\/$/, '')));
  const path = base ? at.pathname.slice(base.pathname.replace(/\/$/, '').length) : at.pathname;
  const requestHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const head = `${method} ${at.pathname}${at.search} HTTP/1.1\r\n${Object.entries(requestHeaders)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  const responseBody = Buffer.from(text);
  return {
    seq,
    direction: 'api',
    started,
    ended: Date.now(),
    method: method.toUpperCase(),
    url: `${path}${at.search}`,
    upstream: url,
    requestHeaders,
    requestHeadBytes: Buffer.byteLength(head),
    requestBody: data ?? Buffer.alloc(0),
    requestLength: data?.length ?? 0,
    status,
    responseHeaders,
    responseBody,
    responseLength: responseBody.length,
  };
}

/**
 * An answer's status as the contract check reads it, and whether its body is the target's own form: a write's success
 * status the dialect states (`statuses`) is checked as ours (D-01, D-04), with the body it holds; an error answer
 * whose list of errors the dialect places (`errors`) is checked for its status and headers, its body being the
 * target's envelope. So the check reports what the dialect does not already say.
 */
function inContract(o: Operation, status: number): [number, boolean] {
  const { dialect, stated } = config.dialect;
  if (status >= 400) return [status, stated.has('errors')];
  const write: Write | undefined =
    o.method === 'POST' && o.operationId.startsWith('create')
      ? 'add'
      : o.method === 'DELETE'
        ? 'delete'
        : /^(PUT|PATCH)$/.test(o.method) || o.operationId.startsWith('update')
          ? 'update'
          : undefined;
  if (!write || !stated.has('statuses') || dialect.statuses[write] !== status) return [status, false];
  const ours = CONTRACT_DIALECT.statuses[write];
  return [ours, ours === 204 && status !== 204];
}
/** The resource an answer holds, in its wrapper or bare (lib/expectations.ts reads it the same way, with a failure). */
const resourceAnswered = (body: Json, key: string): Record<string, Json> | undefined => {
  const inner = body?.[key] ?? body;
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : undefined;
};
const formEncoded = (body: unknown) => new URLSearchParams(body as Record<string, string>).toString();
type Untyped = (method: string, path: string, init: Record<string, unknown>) => Promise<{ response: Response }>;
const baseOf = (o: Operation) => (o.path.startsWith('/admin/oauth') ? config.authUrl : config.targetUrl);
