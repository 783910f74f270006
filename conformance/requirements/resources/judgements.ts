// What the requirements of an item's writes and reads judge (lifecycle.ts, ../products.ts, ../contacts/), over a short
// sequence of exchanges as memory holds it (lib/judging/memory.ts): the item a write made or changed, read back by the
// next get with no write between (D-01, D-11); its unset fields null (§2.1, D-39); gone after its delete, and its id
// never given again (D-04); what a get answers (§2.1, §2.3–§2.8, D-10). In the suite, memory holds what the
// requirement's own act made; in the proxy, what the traffic it saw made. It declares no requirement.
import { deref, isNullable, op, operations, type Json, type Operation } from '../../lib/contract.ts';
import { isObject, requestWrapperOf } from '../../lib/dialect.ts';
import { resourceOf } from '../../lib/expectations.ts';
import { propertiesOf } from '../../lib/lists.ts';
import { returnedFields, typeProblem } from '../../lib/returned.ts';
import type { Judge } from '../../lib/judging/judge.ts';
import { itemKey, collectionKey, type Item } from '../../lib/judging/memory.ts';
import {
  answerText,
  envelopeGap,
  familyOf,
  gap422,
  got,
  named,
  ok2xx,
  resourceSchema,
  withBody,
  writeOf,
  type Reading,
} from '../../lib/judging/reading.ts';
import { validatorFor } from '../../../openapi/validators.ts';
import type { Family } from './shared.ts';

/** D-10: a v2 date-time as answered, `YYYY-MM-DDTHH:MM:SS±hh:mm`. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const DAY = 24 * 3600 * 1000;

/** The required fields of an add's resource: its `required` lists and those of its `allOf` parts. */
export function requiredFields(o: Operation): string[] {
  const wrapper = requestWrapperOf(o.operationId);
  if (!wrapper || !o.bodyPointer) return [];
  const fields = new Set<string>();
  const walk = (node: Json) => {
    const s = deref(node);
    if (!s || typeof s !== 'object') return;
    for (const r of s.required ?? []) fields.add(r);
    for (const part of s.allOf ?? []) walk(part);
  };
  walk(propertiesOf(deref({ $ref: o.bodyPointer }))[wrapper]);
  return [...fields];
}

/**
 * Whether a write's body is one the target must refuse before it writes anything: a field the document does not have
 * (D-09), an add without a required field (D-39), a value over its length or outside its pattern (§2.2, §8). Such a
 * call is judged by the requirements of those rules, never as a write.
 */
function refusable(r: Reading): boolean {
  const o = r.o!;
  if (!withBody(o) || r.x.requestLength === 0 || !o.bodyPointer) return false;
  const key = requestWrapperOf(o.operationId);
  const resource = key ? r.request?.[key] : undefined;
  if (!key || !isObject(resource)) return false;
  const known = propertiesOf(propertiesOf(deref({ $ref: o.bodyPointer }))[key]);
  if (Object.keys(resource).some((f) => !(f in known))) return true;
  if (o.method === 'POST' && requiredFields(o).some((f) => !(f in resource))) return true;
  const validate = validatorFor(o.bodyPointer);
  if (validate(r.request)) return false;
  return (validate.errors ?? []).some((e) => {
    const [, wrapper, field] = e.instancePath.split('/');
    return wrapper === key && !!field && (e.keyword === 'maxLength' || e.keyword === 'pattern');
  });
}

/** The add operation of each collection path: a list is the GET of its add's path (§4.3). */
const addAt = new Map(
  operations.filter((o) => o.method === 'POST' && writeOf(o.operationId) === 'add').map((o) => [o.path, o.operationId]),
);
const schemas = new Map<string, Json>();
/** The resource schema a family's get answers (`Product`, `Contact`). */
export function schemaOf(create: string): Json {
  if (!schemas.has(create)) {
    const get = operations.find((g) => g.method === 'GET' && g.operationId === `get${create.slice(6)}`);
    schemas.set(create, get ? resourceSchema(get, requestWrapperOf(create) ?? 'data') : undefined);
  }
  return schemas.get(create);
}

