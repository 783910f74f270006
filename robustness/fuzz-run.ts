// The fuzzer's run (robustness/README.md): starts the reference server unless a target is given, obtains a token
// per App client, creates a few resources of every collection through the API, then sends the generated requests
// one after another (so that a seed repeats a run) and checks each answer. Talks HTTP only.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultClients, type ClientCredentials } from '../openapi/clients.ts';
import { operations, type Json, type Operation } from '../openapi/contract.ts';
import {
  collectionKey,
  generate,
  ITEM,
  lastParameter,
  target,
  validOf,
  type FuzzRequest,
  type Kind,
  type World,
} from './fuzz-generate.ts';
import { checkAnswer, judge } from './fuzz-judge.ts';
import { startServer, type ServerProcess } from '../shared/server-process.ts';
import { shellQuote } from '../shared/shell.ts';

/** The checks of every request, each counted in the report. */
export const checks = [
  'no-5xx',
  'fast',
  'error-envelope',
  'no-2xx-for-invalid',
  'documented-2xx',
  'no-state-change',
  'alive',
] as const;
export type Check = (typeof checks)[number];

/** Slower than this is a finding. */
export const SLOW_MS = 2000;
/** A request still unanswered after this is given up (and is a finding of `fast`). */
const GIVE_UP_MS = 15_000;
/** How long a liveness probe may wait: past `SLOW_MS` it has failed anyway. */
const PROBE_MS = 5000;
/** A server started here that stops answering is restarted, up to this many times in one run. */
export const MAX_RESTARTS = 20;
/** The setup's requests are numbered from here, apart from the run's (a seed gives both). */
const SETUP_INDEX = 1_000_000_000;

export interface FuzzOptions {
  seed: number;
  requests: number;
  /** The server to fuzz; unset: a reference server started here, in memory. */
  target?: string;
  /** A JSON file of App clients by role, as the suite's CONFORMANCE_CLIENTS; unset: the default clients. */
  clientsFile?: string;
  /** Only this kind (tests). */
  only?: Kind;
  /** Where request bodies too long for a curl line are saved. */
  reportDir: string;
  log?: (line: string) => void;
  /** How long an unanswered request is waited for (default 15 s; the tests shorten it). */
  giveUpMs?: number;
  /** Starts the server when no target is given (default: `startFuzzServer`; a test may wrap it). */
  startServer?: (clientsFile: string) => Promise<ServerProcess>;
}

export interface Finding {
  check: Check;
  index: number;
  kind: Kind | 'setup';
  variant: string;
  operationId: string;
  status?: number;
  ms?: number;
  reason: string;
  curl: string;
}

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'none';
export interface FuzzResult {
  seed: number;
  target: string;
  requests: number;
  /** Requests sent besides the generated ones: tokens, resources made at setup, snapshots, liveness probes. */
  helperRequests: number;
  wallMs: number;
  byKind: Record<string, { sent: number; breaking: number } & Record<StatusClass, number>>;
  byStatusClass: Record<StatusClass, number>;
  /** Filter and auth requests by what they sent (`filter id:in huge-list` → `filter huge-list`). */
  byVariant: Record<string, number>;
  operationsCovered: number;
  /** How many times the server started here was restarted after it stopped answering (each is an `alive` finding). */
  restarts: number;
  checks: Record<Check, { checked: number; failed: number }>;
  findings: Finding[];
  notRun: string[];
}

const statusClass = (status: number | undefined): StatusClass =>
  status === undefined ? 'none' : (`${Math.floor(status / 100)}xx` as StatusClass);

interface Answer {
  status?: number;
  text: string;
  ms: number;
  error?: string;
}
type Answered = Answer & { status: number };
const answered = (a: Answer): a is Answered => a.status !== undefined;

/**
 * The reference server with the given clients file, on a free loopback port. Its output is dropped: it logs internal
 * errors, and the answers are what is judged.
 */
export const startFuzzServer = (clientsFile: string) =>
  startServer({ args: ['--clients', clientsFile], onOutput: () => {} });

