// The dialect (issue 24, item 1): an implementer's choices where the source is silent, stated in a YAML or JSON file
// (CONFORMANCE_DIALECT), so that the suite makes its data and reads answers the way the target does. The suite's
// requirements are written in our contract's wire form; the dialect translates between it and the target's, in one
// place (lib/api.ts): request bodies on the way out, answers on the way in (the raw answer is still what the
// contract check and the evidence see). With no file every choice is our contract's, so such a run is unchanged.
// What a key leaves out stays our contract's, *assumed* rather than stated: under the source profile, a
// requirement whose setup needed an assumed choice that the target refused is not applicable (lib/fixtures.ts).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { deref, op, operations, type Json } from './contract.ts';

export interface Dialect {
  /** The v2 write body: inside `{"data": …}` (D-01, the platform's) or the resource object itself (`none`). */
  v2Body: 'data' | 'none';
  /** Contact bodies and answers: inside `{"contact": …}` (D-11, the platform's) or the contact itself (`none`). */
  contactBody: 'contact' | 'none';
  /** Where the contact search answer holds its list: a JSON pointer (`/contacts`; `` for a bare array). */
  contactSearchList: string;
  /** Where an error answer lists its errors (a JSON pointer, `/errors`), or `none` when it lists none (D-02). */
  errors: string;
  /** A valid body (the resource object, unwrapped) to create each resource whose fields the source does not show. */
  bodies: Record<string, Json>;
}

/** Our contract's choices: what a run without a dialect file assumes. */
export const CONTRACT_DIALECT: Dialect = {
  v2Body: 'data',
  contactBody: 'contact',
  contactSearchList: '/contacts',
  errors: '/errors',
  bodies: {},
};

/** The keys, what each accepts, and the decision of ours each replaces (for a not-applicable reason). */
export const DIALECT_KEYS: Record<keyof Dialect, { accepts: string; decision: string }> = {
  v2Body: { accepts: '`data` or `none`', decision: 'D-01' },
  contactBody: { accepts: '`contact` or `none`', decision: 'D-11' },
  contactSearchList: { accepts: 'a JSON pointer (`/contacts`, or `` for a bare array)', decision: 'D-11' },
  errors: { accepts: 'a JSON pointer (`/errors`) or `none`', decision: 'D-02' },
  bodies: { accepts: 'a map of create operationIds to a body object', decision: 'the decision of each operation' },
};

/** A dialect file and the keys it states; `stated` is empty without a file. */
export interface LoadedDialect {
  dialect: Dialect;
  stated: Set<string>;
}

const pointer = (t: unknown) => typeof t === 'string' && (t === '' || /^(\/[^/]*)+$/.test(t));
const creates = () => new Set(operations.filter((o) => o.operationId.startsWith('create')).map((o) => o.operationId));

/** Parses and checks a dialect file's text: the dialect, or every problem at once (one line each). */
export function parseDialect(text: string, name = 'dialect'): LoadedDialect {
  const problems: string[] = [];
  let data: unknown;
  try {
    data = parse(text);
  } catch (err) {
    throw new DialectError([`${name}: not YAML or JSON (${(err as Error).message.split('\n')[0]})`]);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new DialectError([`${name}: expected an object of dialect keys (${Object.keys(DIALECT_KEYS).join(', ')})`]);
  const given = data as Record<string, unknown>;
  const dialect: Dialect = { ...CONTRACT_DIALECT, bodies: {} };
  const stated = new Set<string>();
  const bad = (key: string) => problems.push(`${name}: ${key} must be ${DIALECT_KEYS[key as keyof Dialect].accepts}`);
  for (const [key, value] of Object.entries(given)) {
    switch (key) {
      case 'v2Body':
        if (value === 'data' || value === 'none') dialect.v2Body = value;
        else bad(key);
        break;
      case 'contactBody':
        if (value === 'contact' || value === 'none') dialect.contactBody = value;
        else bad(key);
        break;
      case 'contactSearchList':
        if (pointer(value)) dialect.contactSearchList = value as string;
        else bad(key);
        break;
      case 'errors':
        if (value === 'none' || pointer(value)) dialect.errors = value as string;
        else bad(key);
        break;
      case 'bodies': {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          bad(key);
          break;
        }
        const known = creates();
        for (const [id, body] of Object.entries(value)) {
          if (!known.has(id)) problems.push(`${name}: bodies.${id} is not a create operation of the document`);
          else if (typeof body !== 'object' || body === null || Array.isArray(body))
            problems.push(`${name}: bodies.${id} must be an object (the resource, without a wrapper)`);
          else {
            dialect.bodies[id] = body;
            stated.add(`bodies.${id}`);
          }
        }
        continue;
      }
      default:
        problems.push(`${name}: unknown key ${key} (known: ${Object.keys(DIALECT_KEYS).join(', ')})`);
        continue;
    }
    stated.add(key);
  }
  if (problems.length) throw new DialectError(problems);
  return { dialect, stated };
}