/** A call of an item's operations, as the requirements below read it. */
export interface Call {
  /** The family's create operation (`createProduct`), and the wrapper of its resource (`data`, `contact`). */
  create: string;
  key: string;
  kind: 'add' | 'update' | 'delete' | 'get' | 'list';
  /** The item's id in the path (a get, an update, a delete), its parents, and its collection's key in memory. */
  id?: string;
  parents: Record<string, string>;
  collection: string;
  /** What memory holds of the item. */
  item?: Item;
  /** The resource the answer holds (in its wrapper, or bare); undefined for a list. */
  resource: Json;
}

/**
 * A call of an item's operations that the target read through (a token it did not refuse, a body it can read and
 * need not refuse); undefined for any other exchange.
 */
export function callOf(r: Reading): Call | undefined {
  const { o, match } = r;
  if (!o || !match || o.extension || r.stage !== 'read' || refusable(r)) return undefined;
  const create = familyOf(o) ?? (o.method === 'GET' ? addAt.get(o.path) : undefined);
  if (!create) return undefined;
  const key = requestWrapperOf(create) ?? 'data';
  const kind = writeOf(o.operationId) ?? (o.path === op(create).path ? 'list' : 'get');
  const names = Object.keys(match.params);
  const own = kind === 'add' || kind === 'list' ? undefined : names.at(-1);
  if (kind !== 'add' && kind !== 'list' && own === undefined) return undefined;
  const parents = Object.fromEntries(Object.entries(match.params).filter(([k]) => k !== own));
  const id = own === undefined ? undefined : match.params[own];
  const item = id === undefined ? undefined : r.memory.items.get(itemKey(create, parents, id));
  return {
    create,
    key,
    kind,
    ...(id === undefined ? {} : { id }),
    parents,
    collection: collectionKey(create, parents),
    ...(item ? { item } : {}),
    resource: kind === 'list' ? undefined : resourceOf(r.body, key),
  };
}

/**
 * An item whose last write's answer memory holds, with no write of anything since: the next get reads it back (D-01).
 * A get by another caller than its maker that finds nothing may be one the item is not shown to (a webhook, §5, D-45).
 */
export const fresh = (c: Call, r: Reading): boolean =>
  c.item?.last !== undefined &&
  c.item.last.write === r.memory.writes &&
  !c.item.stale &&
  (r.x.status === 200 || c.item.madeBy === r.x.requestHeaders.authorization);
/**
 * An item made in the exchanges memory saw, by the same caller (a webhook shows to its own client only, §5, D-45), and
 * neither deleted nor touched by a delete of what it hangs off (D-40): it exists, so a get of it answers it.
 */
export const live = (c: Call | { item?: Item }, r: Reading): boolean =>
  !!c.item?.seenMade && !c.item.deleted && !c.item.stale && c.item.madeBy === r.x.requestHeaders.authorization;

/**
 * Fields the document says are derived when read (`status`: "… now is within the publish window", §3; `isCurrent`,
 * D-30; a product redirect's `target`, "derived when the redirect is read", §2.5, D-44): a later read may show another
 * value than the write answered, and a field never sent is not unset.
 */
const READ_TIME = /^Derived\b[^]*\bnow\b|\bderived (at the time of the request|when [^.]*\bread)\b/i;
export const atRequestTime = (schema: Json): Set<string> =>
  new Set(
    Object.entries(propertiesOf(schema))
      .filter(([, s]) => READ_TIME.test(deref(s)?.description ?? ''))
      .map(([k]) => k),
  );

/** The writable nullable fields with no non-null default that no write sent: unset, so null (§2.1, D-39). */
export function unsetOf(create: string, sent: Iterable<string>): string[] {
  const given = new Set(sent);
  const body = propertiesOf(deref({ $ref: op(create).bodyPointer }))[requestWrapperOf(create) ?? 'data'];
  const derived = atRequestTime(schemaOf(create));
  return Object.entries(propertiesOf(body))
    .filter(
      ([f, s]) =>
        !given.has(f) && !derived.has(f) && !deref(s).readOnly && isNullable(s) && (deref(s).default ?? null) === null,
    )
    .map(([f]) => f);
}
/**
 * The fields no write sent an item (`unsetOf`), for an add that succeeded or a get reading back an item memory saw made
 * (`fresh`); undefined for any other call.
 */