/** A line cut for the console and the Markdown report; summary.json keeps it whole. */
export const clip = (line: string, max = 600) =>
  line.length > max ? `${line.slice(0, max)}… (${line.length} characters)` : line;

/**
 * One run, as its phases: the target (a server started here, or the one given), the setup (tokens, a few resources
 * of every collection), the generated requests one after another (so that a seed repeats a run), each judged, with a
 * liveness probe every 500 and at the end; then the server started here is stopped, and the result counted.
 */
export async function runFuzz(opts: FuzzOptions): Promise<FuzzResult> {
  const run = new FuzzRun(opts);
  try {
    await run.startTarget();
    await run.setUp();
    for (let index = 0; index < opts.requests; index++) if (!(await run.fuzz(index))) break;
    await run.lastProbe();
  } finally {
    await run.end();
  }
  return run.finish();
}

/** The id in an add's answer: the resource's, in whatever wrapper the operation uses. */
function idOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as Json;
    const holder = [body?.data, ...Object.values(body ?? {})].find((v) => v && typeof v === 'object' && 'id' in v);
    return holder ? String(holder.id) : undefined;
  } catch {
    return undefined;
  }
}

/** A few resources of every collection, parents first, made with valid generated requests at setup. */
const creators = operations
  .filter((o) => o.method === 'POST' && o.responses['201'] && !o.path.endsWith('}.json'))
  .sort((a, b) => a.path.split('{').length - b.path.split('{').length);
/** The get of each item and the list of each collection, by collection: what a snapshot reads. */
const gets = new Map(operations.filter((o) => o.method === 'GET').map((o) => [collectionKey(o.path), o]));
/** The list of the collection a write touches; the v1 contacts are listed by their search (§4.2). */
function listOf(op: Operation): Operation | undefined {
  const collection = op.path.endsWith('}.json') ? lastParameter(op.path)!.collection : collectionKey(op.path);
  return gets.get(collection) ?? gets.get(collection.replace(/\.json$/, '/search.json'));
}

/** The state of one run, and its phases and steps as methods. Talks HTTP only. */
class FuzzRun {
  private readonly log: (line: string) => void;
  private readonly started = performance.now();
  private readonly giveUpMs: number;
  private readonly scratch = mkdtempSync(join(tmpdir(), 'fuzz-'));
  private clients: Record<string, ClientCredentials> = { ...defaultClients };
  private clientsFile = '';
  private server: ServerProcess | undefined;
  private base = '';
  private readonly tokens: Record<string, string> = {};
  /** What exists: items by collection, with their parents' ids (fuzz-generate.ts, World). */
  private readonly pools = new Map<string, Record<string, string>[]>();
  private world!: World;
  private setupIndex = 0;
  /** Snapshots already read since the last accepted write, by role and path. */
  private readonly cache = new Map<string, string>();
  private readonly covered = new Set<string>();
  private helperRequests = 0;
  private last: FuzzRequest | undefined;
  private result!: FuzzResult;

  private readonly opts: FuzzOptions;

  constructor(opts: FuzzOptions) {
    this.opts = opts;
    this.log = opts.log ?? (() => {});
    this.giveUpMs = opts.giveUpMs ?? GIVE_UP_MS;
  }

  // ── The phases ──

  /** The server started here, in memory, unless a target is given; the clients; the empty result. */
  async startTarget(): Promise<void> {
    const { opts } = this;
    if (!opts.target) {
      // The default clients and one whose tokens live a second, so that an expired token can be sent (§8: 3600 s).
      const shortLived = {
        clientId: 'fuzz-shortlived',
        clientSecret: 'fuzz-shortlived-secret',
        scopes: defaultClients.full.scopes,
      };
      this.clientsFile = join(this.scratch, 'clients.json');
      writeFileSync(
        this.clientsFile,
        JSON.stringify([...Object.values(defaultClients), { ...shortLived, tokenLifetimeSeconds: 1 }]),
      );
      this.clients = { ...this.clients, shortLived };
      this.server = await this.startServer();
    } else if (opts.clientsFile)
      this.clients = { ...this.clients, ...JSON.parse(readFileSync(opts.clientsFile, 'utf8')) };
    this.base = (this.server?.url ?? opts.target!).replace(/\/$/, '');
    this.world = this.worldOf();
    this.result = this.emptyResult();
    if (!this.clients.shortLived) this.result.notRun.push('auth-expired: the clients file names no shortLived client');
  }

