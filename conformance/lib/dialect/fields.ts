// `fields`: the target's names and shapes for fields of ours, by the create operation of the resource (§2.12 "fields:
// not shown"). A resource is translated whole here, its event names too (`events`, events.ts): a request's on the way
// out, the resources at a success's `data` on the way in, a stated body (bodies.ts) and a shipping service
// (shippingServices.ts).
import type { Json } from '../contract.ts';
import { createFor, creates, isName, isObject, type Descriptor, type Dialect } from './core.ts';
import { eventFromTarget, eventToTarget } from './events.ts';

/** One field of ours as the target has it: its name (a `/` nests it in an object) and, for an array of objects, the key each object is reduced to. */
export interface FieldMap {
  name: string;
  pluck?: string;
}

declare module './core.ts' {
  interface Dialect {
    /**
     * The target's names and shapes for fields of ours, by the create operation of the resource (§2.12 "fields: not
     * shown"): `title: name` renames; `{ name: rules/verification }` nests; `{ name: countryCodes, pluck: countryCode }`
     * turns an array of objects into the array of one key's values.
     */
    fields: Record<string, Record<string, FieldMap>>;
  }
}

/** A `fields` entry, read: a name, or `{ name, pluck }`; undefined when it is neither. */
function fieldMap(v: unknown): FieldMap | undefined {
  if (isName(v)) return { name: v as string };
  if (!isObject(v) || !isName(v.name) || !Object.keys(v).every((k) => k === 'name' || k === 'pluck')) return undefined;
  if (v.pluck !== undefined && !isName(v.pluck)) return undefined;
  return { name: v.name as string, ...(v.pluck === undefined ? {} : { pluck: v.pluck as string }) };
}

/** The value at a `/`-separated path of names (not a JSON pointer: a name has no escapes), and setting one. */
const getPath = (o: Record<string, Json>, path: string): Json =>
  path.split('/').reduce<Json>((v, k) => (isObject(v) ? v[k] : undefined), o);
function setPath(o: Record<string, Json>, path: string, value: Json): void {
  const keys = path.split('/');
  let at = o;
  for (const k of keys.slice(0, -1)) at = isObject(at[k]) ? at[k] : (at[k] = {});
  at[keys.at(-1)!] = value;
}
function deletePath(o: Record<string, Json>, path: string): void {
  const keys = path.split('/');
  const parent = getPath(o, keys.slice(0, -1).join('/')) ?? (keys.length === 1 ? o : undefined);
  if (isObject(parent)) delete parent[keys.at(-1)!];
  if (keys.length > 1 && isObject(o[keys[0]!]) && !Object.keys(o[keys[0]!]).length) delete o[keys[0]!];
}
const renameEvents = (k: string, v: Json, event: (e: string) => string): Json =>
  k === 'events' && Array.isArray(v) ? v.map((e) => (typeof e === 'string' ? event(e) : e)) : v;

/** A resource (or a list of them) of ours as the target names and shapes it (`fields`), events by its names. */
function toTheirs(value: Json, maps: Record<string, FieldMap>, event: (e: string) => string): Json {
  if (Array.isArray(value)) return value.map((v) => toTheirs(v, maps, event));
  if (!isObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const [k, raw] of Object.entries(value)) {
    const v = renameEvents(k, raw, event);
    const m = Object.hasOwn(maps, k) ? maps[k]! : undefined;
    if (!m) out[k] = v;
    else setPath(out, m.name, m.pluck && Array.isArray(v) ? v.map((x) => (isObject(x) ? x[m.pluck!] : x)) : v);
  }
  return out;
}
/** The target's resource (or a list of them) in our names and shapes: `toTheirs` backwards. */
function fromTheirs(value: Json, maps: Record<string, FieldMap>, event: (e: string) => string): Json {
  if (Array.isArray(value)) return value.map((v) => fromTheirs(v, maps, event));
  if (!isObject(value)) return value;
  const out: Record<string, Json> = structuredClone(value);
  const found: [string, Json][] = [];
  for (const [ours, m] of Object.entries(maps)) {
    const v = getPath(out, m.name);
    if (v === undefined) continue;
    deletePath(out, m.name);
    found.push([ours, m.pluck && Array.isArray(v) ? v.map((x) => (isObject(x) ? x : { [m.pluck!]: x })) : v]);
  }
  for (const [ours, v] of found) out[ours] = v;
  if (Array.isArray(out.events)) out.events = renameEvents('events', out.events, event);
  return out;
}

/** A resource of ours in the target's names and shapes (`fields` of its create operation), and back. */
export const resourceToTarget = (d: Dialect, create: string, v: Json): Json =>
  toTheirs(v, d.fields[create] ?? {}, (e) => eventToTarget(d, e));
export const resourceFromTarget = (d: Dialect, create: string, v: Json): Json =>
  fromTheirs(v, d.fields[create] ?? {}, (e) => eventFromTarget(d, e));
/**
 * What a resource of ours keeps once sent in the target's names and read back in ours: what the target was told (a
 * `pluck` sends one key of each element, so the rest of the element was never said). An act expecting a write to read
 * back expects this, never more.
 */
export const toldThrough = (d: Dialect, create: string, v: Json): Json =>
  resourceFromTarget(d, create, resourceToTarget(d, create, v));

export const descriptor: Descriptor<'fields'> = {
  key: 'fields',
  accepts:
    "a map of create operationIds to a map of our field names to the target's: a name (`a/b` nests it), or `{ name, pluck }` for an array of objects reduced to one key's values",
  decision: 'the decision of each operation',
  byOperation: true,
  readme: {
    takes:
      "the create operationIds above, each a map of our field names to yours: a name (`title: name`), a nested name (`requiresVerification: rules/verification`), or `{ name, pluck }` for an array of objects sent as an array of one key's values (`countries: { name: countryCodes, pluck: countryCode }`: `[{countryCode: SE}]` is `[SE]`); it applies to the resource's add, update, get and list",
  },
  default: { fields: {} },
  read(value, say) {
    if (!isObject(value)) return undefined;
    const known = creates();
    const fields: Record<string, Record<string, FieldMap>> = {};
    for (const [id, names] of Object.entries(value)) {
      if (!known.has(id)) say(`fields.${id} is not a create operation of the document`);
      else if (!isObject(names)) say(`fields.${id} must map our field names to the target's`);
      else {
        const maps: Record<string, FieldMap> = {};
        for (const [ours, theirs] of Object.entries(names)) {
          const m = fieldMap(theirs);
          if (m) maps[ours] = m;
          else
            say(
              `fields.${id}.${ours} must be the target's name, or { name, pluck } (an array of objects as one key's values)`,
            );
        }
        fields[id] = maps;
      }
    }
    return { fields };
  },
  request: { resource: (d, operationId, resource) => resourceToTarget(d, createFor(operationId) ?? '', resource) },
  answer: {
    resource(d, operationId, data) {
      const create = createFor(operationId) ?? '';
      return d.fields[create] || Object.keys(d.events).length ? resourceFromTarget(d, create, data) : data;
    },
  },
};
