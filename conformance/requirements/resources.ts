// Resources (§4.3, §2.4–§2.8, §2.12, D-01, D-04, D-09, D-30..D-54): for EVERY v2 resource of the document — a
// family of `createX`, `getX`, `updateX`, `deleteX` with a `data` body, plus the list on the create path — one
// data-driven lifecycle (add → get → update → list → delete → 404), the shape of the stored object (every
// property, `null` for the unset optional values of a minimal add, date-time shape), the round trip (an object sent
// back as read, read-only fields included, is accepted and only what was changed changes), required fields refused
// on add, and sub-resources never reachable through another parent. Then the rules of single resources: built-in
// roles and geozones, §2.12 specification rules, a product's one primary medium and current price, inventory
// arithmetic, webhook ownership and URL scheme, redirect targets, and product deletion cascading to its
// sub-resources.
// Basis: the lifecycle, the success envelope of every write (§7), the fields "as returned" of §2.3–§2.8 and their
// types, the product media get's envelope (§4.3), §2.12's specification rules, webhook scoping and the dynamic
// redirect are the source's (status codes and error bodies left out: `expectAccepted`/`expectRefused`); what they
// answer exactly (201, 204, 422 with an error ref, 404 for another client's webhook) and every rule of ours are split
// off into `decision`/`platform` requirements.
import { expect, requirement } from '../lib/requirement.ts';
import {
  createdIn,
  expect422,
  expectAccepted,
  expectDeleted,
  expectRefused,
  expectWritten,
  errorNames,
  errorsOf,
  everyItem,
  itemsIn,
  resourceIn,
} from '../lib/expectations.ts';
import { headingOf, returnedFields, typeProblem } from '../lib/returned.ts';
import { statedFields, wholeUpdate } from '../lib/updates.ts';
import { deref, isNullable, operations, op, type Json, type Operation } from '../lib/contract.ts';
import {
  bodyFrom,
  bodyWith,
  create,
  exampleOf,
  paramsFor,
  pick,
  product,
  specification,
  uid,
  uniqueValue,
  value,
  wrapperOf,
} from '../lib/fixtures.ts';
import type { Api, ApiResponse } from '../lib/api.ts';

// ---------------------------------------------------------------------------------------------------------
// The families, derived from the document.

interface Family {
  noun: string;
  create: Operation;
  get: Operation;
  update: Operation;
  del: Operation;
  list: Operation;
  /** The resource schema (`Product`), from the get operation's 200 `data`. */
  schemaName: string;
  resource: Json;
  /** The writable fields (`ProductInput`), from the update operation's `data`. */
  input: Json;
  /** The item's path parameter (`id` or `mediaId`) and the parent parameters (`productId`, `specId`). */
  itemParam: string;
  parents: string[];
}

const byId = (id: string) => operations.find((o) => o.operationId === id);
/** The first `$ref` found under a `data` property of a response or body schema. */
function dataRef(node: Json, seen = new Set<Json>()): string | undefined {
  const n = deref(node);
  if (!n || typeof n !== 'object' || seen.has(n)) return undefined;
  seen.add(n);
  const data = n.properties?.data;
  if (data?.$ref) return data.$ref as string;
  for (const v of Object.values(n)) {
    const found = typeof v === 'object' ? dataRef(v, seen) : undefined;
    if (found) return found;
  }
  return undefined;
}
const schemaOfResponse = (o: Operation, status: string) =>
  dataRef(deref(o.responses[status]).content['application/json'].schema)!;
const bodySchema = (o: Operation) => deref(deref({ $ref: o.bodyPointer }));

const families: Family[] = operations
  .filter((o) => o.method === 'GET' && o.operationId.startsWith('get'))
  .flatMap((get) => {
    const noun = get.operationId.slice(3);
    const create = byId(`create${noun}`),
      update = byId(`update${noun}`),
      del = byId(`delete${noun}`);
    if (!create || !update || !del || !create.requestExample || wrapperOf(create.operationId) !== 'data') return [];
    const list = operations.find((o) => o.method === 'GET' && o.path === create.path);
    if (!list) return [];
    const resourceRef = schemaOfResponse(get, '200');
    const inputRef = dataRef(bodySchema(update))!;
    const params = [...get.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    return [
      {
        noun,
        create,
        get,
        update,
        del,
        list,
        schemaName: resourceRef.split('/').pop()!,
        resource: deref({ $ref: resourceRef }),
        input: deref({ $ref: inputRef }),
        itemParam: params[params.length - 1]!,
        parents: params.slice(0, -1),
      },
    ];
  });

const props = (s: Json): Record<string, Json> => s.properties ?? {};
const isDateTime = (p: Json): boolean =>
  p.$ref === '#/components/schemas/DateTime' ||
  [...(p.oneOf ?? []), ...(p.anyOf ?? [])].some((x: Json) => x.$ref === '#/components/schemas/DateTime');
const readOnly = (family: Family) =>
  Object.entries(props(family.resource))
    .filter(([, p]) => p.readOnly)
    .map(([k]) => k);
const hasModifiedOn = (family: Family) => 'modifiedOn' in props(family.resource);

/** Required fields of an add (`required` lists) and groups of which one must be given (anyOf/oneOf alternatives). */
function requiredOf(o: Operation): { fields: string[]; groups: string[][] } {
  const fields = new Set<string>();
  const groups: string[][] = [];
  const walk = (node: Json) => {
    const s = deref(node);
    if (!s || typeof s !== 'object') return;
    for (const r of s.required ?? []) fields.add(r);
    for (const part of s.allOf ?? []) walk(part);
    for (const alts of [s.anyOf, s.oneOf]) {
      if (Array.isArray(alts) && alts.every((a: Json) => deref(a).required?.length))
        groups.push([...new Set(alts.flatMap((a: Json) => deref(a).required as string[]))]);
    }
  };
  walk(bodySchema(o).properties.data);
  return { fields: [...fields], groups };
}

interface Made {
  item: Json;
  params: Record<string, number>;
  sent: Json;
  res: ApiResponse;
}
/**
 * Creates one item of the family under fresh parents. A call that makes data (`setup`, lib/api.ts) unless the
 * requirement asserts the create itself (`{ setup: false }`): then its answer is judged against the contract too.
 */
async function make(api: Api, family: Family, fields: Json = {}, { setup = true } = {}): Promise<Made> {
  const params = await paramsFor(api, family.create.operationId);
  const sent = { ...(await bodyFrom(api, family.create)), ...fields };
  const res = await api.untyped(family.create.operationId, { params, body: { data: sent }, setup });
  expectAccepted(res, family.create.operationId);
  return { item: createdIn(res, 'data', family.create.operationId), params, sent, res };
}
const itemParams = (family: Family, m: Made, parents = m.params) => ({ ...parents, [family.itemParam]: m.item.id });
/** An item as the family's get answers it: a failure naming the answer, never a TypeError, when it holds none. */
const readItem = async (api: Api, family: Family, params: Record<string, number>): Promise<Json> =>
  resourceIn(await api.untyped(family.get.operationId, { params }), 'data', `get of the ${family.schemaName}`);

/**
 * Creates one item with the required fields only (D-39), so that every optional field is unset. A rule beyond the
 * schema's `required` (a url redirect needs its target, D-44) is met by adding back, from the example, the fields
 * that the 422 names.
 */
async function makeMinimal(api: Api, family: Family): Promise<Made> {
  const params = await paramsFor(api, family.create.operationId);
  const example = await bodyFrom(api, family.create);
  const { fields, groups } = requiredOf(family.create);
  let sent = pick(example, [...fields, ...groups.map((g) => g.find((k) => k in example)!).filter(Boolean)]);
  for (let attempt = 0; ; attempt++) {
    const res = await api.untyped(family.create.operationId, { params, body: { data: sent }, setup: true });
    if ((res.status >= 200 && res.status < 300) || attempt === 2) {
      const what = `${family.create.operationId} of ${JSON.stringify(sent)}`;
      expectAccepted(res, what);
      return { item: createdIn(res, 'data', what), params, sent, res };
    }
    const named = errorNames(res)
      .map((n) => n.replace(/^\/?data[./]/, ''))
      .filter((k) => k in example && !(k in sent));
    expectRefused(res, 'a minimal add');
    expect(named.length > 0, `a minimal add answered ${res.status}: ${res.text.slice(0, 300)}`).toBe(true);
    sent = { ...sent, ...pick(example, named) };
  }
}
/** A date-time value as its instant (ms), other values as they are: for comparing what the source lets differ in form. */
const instants = (o: Json): Json =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [
      k,
      typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v)
        ? Date.parse(v)
        : v,
    ]),
  );
const withoutModifiedOn = (o: Json): Json => {
  const { modifiedOn: _, ...rest } = o;
  return rest;
};
/** Another value for a read-only id or date-time sent back changed. */
const forgedValue = (v: Json): Json => (typeof v === 'number' ? v + 100_003 : '2001-01-01T00:00:00+00:00');

