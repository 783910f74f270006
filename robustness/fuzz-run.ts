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
import { startServer, type ServerProcess } from '../scripts/server-process.ts';
import { shellQuote } from '../scripts/shell.ts';

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

/**
 * The reference server with the given clients file, on a free loopback port. Its output is dropped: it logs internal
 * errors, and the answers are what is judged.
 */
export const startFuzzServer = (clientsFile: string) =>
  startServer({ args: ['--clients', clientsFile], onOutput: () => {} });

/** A line cut for the console and the Markdown report; summary.json keeps it whole. */
export const clip = (line: string, max = 600) =>
  line.length > max ? `${line.slice(0, max)}… (${line.length} characters)` : line;

export async function runFuzz(opts: FuzzOptions): Promise<FuzzResult> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const own = !opts.target;
  const scratch = mkdtempSync(join(tmpdir(), 'fuzz-'));
  let clients: Record<string, ClientCredentials> = { ...defaultClients };
  let server: ServerProcess | undefined;
  const start = opts.startServer ?? startFuzzServer;
  const giveUpMs = opts.giveUpMs ?? GIVE_UP_MS;
  let clientsFile = '';
  if (own) {
    // The default clients and one whose tokens live a second, so that an expired token can be sent (§8: 3600 s).
    const shortLived = {
      clientId: 'fuzz-shortlived',
      clientSecret: 'fuzz-shortlived-secret',
      scopes: defaultClients.full.scopes,
    };
    clientsFile = join(scratch, 'clients.json');
    writeFileSync(
      clientsFile,
      JSON.stringify([...Object.values(defaultClients), { ...shortLived, tokenLifetimeSeconds: 1 }]),
    );
    clients = { ...clients, shortLived };
    server = await start(clientsFile);
  } else if (opts.clientsFile) clients = { ...clients, ...JSON.parse(readFileSync(opts.clientsFile, 'utf8')) };
  let base = (server?.url ?? opts.target!).replace(/\/$/, '');
  const notRun: string[] = [];
  if (!clients.shortLived) notRun.push('auth-expired: the clients file names no shortLived client');
  let helperRequests = 0;

  async function send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: Uint8Array,
    timeoutMs = giveUpMs,
  ): Promise<Answer> {
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}${path}`, {
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

  const tokens: Record<string, string> = {};
  const roles = Object.fromEntries(Object.entries(clients).map(([role, c]) => [role, c.scopes]));
  const auth = (role: string | undefined): Record<string, string> =>
    role ? { authorization: `Bearer ${tokens[role]}` } : {};

  // What exists: items by collection, with their parents' ids (fuzz-generate.ts, World).
  const pools = new Map<string, Record<string, string>[]>();
  const world: World = {
    existing: (collection, r) => {
      const items = pools.get(collection);
      return items?.length ? r.pick(items) : undefined;
    },
    roles,
    // The short-lived client's tokens differ from the document's 3600 s (§8): valid requests use the others.
    credentials: Object.entries(clients)
      .filter(([role]) => role !== 'shortLived')
      .map(([, c]) => c),
  };
  const idOf = (text: string): string | undefined => {
    try {
      const body = JSON.parse(text) as Json;
      const holder = [body?.data, ...Object.values(body ?? {})].find((v) => v && typeof v === 'object' && 'id' in v);
      return holder ? String(holder.id) : undefined;
    } catch {
      return undefined;
    }
  };
  const remember = (req: FuzzRequest, a: Answer) => {
    if (req.method === 'POST' && a.status === 201) {
      const id = idOf(a.text);
      const key = collectionKey(req.op.path);
      if (id) pools.set(key, [...(pools.get(key) ?? []), { ...req.pathParams, [ITEM]: id }]);
    } else if (req.method === 'DELETE' && a.status === 204) {
      const last = lastParameter(req.op.path)!;
      const items = pools.get(last.collection) ?? [];
      pools.set(
        last.collection,
        items.filter((b) => b[ITEM] !== req.pathParams[last.name]),
      );
    }
  };

  // A few resources of every collection, parents first, made with valid generated requests.
  const creators = operations
    .filter((o) => o.method === 'POST' && o.responses['201'] && !o.path.endsWith('}.json'))
    .sort((a, b) => a.path.split('{').length - b.path.split('{').length);
  let setupIndex = 0;

  /**
   * Tokens, one per client role (the token endpoint of §4.1), then a few resources of every collection; again after a
   * restart, whose server starts empty. Ends once the short-lived client's token has expired.
   */
  async function setUp(): Promise<void> {
    let expiresAt = 0;
    pools.clear();
    for (const [role, c] of Object.entries(clients)) {
      helperRequests++;
      const a = await send(
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
      tokens[role] = body.access_token;
      if (role === 'shortLived') expiresAt = Date.now() + body.expires_in * 1000;
    }
    for (const op of creators) {
      for (let made = 0, tries = 0; made < 3 && tries < 25; tries++) {
        const req = validOf(op, opts.seed, SETUP_INDEX + setupIndex++, world);
        helperRequests++;
        const a = await send('POST', target(req), { ...auth('full'), 'content-type': 'application/json' }, req.body);
        if (a.status === 201) {
          made++;
          remember(req, a);
        }
      }
    }
    if (expiresAt > Date.now()) await new Promise((res) => setTimeout(res, expiresAt - Date.now() + 200));
  }
  await setUp();

  // Snapshots of what a write could touch: the item (by its get) and the size of its collection (its list).
  const gets = new Map(operations.filter((o) => o.method === 'GET').map((o) => [collectionKey(o.path), o]));
  const listOf = (op: Operation): Operation | undefined => {
    const collection = op.path.endsWith('}.json') ? lastParameter(op.path)!.collection : collectionKey(op.path);
    // The v1 contacts are listed by their search (§4.2).
    return gets.get(collection) ?? gets.get(collection.replace(/\.json$/, '/search.json'));
  };
  const cache = new Map<string, string>();
  async function look(path: string, role: string): Promise<string> {
    const key = `${role} ${path}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    helperRequests++;
    const a = await send('GET', path, auth(role));
    let seen = `${a.status} ${a.text}`;
    try {
      const body = JSON.parse(a.text) as Json;
      // A list: its total (v2, §2.1) or, for the contacts search, the ids of its page of 250.
      if (body?.pagination) seen = `${a.status} total ${body.pagination.total}`;
      else if (Array.isArray(body?.contacts)) seen = `${a.status} ${body.contacts.map((c: Json) => c.id).join(',')}`;
    } catch {
      // not JSON: compared as text
    }
    cache.set(key, seen);
    return seen;
  }
  async function snapshot(req: FuzzRequest): Promise<string | undefined> {
    const op = req.op;
    if (op.method === 'GET' || !op.security) return undefined;
    // Resources of one App (webhooks, D-45) are seen with its own token; the rest with the full one.
    const anyToken = op.security.some((alt) => alt.length === 0);
    const role = anyToken && req.role && req.role !== 'shortLived' && !req.authorization ? req.role : 'full';
    const parts: string[] = [];
    const item = op.path.endsWith('}.json') ? gets.get(collectionKey(op.path)) : undefined;
    if (item) parts.push(await look(target({ ...req, op: item, query: [] }), role));
    const list = listOf(op);
    if (list) {
      const parents = Object.fromEntries(Object.entries(req.pathParams).filter(([k]) => list.path.includes(`{${k}}`)));
      const limit = list.parameters.some((p) => p.name === 'limit')
        ? [['limit', list.operationId === 'searchContacts' ? '250' : '1']]
        : [];
      parts.push(
        await look(target({ ...req, op: list, pathParams: parents, query: limit as [string, string][] }), role),
      );
    }
    return parts.length ? parts.join('\n') : undefined;
  }

  const result: FuzzResult = {
    seed: opts.seed,
    target: own ? `reference server started here (${base}, in memory)` : base,
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
    notRun,
  };
  const covered = new Set<string>();

  function curl(req: FuzzRequest): string {
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
        const dir = join(opts.reportDir, 'bodies');
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, `${req.index}.bin`), req.body);
        data = ` --data-binary @${join(dir, `${req.index}.bin`)}`;
      }
    }
    const token = req.role && !req.authorization ? ` # TOKEN: a token of ${clients[req.role]?.clientId}` : '';
    return `curl -sS -X ${req.method} ${shellQuote(`${base}${target(req)}`)} ${headers.join(' ')}${data}${token}`;
  }
  const find = (check: Check, req: FuzzRequest, a: Answer | undefined, reason: string) => {
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
      curl: curl(req),
    };
    result.findings.push(f);
    if (result.findings.length <= 20)
      log(
        `FINDING ${check} #${req.index} ${f.operationId} (${req.kind}: ${req.variant}) → ${a?.status ?? a?.error}: ${reason}\n` +
          `  repeat: npm run fuzz -- --seed ${opts.seed} --requests ${req.index + 1}${opts.target ? ` --target ${opts.target}` : ''}\n  ${clip(f.curl)}`,
      );
  };

  /** The server still answers (a list within the time limit) and, when started here, its process lives. */
  async function alive(req: FuzzRequest): Promise<boolean> {
    result.checks.alive.checked++;
    helperRequests++;
    const a = await send('GET', '/api/v2/products.json?limit=1', auth('full'), undefined, Math.min(PROBE_MS, giveUpMs));
    const child = server?.child;
    // A refused connection may come before the news that the process exited: a moment for it, to say which.
    if (a.error && child && child.exitCode === null && child.signalCode === null)
      await new Promise((res) => {
        const timer = setTimeout(res, 500);
        child.once('exit', () => res(clearTimeout(timer)));
      });
    const { exitCode, signalCode } = child ?? {};
    const dead = exitCode != null || signalCode != null ? `the server process exited (${exitCode ?? signalCode})` : '';
    if (a.status === 200 && a.ms <= SLOW_MS && !dead) return true;
    find('alive', req, a, dead || `a probe answered ${a.status ?? a.error} in ${Math.round(a.ms)} ms`);
    return false;
  }

  /**
   * After a failed probe: a server started here is killed and started afresh (new port, empty store, new tokens and
   * setup data), so one hang cannot end the run; a target is not ours to restart, and the run ends. From a restart
   * on, requests depend on the new server's data too, so `--requests` repeats a run only up to its first restart.
   */
  async function recover(): Promise<boolean> {
    if (!server || result.restarts >= MAX_RESTARTS) return false;
    await server.stop('SIGKILL');
    server = await start(clientsFile);
    base = server.url.replace(/\/$/, '');
    result.restarts++;
    cache.clear();
    await setUp();
    log(`restart ${result.restarts}: the server stopped answering; a fresh one listens on ${base}`);
    return true;
  }

  let last: FuzzRequest | undefined;
  try {
    for (let index = 0; index < opts.requests; index++) {
      const req = generate(opts.seed, index, world, opts.only);
      last = req;
      const before = await snapshot(req);
      const headers: Record<string, string> = { ...auth(req.role) };
      if (req.authorization) headers.authorization = req.authorization;
      if (req.contentType !== undefined) headers['content-type'] = req.contentType;
      const a = await send(req.method, target(req), headers, req.body);
      result.requests++;
      covered.add(req.op.operationId);
      const cls = statusClass(a.status);
      result.byStatusClass[cls]++;
      const reasons = judge(
        req,
        req.authorization || !req.role || req.role === 'shortLived' ? undefined : roles[req.role],
      );
      const k = (result.byKind[req.kind] ??= { sent: 0, breaking: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, none: 0 });
      k.sent++;
      k[cls]++;
      if (reasons.length) k.breaking++;
      if (req.kind === 'filter' || req.kind.startsWith('auth'))
        result.byVariant[req.kind === 'filter' ? `filter ${req.variant.split(' ').at(-1)}` : req.variant] =
          (result.byVariant[req.kind === 'filter' ? `filter ${req.variant.split(' ').at(-1)}` : req.variant] ?? 0) + 1;

      result.checks['no-5xx'].checked++;
      result.checks.fast.checked++;
      if (a.status === undefined) {
        // Timed out, or the connection failed (a server that died): either way it gave no answer.
        find('fast', req, a, a.ms >= giveUpMs ? `no answer within ${giveUpMs} ms` : `no answer: ${a.error}`);
        if (!(await alive(req)) && !(await recover())) break;
        continue;
      }
      if (a.status >= 500) find('no-5xx', req, a, a.text.slice(0, 300));
      if (a.ms > SLOW_MS) find('fast', req, a, `answered in ${Math.round(a.ms)} ms`);
      if (a.status >= 400 && a.status < 500) {
        result.checks['error-envelope'].checked++;
        const why = checkAnswer(req.op, a.status, a.text);
        if (why) find('error-envelope', req, a, why);
      }
      if (a.status >= 200 && a.status < 300) {
        if (reasons.length) {
          result.checks['no-2xx-for-invalid'].checked++;
          find('no-2xx-for-invalid', req, a, `accepted although ${reasons.join('; ')}`);
        } else {
          result.checks['documented-2xx'].checked++;
          const why = checkAnswer(req.op, a.status, a.text);
          if (why) find('documented-2xx', req, a, why);
        }
        if (req.method !== 'GET') {
          cache.clear();
          remember(req, a);
        }
      } else if (reasons.length) result.checks['no-2xx-for-invalid'].checked++;
      if (before !== undefined && a.status >= 400) {
        result.checks['no-state-change'].checked++;
        const after = await snapshot(req);
        if (after !== before)
          find('no-state-change', req, a, `before:\n${before.slice(0, 300)}\nafter:\n${after?.slice(0, 300)}`);
      }
      if ((index + 1) % 500 === 0) {
        if (!(await alive(req)) && !(await recover())) break;
        log(`${index + 1} requests, ${result.findings.length} findings, ${Math.round(performance.now() - started)} ms`);
      }
    }
    if (last) await alive(last);
  } finally {
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  result.helperRequests = helperRequests;
  result.operationsCovered = covered.size;
  result.wallMs = Math.round(performance.now() - started);
  return result;
}