  /**
   * Tokens, one per client role (the token endpoint of §4.1), then a few resources of every collection; again after a
   * restart, whose server starts empty. Ends once the short-lived client's token has expired.
   */
  async setUp(): Promise<void> {
    this.pools.clear();
    const expiresAt = await this.issueTokens();
    await this.makeResources();
    if (expiresAt > Date.now()) await new Promise((res) => setTimeout(res, expiresAt - Date.now() + 200));
  }

  /** Request `index`: generated, sent, counted and judged. False when the run must end (a dead target). */
  async fuzz(index: number): Promise<boolean> {
    const req = generate(this.opts.seed, index, this.world, this.opts.only);
    this.last = req;
    const before = await this.snapshot(req);
    const a = await this.sendGenerated(req);
    const reasons = judge(req, this.scopesOf(req));
    this.count(req, a, reasons);
    if (!answered(a)) {
      // Timed out, or the connection failed (a server that died): either way it gave no answer.
      this.find(
        'fast',
        req,
        a,
        a.ms >= this.giveUpMs ? `no answer within ${this.giveUpMs} ms` : `no answer: ${a.error}`,
      );
      return (await this.alive(req)) || (await this.recover());
    }
    this.checkAnswer(req, a, reasons);
    await this.checkNoStateChange(req, a, before);
    if ((index + 1) % 500 === 0) {
      if (!(await this.alive(req)) && !(await this.recover())) return false;
      const ms = Math.round(performance.now() - this.started);
      this.log(`${index + 1} requests, ${this.result.findings.length} findings, ${ms} ms`);
    }
    return true;
  }

  /** The probe after the last request. */
  async lastProbe(): Promise<void> {
    if (this.last) await this.alive(this.last);
  }

  /** The server started here stopped, the scratch folder removed. */
  async end(): Promise<void> {
    await this.server?.stop();
    rmSync(this.scratch, { recursive: true, force: true });
  }

  finish(): FuzzResult {
    this.result.helperRequests = this.helperRequests;
    this.result.operationsCovered = this.covered.size;
    this.result.wallMs = Math.round(performance.now() - this.started);
    return this.result;
  }

  // ── The target ──

  private startServer(): Promise<ServerProcess> {
    return (this.opts.startServer ?? startFuzzServer)(this.clientsFile);
  }

