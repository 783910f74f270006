// Where each value the suite writes comes from. A requirement of the source or a standard may write only:
// - a field the source shows as writable (§2.2's Contact table; its `accessRoles` name roles that must exist);
// - what the dialect states (`bodies`, `fields`: lib/dialect.ts);
// - what the target answered earlier in the requirement (a role it lists, an object read back, the id of what the run
//   made);
// - a choice of ours that the requirement or a fixture declares (`Ledger.declare`: our example bodies, the field a
//   requirement is about), with the decision it rests on.
// Every write of such a requirement is attributed here before it is sent (lib/api.ts); a value that is none of these
// stops the requirement as an error of the suite, so a new requirement cannot write a choice of ours unsaid. What a
// declared choice costs is decided from the target's answer: kept, nothing; not kept, the requirement rests on the
// decision (its effective basis); refused, the requirement is not applicable (suite.spec.ts, `control`).
import { deref, op, sourceText, type Json } from './contract.ts';
import { createFor, isObject, requestWrapperOf, statedBody, type LoadedDialect } from './dialect.ts';

/** Where one written field came from. */
export type Origin =
  { from: 'source' } | { from: 'dialect'; key: string } | { from: 'target' } | { from: 'ours'; why: string };

/** A write, attributed: every field with its origin, and the fields no rule attributes. */
export interface Attribution {
  /** The resource written (inside its wrapper), as the requirement gave it. */
  resource: Record<string, Json>;
  origins: Record<string, Origin>;
  unattributed: string[];
}

/** The fields §2.2's table shows as writable on a Contact: every row but the read-only ones. */
export const SOURCE_WRITABLE: ReadonlySet<string> = (() => {
  const section = sourceText.slice(sourceText.indexOf('### 2.2'), sourceText.indexOf('### 2.3'));
  const rows = section.split('\n').filter((l) => /^\| [a-zA-Z]+ \|/.test(l));
  return new Set(
    rows
      .map((l) => l.split('|').map((c) => c.trim()))
      .filter(([, name, , rules]) => name !== 'Field' && name !== 'Form' && !/^Read only/.test(rules ?? ''))
      .map(([, name]) => name!),
  );
})();
/** The Contact operations §4.2 lists with a body: their fields are §2.2's. */
const CONTACT_WRITES = new Set(['createContact', 'updateContact', 'updateContactPost']);

const key = (v: Json) => JSON.stringify(v);

/**
 * One requirement's record: the values the target answered (by field name), and the choices of ours declared for a
 * resource's writes (by its create operation, then field).
 */
export class Ledger {
  private seen = new Map<string, Set<string>>();
  private declared = new Map<string, Map<string, string>>();

  clear(): void {
    this.seen.clear();
    this.declared.clear();
  }