export function unsetIn(c: Call, r: Reading): string[] | undefined {
  if (c.kind === 'add' && ok2xx(r.x.status) && c.resource?.id !== undefined)
    return unsetOf(c.create, Object.keys(r.request?.[c.key] ?? {}));
  if (c.kind === 'get' && fresh(c, r) && c.item!.seenMade) return unsetOf(c.create, c.item!.sent);
  return undefined;
}
/** Fields and what a resource holds in them, for a reason: `a: null, b: missing`. */
export const shown = (resource: Json, fields: string[]) =>
  fields.map((f) => `${f}: ${f in resource ? JSON.stringify(resource[f]) : 'missing'}`).join(', ');

/** A get that must answer 200 with the item: one read back after its write, or of an item that exists (`live`). */
export function readBackGap(c: Call, r: Reading, what: string): string | undefined {
  if (r.x.status !== 200 || c.resource === undefined) return `${what} ${c.id} must answer 200 with it, ${got(r)}`;
  return undefined;
}
/** D-01: the fields where a get differs from what the item's last write answered, the derived ones aside. */
export function differs(c: Call): string[] {
  const last = c.item!.last!.resource;
  const skip = atRequestTime(schemaOf(c.create));
  return Object.keys({ ...c.resource, ...last }).filter(
    (f) => !skip.has(f) && JSON.stringify(c.resource[f]) !== JSON.stringify(last[f]),
  );
}

/** The ids an item list's query names in `id:in` (§4.4), as text. */
const namedIds = (r: Reading): string[] | undefined => {
  const value = r.query.find(([k]) => k === 'id:in')?.[1];
  return value === undefined ? undefined : value.split(',').map((v) => v.trim());
};
/** The query of a list with the dialect's page parameters named as ours (D-03). */
const ourQuery = (r: Reading): [string, string][] => {
  const names = r.loaded.dialect.pageParams;
  return r.query.map(([k, v]) => [k === names.page ? 'page' : k === names.limit ? 'limit' : k, v]);
};
/**
 * Whether a list answer holds every item its query selects: its first page, its total within it, and no filter but
 * `id:in` (and those `others` names), so that an item the query names is listed exactly when it matches them.
 */
export function whole(r: Reading, others: string[] = []): boolean {
  const query = ourQuery(r);
  const p = r.body?.pagination;
  return (
    Array.isArray(r.body?.data) &&
    query.every(([k, v]) => ['id:in', 'limit', ...others].includes(k) || (k === 'page' && v === '1')) &&
    (!isObject(p) || (p.total === r.body.data.length && (p.page ?? 1) === 1))
  );
}
/**
 * What a list answer shows against memory (§4.3, D-04): the items it lists that a delete removed, where the list is
 * one no other client's delete can cross (its query names them in `id:in`, or the collection hangs off a parent), and
 * those its query names that exist (`live`) but it does not list (a whole answer only).
 */
export function listed(c: Call, r: Reading): { removed: string[]; missing: string[] } {
  const data: Json[] = Array.isArray(r.body?.data) ? r.body.data : [];
  const ids = data.map((x) => String(x?.id));
  const names = namedIds(r);
  const deleted = r.memory.deletedIds.get(c.collection);
  const removed = ids.filter((id) => deleted?.has(id) && (names?.includes(id) || Object.keys(c.parents).length > 0));
  const missing =
    names && whole(r)
      ? names.filter(
          (id) => !ids.includes(id) && live({ item: r.memory.items.get(itemKey(c.create, c.parents, id)) }, r),
        )
      : [];
  return { removed, missing };
}

// ---------------------------------------------------------------------------------------------------------
// The judgements of resources/lifecycle.ts, one per family.