/**
 * An update of a field from the update example, sent with every writable field as read: §4.3 shows no update body,
 * so it means the same whether the target's update is partial (D-01) or replaces the object.
 */
async function wholeChange(api: Api, family: Family, stored: Json): Promise<{ change: Json; data: Json }> {
  const change = await bodyFrom(api, family.update, stored);
  // Sent back as read: the fields of the stated body, else our writable fields (D-09's round trip, declared).
  const stated = statedFields(family.update.operationId);
  const writable = pick(
    stored,
    stated ?? Object.keys(props(family.input)).filter((k) => !deref(props(family.input)[k]).readOnly),
  );
  if (!stated) api.ledger.declare(family.update.operationId, Object.keys(writable), 'D-09');
  return { change, data: { ...writable, ...change } };
}

/**
 * Finds an item in a list: through `id:in` when the list has it (§4.4), else by reading every page through
 * `links.next` (§2.1), so that no page size, page parameter or order of ours (D-03) is assumed.
 */
async function findListed(
  api: Api,
  list: Operation,
  params: Record<string, number>,
  id: number,
  as: 'full' | 'other' = 'full',
): Promise<Json | undefined> {
  const query: Record<string, number> = list.parameters.some((p) => p.name === 'id:in') ? { 'id:in': id } : {};
  return (await everyItem(api, list, params, query, as)).find((x: Json) => x.id === id);
}

/**
 * A deleted item is gone for good: its get answers 404. An id is never reused after a delete (D-04), so nothing,
 * not even a NEW item added since by another test, answers under the deleted id.
 */
function expectGone(res: ApiResponse, deleted: Json, what = 'deleted item') {
  expect(res.status, `${what} ${String(deleted.id)} after its delete: ${res.text.slice(0, 200)}`).toBe(404);
}
/** Whether a list still shows an item under the deleted item's id (D-04: none may, old or new). */
const stillListed = (found: Json, deleted: Json) => found !== undefined && found.id === deleted.id;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
/** §7, verbatim: what every v2 success carries. */
const SUCCESS = 'On success, v2 responses carry `success` = true and `status` equal to the HTTP code';
/** The sections whose tables give a resource's fields "as returned" (§2.3–§2.8), by family. */
const returnedSection: Record<string, string> = {
  Product: '2.3',
  Inventory: '2.4',
  Redirect: '2.5',
  ProductDownload: '2.6',
  ProductMedia: '2.7',
  Webhook: '2.8',
};

// ---------------------------------------------------------------------------------------------------------
// Every resource: lifecycle and shape.

// Guards the derivation itself: a renamed operation must not silently drop a resource from this file.
const expectedFamilies = [
  'AccessRole',
  'Geozone',
  'Inventory',
  'Product',
  'ProductDownload',
  'ProductMedia',
  'ProductPrice',
  'ProductSpecification',
  'Redirect',
  'Specification',
  'SpecificationValue',
  'Webhook',
];
const missingFamilies = expectedFamilies.filter((n) => !families.some((family) => family.noun === n));
if (missingFamilies.length)
  throw new Error(`resources.spec.ts: no operation family found for ${missingFamilies.join(', ')}`);

