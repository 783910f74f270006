// The probe: a few harmless requests to the team's live target, each answer kept as evidence (guess/ reads them).
// It sends, in order: one token request with the clients file's `full` client (§4.1); a GET of each of our lists
// that has no path parameter, the contact search included; a GET of the first contact the search listed; and one
// deliberately invalid request, an add of a product with an empty body (`{}`), to see the error envelope. If that add
// is accepted, the product it made is deleted at once. A request that fails is evidence, never a crash; only a
// target that cannot be reached at all stops init (an InitInputError).
import { op } from '../lib/contract.ts';
import { InitInputError } from './document.ts';
import { OUR_LISTS } from './ours.ts';

/** A clients file in the suite's format (README "CONFORMANCE_CLIENTS"): credentials by role. */
export type ClientsFile = Record<string, { clientId?: string; clientSecret?: string; scopes?: string[] }>;

/** One request of the probe and what came back (or why nothing did). */
export interface Exchange {
  method: string;
  path: string;
  status?: number;
  body?: unknown;
  failure?: string;
}

export interface ProbeFacts {
  target: string;
  token?: Exchange & { scopes?: string[] };
  /** By our operationId (`listProducts`, `searchContacts`, …). */
  lists: Record<string, Exchange>;
  /** A GET of the first contact the search listed. */
  contact?: Exchange;
  /** The deliberately invalid request: POST {} to the products list. */
  invalid?: Exchange;
  /** The delete of what the invalid request made, had it made anything. */
  cleanup?: Exchange;
}

export interface ProbeOptions {
  /** The token endpoint, a path from the target or a URL; default ours (§4.1). */
  tokenPath?: string;
  timeoutMs?: number;
  /** Each request as it is sent, for the command's output. */
  log?: (line: string) => void;
}

async function send(
  target: string,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<Exchange> {
  try {
    const res = await fetch(/^https?:/.test(path) ? path : `${target.replace(/\/$/, '')}${path}`, {
      method,
      headers: { accept: 'application/json', ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: kept as text, which is evidence too.
    }
    return { method, path, status: res.status, body };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const failure = cause?.code ?? cause?.message ?? (err as Error).message;
    return { method, path, failure };
  }
}

/** The probe of a target with a clients file's `full` client. */
export async function probe(target: string, clients: ClientsFile, options: ProbeOptions = {}): Promise<ProbeFacts> {
  const timeout = options.timeoutMs ?? 10_000;
  const log = options.log ?? (() => {});
  const facts: ProbeFacts = { target, lists: {} };
  const full = clients.full;
  const tokenPath = options.tokenPath ?? op('createToken').path;
  log(`POST ${tokenPath} (client ${full?.clientId ?? '?'})`);
  const token = await send(
    target,
    'POST',
    tokenPath,
    {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: full?.clientId ?? '',
        client_secret: full?.clientSecret ?? '',
      }).toString(),
    },
    timeout,
  );
  // No HTTP answer to the first request (refused, a bad port, no answer in time): nothing the probe would read
  // could be evidence, so init stops rather than draft a file of TODOs.
  if (token.status === undefined) throw new InitInputError(`--probe ${target}: cannot reach it (${token.failure})`);
  const granted = token.body && typeof token.body === 'object' ? (token.body as Record<string, unknown>) : {};
  facts.token = {
    method: token.method,
    path: token.path,
    ...(token.status !== undefined ? { status: token.status } : {}),
    ...(token.failure ? { failure: token.failure } : {}),
    ...(typeof granted.scope === 'string' ? { scopes: granted.scope.split(/\s+/).filter(Boolean) } : {}),
  };
  const auth: Record<string, string> =
    typeof granted.access_token === 'string' ? { authorization: `Bearer ${granted.access_token}` } : {};

  for (const o of OUR_LISTS) {
    log(`GET ${o.path}`);
    const x = await send(target, 'GET', o.path, { headers: auth }, timeout);
    facts.lists[o.operationId] = x;
  }
  const search = facts.lists.searchContacts;
  const firstId = firstIdOf(search?.body);
  if (firstId !== undefined) {
    const path = op('getContact').path.replace('{id}', encodeURIComponent(String(firstId)));
    log(`GET ${path}`);
    const x = await send(target, 'GET', path, { headers: auth }, timeout);
    facts.contact = x;
  }
  const create = op('createProduct').path;
  log(`POST ${create} {} (invalid on purpose: an empty body)`);
  const invalid = await send(
    target,
    'POST',
    create,
    { headers: { ...auth, 'content-type': 'application/json' }, body: '{}' },
    timeout,
  );
  facts.invalid = invalid;
  if (invalid.status !== undefined && invalid.status < 300) {
    const id = firstIdOf(invalid.body);
    if (id !== undefined) {
      const path = op('deleteProduct').path.replace('{id}', encodeURIComponent(String(id)));
      log(`DELETE ${path} (the empty add made a product)`);
      const cleanup = await send(target, 'DELETE', path, { headers: auth }, timeout);
      facts.cleanup = cleanup;
    }
  }
  return facts;
}

/** The first `id` in a JSON answer, breadth first (a list's first element, a resource in its envelope). */
function firstIdOf(body: unknown): string | number | undefined {
  const queue: unknown[] = [body];
  while (queue.length) {
    const v = queue.shift();
    if (Array.isArray(v)) queue.push(...v);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.id === 'number' || typeof o.id === 'string') return o.id;
      queue.push(...Object.values(o));
    }
  }
  return undefined;
}