const ofFamily = (f: Family, r: Reading): Call | undefined => {
  const c = callOf(r);
  return c?.create === f.create.operationId ? c : undefined;
};

/**
 * §4.3: add, get, update, list and delete work together. An add answers the item with a numeric id (§2.1); a get of
 * an item that exists answers 200 with it (`success`, `status`, the item of its path; modified no earlier than
 * created); a list whose query names it lists it; after its delete, a get answers 404 (or 410 Gone, RFC 9110) and no
 * list shows it.
 */
export const lifecycle = (f: Family): Judge => ({
  reads: `an add of a ${f.schemaName}, a get of one made or deleted before it, or a list naming one`,
  on: (r) => {
    const c = ofFamily(f, r);
    if (!c) return false;
    if (c.kind === 'add') return ok2xx(r.x.status);
    if (c.kind === 'get') return !!c.item?.deleted || live(c, r);
    if (c.kind !== 'list' || r.x.status !== 200) return false;
    const { removed, missing } = listed(c, r);
    return (
      removed.length + missing.length > 0 ||
      (namedIds(r) ?? []).some((id) => !!r.memory.items.get(itemKey(c.create, c.parents, id)))
    );
  },
  gap: (r) => {
    const c = ofFamily(f, r)!;
    const b = r.body;
    if (c.kind === 'add')
      return typeof c.resource?.id === 'number'
        ? undefined
        : `the add must answer the ${f.schemaName} with its numeric id, ${got(r)}`;
    if (c.kind === 'list') {
      const { removed, missing } = listed(c, r);
      if (removed.length) return `the list shows ${removed.join(', ')}, which a delete removed: ${answerText(r)}`;
      return missing.length
        ? `the list does not show ${missing.join(', ')}, which its id:in names and which exist`
        : undefined;
    }
    if (c.item?.deleted)
      return [404, 410].includes(r.x.status)
        ? undefined
        : `the deleted ${f.schemaName} ${c.id} must be 404 (or 410 Gone), ${got(r)}`;
    const gap = readBackGap(c, r, `the ${f.schemaName}`);
    if (gap) return gap;
    if (b?.success !== true || b?.status !== 200) return `expected success true and status 200, ${got(r)}`;
    if (String(c.resource.id) !== c.id) return `a get of ${c.id} answered the ${f.schemaName} ${c.resource.id}`;
    const { createdOn, modifiedOn } = c.resource;
    return typeof modifiedOn === 'string' && Date.parse(modifiedOn) < Date.parse(createdOn)
      ? `modifiedOn ${modifiedOn} is before createdOn ${createdOn}`
      : undefined;
  },
});

/**
 * D-01: an add answers its status (201, or the dialect's) and an update its (200), each with the single-resource
 * envelope of the stored object; the next get, with no write between, answers what the write did (the fields derived
 * when read aside).
 */
export const lifecycleStatus = (f: Family): Judge => ({
  reads: `an add or update of a ${f.schemaName} that succeeded, or a get reading one back`,
  on: (r) => {
    const c = ofFamily(f, r);
    if (!c) return false;
    if (c.kind === 'add' || c.kind === 'update') return ok2xx(r.x.status);
    return c.kind === 'get' && fresh(c, r);
  },
  gap: (r) => {
    const c = ofFamily(f, r)!;
    const { x, body } = r;
    const statuses = r.loaded.dialect.statuses;
    if (c.kind === 'add')
      return x.status !== statuses.add
        ? `add answered ${x.status}, expected ${statuses.add}`
        : body?.success === true && body?.status === x.status && c.resource?.id !== undefined
          ? undefined
          : `expected success true, status ${x.status} and data with its id: ${answerText(r)}`;
    if (c.kind === 'update')
      return x.status !== statuses.update
        ? `update answered ${x.status}, expected ${statuses.update}`
        : body?.success === true && body?.status === 200
          ? undefined
          : `expected success true and status 200: ${answerText(r)}`;
    const last = c.item!.last!;
    const gap = readBackGap(c, r, `the ${f.schemaName} ${last.operationId} answered`);
    if (gap) return gap;
    const different = differs(c);
    return different.length
      ? `the get differs from what ${last.operationId} answered in ${different.slice(0, 5).join(', ')}`
      : undefined;
  },
});