export class DialectError extends Error {
  override name = 'DialectError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid dialect (see README.md, "A dialect"):\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

/** The dialect of the run: the file's, or our contract's with nothing stated. */
export const loadDialect = (path: string | undefined): LoadedDialect =>
  path ? parseDialect(readFileSync(path, 'utf8'), path) : { dialect: CONTRACT_DIALECT, stated: new Set() };

/** The value at a JSON pointer, undefined where there is none. */
export function at(value: Json, ptr: string): Json {
  let v = value;
  for (const part of ptr.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}

/** The wrapper our contract puts around an operation's request body (`data`, `contact`, …), from its example. */
export const requestWrapperOf = (operationId: string): string | undefined => {
  const ex = op(operationId).requestExample;
  const keys = ex && typeof ex === 'object' && !Array.isArray(ex) ? Object.keys(ex) : [];
  return keys.length === 1 ? keys[0] : undefined;
};

/** A body in our contract's form, as the target's dialect sends it: unwrapped where the dialect says `none`. */
export function toTarget(d: Dialect, operationId: string, body: unknown): unknown {
  const wrapper = requestWrapperOf(operationId);
  const unwrap = (wrapper === 'data' && d.v2Body === 'none') || (wrapper === 'contact' && d.contactBody === 'none');
  if (!unwrap || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const keys = Object.keys(body);
  return keys.length === 1 && keys[0] === wrapper ? (body as Record<string, unknown>)[wrapper] : body;
}

/** The contact operations whose 2xx answers our contract wraps in `contact`, from the document's examples. */
const contactAnswer = (operationId: string, status: number): boolean => {
  const response = op(operationId).responses[String(status)];
  const ex = response && deref(response).content?.['application/json']?.example;
  return !!ex && typeof ex === 'object' && 'contact' in ex;
};

/**
 * An answer of the target, in our contract's form for the requirement to read: a bare contact wrapped in `contact`,
 * the contact search's list put at `contacts`, the error list put at `errors`. Returns the body unchanged where the
 * dialect is ours.
 */
export function fromTarget(d: Dialect, operationId: string, status: number, body: Json): Json {
  if (body === null || typeof body !== 'object') return body;
  if (status >= 200 && status < 300) {
    if (d.contactBody === 'none' && contactAnswer(operationId, status) && !('contact' in body))
      return { contact: body };
    if (operationId === 'searchContacts' && d.contactSearchList !== '/contacts')
      return { ...(Array.isArray(body) ? {} : body), contacts: at(body, d.contactSearchList) };
    return body;
  }
  if (status >= 400 && d.errors !== '/errors' && !Array.isArray(body))
    return { ...body, errors: d.errors === 'none' ? [] : at(body, d.errors) };
  return body;
}

/**
 * Thrown where a requirement's setup needed a choice of ours that the dialect does not state, and the target answered
 * otherwise: the requirement is not applicable (never a pass, never a fail), and the reason names the choice.
 */
export class NotApplicable extends Error {
  override name = 'NotApplicable';
}

/**
 * The choices a create of `operationId` relies on that the dialect leaves to our contract, as a not-applicable reason
 * gives them: `needs D-01, D-37: …; state it in the dialect as v2Body and bodies.createProduct`. Undefined when the
 * dialect states them all.
 */
export function assumedFor(
  loaded: LoadedDialect,
  operationId: string,
): { decisions: string; keys: string } | undefined {
  const wrapper = requestWrapperOf(operationId);
  const key = wrapper === 'data' ? 'v2Body' : wrapper === 'contact' ? 'contactBody' : undefined;
  const pairs: [string, string[]][] = [
    ...(key && !loaded.stated.has(key) ? [[key, [DIALECT_KEYS[key].decision]] as [string, string[]]] : []),
    ...(!loaded.stated.has(`bodies.${operationId}`)
      ? [[`bodies.${operationId}`, op(operationId).decision] as [string, string[]]]
      : []),
  ];
  if (!pairs.length) return undefined;
  const decisions = [...new Set(pairs.flatMap(([, d]) => d))].sort();
  return { decisions: decisions.join(', ') || 'a decision', keys: pairs.map(([k]) => k).join(' and ') };
}

/** The create operation of the resource a write operation is for (its collection path's POST), if any. */
export function createFor(operationId: string): string | undefined {
  const o = op(operationId);
  if (o.method === 'POST' && !o.path.includes('{id}') && operationId.startsWith('create')) return operationId;
  const collection = o.path.replace(/\/\{(id|mediaId)\}\.json$/, '.json');
  return operations.find((x) => x.method === 'POST' && x.path === collection && x.operationId.startsWith('create'))
    ?.operationId;
}
