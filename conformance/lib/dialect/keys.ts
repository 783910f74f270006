// The keys of a dialect file, one descriptor each (README.md here), and what applies them: reading a file (every
// problem at once), our contract's dialect, and the translation of a request and an answer through every key.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Json } from '../contract.ts';
import { descriptor as bodies } from './bodies.ts';
import { descriptor as checkout } from './checkout.ts';
import { descriptor as contactBody } from './contactBody.ts';
import { descriptor as contactSearchList } from './contactSearchList.ts';
import {
  decisionsOf,
  isObject,
  isSuccess,
  requestWrapperOf,
  type Answer,
  type Descriptor,
  type Dialect,
  type DialectKey,
  type LoadedDialect,
} from './core.ts';
import { descriptor as deliveries } from './deliveries.ts';
import { descriptor as dispatch } from './dispatch.ts';
import { descriptor as errors } from './errors.ts';
import { descriptor as events } from './events.ts';
import { descriptor as fields } from './fields.ts';
import { descriptor as pageParams } from './pageParams.ts';
import { descriptor as scopes } from './scopes.ts';
import { descriptor as shippingServices } from './shippingServices.ts';
import { descriptor as signatures } from './signatures.ts';
import { descriptor as statuses } from './statuses.ts';
import { descriptor as v2Body } from './v2Body.ts';

/**
 * Every key's descriptor, by key (its type refuses a key of `Dialect` left out). The order is the one a problem lists
 * the keys in and the README's table has its rows in; a request's translation goes through the keys in it, and so
 * does an answer's, each kind of step in its turn (`toTarget`, `fromTarget`).
 */
export const DESCRIPTORS: { [K in DialectKey]: Descriptor<K> } = {
  v2Body,
  contactBody,
  contactSearchList,
  errors,
  bodies,
  statuses,
  pageParams,
  scopes,
  events,
  deliveries,
  shippingServices,
  checkout,
  dispatch,
  signatures,
  fields,
};
const all: Descriptor[] = Object.values(DESCRIPTORS);

/** The keys, what each accepts, and the decision of ours each replaces (for a not-applicable reason). */
export const DIALECT_KEYS = Object.fromEntries(
  all.map((k) => [k.key, { accepts: k.accepts, decision: k.decision }]),
) as Record<DialectKey, { accepts: string; decision: string }>;

/** Our contract's choices: what a run without a dialect file assumes. */
export const CONTRACT_DIALECT: Dialect = Object.assign({}, ...all.map((k) => k.default ?? {}));