for (const family of families) {
  // §4.3: the five operations work together. Success is any 2xx (the codes are D-01's and D-04's, below), and the
  // update sends every writable field (the read one plus the change), so that it holds whether the target's
  // update is partial (D-01) or replaces the object.
  requirement(
    {
      id: `${family.create.operationId}.lifecycle`,
      level: 'MUST',
      source: ['§4.3', ...family.create.source.filter((s) => s !== '§4.3')],
      basis: 'source',
      quote: 'Each resource has list, get, add, update and delete operations.',
      title: `add → get → update → list → delete → 404 for ${family.schemaName}`,
    },
    async ({ api }) => {
      const m = await make(api, family);
      expect(typeof m.item.id).toBe('number');
      const ip = itemParams(family, m);
      // get: 200 (§7) with the item (that it is what the add answered is D-01's: lifecycle.status)
      const got = await api.untyped(family.get.operationId, { params: ip });
      expect(got.status, got.text.slice(0, 300)).toBe(200);
      expect(got.body).toMatchObject({ success: true, status: 200 });
      const stored = resourceIn(got, 'data', `get of the ${family.schemaName}`);
      expect(stored.id).toBe(m.item.id);
      // update: the stated update body (or the stated add body, fresh), else the update example, on top of the
      // writable fields as read
      const { change, data } = await wholeChange(api, family, stored);
      expectAccepted(
        await api.untyped(family.update.operationId, { params: ip, body: { data } }),
        family.update.operationId,
      );
      const updated = resourceIn(
        await api.untyped(family.get.operationId, { params: ip }),
        'data',
        `get of the updated ${family.schemaName}`,
      );
      // What the update wrote reads back, as far as the target shows it: a field it does not return is its own
      // choice (§2.12 shows no fields of some resources, §4.3 no update body). The same instant may be written with
      // another offset or `Z` (§2.1 gives the +00:00 shape "for example").
      const shown = Object.keys(change).filter((k) => k in updated);
      expect(instants(updated)).toMatchObject(instants({ ...pick(change, shown), id: m.item.id }));
      expect(updated.createdOn).toBe(stored.createdOn);
      if (hasModifiedOn(family)) {
        expect(Date.parse(updated.modifiedOn)).toBeGreaterThanOrEqual(Date.parse(updated.createdOn));
        expect(Date.parse(updated.modifiedOn)).toBeGreaterThanOrEqual(Date.parse(stored.modifiedOn));
      }
      // list: contains it, as stored
      expect(await findListed(api, family.list, m.params, m.item.id)).toEqual(updated);
      // delete: then gone (404, or 410 Gone: RFC 9110) and no longer listed
      expectAccepted(await api.untyped(family.del.operationId, { params: ip }), family.del.operationId);
      expectDeleted(await api.untyped(family.get.operationId, { params: ip }), `the deleted ${family.schemaName}`);
      expect(stillListed(await findListed(api, family.list, m.params, m.item.id), updated), 'listed after delete').toBe(
        false,
      );
    },
  );
  // §7: a v2 success carries `success` true and `status` equal to the HTTP code, whichever 2xx it is (201 for an
  // add and 204 for a delete are D-01's and D-04's). An answer without a body (a 204, RFC 9110 §15.3.5, or an empty
  // 200) carries nothing: what it would carry is asserted of the answers that have one.
  requirement(
    {
      id: `${family.create.operationId}.success-envelope`,
      level: 'MUST',
      source: ['§7', '§4.3'],
      basis: 'source',
      quote: SUCCESS,
      title: `add, update and delete of a ${family.schemaName} that answer with a body carry success true and status equal to the HTTP code`,
    },
    async ({ api }) => {
      const m = await make(api, family);
      const ip = itemParams(family, m);
      const stored = resourceIn(
        await api.untyped(family.get.operationId, { params: ip }),
        'data',
        `get of the ${family.schemaName}`,
      );
      const { data } = await wholeChange(api, family, stored);
      const upd = await api.untyped(family.update.operationId, { params: ip, body: { data } });
      expectAccepted(upd, family.update.operationId);
      const del = await api.untyped(family.del.operationId, { params: ip });
      expectAccepted(del, family.del.operationId);
      for (const [what, res] of [
        ['add', m.res],
        ['update', upd],
        ['delete', del],
      ] as const) {
        if (!res.text) continue;
        expect(res.body, `the ${what} answered ${res.status}: ${res.text.slice(0, 300)}`).toMatchObject({
          success: true,
          status: res.status,
        });
      }
    },
  );
  // §2.3–§2.8: the resources whose fields the source gives "as returned", each field with its type.
  const section = returnedSection[family.noun];
  if (section) {
    const fields = returnedFields(section);
    requirement(
      {
        id: `${family.get.operationId}.as-returned`,
        level: 'MUST',
        source: [`§${section}`, '§2.1'],
        basis: 'source',
        quote: headingOf(section),
        title: `get returns every field §${section} lists for ${family.schemaName}, each of the type it gives (or null, unset: §2.1)`,
      },
      async ({ api }) => {
        const m = await make(api, family);
        const got = await api.untyped(family.get.operationId, { params: itemParams(family, m) });
        expect(got.status, got.text.slice(0, 300)).toBe(200);
        const item = resourceIn(got, 'data', `get of the ${family.schemaName}`);
        expect(typeof item.id, 'id (§2.1: "Identifiers are numeric")').toBe('number');
        const problems = [...fields].flatMap(([k, type]) => {
          if (!(k in item)) return [`${k}: missing`];
          const problem = typeProblem(type, item[k]);
          return problem ? [`${k}: ${problem}`] : [];
        });
        expect(problems, `the fields of §${section}`).toEqual([]);
      },
    );
  }
  // D-01 (platform): add answers 201 and update 200, each with the single-resource envelope of the stored object.
  requirement(
    {
      id: `${family.create.operationId}.lifecycle.status`,
      level: 'MUST',
      source: ['D-01'],
      basis: 'platform',
      title: `add answers 201 and update 200 with the single-resource envelope of the stored ${family.schemaName}`,
    },
    async ({ api }) => {
      const m = await make(api, family, {}, { setup: false });
      expectWritten(m.res, 'add');
      expect(m.res.body).toMatchObject({ success: true, status: m.res.status, data: { id: m.item.id } });
      const ip = itemParams(family, m);
      // The add answers the object as stored: what a get returns.
      expect((await api.untyped(family.get.operationId, { params: ip })).body?.data).toEqual(m.res.body.data);
      const upd = await api.untyped(family.update.operationId, {
        params: ip,
        body: { data: await bodyFrom(api, family.update, m.item) },
      });
      expectWritten(upd, 'update');
      expect(upd.body).toMatchObject({ success: true, status: 200 });
      expect(upd.body.data).toEqual((await api.untyped(family.get.operationId, { params: ip })).body?.data);
    },
  );

  const req = requiredOf(family.create);
  for (const field of req.fields) {
    requirement(
      {
        id: `${family.create.operationId}.required.${field}`,
        level: 'MUST',
        source: ['D-39', 'D-02'],
        basis: 'decision',
        title: `refuses an add without ${field} with 422 naming it`,
      },
      async ({ api }) => {
        const params = await paramsFor(api, family.create.operationId);
        const data = await bodyFrom(api, family.create);
        delete data[field];
        expect422(await api.untyped(family.create.operationId, { params, body: { data } }), { name: `data.${field}` });
      },
    );
  }
  for (const group of req.groups) {
    requirement(
      {
        id: `${family.create.operationId}.required.${group.join('-or-')}`,
        level: 'MUST',
        source: ['D-39', 'D-31', 'D-02'],
        basis: 'decision',
        title: `refuses an add without any of ${group.join(', ')} with 422 naming one`,
      },
      async ({ api }) => {
        const params = await paramsFor(api, family.create.operationId);
        const data = await bodyFrom(api, family.create);
        for (const k of group) delete data[k];
        expect422(await api.untyped(family.create.operationId, { params, body: { data } }), {
          name: group.map((k) => `data.${k}`),
        });
      },
    );
  }

  requirement(
    {
      id: `${family.get.operationId}.all-properties`,
      level: 'MUST',
      source: ['§2.1', 'D-39'],
      basis: 'decision',
      title: `returns every property of ${family.schemaName} after a minimal add, unset optional values as null`,
    },
    async ({ api }) => {
      const m = await makeMinimal(api, family);
      const got = await readItem(api, family, itemParams(family, m));
      for (const item of [m.item, got]) {
        for (const k of family.resource.required ?? []) expect(item, `property ${k}`).toHaveProperty(k);
      }
      // Writable nullable fields the add did not send, with no non-null default, are null (not missing, not "").
      const unset = Object.entries(props(family.input))
        .filter(([k, p]) => isNullable(p) && !(k in m.sent) && (deref(p).default ?? null) === null)
        .map(([k]) => k);
      for (const k of unset) expect(got[k], `unset ${k}`).toBeNull();
    },
  );
  requirement(
    {
      id: `${family.get.operationId}.date-time-shape`,
      level: 'MUST',
      source: ['§2.1', 'D-10'],
      basis: 'decision',
      title: 'returns date-times as YYYY-MM-DDTHH:MM:SS±hh:mm',
    },
    async ({ api }) => {
      const m = await make(api, family);
      const got = await readItem(api, family, itemParams(family, m));
      const fields = Object.entries(props(family.resource))
        .filter(([, p]) => isDateTime(p))
        .map(([k]) => k);
      expect(fields).toContain('createdOn');
      for (const k of fields) if (got[k] !== null) expect(got[k], k).toMatch(DATE_TIME);
      expect(Math.abs(Date.parse(got.createdOn) - Date.now())).toBeLessThan(24 * 3600 * 1000);
    },
  );
  if (family.parents.length) {
    requirement(
      {
        id: `${family.get.operationId}.other-parent`,
        level: 'MUST',
        source: ['D-04'],
        basis: 'decision',
        title: `an item reached through another ${family.parents.join('/')} answers 404 on get, update and delete, and stays`,
      },
      async ({ api }) => {
        const m = await make(api, family);
        const other = await paramsFor(api, family.create.operationId);
        const wrong = itemParams(family, m, other);
        expect((await api.untyped(family.get.operationId, { params: wrong })).status).toBe(404);
        const change = await bodyFrom(api, family.update, m.item);
        expect((await api.untyped(family.update.operationId, { params: wrong, body: { data: change } })).status).toBe(
          404,
        );
        expect((await api.untyped(family.del.operationId, { params: wrong })).status).toBe(404);
        const still = await api.untyped(family.get.operationId, { params: itemParams(family, m) });
        expect(still.status).toBe(200);
        expect(still.body?.data).toEqual(m.item);
      },
    );
  }

  // D-09: how the platform's own client library saves an object — read it, change a field, send it all back.
  requirement(
    {
      id: `${family.update.operationId}.round-trip`,
      level: 'MUST',
      source: ['D-09', 'D-01'],
      basis: 'decision',
      title: `accepts a ${family.schemaName} sent back as get returned it (read-only fields ${readOnly(family).join(', ')} included and ignored); only what was changed changes`,
    },
    async ({ api }) => {
      const m = await make(api, family);
      const ip = itemParams(family, m);
      const got = await readItem(api, family, ip);
      const same = await api.untyped(family.update.operationId, { params: ip, body: { data: got } });
      expectWritten(same, 'update', 'the object as read, sent back');
      expect(withoutModifiedOn(resourceIn(same, 'data', 'the update'))).toEqual(withoutModifiedOn(got));
      // Read-only fields sent back with other values are ignored too: the creation time and the parent never change
      // (fields derived from others, such as status, may change with the change itself, so they are not forged).
      const forged = Object.fromEntries(
        readOnly(family)
          .filter((k) => k === 'createdOn' || ['productId', 'specificationId'].includes(k))
          .map((k) => [k, forgedValue(got[k])]),
      );
      const change = await bodyFrom(api, family.update, got);
      const changed = await api.untyped(family.update.operationId, {
        params: ip,
        body: { data: { ...got, ...forged, ...change } },
      });
      expectWritten(changed, 'update');
      const after = await readItem(api, family, ip);
      expect(after).toEqual(changed.body?.data);
      expect(after).toMatchObject({ ...change, id: got.id, createdOn: got.createdOn });
      for (const [k, v] of Object.entries(forged))
        expect(after[k], `read-only ${k} sent back as ${JSON.stringify(v)}`).not.toEqual(v);
      const untouched = Object.keys(props(family.input)).filter(
        (k) => !deref(props(family.input)[k]).readOnly && !(k in change) && k in got,
      );
      expect(pick(after, untouched)).toEqual(pick(got, untouched));
    },
  );
}

// §4.3: "Get of a single product media item returns the single-resource envelope with the Product Media object"
// (§2.1's table: success, status, data). The lifecycle reads the other gets' items wrapped or bare.
const media = families.find((f) => f.noun === 'ProductMedia')!;
requirement(
  {
    id: 'getProductMedia.envelope',
    level: 'MUST',
    source: ['§4.3', '§2.1', '§7'],
    basis: 'source',
    quote: 'Get of a single product media item returns the single-resource envelope with the Product Media object.',
    title:
      'get of a product media item answers 200 with the single-resource envelope: success true, status 200, data the item',
  },
  async ({ api }) => {
    const m = await make(api, media);
    const id = resourceIn(m.res, 'data', 'the add of a product media item').id;
    const res = await api.untyped(media.get.operationId, { params: itemParams(media, m) });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body, res.text.slice(0, 300)).toMatchObject({ success: true, status: 200, data: { id } });
  },
);

// ---------------------------------------------------------------------------------------------------------
// Ids are never reused (D-04), for every resource: an add right after deleting the newest item (the case where a
// table that hands out max(id) + 1 gives the id again) gets a new id, and the deleted id still answers 404. The
// next add's body is made before the delete, so nothing else of the test is added in between; a few rounds, so
// that an item another test adds meanwhile (then the deleted one is not the newest) cannot hide a reuse.