  private async send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: Uint8Array,
    timeoutMs = this.giveUpMs,
  ): Promise<Answer> {
    const t0 = performance.now();
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: body && body.length > 0 ? body : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      return { status: res.status, text, ms: performance.now() - t0 };
    } catch (err) {
      return {
        text: '',
        ms: performance.now() - t0,
        error: (err as Error).cause ? String((err as Error).cause) : String(err),
      };
    }
  }

  private auth(role: string | undefined): Record<string, string> {
    return role ? { authorization: `Bearer ${this.tokens[role]}` } : {};
  }

  /** A generated request as it asks to be sent: its role's token, or the authorization and content type it sets. */
  private sendGenerated(req: FuzzRequest): Promise<Answer> {
    const headers: Record<string, string> = { ...this.auth(req.role) };
    if (req.authorization) headers.authorization = req.authorization;
    if (req.contentType !== undefined) headers['content-type'] = req.contentType;
    return this.send(req.method, target(req), headers, req.body);
  }

  /** The server still answers (a list within the time limit) and, when started here, its process lives. */
  private async alive(req: FuzzRequest): Promise<boolean> {
    this.result.checks.alive.checked++;
    this.helperRequests++;
    const probe = Math.min(PROBE_MS, this.giveUpMs);
    const a = await this.send('GET', '/api/v2/products.json?limit=1', this.auth('full'), undefined, probe);
    const child = this.server?.child;
    // A refused connection may come before the news that the process exited: a moment for it, to say which.
    if (a.error && child && child.exitCode === null && child.signalCode === null)
      await new Promise((res) => {
        const timer = setTimeout(res, 500);
        child.once('exit', () => res(clearTimeout(timer)));
      });
    const { exitCode, signalCode } = child ?? {};
    const dead = exitCode != null || signalCode != null ? `the server process exited (${exitCode ?? signalCode})` : '';
    if (a.status === 200 && a.ms <= SLOW_MS && !dead) return true;
    this.find('alive', req, a, dead || `a probe answered ${a.status ?? a.error} in ${Math.round(a.ms)} ms`);
    return false;
  }

  /**
   * After a failed probe: a server started here is killed and started afresh (new port, empty store, new tokens and
   * setup data), so one hang cannot end the run; a target is not ours to restart, and the run ends. From a restart
   * on, requests depend on the new server's data too, so `--requests` repeats a run only up to its first restart.
   */
  private async recover(): Promise<boolean> {
    if (!this.server || this.result.restarts >= MAX_RESTARTS) return false;
    await this.server.stop('SIGKILL');
    this.server = await this.startServer();
    this.base = this.server.url.replace(/\/$/, '');
    this.result.restarts++;
    this.cache.clear();
    await this.setUp();
    this.log(`restart ${this.result.restarts}: the server stopped answering; a fresh one listens on ${this.base}`);
    return true;
  }

  // ── The setup ──

  /** One token per client role; resolves when the short-lived client's expires (0 without one). */
  private async issueTokens(): Promise<number> {
    let expiresAt = 0;
    for (const [role, c] of Object.entries(this.clients)) {
      this.helperRequests++;
      const a = await this.send(
        'POST',
        '/admin/oauth/token.json',
        { 'content-type': 'application/x-www-form-urlencoded' },
        new TextEncoder().encode(
          new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: c.clientId,
            client_secret: c.clientSecret,
          }).toString(),
        ),
      );
      if (a.status !== 200)
        throw new Error(`no token for ${role} (${c.clientId}): ${a.status ?? a.error} ${a.text.slice(0, 200)}`);
      const body = JSON.parse(a.text) as { access_token: string; expires_in: number };
      this.tokens[role] = body.access_token;
      if (role === 'shortLived') expiresAt = Date.now() + body.expires_in * 1000;
    }
    return expiresAt;
  }

  /** Up to 3 resources of every collection (25 tries each), parents first. */
  private async makeResources(): Promise<void> {
    for (const op of creators) {
      for (let made = 0, tries = 0; made < 3 && tries < 25; tries++) {
        const req = validOf(op, this.opts.seed, SETUP_INDEX + this.setupIndex++, this.world);
        this.helperRequests++;
        const headers = { ...this.auth('full'), 'content-type': 'application/json' };
        const a = await this.send('POST', target(req), headers, req.body);
        if (a.status === 201) {
          made++;
          this.remember(req, a);
        }
      }
    }
  }

  /** What the generator may refer to: the items made, the roles and their scopes, the credentials. */
  private worldOf(): World {
    return {
      existing: (collection, r) => {
        const items = this.pools.get(collection);
        return items?.length ? r.pick(items) : undefined;
      },
      roles: Object.fromEntries(Object.entries(this.clients).map(([role, c]) => [role, c.scopes])),
      // The short-lived client's tokens differ from the document's 3600 s (§8): valid requests use the others.
      credentials: Object.entries(this.clients)
        .filter(([role]) => role !== 'shortLived')
        .map(([, c]) => c),
    };
  }

  /** An item made (201) joins its collection's pool; one deleted (204) leaves it. */
  private remember(req: FuzzRequest, a: Answer): void {
    if (req.method === 'POST' && a.status === 201) {
      const id = idOf(a.text);
      const key = collectionKey(req.op.path);
      if (id) this.pools.set(key, [...(this.pools.get(key) ?? []), { ...req.pathParams, [ITEM]: id }]);
    } else if (req.method === 'DELETE' && a.status === 204) {
      const last = lastParameter(req.op.path)!;
      const items = this.pools.get(last.collection) ?? [];
      this.pools.set(
        last.collection,
        items.filter((b) => b[ITEM] !== req.pathParams[last.name]),
      );
    }
  }

  // ── The checks ──

  /** The scopes the judge sees: none for no token, an expired or a garbage one. */
  private scopesOf(req: FuzzRequest): string[] | undefined {
    return req.authorization || !req.role || req.role === 'shortLived' ? undefined : this.world.roles[req.role];
  }

  /** The request in the counts: by kind, by status class, by variant, the operations covered. */
  private count(req: FuzzRequest, a: Answer, reasons: string[]): void {
    const { result } = this;
    result.requests++;
    this.covered.add(req.op.operationId);
    const cls = statusClass(a.status);
    result.byStatusClass[cls]++;
    const k = (result.byKind[req.kind] ??= { sent: 0, breaking: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, none: 0 });
    k.sent++;
    k[cls]++;
    if (reasons.length) k.breaking++;
    if (req.kind === 'filter' || req.kind.startsWith('auth')) {
      const variant = req.kind === 'filter' ? `filter ${req.variant.split(' ').at(-1)}` : req.variant;
      result.byVariant[variant] = (result.byVariant[variant] ?? 0) + 1;
    }
    result.checks['no-5xx'].checked++;
    result.checks.fast.checked++;
  }

  /** An answer: no 5xx, fast, a documented 4xx; no 2xx for an invalid request, a documented one for a valid one. */
  private checkAnswer(req: FuzzRequest, a: Answered, reasons: string[]): void {
    const { checks: counts } = this.result;
    if (a.status >= 500) this.find('no-5xx', req, a, a.text.slice(0, 300));
    if (a.ms > SLOW_MS) this.find('fast', req, a, `answered in ${Math.round(a.ms)} ms`);
    if (a.status >= 400 && a.status < 500) {
      counts['error-envelope'].checked++;
      const why = checkAnswer(req.op, a.status, a.text);
      if (why) this.find('error-envelope', req, a, why);
    }
    if (a.status >= 200 && a.status < 300) {
      if (reasons.length) {
        counts['no-2xx-for-invalid'].checked++;
        this.find('no-2xx-for-invalid', req, a, `accepted although ${reasons.join('; ')}`);
      } else {
        counts['documented-2xx'].checked++;
        const why = checkAnswer(req.op, a.status, a.text);
        if (why) this.find('documented-2xx', req, a, why);
      }
      if (req.method !== 'GET') {
        this.cache.clear();
        this.remember(req, a);
      }
    } else if (reasons.length) counts['no-2xx-for-invalid'].checked++;
  }

  /** A refused write changed neither its item nor its collection's size (`before` is the snapshot taken first). */
  private async checkNoStateChange(req: FuzzRequest, a: Answered, before?: string): Promise<void> {
    if (before === undefined || a.status < 400) return;
    this.result.checks['no-state-change'].checked++;
    const after = await this.snapshot(req);
    if (after !== before)
      this.find('no-state-change', req, a, `before:\n${before.slice(0, 300)}\nafter:\n${after?.slice(0, 300)}`);
  }

  /** What a write could touch: the item (by its get) and the size of its collection (its list); reads have none. */
  private async snapshot(req: FuzzRequest): Promise<string | undefined> {
    const op = req.op;
    if (op.method === 'GET' || !op.security) return undefined;
    // Resources of one App (webhooks, D-45) are seen with its own token; the rest with the full one.
    const anyToken = op.security.some((alt) => alt.length === 0);
    const role = anyToken && req.role && req.role !== 'shortLived' && !req.authorization ? req.role : 'full';
    const parts: string[] = [];
    const item = op.path.endsWith('}.json') ? gets.get(collectionKey(op.path)) : undefined;
    if (item) parts.push(await this.look(target({ ...req, op: item, query: [] }), role));
    const list = listOf(op);
    if (list) {
      const parents = Object.fromEntries(Object.entries(req.pathParams).filter(([k]) => list.path.includes(`{${k}}`)));
      const limit = list.parameters.some((p) => p.name === 'limit')
        ? [['limit', list.operationId === 'searchContacts' ? '250' : '1']]
        : [];
      const path = target({ ...req, op: list, pathParams: parents, query: limit as [string, string][] });
      parts.push(await this.look(path, role));
    }
    return parts.length ? parts.join('\n') : undefined;
  }

  /** A GET's status and what matters of its body (a list: its total), kept until the next accepted write. */
  private async look(path: string, role: string): Promise<string> {
    const key = `${role} ${path}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    this.helperRequests++;
    const a = await this.send('GET', path, this.auth(role));
    let seen = `${a.status} ${a.text}`;
    try {
      const body = JSON.parse(a.text) as Json;
      // A list: its total (v2, §2.1) or, for the contacts search, the ids of its page of 250.
      if (body?.pagination) seen = `${a.status} total ${body.pagination.total}`;
      else if (Array.isArray(body?.contacts)) seen = `${a.status} ${body.contacts.map((c: Json) => c.id).join(',')}`;
    } catch {
      // not JSON: compared as text
    }
    this.cache.set(key, seen);
    return seen;
  }

  // ── The findings ──

  private emptyResult(): FuzzResult {
    return {
      seed: this.opts.seed,
      target: this.opts.target ? this.base : `reference server started here (${this.base}, in memory)`,
      requests: 0,
      helperRequests: 0,
      wallMs: 0,
      byKind: {},
      byStatusClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, none: 0 },
      byVariant: {},
      operationsCovered: 0,
      restarts: 0,
      checks: Object.fromEntries(checks.map((c) => [c, { checked: 0, failed: 0 }])) as FuzzResult['checks'],
      findings: [],
      notRun: [],
    };
  }

  /** A failed check: counted, kept with a curl line that repeats it, and the first 20 logged. */
  private find(check: Check, req: FuzzRequest, a: Answer | undefined, reason: string): void {
    const { result, opts } = this;
    result.checks[check].failed++;
    const f: Finding = {
      check,
      index: req.index,
      kind: req.kind,
      variant: req.variant,
      operationId: req.op.operationId,
      status: a?.status,
      ms: a && Math.round(a.ms),
      reason,
      curl: this.curl(req),
    };
    result.findings.push(f);
    if (result.findings.length <= 20)
      this.log(
        `FINDING ${check} #${req.index} ${f.operationId} (${req.kind}: ${req.variant}) → ${a?.status ?? a?.error}: ${reason}\n` +
          `  repeat: npm run fuzz -- --seed ${opts.seed} --requests ${req.index + 1}${opts.target ? ` --target ${opts.target}` : ''}\n  ${clip(f.curl)}`,
      );
  }

  /** The request as a curl line (the token left to `$TOKEN`); a body too long or not text is saved beside the report. */
  private curl(req: FuzzRequest): string {
    const headers: string[] = [];
    if (req.authorization) headers.push(`-H ${shellQuote(`Authorization: ${req.authorization}`)}`);
    else if (req.role) headers.push(`-H "Authorization: Bearer $TOKEN"`);
    if (req.contentType !== undefined) headers.push(`-H ${shellQuote(`Content-Type: ${req.contentType}`)}`);
    let data = '';
    if (req.body && req.body.length > 0) {
      const text = Buffer.from(req.body).toString('utf8');
      if (
        req.body.length <= 2000 &&
        Buffer.from(text, 'utf8').equals(Buffer.from(req.body)) &&
        ![...text].some((c) => c.charCodeAt(0) < 0x20)
      )
        data = ` --data-binary ${shellQuote(text)}`;
      else {
        const dir = join(this.opts.reportDir, 'bodies');
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, `${req.index}.bin`), req.body);
        data = ` --data-binary @${join(dir, `${req.index}.bin`)}`;
      }
    }
    const token = req.role && !req.authorization ? ` # TOKEN: a token of ${this.clients[req.role]?.clientId}` : '';
    return `curl -sS -X ${req.method} ${shellQuote(`${this.base}${target(req)}`)} ${headers.join(' ')}${data}${token}`;
  }
}