export class DialectError extends Error {
  override name = 'DialectError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid dialect (see README.md, "A dialect"):\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

/** Parses and checks a dialect file's text: the dialect, or every problem at once (one line each). */
export function parseDialect(text: string, name = 'dialect'): LoadedDialect {
  let data: unknown;
  try {
    data = parse(text);
  } catch (err) {
    throw new DialectError([`${name}: not YAML or JSON (${(err as Error).message.split('\n')[0]})`]);
  }
  const known = Object.keys(DESCRIPTORS).join(', ');
  if (!isObject(data)) throw new DialectError([`${name}: expected an object of dialect keys (${known})`]);
  const problems: string[] = [];
  // A copy: what a run does with its dialect never reaches our contract's.
  const dialect: Dialect = structuredClone(CONTRACT_DIALECT);
  const stated = new Set<string>();
  for (const [key, value] of Object.entries(data)) {
    const descriptor = Object.hasOwn(DESCRIPTORS, key) ? DESCRIPTORS[key as DialectKey] : undefined;
    if (!descriptor) {
      problems.push(`${name}: unknown key ${key} (known: ${known})`);
      continue;
    }
    let said = false;
    const read = descriptor.read(value, (p) => {
      said = true;
      problems.push(`${name}: ${p}`);
    });
    if (read === undefined) {
      if (!said) problems.push(`${name}: ${key} must be ${descriptor.accepts}`);
      continue;
    }
    Object.assign(dialect, read);
    for (const s of descriptor.stated?.(read) ?? [key]) stated.add(s);
  }
  if (problems.length) throw new DialectError(problems.map((p) => withDecision(p, name)));
  return { dialect, stated };
}

/** A problem of a key, naming the decision of ours the key replaces (`bodies.createGeozone`: that operation's). */
function withDecision(problem: string, name: string): string {
  const [, key, sub] = /^(\w+)(?:\.(\w+))?/.exec(problem.slice(name.length + 2)) ?? [];
  if (!key || !Object.hasOwn(DESCRIPTORS, key)) return problem;
  const descriptor = DESCRIPTORS[key as DialectKey];
  const decision = (descriptor.byOperation && sub && decisionsOf(sub)) || descriptor.decision;
  return decision && !decision.startsWith('the decision') && !problem.includes(decision)
    ? `${problem} (ours: ${decision})`
    : problem;
}

/** The dialect of the run: the file's, or our contract's with nothing stated. */
export const loadDialect = (path: string | undefined): LoadedDialect =>
  path ? parseDialect(readFileSync(path, 'utf8'), path) : { dialect: CONTRACT_DIALECT, stated: new Set() };

/**
 * A body in our contract's form, as the target's dialect sends it: the resource in its names and shapes (`fields`,
 * `events`), then in its wrapper (`v2Body`, `contactBody`, `shippingServices`: ours, another, or none).
 */
export function toTarget(d: Dialect, operationId: string, body: unknown): unknown {
  const wrapper = requestWrapperOf(operationId);
  if (!isObject(body)) return body;
  const keys = Object.keys(body);
  const wrapped = wrapper !== undefined && keys.length === 1 && keys[0] === wrapper;
  let resource: Json = wrapped ? body[wrapper] : body;
  for (const k of all) if (k.request?.resource) resource = k.request.resource(d, operationId, resource);
  if (!wrapped) return resource;
  let theirs: string | undefined = wrapper;
  for (const k of all) if (k.request?.wrapper) theirs = k.request.wrapper(d, operationId, theirs);
  return theirs === undefined ? resource : { [theirs]: resource };
}

/**
 * An answer of the target, in our contract's form for the requirement to read: read whole by a key that places it
 * (`shippingServices`); else a success's resources at `data` in our names (`fields`), then what it holds put in our
 * places (a bare contact in `contact`, the contact search's list at `contacts`, the error list at `errors`). Returns
 * the body unchanged where the dialect is ours.
 */
export function fromTarget(d: Dialect, operationId: string, status: number, body: Json): Json {
  if (body === null || typeof body !== 'object') return body;
  for (const k of all) {
    const whole = k.answer?.whole?.(d, { operationId, status, body });
    if (whole !== undefined) return whole;
  }
  if (isSuccess(status) && 'data' in body) {
    let data: Json = body.data;
    for (const k of all) if (k.answer?.resource) data = k.answer.resource(d, operationId, data);
    if (data !== body.data) body = { ...body, data };
  }
  let a: Answer = { operationId, status, body };
  for (const k of all) if (k.answer?.envelope) a = { ...a, body: k.answer.envelope(d, a) };
  return a.body;
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
  const assumed = all.flatMap((k) => k.assumedByCreate?.(loaded, operationId) ?? []);
  if (!assumed.length) return undefined;
  const decisions = [...new Set(assumed.flatMap((a) => a.decisions))].sort();
  return { decisions: decisions.join(', ') || 'a decision', keys: assumed.map((a) => a.key).join(' and ') };
}

/**
 * A choice of ours, left unstated, that a call's answer shows the target made otherwise (source profile, lib/api.ts):
 * a 403 to the full client on an operation §5's table does not name (`scopes`), or a refusal of our page parameters
 * (`pageParams`). The reason, as a not-applicable requirement gives it; undefined otherwise.
 */
export function assumedChoice(
  loaded: LoadedDialect,
  operationId: string,
  call: { as?: unknown; query?: Record<string, unknown> },
  status: number,
): { reason: string; key: string } | undefined {
  for (const k of all) {
    const choice = k.assumedByAnswer?.(loaded, operationId, call, status);
    if (choice) return choice;
  }
  return undefined;
}