for (const family of families) {
  requirement(
    {
      id: `${family.del.operationId}.id-not-reused`,
      level: 'MUST',
      source: ['§4.3', 'D-04'],
      basis: 'decision',
      title: `delete answers 204 without a body; an add right after deleting the newest ${family.schemaName} never gets the deleted id, which answers 404`,
    },
    async ({ api }) => {
      for (let round = 0; round < 3; round++) {
        const m = await make(api, family);
        const data = await bodyFrom(api, family.create);
        const del = await api.untyped(family.del.operationId, { params: itemParams(family, m) });
        expectWritten(del, 'delete');
        expect(del.text).toBe('');
        const res = await api.untyped(family.create.operationId, { params: m.params, body: { data } });
        expectWritten(res, 'add', family.create.operationId);
        expect(res.body?.data?.id, `the id of the deleted ${family.schemaName} given again`).not.toBe(m.item.id);
        expectGone(await api.untyped(family.get.operationId, { params: itemParams(family, m) }), m.item);
      }
    },
  );
}

// ---------------------------------------------------------------------------------------------------------
// The round trip of the App's shipping service registration (D-09, D-18), wrapped in `shippingService` rather
// than `data`; contacts have theirs in contacts.spec.ts.

requirement(
  {
    id: 'updateShippingService.round-trip',
    level: 'MUST',
    source: ['D-09', 'D-18'],
    basis: 'decision',
    title:
      'accepts a shipping service sent back as get returned it (id and created included and ignored); only what was changed changes',
  },
  async ({ api }) => {
    const made = await create(api, 'createShippingService', {
      title: uid('Service'),
      ratesUrl: 'http://127.0.0.1:9/rates',
      labelsUrl: null,
    });
    const got = resourceIn(
      await api.call('getShippingService', { params: { id: made.id } }),
      'shippingService',
      'get of the shipping service',
    );
    const same = await api.call('updateShippingService', { params: { id: made.id }, body: { shippingService: got } });
    expectWritten(same, 'update', 'the object as read, sent back');
    expect(same.body?.shippingService).toEqual(got);
    const title = uid('Renamed');
    const changed = await api.call('updateShippingService', {
      params: { id: made.id },
      body: { shippingService: { ...got, title, created: '2001-01-01T00:00:00+00:00', id: got.id + 100_003 } },
    });
    expectWritten(changed, 'update');
    const after = (await api.call('getShippingService', { params: { id: made.id } })).body?.shippingService;
    expect(after).toEqual({ ...got, title });
    expectWritten(await api.call('deleteShippingService', { params: { id: made.id } }), 'delete');
  },
);

// ---------------------------------------------------------------------------------------------------------
// Built-in access roles and geozones (D-34, D-35).

const builtInNames: Record<string, { field: string; values: string[]; decision: string }> = {
  AccessRole: { field: 'reference', values: ['customer', 'trade', 'staff'], decision: 'D-34' },
  Geozone: { field: 'title', values: ['United Kingdom', 'European Union', 'Rest of world'], decision: 'D-35' },
};
async function builtIns(api: Api, family: Family): Promise<Json[]> {
  return (await everyItem(api, family.list, {})).filter((x: Json) => x.isBuiltIn === true);
}

for (const family of families.filter((x) => 'isBuiltIn' in props(x.resource))) {
  const named = builtInNames[family.noun];
  const source = ['§2.12', named?.decision ?? 'D-34'];
  requirement(
    {
      id: `${family.list.operationId}.built-ins`,
      level: 'MUST',
      source,
      basis: 'decision',
      title: `lists the built-in ${family.schemaName}s with isBuiltIn true`,
    },
    async ({ api }) => {
      const list = await builtIns(api, family);
      if (named)
        expect(list.map((x) => x[named.field]).sort()).toEqual(expect.arrayContaining([...named.values].sort()));
      expect(list.length).toBeGreaterThan(0);
      // A custom one is not built in.
      expect((await make(api, family)).item.isBuiltIn).toBe(false);
    },
  );
  requirement(
    {
      id: `${family.update.operationId}.built-in`,
      level: 'MUST',
      source,
      basis: 'decision',
      title: `refuses to change a built-in ${family.schemaName} with 422 error.built-in; it stays unchanged`,
    },
    async ({ api }) => {
      for (const b of await builtIns(api, family)) {
        const res = await api.untyped(family.update.operationId, {
          params: { id: b.id },
          body: { data: await bodyFrom(api, family.update, b) },
        });
        expect422(res, { ref: 'error.built-in' });
        expect((await api.untyped(family.get.operationId, { params: { id: b.id } })).body?.data).toEqual(b);
      }
    },
  );
  requirement(
    {
      id: `${family.del.operationId}.built-in`,
      level: 'MUST',
      source,
      basis: 'decision',
      title: `refuses to delete a built-in ${family.schemaName} with 422 error.built-in; it stays`,
    },
    async ({ api }) => {
      for (const b of await builtIns(api, family)) {
        expect422(await api.untyped(family.del.operationId, { params: { id: b.id } }), { ref: 'error.built-in' });
        expect((await api.untyped(family.get.operationId, { params: { id: b.id } })).body?.data).toEqual(b);
      }
    },
  );
}

// ---------------------------------------------------------------------------------------------------------
// §2.12 specification rules (D-31..D-33, D-51, D-61).

/** Assigns a specification to a product: the call a requirement judges, or (`setup`) one that only makes data. */
const assign = (api: Api, productId: number, data: Json, setup = false) =>
  api.call('createProductSpecification', {
    params: { productId },
    body: { data: api.ours('createProductSpecification', data) },
    setup,
  });
async function assigned(api: Api, productId: number, data: Json): Promise<Json> {
  const res = await assign(api, productId, data, true);
  expectAccepted(res, 'createProductSpecification');
  return resourceIn(res, 'data', 'createProductSpecification');
}
const productSpecs = (api: Api, productId: number): Promise<Json[]> =>
  everyItem(api, op('listProductSpecifications'), { productId });
const SAME_VALUE_TWICE = 'The same value may not be assigned to the same product twice.';
const VARIANT_RULE =
  'A product may hold several values of one specification heading unless that heading is used by its variant settings.';
const AFFECTS_PRODUCTS = 'Altering or deleting a specification or a value affects all live products that use it.';