/** §7: an add, update or delete of the family that succeeded with a body carries success true and status its code. */
export const successEnvelope = (f: Family): Judge => ({
  reads: `an add, update or delete of a ${f.schemaName} that succeeded with a body`,
  on: (r) => {
    const c = ofFamily(f, r);
    return !!c && ['add', 'update', 'delete'].includes(c.kind) && ok2xx(r.x.status) && r.x.responseLength > 0;
  },
  gap: (r) =>
    r.body?.success === true && r.body?.status === r.x.status
      ? undefined
      : `the ${ofFamily(f, r)!.kind} answered ${r.x.status} without success true and status ${r.x.status}: ${answerText(r)}`,
});

/** A get of the family answered 200: every get the act makes (it reads what it made). */
const answered = (f: Family, what: string): Pick<Judge, 'operation' | 'reads' | 'on' | 'every'> => ({
  operation: f.get.operationId,
  reads: `a get of a ${f.schemaName} answered 200 (${what})`,
  on: (r) => !!ofFamily(f, r) && r.x.status === 200,
  every: true,
});
const resourceGap = (f: Family, r: Reading): string | undefined =>
  ofFamily(f, r)!.resource === undefined ? `expected the ${f.schemaName} in data, ${got(r)}` : undefined;

/** §2.3–§2.8: a get answers every field the section lists "as returned", each of its type; the id a number (§2.1). */
export function asReturned(f: Family, section: string): Judge {
  const fields = returnedFields(section);
  return {
    ...answered(f, `the fields of §${section}`),
    gap: (r) => {
      const gap = resourceGap(f, r);
      if (gap) return gap;
      const item = ofFamily(f, r)!.resource;
      const problems =
        typeof item.id !== 'number'
          ? ['id: not a number (§2.1: "Identifiers are numeric")']
          : [...fields].flatMap(([k, type]) => {
              if (!(k in item)) return [`${k}: missing`];
              const problem = typeProblem(type, item[k]);
              return problem ? [`${k}: ${problem}`] : [];
            });
      return problems.length ? `the fields of §${section}: ${problems.slice(0, 3).join('; ')}` : undefined;
    },
  };
}

/** D-10: a get answers its date-times as `YYYY-MM-DDTHH:MM:SS±hh:mm`; an item memory saw added, created then. */
export function dateTimeShape(f: Family): Judge {
  const dates = Object.entries(propertiesOf(f.resource))
    .filter(([, s]) => JSON.stringify(s).includes('#/components/schemas/DateTime"'))
    .map(([k]) => k);
  return {
    ...answered(f, 'its date-times'),
    gap: (r) => {
      const gap = resourceGap(f, r);
      if (gap) return gap;
      const c = ofFamily(f, r)!;
      const item = c.resource;
      const bad = dates.find((k) => item[k] !== null && item[k] !== undefined && !DATE_TIME.test(String(item[k])));
      if (bad) return `${bad} ${JSON.stringify(item[bad])} is not YYYY-MM-DDTHH:MM:SS±hh:mm`;
      const last = c.item?.last;
      return last?.operationId === f.create.operationId && !(Math.abs(Date.parse(item.createdOn) - last.at) < DAY)
        ? `createdOn ${JSON.stringify(item.createdOn)} of an item added at ${new Date(last.at).toISOString()}`
        : undefined;
    },
  };
}

/** §4.3: a get of a product media item answers the single-resource envelope with the item of its path. */
export const mediaEnvelope = (f: Family): Judge => ({
  ...answered(f, 'its envelope'),
  gap: (r) => {
    const c = ofFamily(f, r)!;
    return r.body?.success === true && r.body?.status === 200 && String(r.body?.data?.id) === c.id
      ? undefined
      : `expected success true, status 200 and data the item ${c.id}: ${answerText(r)}`;
  },
});

