// What every key's descriptor is written against (README.md here): the `Dialect` each key's file declares its part
// of, the shape of a descriptor, and the helpers the descriptors share. It imports the contract module only.
import { op, operations, type Json } from '../contract.ts';

/**
 * The dialect of a run: the target's choice for each key, our contract's where its file states none. Each key's
 * file declares its own part of it (`declare module './core.ts'`), beside the rest of the key; keys.ts lists every
 * key's descriptor, and its type refuses a key declared here that it does not list.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the keys' files, as above.
export interface Dialect {}

/** The keys a dialect file states (`contactAnswer` is `contactBody`'s second half, contactBody.ts). */
export type DialectKey = Exclude<keyof Dialect, 'contactAnswer'>;

/** A dialect file and the keys it states; `stated` is empty without a file. */
export interface LoadedDialect {
  dialect: Dialect;
  stated: Set<string>;
}

/** An answer on its way in: the operation it answers, its status and its body (a JSON object or array). */
export interface Answer {
  operationId: string;
  status: number;
  body: Json;
}

/** What a create relies on from a key its file leaves to our contract: the key (`bodies.createGeozone`), the decisions. */
export interface Assumed {
  key: string;
  decisions: string[];
}

/** One key of a dialect file, whole: what it takes and replaces, how it is read, its default, what it translates. */
export interface Descriptor<K extends DialectKey = DialectKey> {
  /** Its name in a dialect file. */
  key: K;
  /** What it takes, as its problem says it: `<key> must be <accepts>`. */
  accepts: string;
  /** The decision of ours it replaces (`D-02`), named after each problem of it: `(ours: D-02)`. */
  decision: string;
  /** Its entries are by operationId (`bodies.createGeozone`): a problem of one names that operation's decisions. */
  byOperation?: true;
  /** Its row of the README's table of keys: what it takes, and what it replaces where that is more than `decision`. */
  readme: { takes: string; replaces?: string };
  /** Our contract's choice, which a run without it assumes; none for a key that changes nothing unless stated. */
  default?: Partial<Dialect>;
  /**
   * Its schema: reads the value a file gives it into the part of the dialect it sets, or undefined when the value is
   * not what it takes (the problem is then `<key> must be <accepts>`). A more precise problem is said with `say`, the
   * whole line after the file's name (`scopes.products is named by §5's table, …`); a key that said one is refused.
   */
  read(value: unknown, say: (problem: string) => void): Partial<Dialect> | undefined;
  /** What the file states by it (`bodies.createGeozone`), from what it read; unset, the key itself. */
  stated?(read: Partial<Dialect>): string[];
  /** How it translates a request body of ours into the target's form (keys.ts `toTarget`). */
  request?: {
    /** The resource (the body inside our wrapper, or the body without one), in the target's names and shapes. */
    resource?(d: Dialect, operationId: string, resource: Json): Json;
    /** The wrapper the target puts that resource in, given the one so far (ours at first); undefined: bare. */
    wrapper?(d: Dialect, operationId: string, wrapper: string | undefined): string | undefined;
  };
  /** How it translates an answer of the target into our contract's form (keys.ts `fromTarget`). */
  answer?: {
    /** The whole answer in our form, where the key places what it holds; undefined to leave it to the others. */
    whole?(d: Dialect, a: Answer): Json;
    /** The resources of a success at `data`, in our names and shapes. */
    resource?(d: Dialect, operationId: string, data: Json): Json;
    /** The answer with what it holds put in our places (our wrapper, our list, our errors). */
    envelope?(d: Dialect, a: Answer): Json;
  };
  /** What a create of `operationId` relies on from it where the file leaves it to our contract (keys.ts `assumedFor`). */
  assumedByCreate?(loaded: LoadedDialect, operationId: string): Assumed | undefined;
  /**
   * Its choice, left unstated, that a call's answer shows the target made otherwise (keys.ts `assumedChoice`): the
   * not-applicable reason, naming the decision and the key.
   */
  assumedByAnswer?(
    loaded: LoadedDialect,
    operationId: string,
    call: { as?: unknown; query?: Record<string, unknown> },
    status: number,
  ): { reason: string; key: string } | undefined;
}

/** A JSON object (not an array, not null). */
export const isObject = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** A name: a string without white space. */
export const isName = (v: unknown) => typeof v === 'string' && /^[^\s]+$/.test(v);
/** A JSON pointer (RFC 6901): `` or `/a/b`. */
export const isPointer = (t: unknown) => typeof t === 'string' && (t === '' || /^(\/[^/]*)+$/.test(t));
/** A path from the target URL: `/api/…`, without white space. */
export const isPath = (v: unknown) => typeof v === 'string' && v.startsWith('/') && !/\s/.test(v);
/** Whether a status is a success (2xx). */
export const isSuccess = (status: number) => status >= 200 && status < 300;

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

/** The create operation of the resource a write operation is for (its collection path's POST), if any. */
export function createFor(operationId: string): string | undefined {
  const o = op(operationId);
  if (o.method === 'POST' && !o.path.includes('{id}') && operationId.startsWith('create')) return operationId;
  const collection = o.path.replace(/\/\{(id|mediaId)\}\.json$/, '.json');
  // §4.3: product specifications are added without the v2 segment and updated with it.
  const paths = [collection, collection.replace(/^\/api\/v2\//, '/api/')];
  return operations.find((x) => x.method === 'POST' && paths.includes(x.path) && x.operationId.startsWith('create'))
    ?.operationId;
}

/** The create operations of the document: the keys of `fields`. */
export const creates = () =>
  new Set(operations.filter((o) => o.operationId.startsWith('create')).map((o) => o.operationId));

/** The decisions of an operation of the document (`D-01, D-35, D-39`), or undefined for a name of none. */
export const decisionsOf = (operationId: string): string | undefined =>
  operations.some((o) => o.operationId === operationId) ? op(operationId).decision.join(', ') : undefined;