requirement(
  {
    id: 'createProductSpecification.duplicate-value',
    level: 'MUST',
    area: 'specifications',
    source: ['§2.12'],
    basis: 'source',
    quote: SAME_VALUE_TWICE,
    title: 'refuses the same value twice on one product (by ids or by titles); another product may hold it',
  },
  async ({ api }) => {
    const p = await product(api);
    const h = await specification(api);
    const v = await value(api, h.id);
    await assigned(api, p.id, { specificationId: h.id, valueId: v.id });
    expectRefused(await assign(api, p.id, { specificationId: h.id, valueId: v.id }), 'the same value again');
    expectRefused(
      await assign(api, p.id, { specification: h.title, value: v.value }),
      'the same value again, by titles',
    );
    // The same value on another product is fine.
    await assigned(api, (await product(api)).id, { specificationId: h.id, valueId: v.id });
    expect((await productSpecs(api, p.id)).filter((s) => s.valueId === v.id)).toHaveLength(1);
  },
);
requirement(
  {
    id: 'createProductSpecification.duplicate-value.status',
    level: 'MUST',
    area: 'specifications',
    source: ['§2.12', 'D-31', 'D-02'],
    basis: 'decision',
    title: 'the same value twice on one product is a 422 error.duplicate-value',
  },
  async ({ api }) => {
    const p = await product(api);
    const h = await specification(api);
    const v = await value(api, h.id);
    await assigned(api, p.id, { specificationId: h.id, valueId: v.id });
    expect422(await assign(api, p.id, { specificationId: h.id, valueId: v.id }), { ref: 'error.duplicate-value' });
    expect422(await assign(api, p.id, { specification: h.title, value: v.value }), { ref: 'error.duplicate-value' });
  },
);
requirement(
  {
    id: 'createProductSpecification.variant-heading',
    level: 'MUST',
    area: 'specifications',
    source: ['§2.12'],
    basis: 'source',
    quote: VARIANT_RULE,
    title: 'a product whose variant settings use no heading holds several values of one heading',
  },
  async ({ api }) => {
    // How variant settings are given (`variantSpecificationIds`) is D-61's: the source part is the rule's default.
    const p = await product(api);
    const h = await specification(api);
    const [a, b] = [await value(api, h.id), await value(api, h.id)];
    expectAccepted(await assign(api, p.id, { specificationId: h.id, valueId: a.id }), 'a first value of the heading');
    expectAccepted(await assign(api, p.id, { specificationId: h.id, valueId: b.id }), 'a second value of the heading');
    expect((await productSpecs(api, p.id)).map((x) => x.valueId).sort()).toEqual([a.id, b.id].sort());
  },
);
requirement(
  {
    id: 'createProductSpecification.variant-heading.settings',
    level: 'MUST',
    area: 'specifications',
    source: ['§2.12', 'D-61'],
    basis: 'decision',
    title:
      'allows a product one value of a heading its variant settings (variantSpecificationIds) use, several of any other heading; another product may hold several values of that heading',
  },
  async ({ api }) => {
    const variant = await specification(api);
    const [a, b] = [await value(api, variant.id), await value(api, variant.id)];
    const p = await product(api, { variantSpecificationIds: [variant.id] });
    expect(p.variantSpecificationIds).toEqual([variant.id]);
    await assigned(api, p.id, { specificationId: variant.id, valueId: a.id });
    expectRefused(
      await assign(api, p.id, { specificationId: variant.id, valueId: b.id }),
      'a second value of a variant heading',
    );
    expectRefused(
      await assign(api, p.id, { specification: variant.title, value: uid('Value') }),
      'a second value of a variant heading, by titles',
    );
    const plain = await specification(api);
    const [c, d] = [await value(api, plain.id), await value(api, plain.id)];
    await assigned(api, p.id, { specificationId: plain.id, valueId: c.id });
    await assigned(api, p.id, { specificationId: plain.id, valueId: d.id });
    expect((await productSpecs(api, p.id)).map((s) => s.valueId).sort()).toEqual([a.id, c.id, d.id].sort());
    // The rule is the product's, not the heading's (§2.12 "its variant settings"): on a product whose variant
    // settings do not use the heading, the same two values are fine.
    const other = await product(api);
    expect(other.variantSpecificationIds).toEqual([]);
    await assigned(api, other.id, { specificationId: variant.id, valueId: a.id });
    await assigned(api, other.id, { specificationId: variant.id, valueId: b.id });
    expect((await productSpecs(api, other.id)).map((s) => s.valueId).sort()).toEqual([a.id, b.id].sort());
  },
);
requirement(
  {
    id: 'createProductSpecification.variant-heading.status',
    level: 'MUST',
    area: 'specifications',
    source: ['§2.12', 'D-31', 'D-61', 'D-02'],
    basis: 'decision',
    title: "a second value of a heading the product's variant settings use is a 422 error.variant-heading",
  },
  async ({ api }) => {
    const variant = await specification(api);
    const [a, b] = [await value(api, variant.id), await value(api, variant.id)];
    const p = await product(api, { variantSpecificationIds: [variant.id] });
    await assigned(api, p.id, { specificationId: variant.id, valueId: a.id });
    expect422(await assign(api, p.id, { specificationId: variant.id, valueId: b.id }), {
      ref: 'error.variant-heading',
    });
    expect422(await assign(api, p.id, { specification: variant.title, value: uid('Value') }), {
      ref: 'error.variant-heading',
    });
  },
);
requirement(
  {
    id: 'createProductSpecification.by-titles',
    level: 'MUST',
    area: 'specifications',
    source: ['§2.12', 'D-31', 'D-50'],
    basis: 'decision',
    title: 'adding by titles creates the heading and value on the fly, then reuses them',
  },
  async ({ api }) => {
    const [heading, text] = [uid('Heading'), uid('Value')];
    const ps = await assigned(api, (await product(api)).id, { specification: heading, value: text });
    expect(ps).toMatchObject({ specification: heading, value: text });
    const h = await findListed(api, op('listSpecifications'), {}, ps.specificationId);
    expect(h).toMatchObject({ id: ps.specificationId, title: heading });
    const v = await findListed(api, op('listSpecificationValues'), { specId: ps.specificationId }, ps.valueId);
    expect(v).toMatchObject({ id: ps.valueId, specificationId: ps.specificationId, value: text });
    // A second product by the same titles gets the same heading and value, not new ones.
    const again = await assigned(api, (await product(api)).id, { specification: heading, value: text });
    expect(again).toMatchObject({ specificationId: ps.specificationId, valueId: ps.valueId });
  },
);

requirement(
  {
    id: 'updateProductSpecification.no-texts',
    level: 'MUST',
    area: 'specifications',
    source: ['§2.12', 'D-31'],
    basis: 'source',
    quote: 'Existing headings and values cannot be changed through the product specification endpoints',
    title:
      'heading and value texts sent in an update body change neither the product specification nor the heading or value',
  },
  async ({ api }) => {
    // §2.12: they "cannot be changed through the product specification endpoints". Ignoring them (D-09, so that an
    // object read can be sent back) or refusing them both keep the rule; changing them does not.
    const p = await product(api);
    const ps = await assigned(api, p.id, { specification: uid('Heading'), value: uid('Value') });
    // Read with gets before and after: what an add answers is D-01's.
    const read = async () =>
      resourceIn(
        await api.call('getProductSpecification', { params: { productId: p.id, id: ps.id } }),
        'data',
        'get of the product specification',
      );
    const heading = async () =>
      resourceIn(
        await api.call('getSpecification', { params: { id: ps.specificationId } }),
        'data',
        'get of the heading',
      ).title;
    const { modifiedOn: __, ...before } = await read();
    const title = await heading();
    for (const k of ['specification', 'value']) {
      const res = await api.call('updateProductSpecification', {
        params: { productId: p.id, id: ps.id },
        body: { data: api.ours('updateProductSpecification', { [k]: uid('Renamed') }) },
      });
      if (res.status >= 300) expectRefused(res, `a ${k} text in an update`);
    }
    const { modifiedOn: _, ...after } = await read();
    expect(after).toEqual(before);
    expect(await heading()).toBe(title);
  },
);
requirement(
  {
    id: 'updateProductSpecification.value-of-heading',
    level: 'MUST',
    area: 'specifications',
    source: ['D-31', 'D-52'],
    basis: 'decision',
    title: 'refuses a valueId of another heading with 422 error.reference-not-found',
  },
  async ({ api }) => {
    const p = await product(api);
    const ps = await assigned(api, p.id, { specification: uid('Heading'), value: uid('Value') });
    const foreign = await value(api, (await specification(api)).id);
    expect422(
      await api.call('updateProductSpecification', {
        params: { productId: p.id, id: ps.id },
        body: { data: { valueId: foreign.id } },
      }),
      [{ name: 'data.valueId' }, { ref: 'error.reference-not-found' }],
    );
  },
);

requirement(
  {
    id: 'updateSpecificationValue.affects-products',
    level: 'MUST',
    area: 'specifications',
    source: ['§2.12', 'D-33'],
    basis: 'source',
    quote: AFFECTS_PRODUCTS,
    title: 'renaming a value changes it on every product that holds it',
  },
  async ({ api }) => {
    const ps = await assigned(api, (await product(api)).id, { specification: uid('Heading'), value: uid('Value') });
    const other = await assigned(api, (await product(api)).id, {
      specificationId: ps.specificationId,
      valueId: ps.valueId,
    });
    const renamed = uid('Renamed');
    const params = { specId: ps.specificationId, id: ps.valueId };
    expectAccepted(
      await api.call('updateSpecificationValue', {
        params,
        body: await wholeUpdate(api, 'updateSpecificationValue', params, { value: renamed }),
      }),
    );
    for (const x of [ps, other]) {
      const got = await api.call('getProductSpecification', { params: { productId: x.productId, id: x.id } });
      expect(got.body?.data).toMatchObject({ valueId: ps.valueId, value: renamed });
    }
  },
);

requirement(
  {
    id: 'updateSpecification.affects-products',
    level: 'MUST',
    area: 'specifications',
    source: ['§2.12', 'D-32'],
    basis: 'source',
    quote: AFFECTS_PRODUCTS,
    title: 'renaming a heading changes it on every product that uses it',
  },
  async ({ api }) => {
    const ps = await assigned(api, (await product(api)).id, { specification: uid('Heading'), value: uid('Value') });
    const renamed = uid('Renamed');
    expectAccepted(
      await api.call('updateSpecification', {
        params: { id: ps.specificationId },
        body: await wholeUpdate(api, 'updateSpecification', { id: ps.specificationId }, { title: renamed }),
      }),
    );
    const [got] = await productSpecs(api, ps.productId);
    expect(got).toMatchObject({ id: ps.id, specification: renamed, value: ps.value });
  },
);