/**
 * §2.1, D-39: an add, and a get reading it back (with no write between), answer every property of the resource, the
 * writable nullable fields no write sent (with no non-null default) null.
 */
export const allProperties = (f: Family): Judge => ({
  reads: `an add of a ${f.schemaName} that succeeded, or a get of one`,
  // The get's answer is this requirement's call; an add is the setup its act made (the suite notes its contract).
  contract: (r) => ofFamily(f, r)?.kind === 'get',
  on: (r) => {
    const c = ofFamily(f, r);
    if (!c) return false;
    if (c.kind === 'add') return ok2xx(r.x.status) && c.resource !== undefined;
    return c.kind === 'get' && ((r.x.status === 200 && c.resource !== undefined) || fresh(c, r));
  },
  gap: (r) => {
    const c = ofFamily(f, r)!;
    const gap = c.kind === 'get' ? readBackGap(c, r, `the ${f.schemaName}`) : undefined;
    if (gap) return gap;
    const missing = ((f.resource.required ?? []) as string[]).filter((k) => !(k in c.resource));
    if (missing.length) return `missing ${missing.join(', ')}: ${answerText(r)}`;
    const notNull = (unsetIn(c, r) ?? []).filter((k) => c.resource[k] !== null);
    return notNull.length ? `unset fields are not null: ${shown(c.resource, notNull)}` : undefined;
  },
});

/** D-39, D-02: an add without a required field is a 422 naming it. */
export const required = (f: Family, field: string): Judge => ({
  operation: f.create.operationId,
  reads: `an add of a ${f.schemaName} without ${field}`,
  on: (r) => r.o === f.create && r.stage === 'read' && isObject(r.request?.data) && !(field in r.request.data),
  gap: (r) => gap422(r, `data.${field}`),
});
/** D-39, D-31, D-02: an add with none of a group's fields is a 422 naming one of them. */
export const requiredGroup = (f: Family, group: string[]): Judge => ({
  operation: f.create.operationId,
  reads: `an add of a ${f.schemaName} without any of ${group.join(', ')}`,
  on: (r) =>
    r.o === f.create && r.stage === 'read' && isObject(r.request?.data) && group.every((k) => !(k in r.request.data)),
  gap: (r) =>
    envelopeGap(r, 422) ??
    (group.some((k) => named(r, `data.${k}`))
      ? undefined
      : `expected an error naming one of ${group.map((k) => `data.${k}`).join(', ')}, ${got(r)}`),
});

/**
 * §4.3, D-04: a delete answers 204 (or the dialect's status) without a body; an add in a collection a delete removed
 * an item from never gives its id again (and answers its status, D-01); the deleted id answers 404.
 */
export const idNotReused = (f: Family): Judge => ({
  reads: `a delete of a ${f.schemaName} that succeeded, an add after one, or a get of a deleted one`,
  on: (r) => {
    const c = ofFamily(f, r);
    if (!c) return false;
    if (c.kind === 'delete') return ok2xx(r.x.status);
    if (c.kind === 'add') return ok2xx(r.x.status) && !!r.memory.deletedIds.get(c.collection)?.size;
    return c.kind === 'get' && !!c.item?.deleted;
  },
  gap: (r) => {
    const c = ofFamily(f, r)!;
    const statuses = r.loaded.dialect.statuses;
    if (c.kind === 'delete')
      return r.x.status !== statuses.delete
        ? `delete answered ${r.x.status}, expected ${statuses.delete}`
        : r.x.responseLength
          ? `delete answered a body: ${answerText(r)}`
          : undefined;
    if (c.kind === 'add') {
      if (r.x.status !== statuses.add) return `add answered ${r.x.status}, expected ${statuses.add}`;
      return r.memory.deletedIds.get(c.collection)!.has(String(c.resource?.id))
        ? `the add gave id ${c.resource.id}, which a delete had removed`
        : undefined;
    }
    return r.x.status === 404 ? undefined : `the deleted id ${c.id} answered ${r.x.status}, expected 404`;
  },
});