  /** Records every value of an answer the target gave, by the name of the field that held it, at any depth. */
  saw(body: Json): void {
    const walk = (v: Json, name: string | undefined, depth: number) => {
      if (depth > 6) return;
      if (Array.isArray(v)) for (const x of v) walk(x, name, depth + 1);
      else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, k, depth + 1);
      // A whole value too (an array, an object, null), as a field held it: it may be sent back as read.
      if (name !== undefined && v !== undefined)
        (this.seen.get(name) ?? this.seen.set(name, new Set()).get(name)!).add(key(v));
    };
    walk(body, undefined, 0);
  }

  /** Whether the target answered `v` under `name` (or, for a reference `<x>Id`, as the `id` of a resource). */
  private answered(name: string, v: Json): boolean {
    if (this.seen.get(name)?.has(key(v))) return true;
    if (Array.isArray(v)) return v.length > 0 && v.every((x) => this.answered(name, x));
    if (isObject(v)) return Object.entries(v).every(([k, x]) => this.answered(k, x));
    const has = (n: string) => this.seen.get(n)?.has(key(v)) ?? false;
    return has(name) || (/Id$/.test(name) && has('id'));
  }

  /** Declares fields of ours that writes of `operationId`'s resource carry, and the decision (or reason) they rest on. */
  declare(operationId: string, fields: Iterable<string>, why: string): void {
    const resource = createFor(operationId) ?? operationId;
    const map = this.declared.get(resource) ?? this.declared.set(resource, new Map()).get(resource)!;
    for (const f of fields) if (!map.has(f)) map.set(f, why);
  }

  /** Attributes every top-level field of a write's resource (inside its wrapper), and the wrapper itself. */
  attribute(loaded: LoadedDialect, operationId: string, body: unknown): Attribution {
    const o = op(operationId);
    const wrapper = requestWrapperOf(operationId);
    const resource = resourceWritten(operationId, body);
    const origins: Record<string, Origin> = {};
    const unattributed: string[] = [];
    if (!isObject(resource)) return { resource: {}, origins, unattributed };
    const create = createFor(operationId);
    const stated = [operationId, create]
      .filter((id): id is string => id !== undefined)
      .map((id) => [id, statedBody(loaded.dialect, id)] as const)
      .filter(([, b]) => isObject(b));
    const declared = this.declared.get(create ?? operationId);
    // The wrapper is D-01's (v2) or D-11's (contacts) unless the dialect states it.
    const wrapperKey = wrapper === 'data' ? 'v2Body' : wrapper === 'contact' ? 'contactBody' : undefined;
    if (wrapperKey && resource !== body && !loaded.stated.has(wrapperKey))
      origins[`{${wrapper}}`] = { from: 'ours', why: wrapper === 'data' ? 'D-01' : 'D-11' };
    // An operation the source does not list (a reference extension, D-20; the shipping services, D-18) is ours whole.
    const extension = o.extension || !sourceText.includes(op(create ?? operationId).path);
    for (const [field, v] of Object.entries(resource)) {
      const statedIn = stated.find(([, b]) => field in (b as Record<string, Json>));
      const contactField = CONTACT_WRITES.has(operationId) && SOURCE_WRITABLE.has(field);
      if (statedIn) origins[field] = { from: 'dialect', key: `bodies.${statedIn[0]}` };
      else if (contactField && field !== 'accessRoles') origins[field] = { from: 'source' };
      else if (contactField && this.rolesAnswered(v)) origins[field] = { from: 'source' };
      else if (this.answered(field, v)) origins[field] = { from: 'target' };
      else if (declared?.has(field)) origins[field] = { from: 'ours', why: declared.get(field)! };
      else if (extension) origins[field] = { from: 'ours', why: o.decision.join(', ') || 'D-20' };
      else unattributed.push(field);
    }
    return { resource, origins, unattributed };
  }

  /**
   * §2.2: each grant names "an existing access role", by a string or an object's `reference`: one the target listed or
   * the run made (a role of ours, `staff`, is D-34's and may not exist). An empty list names none.
   */
  private rolesAnswered(v: Json): boolean {
    if (!Array.isArray(v)) return false;
    return v.every((g) => this.answered('reference', typeof g === 'string' ? g : isObject(g) ? g.reference : g));
  }
}

/** The write-only fields of an operation's body (`password`): no answer names them, kept or not. */
export function writeOnlyFields(operationId: string): Set<string> {
  const o = op(operationId);
  const found = new Set<string>();
  const walk = (node: Json, depth: number) => {
    const s = deref(node);
    if (!isObject(s) || depth > 4) return;
    for (const [k, p] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
      if (deref(p)?.writeOnly) found.add(k);
      walk(p, depth + 1);
    }
    for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) walk(part, depth + 1);
  };
  if (o.bodyPointer) walk({ $ref: o.bodyPointer }, 0);
  return found;
}

/** The resource a write's body holds: inside our contract's wrapper for the operation, or the body itself. */
export function resourceWritten(operationId: string, body: unknown): unknown {
  const wrapper = requestWrapperOf(operationId);
  return isObject(body) && wrapper && Object.keys(body).length === 1 && isObject(body[wrapper]) ? body[wrapper] : body;
}
/** The decisions an operation's body rests on, as a provenance record names them. */
export const decisionOf = (operationId: string): string => op(operationId).decision.join(', ') || 'a decision';

/** The fields of ours an attributed write carried, with what each rests on. */
export const oursIn = (a: Attribution): [string, string][] =>
  Object.entries(a.origins).flatMap(([f, o]) => (o.from === 'ours' ? [[f, o.why] as [string, string]] : []));

/** Thrown before a write of a source or standard requirement carries a value whose origin no rule gives. */
export class ProvenanceError extends Error {
  override name = 'ProvenanceError';
}