requirement(
  {
    id: 'updateProduct.variant-heading',
    level: 'MUST',
    area: 'specifications',
    source: ['§2.12', 'D-51', 'D-52', 'D-61'],
    basis: 'decision',
    title:
      'refuses variant settings naming a heading of which the product holds two values (422 error.variant-heading) or an unknown heading (422 error.reference-not-found); a heading it holds one value of is fine',
  },
  async ({ api }) => {
    const p = await product(api);
    const h = await specification(api);
    for (const v of [await value(api, h.id), await value(api, h.id)])
      await assigned(api, p.id, { specificationId: h.id, valueId: v.id });
    const one = await assigned(api, p.id, { specification: uid('Heading'), value: uid('Value') });
    const settle = (ids: number[]) =>
      api.call('updateProduct', { params: { id: p.id }, body: { data: { variantSpecificationIds: ids } } });
    expect422(await settle([one.specificationId, h.id]), [
      { name: 'data.variantSpecificationIds' },
      { ref: 'error.variant-heading' },
    ]);
    expect((await api.call('getProduct', { params: { id: p.id } })).body?.data?.variantSpecificationIds).toEqual([]);
    const gone = await specification(api);
    expectWritten(await api.call('deleteSpecification', { params: { id: gone.id } }), 'delete');
    expect422(await settle([gone.id]), [
      { name: 'data.variantSpecificationIds' },
      { ref: 'error.reference-not-found' },
    ]);
    const ok = await settle([one.specificationId]);
    expect(ok.status, ok.text.slice(0, 300)).toBe(200);
    expect(ok.body?.data?.variantSpecificationIds).toEqual([one.specificationId]);
    // A product holding none of h's values may use h: the setting is the product's.
    expect(
      (
        await api.call('updateProduct', {
          params: { id: (await product(api)).id },
          body: { data: { variantSpecificationIds: [h.id] } },
        })
      ).status,
    ).toBe(200);
  },
);

requirement(
  {
    id: 'deleteSpecificationValue.removes-from-products',
    level: 'MUST',
    area: 'specifications',
    source: ['§2.12', 'D-33'],
    basis: 'source',
    quote: AFFECTS_PRODUCTS,
    title: 'deleting a value removes it from the products that held it',
  },
  async ({ api }) => {
    const p = await product(api);
    const h = await specification(api);
    const [a, b] = [await value(api, h.id), await value(api, h.id)];
    const pa = await assigned(api, p.id, { specificationId: h.id, valueId: a.id });
    await assigned(api, p.id, { specificationId: h.id, valueId: b.id });
    expectAccepted(await api.call('deleteSpecificationValue', { params: { specId: h.id, id: a.id } }));
    expect((await productSpecs(api, p.id)).map((s) => s.valueId)).toEqual([b.id]);
    expectDeleted(
      await api.call('getProductSpecification', { params: { productId: p.id, id: pa.id } }),
      'the assignment of the deleted value',
    );
  },
);

requirement(
  {
    id: 'deleteSpecification.removes-from-products',
    level: 'MUST',
    area: 'specifications',
    source: ['§2.12'],
    basis: 'source',
    quote: AFFECTS_PRODUCTS,
    title: 'deleting a heading removes it from the products that used it',
  },
  async ({ api }) => {
    const p = await product(api);
    const keep = await assigned(api, p.id, { specification: uid('Heading'), value: uid('Value') });
    const gone = await assigned(api, p.id, { specification: uid('Heading'), value: uid('Value') });
    expectAccepted(await api.call('deleteSpecification', { params: { id: gone.specificationId } }));
    expect((await productSpecs(api, p.id)).map((s) => s.id)).toEqual([keep.id]);
  },
);
requirement(
  {
    id: 'deleteSpecification.removes-from-products.cascade',
    level: 'MUST',
    area: 'specifications',
    source: ['§2.12', 'D-32', 'D-61'],
    basis: 'decision',
    title: "deleting a heading deletes its values and removes it from products' variant settings",
  },
  async ({ api }) => {
    const p = await product(api);
    const keep = await assigned(api, p.id, { specification: uid('Heading'), value: uid('Value') });
    const gone = await assigned(api, p.id, { specification: uid('Heading'), value: uid('Value') });
    const both = [keep.specificationId, gone.specificationId];
    expect(
      (await api.call('updateProduct', { params: { id: p.id }, body: { data: { variantSpecificationIds: both } } }))
        .status,
    ).toBe(200);
    expectWritten(await api.call('deleteSpecification', { params: { id: gone.specificationId } }), 'delete');
    expect((await api.call('getProduct', { params: { id: p.id } })).body?.data?.variantSpecificationIds).toEqual([
      keep.specificationId,
    ]);
    expectGone(
      await api.call('getSpecificationValue', { params: { specId: gone.specificationId, id: gone.valueId } }),
      { id: gone.valueId },
      'the value of the deleted heading',
    );
  },
);

// A heading's title is unique whatever its letter case (§2.12 gives the field, D-32 the rule).
requirement(
  {
    id: 'createSpecification.title-unique-any-case',
    level: 'MUST',
    source: ['§2.12', 'D-32'],
    basis: 'decision',
    title: 'a heading title already used in another letter case is a 422 error.unique',
  },
  async ({ api }) => {
    const title = uid('Heading');
    await create(api, 'createSpecification', { title });
    const res = await api.call('createSpecification', { body: { data: { title: title.toUpperCase() } } });
    expect(res.status).toBe(422);
    expect(errorsOf(res)).toContainEqual(expect.objectContaining({ name: 'data.title', ref: 'error.unique' }));
  },
);

// ---------------------------------------------------------------------------------------------------------
// Product media and prices (§2.7 gives the fields and relations; D-30, D-46 and D-52 the rules asserted here).

