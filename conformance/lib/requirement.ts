// A requirement has a stable id (`<operationId>.<slug>`), an RFC 2119 level, an area, its citations (§ or D-nn) and
// ONE basis: what its assertion rests on. Declaring one registers it where it is written (its file and
// line, reported as its location); conformance/suite.spec.ts runs the requirements of one operation as the steps of
// one Playwright test, so that a failing requirement costs what a passing one costs: Playwright
// replaces its worker after a failed test, once per failing operation instead of once per failing requirement.
import * as playwright from '@playwright/test';
import { relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { Api, Nonconformance } from './api.ts';
import { sourceText } from './contract.ts';
import { NoAnswer } from './unanswered.ts';
import type { Judge } from './judging/judge.ts';
import { callback, type CallbackOperation } from './callbacks.ts';

export type Level = 'MUST' | 'SHOULD' | 'MAY';
/**
 * - `source`: the source's own text says it; `quote` is a short verbatim part of it (checked at load time).
 * - `standard`: a standard the behaviour follows (`RFC 6750 §3`, `RFC 9110 §15.5.5`, `ISO 4217`, …), named in `standard`.
 * - `platform`: a fact of the public platform, listed in openapi/PLATFORM.md (cite the D-nn that records it).
 * - `decision`: our answer where the source is silent (cite its D-nn).
 * A requirement that would assert things of two bases is two requirements.
 */
export type Basis =
  | { basis: 'source'; quote: string }
  | { basis: 'standard'; standard: string }
  | { basis: 'platform' }
  | { basis: 'decision' };
export type BasisName = Basis['basis'];
/** A requirement's metadata: `source` lists its citations, each a § of the source or a decision's D-nn. */
export type Requirement = { id: string; level: Level; source: string[]; title: string } & Basis;
/** Citations as a declaration gives them: a list, or one string of them apart by spaces (`'§4.1 §5 D-06'`). */
export type Citations = string | readonly string[];
/**
 * What a declaration says besides its citations. Its basis follows from what it gives: a `quote` of the source is
 * `source`, a `standard` is `standard`, `platform` is `platform` (a fact of openapi/PLATFORM.md, which its citations
 * alone do not tell: decisions cite those D-nn too), and none of them `decision`. Its level is MUST unless given.
 */
export interface Options {
  quote?: string | undefined;
  standard?: string;
  platform?: true;
  level?: Exclude<Level, 'MUST'>;
  /**
   * What it judges, as a function of the exchanges its act made (lib/judging/judge.ts): the suite runs it after the
   * act, the proxy over live traffic. Without one, the act asserts, and only the suite judges the requirement.
   */
  judge?: Judge;
}
export type Body = (fixtures: { api: Api }) => Promise<void>;
/**
 * The body of a requirement of the App suite (conformance/app/): it talks to the App under test through `app`, of the
 * type the App suite declares it with (`appRequirement<AppCaller>`), so that this library does not import the suite.
 */
export type AppBody<App = unknown> = (fixtures: { app: App }) => Promise<void>;
/**
 * Which suite a requirement is of: `service`, the suite that judges an implementation of the API; `app`, the App
 * suite that plays the service and judges a shipping App (conformance/app/). An App requirement's id starts with
 * `app.` and the callback's operationId (`app.calculateShippingRates.rates-types`), so no id is of both.
 */
export type Side = 'service' | 'app';
export const sideOf = (id: string): Side => (id.startsWith('app.') ? 'app' : 'service');
/** The operation an id names: its first segment (`createContact`), on the App side the two first (`app.createShippingLabel`). */
export const operationOf = (id: string): string =>
  id
    .split('.')
    .slice(0, sideOf(id) === 'app' ? 2 : 1)
    .join('.');
/** Where a requirement is declared, relative to the suite's folder (`requirements/products.ts:161`). */
export interface Location {
  file: string;
  line: number;
  column: number;
}
/** A requirement as registered: its metadata, where it is written, what it runs and what keeps it from running. */
export type Declared<B = Body> = Requirement & {
  area: string;
  operation: string;
  location: Location;
  body: B;
  /** Why it cannot run in this configuration (a trigger the target lacks), decided when it is declared. */
  skip?: string;
  /** Requirements that share data made once per worker (`together`): one test runs them all, in order. */
  together?: number;
  /** Requirements of a `together` block that wait independently (for the target's calls): run at once. */
  concurrent?: true;
  /** Its judgement over exchanges (`Options.judge`). */
  judge?: Judge;
};
/** What results.json and junit.xml say of a requirement before its outcome (conformance/reporter.ts). */
export type Meta = Omit<Declared, 'body' | 'skip' | 'location' | 'together' | 'concurrent' | 'judge'> & {
  location: string;
};
/** A requirement of the App suite as registered. */
export type AppDeclared<App = unknown> = Declared<AppBody<App>>;

/** The basis a declaration's options give (`Options`). */
function basisOf(id: string, o: Options): Basis {
  if ([o.quote, o.standard, o.platform].filter((x) => x !== undefined).length > 1)
    throw new Error(`${id}: one basis only: a quote, a standard or platform`);
  if (o.quote !== undefined) return { basis: 'source', quote: o.quote };
  if (o.standard !== undefined) return { basis: 'standard', standard: o.standard };
  return o.platform ? { basis: 'platform' } : { basis: 'decision' };
}
/** A requirement that says what the source does not say is a broken promise to the teams that run the suite. */
function checkBasis(r: Requirement): void {
  const odd = r.source.filter((s) => !/^(§\d+(\.\d+)*|D-\d+)$/.test(s));
  if (odd.length) throw new Error(`${r.id}: a citation is a § of the source or a D-nn, not ${odd.join(', ')}`);
  if (r.basis === 'source' && (!r.quote || !sourceText.includes(r.quote)))
    throw new Error(`${r.id}: basis source, but its quote is not in the source: ${JSON.stringify(r.quote)}`);
  if (r.basis === 'source' && !r.source.some((s) => s.startsWith('§')))
    throw new Error(`${r.id}: basis source needs a § among its citations`);
  if (r.basis === 'decision' && !r.source.some((s) => /^D-\d+$/.test(s)))
    throw new Error(`${r.id}: basis decision needs a D-nn among its citations`);
  if (r.basis === 'standard' && !r.standard) throw new Error(`${r.id}: basis standard needs the standard's name`);
}

/** The suite's folder: locations are given relative to it, the same from the repository and the installed package. */
const suiteDir = fileURLToPath(new URL('..', import.meta.url));
const here = fileURLToPath(import.meta.url);

/** The frames of a stack with a file, innermost first. */
function framesOf(stack: string | undefined): Location[] {
  return (stack ?? '').split('\n').flatMap((l) => {
    const m = /\(?((?:file:\/\/)?\/[^():]+):(\d+):(\d+)\)?\s*$/.exec(l);
    if (!m) return [];
    const file = m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[1]!;
    return [{ file, line: Number(m[2]), column: Number(m[3]) }];
  });
}
/**
 * Where a requirement was declared, the first frame outside this module: its file at once (the file names the area),
 * its line only when asked. Every frame of a stack is source-mapped when the stack is first read (Playwright's
 * TypeScript), and the 1,700 declarations load in every worker and in the reporter: a worker reads the lines of the
 * requirements it runs (its steps are shown at them), and a reporter all of them, once.
 */
function callerLocation(): Location {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 8;
  const trace = new Error(); // its stack is formatted, and mapped, when first read
  const prepare = Error.prepareStackTrace;
  Error.prepareStackTrace = (_e, sites) => sites;
  const sites = new Error().stack as unknown as NodeJS.CallSite[];
  Error.prepareStackTrace = prepare;
  Error.stackTraceLimit = limit;
  const named = sites.map((c) => c.getFileName()).find((f) => f && f !== here && f !== pathToFileURL(here).href);
  const file = named?.startsWith('file://') ? fileURLToPath(named) : (named ?? here);
  let mapped: Location | undefined;
  const at = () => (mapped ??= framesOf(trace.stack).find((f) => f.file !== here) ?? { file, line: 0, column: 0 });
  return {
    file,
    get line() {
      return at().line;
    },
    get column() {
      return at().column;
    },
  };
}
/**
 * Where the suite broke, for an error's reason: the innermost frame of the error's stack in the suite's own files
 * (`requirements/resources/lifecycle.ts:201`); undefined when none is (the error came from a library, with no frame of ours).
 */
export function brokeAt(err: unknown): string | undefined {
  const frame = framesOf(err instanceof Error ? err.stack : undefined).find(
    (f) => f.file.startsWith(suiteDir) && !f.file.includes('node_modules'),
  );
  return frame && where(frame);
}

const registry: Declared[] = [];
const appRegistry: AppDeclared[] = [];
const ids = new Set<string>();
let skipReason: string | undefined;
let block: { id: number; concurrent: boolean } | undefined;
let blocks = 0;

/** Every requirement of the service suite declared so far, in the order of declaration. */
export const declared = (): readonly Declared[] => (noneOpen(), registry);
/** Every requirement of the App suite declared so far (conformance/app/requirements.ts). */
export const appDeclared = (): readonly AppDeclared[] => (noneOpen(), appRegistry);
/** The requirements of one side, as the reporter and `verify` read them. */
export const declaredOf = (side: Side): readonly Declared<unknown>[] => (side === 'app' ? appDeclared() : declared());
/** Its location as a reporter prints it: `requirements/products.ts:161`. */
export const where = (l: Location) => `${relative(suiteDir, l.file).replace(/\.js$/, '.ts')}:${l.line}`;
export const metaOf = (d: Declared<unknown>): Meta => {
  const {
    body: _body,
    skip: _skip,
    together: _together,
    concurrent: _concurrent,
    judge: _judge,
    location,
    ...meta
  } = d;
  // Read when asked (callerLocation): a selection by id or area never maps a stack.
  return {
    ...meta,
    get location() {
      return where(location);
    },
  };
};

/**
 * Declares one requirement: its id, its citations and what gives its basis (`Options`), then with `.test` its title
 * (what it asserts, as the reports show it) and its body. Its location is the line of `requirement(`.
 *
 *   requirement('createToken.basic', '§4.1 §5', { quote: 'Credentials may instead go in HTTP Basic authentication.' })
 *     .test('issues a token for HTTP Basic client credentials', async ({ api }) => { … })
 *
 * A twin, `<its id>.<slug>`, is declared with it by `.twin(slug, citations, options).test(title, body)`, located at
 * its `.twin(`: the same behaviour judged on another basis. A source requirement says only what the source does
 * (refused, any 4xx); its twin what we answer (`.status`: 401; `.naming`: a 422 naming the field).
 */
export function requirement(id: string, cites: Citations, options: Options = {}): Declaration<Body> {
  return declaration(registry, 'service', id, cites, options);
}
/**
 * Declares one requirement of the App suite (`app.calculateShippingRates.rates-types`), as `requirement` does; `App`
 * is what its body talks to the App through (the App suite's caller).
 */
export function appRequirement<App>(id: string, cites: Citations, options: Options = {}): Declaration<AppBody<App>> {
  return declaration(appRegistry as AppDeclared<App>[], 'app', id, cites, options);
}
/** A requirement being declared, until `.test` gives its title and body and registers it. */
export interface Declaration<B> {
  test(title: string, body: B): Twins<B>;
}
/** A declared requirement: `.twin(slug, …)` declares `<its id>.<slug>`, another requirement of the same behaviour. */
export interface Twins<B> {
  twin(slug: string, cites: Citations, options?: Options): Declaration<B>;
}

/** The id of a declaration whose `.test` has not come yet: a requirement without a body would silently not run. */
let open: string | undefined;
const noneOpen = () => {
  if (open) throw new Error(`${open}: declared without .test(title, body)`);
};
function declaration<B>(
  into: Declared<B>[],
  side: Side,
  id: string,
  cites: Citations,
  options: Options,
  parent?: Twins<B>,
): Declaration<B> {
  noneOpen();
  open = id;
  const location = callerLocation();
  const source = typeof cites === 'string' ? cites.split(' ') : [...cites];
  return {
    test(title, body) {
      open = undefined;
      const r = { id, level: options.level ?? 'MUST', source, title, ...basisOf(id, options) } satisfies Requirement;
      into.push({ ...registered(r, side, location, body), ...(options.judge ? { judge: options.judge } : {}) });
      const twins: Twins<B> = parent ?? {
        twin: (slug, twinCites, twinOptions = {}) =>
          declaration(into, side, `${id}.${slug}`, twinCites, twinOptions, twins),
      };
      return twins;
    },
  };
}

/**
 * A requirement's area: for the service suite its file's name (requirements/auth.ts: `auth`), or the folder's of a
 * large area (requirements/contacts/search.ts: `contacts`); for the App suite the App address its call goes to
 * (`rates`, `labels`: callbacks.ts).
 */
function areaOf(side: Side, id: string, file: string): string {
  if (side === 'app') return callback(operationOf(id).slice('app.'.length) as CallbackOperation).area;
  const [first = '', ...rest] = relative(`${suiteDir}requirements`, file).split(sep);
  return rest.length ? first : first.replace(/\.[jt]s$/, '');
}

function registered<B>(r: Requirement, side: Side, location: Location, body: B): Declared<B> {
  checkBasis(r);
  if (ids.has(r.id)) throw new Error(`${r.id}: declared twice (requirement ids are the stable keys of results.json)`);
  if (sideOf(r.id) !== side)
    throw new Error(
      `${r.id}: ${side === 'app' ? 'an App requirement id starts' : 'only App requirement ids start'} with app.`,
    );
  ids.add(r.id);
  return {
    ...r,
    area: areaOf(side, r.id, location.file),
    operation: operationOf(r.id),
    location,
    body,
    ...(skipReason ? { skip: skipReason } : {}),
    ...(block ? { together: block.id } : {}),
    ...(block?.concurrent ? { concurrent: true as const } : {}),
  };
}

/**
 * The requirements `declare` makes share data made once per worker (a lifecycle watched once, items made a clock
 * second apart): the run keeps them in one test, in order, so the data is made once, not once per test. With
 * `concurrent`, they run at once instead: requirements that each wait for calls from the target (up to 15 s against a
 * target that makes none) and share nothing but the App receiver, which tells their calls apart by key.
 */
export function together(declare: () => void, options: { concurrent?: boolean } = {}): void {
  const outer = block;
  block ??= { id: blocks++, concurrent: options.concurrent === true };
  try {
    declare();
  } finally {
    block = outer;
  }
}

/** The requirements `declare` makes are skipped, with `reason`, when `condition` holds (a trigger the target lacks). */
export function skipping(condition: boolean, reason: string, declare: () => void): void {
  const outer = skipReason;
  skipReason = condition ? reason : outer;
  try {
    declare();
  } finally {
    skipReason = outer;
  }
}

/** Thrown by `skip`: the running requirement cannot be judged against this target, for the reason given. */
export class Skip extends Error {
  override name = 'Skip';
}
/** Inside a requirement: skips it, with `reason`, when `condition` holds (an optional client role the target lacks). */
export function skip(condition: boolean, reason: string): asserts condition is false {
  if (condition) throw new Skip(reason);
}

const afterHooks: Body[] = [];
/** Runs after every requirement, whatever its outcome (deleting what it subscribed, so that nothing keeps calling). */
export function afterEach(hook: Body): void {
  afterHooks.push(hook);
}
export const afterEachHooks = (): readonly Body[] => afterHooks;

/** How long one requirement may take unless it says otherwise (`requirementTimeout`). */
export const REQUIREMENT_TIMEOUT_MS = 30_000;
let extendTimeout: ((ms: number) => void) | undefined;
/** Inside a requirement: gives it `ms` from now (an operator who triggers a callback by hand needs minutes). */
export function requirementTimeout(ms: number): void {
  extendTimeout?.(ms);
}
/** Set by the runner (conformance/suite.spec.ts) while a requirement runs. */
export function onTimeoutExtended(set: ((ms: number) => void) | undefined): void {
  extendTimeout = set;
}

// The suite drives no browser, so it builds on Playwright's base test without the browser fixtures (about 30
// per test; scripts/README.md, performance notes). Falls back to `test` should a Playwright release stop exporting
// the base. Requests go out through Node's HTTP client (lib/wire.ts), not a Playwright request context.
const base = (playwright as unknown as { _baseTest?: typeof playwright.test })._baseTest ?? playwright.test;
export const test = base;
export { expect } from './expect.ts';

/**
 * An assertion of the suite (expect), a contract mismatch, or no HTTP answer (a target that does not answer does not
 * conform): the target does not conform. So is a matcher that refuses the value it received: `expect(x).toMatch(…)`
 * throws "received value must be a string", `expect(x).toHaveProperty(…)` "received value must not be null nor
 * undefined", when the target left `x` out, which is the target's doing, not the suite's (a matcher refusing its
 * *expected* value is the suite's own mistake). Anything else: the suite broke.
 */
export const isNonconformance = (err: unknown): boolean =>
  err instanceof Nonconformance ||
  err instanceof NoAnswer ||
  (typeof err === 'object' && err !== null && 'matcherResult' in err) ||
  // Inside a test run, Playwright colours the message ("Matcher error" in bold).
  (err instanceof Error &&
    /^Matcher error: received value must (be a (string|number|non-null object)|not be null nor undefined|have a length)/m.test(
      stripVTControlCharacters(err.message),
    ));