/** A date-time `days` from now in the contract's shape (D-10). */
const inDays = (days: number) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19)}+00:00`;

requirement(
  {
    id: 'createProductMedia.one-primary',
    level: 'MUST',
    source: ['§2.7', 'D-46'],
    basis: 'decision',
    title: "setting isPrimary on a media item clears it on the product's other items",
  },
  async ({ api }) => {
    const p = await product(api);
    const first = await create(api, 'createProductMedia', { isPrimary: true }, { params: { productId: p.id } });
    const second = await create(api, 'createProductMedia', { isPrimary: true }, { params: { productId: p.id } });
    expect(second.isPrimary).toBe(true);
    const list = await api.call('listProductMedia', { params: { productId: p.id } });
    const primary = (itemsIn(list, "the product's media") as { id: number; isPrimary: boolean }[])
      .filter((m) => m.isPrimary)
      .map((m) => m.id);
    expect(primary).toEqual([second.id]);
    expect(
      (await api.call('getProductMedia', { params: { productId: p.id, mediaId: first.id } })).body?.data?.isPrimary,
    ).toBe(false);
  },
);

const price = (api: Api, productId: number, fields: Record<string, unknown>) =>
  create(api, 'createProductPrice', fields, { params: { productId } });

requirement(
  {
    id: 'createProductPrice.is-current',
    level: 'MUST',
    source: ['D-30'],
    basis: 'decision',
    title: "isCurrent is true only while now is inside the price's startOn/endOn window",
  },
  async ({ api }) => {
    const p = await product(api);
    const cases: [Record<string, unknown>, boolean][] = [
      [{ startOn: null, endOn: null }, true],
      [{ startOn: inDays(-2), endOn: inDays(2) }, true],
      [{ startOn: inDays(2), endOn: null }, false],
      [{ startOn: inDays(-4), endOn: inDays(-2) }, false],
      [{ startOn: null, endOn: inDays(-1) }, false],
    ];
    for (const [window, current] of cases) {
      const created = await price(api, p.id, window);
      expect(created.isCurrent, JSON.stringify(window)).toBe(current);
      expect(
        (await api.call('getProductPrice', { params: { productId: p.id, id: created.id } })).body?.data?.isCurrent,
        JSON.stringify(window),
      ).toBe(current);
    }
  },
);

requirement(
  {
    id: 'createProductPrice.defaults',
    level: 'MUST',
    source: ['D-30', 'D-39'],
    basis: 'decision',
    title:
      'a price added with its currency and priceExcTax alone has priceIncTax equal to priceExcTax and quantityMin 1',
  },
  async ({ api }) => {
    const p = await product(api);
    const res = await api.call('createProductPrice', {
      params: { productId: p.id },
      body: { data: { currency: 'GBP', priceExcTax: 4.5 } },
    });
    expectWritten(res, 'add');
    const id = resourceIn(res, 'data', 'the add of a price').id;
    const got = await api.call('getProductPrice', { params: { productId: p.id, id } });
    expect(got.body?.data).toMatchObject({ priceExcTax: 4.5, priceIncTax: 4.5, quantityMin: 1 });
  },
);

requirement(
  {
    id: 'createProductPrice.unknown-access-role',
    level: 'MUST',
    source: ['D-52', 'D-02'],
    basis: 'decision',
    title: 'an accessRoleId that names no access role is a 422 error.reference-not-found naming data.accessRoleId',
  },
  async ({ api }) => {
    const p = await product(api);
    const res = await api.call('createProductPrice', {
      params: { productId: p.id },
      body: { data: { currency: 'GBP', priceExcTax: 1, accessRoleId: 987654321 } },
    });
    expect(res.status).toBe(422);
    expect(errorsOf(res)).toContainEqual(
      expect.objectContaining({ name: 'data.accessRoleId', ref: 'error.reference-not-found' }),
    );
  },
);

// ---------------------------------------------------------------------------------------------------------
// Inventory (§2.4, D-43, D-54).

const stockOf = async (api: Api, productId: number) =>
  (await api.call('getProduct', { params: { id: productId } })).body?.data?.currentStock;
const addStock = async (api: Api, data: Json) => {
  const res = await api.call('createInventory', { body: { data }, setup: true });
  expectAccepted(res, 'createInventory');
  return resourceIn(res, 'data', 'createInventory');
};

requirement(
  {
    id: 'createInventory.unique-location',
    level: 'MUST',
    source: ['D-43'],
    basis: 'decision',
    title: 'refuses a second entry for the same product and location with 422 error.unique',
  },
  async ({ api }) => {
    const p = await product(api);
    await addStock(api, { productId: p.id, locationId: 1, quantityInStock: 4 });
    expect422(
      await api.call('createInventory', { body: { data: { productId: p.id, locationId: 1, quantityInStock: 9 } } }),
      { ref: 'error.unique' },
    );
    await addStock(api, { productId: p.id, locationId: 2 });
    const listed = await api.call('listInventory', { query: { productId: p.id } });
    expect(
      itemsIn(listed, "the product's inventory")
        .map((x: Json) => x?.locationId)
        .sort(),
    ).toEqual([1, 2]);
  },
);
requirement(
  {
    id: 'createInventory.unknown-product',
    level: 'MUST',
    source: ['D-52'],
    basis: 'decision',
    title: 'refuses an unknown productId with 422 error.reference-not-found',
  },
  async ({ api }) => {
    expect422(await api.call('createInventory', { body: { data: { productId: 987654321, locationId: 1 } } }), [
      { name: 'data.productId' },
      { ref: 'error.reference-not-found' },
    ]);
  },
);
requirement(
  {
    id: 'createInventory.available',
    level: 'MUST',
    source: ['§2.4', 'D-43', 'D-54'],
    basis: 'decision',
    title: 'quantityAvailable is quantityInStock − quantityReserved, after add and update',
  },
  async ({ api }) => {
    const e = await addStock(api, {
      productId: (await product(api)).id,
      locationId: 1,
      quantityInStock: 10,
      quantityReserved: 3,
    });
    expect(e.quantityAvailable).toBe(7);
    const cases: [Json, number][] = [
      [{ quantityReserved: null }, 10],
      [{ quantityInStock: 25 }, 25],
      [{ quantityReserved: 30 }, -5],
    ];
    for (const [data, available] of cases) {
      const res = await api.call('updateInventory', { params: { id: e.id }, body: { data } });
      expectWritten(res, 'update');
      expect(res.body?.data?.quantityAvailable).toBe(available);
      expect((await api.call('getInventory', { params: { id: e.id } })).body?.data?.quantityAvailable).toBe(available);
    }
  },
);
requirement(
  {
    id: 'createInventory.current-stock',
    level: 'MUST',
    source: ['§2.3', '§2.4', 'D-43'],
    basis: 'decision',
    title: "the product's currentStock follows its inventory entries (sum over locations)",
  },
  async ({ api }) => {
    const p = await product(api);
    expect(p.currentStock).toBeNull();
    const a = await addStock(api, { productId: p.id, locationId: 1, quantityInStock: 10 });
    expect(await stockOf(api, p.id)).toBe(10);
    await addStock(api, { productId: p.id, locationId: 2, quantityInStock: 5 });
    expect(await stockOf(api, p.id)).toBe(15);
    expect(
      (await api.call('updateInventory', { params: { id: a.id }, body: { data: { quantityInStock: 7 } } })).status,
    ).toBe(200);
    expect(await stockOf(api, p.id)).toBe(12);
  },
);

requirement(
  {
    id: 'deleteInventory.current-stock',
    level: 'MUST',
    source: ['§2.4', 'D-43'],
    basis: 'decision',
    title: "deleting an entry takes its stock out of the product's currentStock",
  },
  async ({ api }) => {
    const p = await product(api);
    await addStock(api, { productId: p.id, locationId: 1, quantityInStock: 10 });
    const b = await addStock(api, { productId: p.id, locationId: 2, quantityInStock: 5 });
    expect(await stockOf(api, p.id)).toBe(15);
    expectWritten(await api.call('deleteInventory', { params: { id: b.id } }), 'delete');
    expect(await stockOf(api, p.id)).toBe(10);
  },
);

// ---------------------------------------------------------------------------------------------------------
// Webhooks (§2.8, §5, §6, D-19, D-45).

const hook = async (api: Api, fields: Json = {}, as: 'full' | 'other' = 'full') => {
  const res = await api.call('createWebhook', {
    as,
    body: bodyWith(api, 'createWebhook', { url: uniqueValue.url!(), ...fields }),
    setup: true,
  });
  expectAccepted(res, 'createWebhook');
  return resourceIn(res, 'data', 'createWebhook');
};

requirement(
  {
    id: 'getWebhook.scoped-to-client',
    level: 'MUST',
    source: ['§5', '§6'],
    basis: 'source',
    quote: 'Subscriptions are scoped to the App client that owns them.',
    title:
      "another App client cannot see, change or delete a client's webhook: absent from its list, refused on get, update and delete",
  },
  async ({ api }) => {
    const made = await hook(api);
    // As its owner reads it (what an add answers is D-01's), before the other client tries.
    const ownerRead = async () =>
      resourceIn(await api.call('getWebhook', { params: { id: made.id } }), 'data', "the owner's get of its webhook");
    const w = await ownerRead();
    const refused = (res: ApiResponse, what: string) =>
      expect(
        res.status >= 400 && res.status < 500,
        `${what} by another client answered ${res.status}: ${res.text.slice(0, 200)}`,
      ).toBe(true);
    refused(await api.call('getWebhook', { as: 'other', params: { id: w.id } }), 'get');
    expect(await findListed(api, op('listWebhooks'), {}, w.id, 'other')).toBeUndefined();
    refused(
      await api.call('updateWebhook', {
        as: 'other',
        params: { id: w.id },
        body: { data: api.ours('updateWebhook', { isActive: false }) },
      }),
      'update',
    );
    refused(await api.call('deleteWebhook', { as: 'other', params: { id: w.id } }), 'delete');
    // The owner still sees it unchanged.
    expect(await ownerRead()).toEqual(w);
    expect(await findListed(api, op('listWebhooks'), {}, w.id)).toEqual(w);
  },
);
requirement(
  {
    id: 'getWebhook.scoped-to-client.not-found',
    level: 'MUST',
    source: ['§6', 'D-45'],
    basis: 'decision',
    title: "another App client's webhook answers 404 on get, update and delete, and is absent from its full list",
  },
  async ({ api }) => {
    const w = await hook(api);
    expect((await api.call('getWebhook', { as: 'other', params: { id: w.id } })).status).toBe(404);
    expect(await findListed(api, op('listWebhooks'), {}, w.id, 'other')).toBeUndefined();
    const all = await api.call('listWebhooks', { as: 'other', query: { limit: 250 } });
    expect(itemsIn(all, "the other client's webhooks").map((x: Json) => x?.id)).not.toContain(w.id);
    expect(
      (
        await api.call('updateWebhook', {
          as: 'other',
          params: { id: w.id },
          body: { data: api.ours('updateWebhook', { isActive: false }) },
        })
      ).status,
    ).toBe(404);
    expect((await api.call('deleteWebhook', { as: 'other', params: { id: w.id } })).status).toBe(404);
    // The owner still sees it unchanged.
    expect((await api.call('getWebhook', { params: { id: w.id } })).body?.data).toEqual(w);
    expect(await findListed(api, op('listWebhooks'), {}, w.id)).toEqual(w);
  },
);

requirement(
  {
    id: 'createWebhook.uri-scheme',
    level: 'MUST',
    source: ['D-19'],
    basis: 'platform',
    title:
      'refuses an http URL of a non-loopback host with 422 error.uri-scheme-invalid; accepts https and http loopback',
  },
  async ({ api }) => {
    expect422(
      await api.call('createWebhook', {
        body: { data: { ...exampleOf('createWebhook').data, url: 'http://app.example.com/hooks' } },
      }),
      [{ name: 'data.url' }, { ref: 'error.uri-scheme-invalid' }],
    );
    const w = await hook(api, { url: 'http://127.0.0.1:9/hooks' });
    expect(w.url).toBe('http://127.0.0.1:9/hooks');
    expect422(
      await api.call('updateWebhook', {
        params: { id: w.id },
        body: { data: { url: 'http://app.example.com/hooks' } },
      }),
      [{ name: 'data.url' }, { ref: 'error.uri-scheme-invalid' }],
    );
  },
);
requirement(
  {
    id: 'createWebhook.api-version',
    level: 'MUST',
    source: ['§2.8', '§9', 'D-45'],
    basis: 'source',
    quote: 'a `v2` value is returned',
    title: "records apiVersion 'v2'",
  },
  async ({ api }) => {
    // "as returned" (§2.8): by a get; what an add answers is D-01's.
    const w = await hook(api, { events: ['products/*'] });
    expect(
      resourceIn(await api.call('getWebhook', { params: { id: w.id } }), 'data', 'get of the webhook').apiVersion,
    ).toBe('v2');
  },
);

requirement(
  {
    id: 'createWebhook.metadata',
    level: 'MUST',
    source: ['§6', '§2.8'],
    basis: 'source',
    quote: '`metadata` is returned with the subscription',
    title: 'the metadata an App sends with a subscription is returned with it, as sent, and an update of it too',
  },
  async ({ api }) => {
    // "as returned" (§2.8): by a get; what an add or an update answers is D-01's.
    const read = async (id: number) =>
      resourceIn(await api.call('getWebhook', { params: { id } }), 'data', 'get of the webhook').metadata;
    const metadata = { team: 'fulfilment', key: uid('meta') };
    const w = await hook(api, { metadata, isActive: false });
    expect(await read(w.id), 'metadata of the subscription').toEqual(metadata);
    const changed = { team: 'returns', key: uid('meta') };
    expectAccepted(
      await api.call('updateWebhook', {
        params: { id: w.id },
        body: await wholeUpdate(api, 'updateWebhook', { id: w.id }, { metadata: changed }),
      }),
      'the update of its metadata',
    );
    expect(await read(w.id), 'metadata after the update').toEqual(changed);
  },
);

// ---------------------------------------------------------------------------------------------------------
// Redirects (§2.5, D-44).

requirement(
  {
    id: 'createRedirect.url-target-required',
    level: 'MUST',
    source: ['§2.5', 'D-44'],
    basis: 'decision',
    title: 'refuses a url redirect without target with 422 naming target',
  },
  async ({ api }) => {
    const path = `/${uid('from')}`;
    expect422(await api.call('createRedirect', { body: { data: { resource: 'url', path } } }), { name: 'data.target' });
    const ok = await api.call('createRedirect', {
      body: { data: { resource: 'url', path, target: 'https://example.com/elsewhere' } },
    });
    expectWritten(ok, 'add');
    expect(ok.body?.data).toMatchObject({ resource: 'url', resourceId: 0, target: 'https://example.com/elsewhere' });
  },
);
requirement(
  {
    id: 'createRedirect.resource-id-required',
    level: 'MUST',
    source: ['§2.5', 'D-44'],
    basis: 'decision',
    title: 'refuses a product redirect without resourceId with 422 naming resourceId',
  },
  async ({ api }) => {
    expect422(await api.call('createRedirect', { body: { data: { resource: 'product', path: `/${uid('from')}` } } }), {
      name: 'data.resourceId',
    });
  },
);

requirement(
  {
    id: 'createRedirect.static-target',
    level: 'MUST',
    source: ['§2.5'],
    basis: 'source',
    quote: 'A static target is a file in the media library or an external URL.',
    title: 'a url redirect to an external URL keeps that URL as its target',
  },
  async ({ api }) => {
    const target = `https://example.com/${uid('elsewhere')}`;
    const r = await create(api, 'createRedirect', { resource: 'url', resourceId: undefined, target });
    // As a get returns it (§2.5): what an add answers is D-01's.
    expect(
      resourceIn(await api.call('getRedirect', { params: { id: r.id } }), 'data', 'get of the redirect'),
    ).toMatchObject({ resource: 'url', target });
  },
);

/** A product with an alias, and a redirect to it made as a resource and id pair. */
const productRedirect = async (api: Api) => {
  const [before, after] = [uid('tea'), uid('tea')];
  const p = await product(api, { alias: before });
  const made = await api.call('createRedirect', {
    body: bodyWith(api, 'createRedirect', {
      resource: 'product',
      resourceId: p.id,
      path: `/${uid('from')}`,
      target: undefined,
    }),
    setup: true,
  });
  expectAccepted(made, 'a product redirect');
  return { p, before, after, r: resourceIn(made, 'data', 'a product redirect') };
};
const redirectIds = async (api: Api, query: Json) =>
  (await everyItem(api, op('listRedirects'), {}, query)).map((x: Json) => x.id);
requirement(
  {
    id: 'getRedirect.dynamic-target',
    level: 'MUST',
    source: ['§2.5', '§4.4'],
    basis: 'source',
    quote: "so later changes to the target's URL do not create chained redirects",
    title:
      "a product redirect follows the product's URL: a changed alias moves its target, with no new redirect and no chain, and the target filter finds it by its current target",
  },
  async ({ api }) => {
    const { p, after, r: made } = await productRedirect(api);
    // As a get returns it (§2.5), before and after: what an add answers is D-01's.
    const read = async () =>
      resourceIn(await api.call('getRedirect', { params: { id: made.id } }), 'data', 'get of the redirect');
    const r = await read();
    expect(r).toMatchObject({ resource: 'product', resourceId: p.id });
    expectAccepted(
      await api.call('updateProduct', {
        params: { id: p.id },
        body: await wholeUpdate(api, 'updateProduct', { id: p.id }, { alias: after }),
      }),
      'the alias change',
    );
    // The same redirect, pointing elsewhere now; nothing else changed.
    const now = await read();
    expect(now.target, 'the target after the alias changed').not.toEqual(r.target);
    expect(now).toEqual({ ...r, target: now.target });
    // No new redirect to the product, and none from its old URL (a chain old URL → new URL).
    expect(await redirectIds(api, { resource: 'product', 'resourceId:in': String(p.id) })).toEqual([r.id]);
    if (typeof r.target === 'string') expect(await redirectIds(api, { path: r.target })).toEqual([]);
    // §4.4: the target filter matches dynamic targets as they are now.
    expect(await redirectIds(api, { target: now.target })).toEqual([r.id]);
    if (typeof r.target === 'string') expect(await redirectIds(api, { target: r.target })).not.toContain(r.id);
  },
);
requirement(
  {
    id: 'getRedirect.dynamic-target.url',
    level: 'MUST',
    source: ['§2.5', 'D-44', 'D-09'],
    basis: 'decision',
    title:
      "a product redirect's target is the product's current URL, /<alias>; a target sent back with it changes nothing",
  },
  async ({ api }) => {
    const { p, before, after, r } = await productRedirect(api);
    expect(r).toMatchObject({ resource: 'product', resourceId: p.id, target: `/${before}` });
    const renamed = await api.call('updateProduct', { params: { id: p.id }, body: { data: { alias: after } } });
    expectWritten(renamed, 'update');
    expect((await api.call('getRedirect', { params: { id: r.id } })).body?.data).toEqual({
      ...r,
      target: `/${after}`,
    });
    expect(await redirectIds(api, { path: `/${before}` })).toEqual([]);
    // The pair is what is stored: a target sent back with the redirect (as read) changes nothing (D-09, D-44).
    const sentBack = await api.call('updateRedirect', {
      params: { id: r.id },
      body: { data: { target: `/${before}` } },
    });
    expectWritten(sentBack, 'update');
    expect(sentBack.body?.data?.target).toBe(`/${after}`);
  },
);

// ---------------------------------------------------------------------------------------------------------
// Deleting a product deletes what hangs off it (D-40).

requirement(
  {
    id: 'deleteProduct.cascade',
    level: 'MUST',
    source: ['D-40'],
    basis: 'decision',
    title: 'deleting a product deletes its prices, media, downloads, specifications and inventory',
  },
  async ({ api }) => {
    const p = await product(api);
    const productId = p.id;
    const made: [string, Json][] = [];
    for (const noun of ['ProductPrice', 'ProductMedia', 'ProductDownload']) {
      const res = await api.untyped(`create${noun}`, {
        params: { productId },
        body: { data: await bodyFrom(api, op(`create${noun}`)) },
      });
      expectWritten(res, 'add');
      made.push([noun, resourceIn(res, 'data', `create${noun}`)]);
    }
    made.push([
      'ProductSpecification',
      await assigned(api, productId, { specification: uid('Heading'), value: uid('Value') }),
    ]);
    const stock = await addStock(api, { productId, locationId: 1, quantityInStock: 3 });
    expectWritten(await api.call('deleteProduct', { params: { id: productId } }), 'delete');
    for (const [noun, item] of made) {
      const family = families.find((x) => x.noun === noun)!;
      expectGone(
        await api.untyped(family.get.operationId, { params: { productId, [family.itemParam]: item.id } }),
        item,
        noun,
      );
    }
    expectGone(await api.call('getInventory', { params: { id: stock.id } }), stock, 'inventory entry');
    const left = itemsIn(await api.call('listInventory', { query: { productId } }), "the product's inventory");
    expect(
      left.some((x: Json) => stillListed(x, stock)),
      'inventory entry still listed',
    ).toBe(false);
  },
);
