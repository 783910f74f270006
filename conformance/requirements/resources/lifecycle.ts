// Every v2 resource of the document (§4.3, §2.3–§2.8, D-01, D-04, D-09, D-39), from its family (shared.ts): one
// data-driven lifecycle (add → get → update → list → delete → 404), the success envelope of every write, the fields
// "as returned", the shape of the stored object (every property, `null` for the unset optional values of a minimal
// add, date-time shape), required fields refused on add, sub-resources never reachable through another parent, the
// round trip (an object sent back as read, read-only fields included, is accepted and only what was changed changes)
// and ids never reused; the shipping service's round trip.
// Basis: the lifecycle, the success envelope of every write (§7), the fields "as returned" of §2.3–§2.8 and their
// types and the product media get's envelope (§4.3) are the source's (status codes and error bodies left out:
// `expectAccepted`/`expectRefused`); what they answer exactly (201, 204, 422 with an error ref) and every rule of
// ours are split off into `decision`/`platform` requirements.
// What each asserts of the exchanges its act makes is its judgement (judgements.ts), which the proxy runs over live
// traffic too; an act asserts only what it alone knows (its requests are valid, what it sent and read before).
import { expect, requirement } from '../../lib/requirement.ts';
import {
  createdIn,
  expectAccepted,
  expectRefused,
  expectWritten,
  errorNames,
  resourceIn,
} from '../../lib/expectations.ts';
import { headingOf } from '../../lib/returned.ts';
import { sentBack, statedFields } from '../../lib/updates.ts';
import { deref, type Json } from '../../lib/contract.ts';
import { config } from '../../lib/config.ts';
import { toldThrough } from '../../lib/dialect.ts';
import { bodyFrom, create, paramsFor, pick, uid } from '../../lib/fixtures.ts';
import type { Api } from '../../lib/api.ts';
import {
  type Family,
  families,
  props,
  readOnly,
  hasModifiedOn,
  requiredOf,
  type Made,
  make,
  itemParams,
  readItem,
  findListed,
  stillListed,
} from './shared.ts';
import {
  allProperties,
  asReturned,
  dateTimeShape,
  idNotReused,
  lifecycle,
  lifecycleStatus,
  mediaEnvelope,
  required,
  requiredGroup,
  successEnvelope,
} from './judgements.ts';

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
  // Sent back as read: what a whole update sends back where the dialect states a body (lib/updates.ts), else our
  // writable fields (D-09's round trip, declared).
  const stated = statedFields(family.update.operationId);
  const writable = stated
    ? sentBack(api, family.update.operationId, stored)
    : pick(
        stored,
        Object.keys(props(family.input)).filter((k) => !deref(props(family.input)[k]).readOnly),
      );
  if (!stated) api.ledger.declare(family.update.operationId, Object.keys(writable), 'D-09');
  return { change, data: { ...writable, ...change } };
}

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
/**
 * A list that judgements read for deleted items (one under a parent, or one that names them in `id:in`): the item a
 * list walks without either is one another client's delete may cross in live traffic, so only the act judges it.
 */
const judgedListing = (family: Family) =>
  family.parents.length > 0 || family.list.parameters.some((p) => p.name === 'id:in');

for (const family of families) {
  // §4.3: the five operations work together. Success is any 2xx (the codes are D-01's and D-04's, below), and the
  // update sends every writable field (the read one plus the change), so that it holds whether the target's
  // update is partial (D-01) or replaces the object.
  const cites = ['§4.3', ...family.create.source.filter((s) => s !== '§4.3')];
  requirement(`${family.create.operationId}.lifecycle`, cites, {
    quote: 'Each resource has list, get, add, update and delete operations.',
    judge: lifecycle(family),
  })
    .test(`add → get → update → list → delete → 404 for ${family.schemaName}`, async ({ api }) => {
      const m = await make(api, family);
      const ip = itemParams(family, m);
      const stored = await readItem(api, family, ip);
      // update: the stated update body (or the stated add body, fresh), else the update example, on top of the
      // writable fields as read
      const { change, data } = await wholeChange(api, family, stored);
      // The act knows its update and delete are valid: each must succeed (a refusal is no exchange to judge).
      expectAccepted(
        await api.untyped(family.update.operationId, { params: ip, body: { data } }),
        family.update.operationId,
      );
      const updated = await readItem(api, family, ip);
      // What the update sent and what the first get read, which only the act holds (memory keeps what writes
      // answered): the change reads back, as far as the target shows it (a field it does not return is its own
      // choice: §2.12 shows no fields of some resources, §4.3 no update body), the same instant perhaps with another
      // offset or `Z` (§2.1 gives the +00:00 shape "for example"); the creation time stays, the modification time
      // never goes back; a list holds the item as the get read it. The change expected is what the target was told
      // in its names (the dialect's fields), never what they could not carry.
      const told = toldThrough(config.dialect.dialect, family.create.operationId, change);
      const shown = Object.keys(told).filter((k) => k in updated);
      expect(instants(updated)).toMatchObject(instants({ ...pick(told, shown), id: m.item.id }));
      expect(updated.createdOn).toBe(stored.createdOn);
      if (hasModifiedOn(family))
        expect(Date.parse(updated.modifiedOn)).toBeGreaterThanOrEqual(Date.parse(stored.modifiedOn));
      expect(await findListed(api, family.list, m.params, m.item.id)).toEqual(updated);
      expectAccepted(await api.untyped(family.del.operationId, { params: ip }), family.del.operationId);
      await api.untyped(family.get.operationId, { params: ip });
      const after = await findListed(api, family.list, m.params, m.item.id);
      if (!judgedListing(family)) expect(stillListed(after, updated), 'listed after delete').toBe(false);
    })
    // D-01 (platform): add answers 201 and update 200, each with the single-resource envelope of the stored object.
    .twin('status', 'D-01', { platform: true, judge: lifecycleStatus(family) })
    .test(
      `add answers 201 and update 200 with the single-resource envelope of the stored ${family.schemaName}`,
      async ({ api }) => {
        const m = await make(api, family, {}, { setup: false });
        const ip = itemParams(family, m);
        await api.untyped(family.get.operationId, { params: ip });
        const upd = await api.untyped(family.update.operationId, {
          params: ip,
          body: { data: await bodyFrom(api, family.update, m.item) },
        });
        // The act knows its update is valid: it must succeed (a refusal is no exchange to judge).
        expectAccepted(upd, family.update.operationId);
        await api.untyped(family.get.operationId, { params: ip });
      },
    );
  // §7: a v2 success carries `success` true and `status` equal to the HTTP code, whichever 2xx it is (201 for an
  // add and 204 for a delete are D-01's and D-04's). An answer without a body (a 204, RFC 9110 §15.3.5, or an empty
  // 200) carries nothing: what it would carry is asserted of the answers that have one.
  requirement(`${family.create.operationId}.success-envelope`, '§7 §4.3', {
    quote: SUCCESS,
    judge: successEnvelope(family),
  }).test(
    `add, update and delete of a ${family.schemaName} that answer with a body carry success true and status equal to the HTTP code`,
    async ({ api }) => {
      const m = await make(api, family);
      const ip = itemParams(family, m);
      const { data } = await wholeChange(api, family, await readItem(api, family, ip));
      // The act knows its update and delete are valid: each must succeed (a refusal is no exchange to judge).
      expectAccepted(
        await api.untyped(family.update.operationId, { params: ip, body: { data } }),
        family.update.operationId,
      );
      expectAccepted(await api.untyped(family.del.operationId, { params: ip }), family.del.operationId);
    },
  );
  // §2.3–§2.8: the resources whose fields the source gives "as returned", each field with its type.
  const section = returnedSection[family.noun];
  if (section)
    requirement(`${family.get.operationId}.as-returned`, [`§${section}`, '§2.1'], {
      quote: headingOf(section),
      judge: asReturned(family, section),
    }).test(
      `get returns every field §${section} lists for ${family.schemaName}, each of the type it gives (or null, unset: §2.1)`,
      async ({ api }) => {
        const m = await make(api, family);
        await api.untyped(family.get.operationId, { params: itemParams(family, m) });
      },
    );

  const req = requiredOf(family.create);
  /** The add's example body without `fields`, sent under fresh parents. */
  const addWithout = async (api: Api, fields: string[]) => {
    const params = await paramsFor(api, family.create.operationId);
    const data = await bodyFrom(api, family.create);
    for (const k of fields) delete data[k];
    await api.untyped(family.create.operationId, { params, body: { data } });
  };
  for (const field of req.fields)
    requirement(`${family.create.operationId}.required.${field}`, 'D-39 D-02', {
      judge: required(family, field),
    }).test(`refuses an add without ${field} with 422 naming it`, async ({ api }) => {
      await addWithout(api, [field]);
    });
  for (const group of req.groups)
    requirement(`${family.create.operationId}.required.${group.join('-or-')}`, 'D-39 D-31 D-02', {
      judge: requiredGroup(family, group),
    }).test(`refuses an add without any of ${group.join(', ')} with 422 naming one`, async ({ api }) => {
      await addWithout(api, group);
    });

  requirement(`${family.get.operationId}.all-properties`, '§2.1 D-39', { judge: allProperties(family) }).test(
    `returns every property of ${family.schemaName} after a minimal add, unset optional values as null`,
    async ({ api }) => {
      const m = await makeMinimal(api, family);
      await api.untyped(family.get.operationId, { params: itemParams(family, m) });
    },
  );
  requirement(`${family.get.operationId}.date-time-shape`, '§2.1 D-10', { judge: dateTimeShape(family) }).test(
    'returns date-times as YYYY-MM-DDTHH:MM:SS±hh:mm',
    async ({ api }) => {
      const m = await make(api, family);
      await api.untyped(family.get.operationId, { params: itemParams(family, m) });
    },
  );
  if (family.parents.length) {
    requirement(`${family.get.operationId}.other-parent`, 'D-04').test(
      `an item reached through another ${family.parents.join('/')} answers 404 on get, update and delete, and stays`,
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
  requirement(`${family.update.operationId}.round-trip`, 'D-09 D-01').test(
    `accepts a ${family.schemaName} sent back as get returned it (read-only fields ${readOnly(family).join(', ')} included and ignored); only what was changed changes`,
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
requirement('getProductMedia.envelope', '§4.3 §2.1 §7', {
  quote: 'Get of a single product media item returns the single-resource envelope with the Product Media object.',
  judge: mediaEnvelope(media),
}).test(
  'get of a product media item answers 200 with the single-resource envelope: success true, status 200, data the item',
  async ({ api }) => {
    const m = await make(api, media);
    await api.untyped(media.get.operationId, { params: itemParams(media, m) });
  },
);

// ---------------------------------------------------------------------------------------------------------
// Ids are never reused (D-04), for every resource: an add right after deleting the newest item (the case where a
// table that hands out max(id) + 1 gives the id again) gets a new id, and the deleted id still answers 404. The
// next add's body is made before the delete, so nothing else of the test is added in between; a few rounds, so
// that an item another test adds meanwhile (then the deleted one is not the newest) cannot hide a reuse.

for (const family of families) {
  requirement(`${family.del.operationId}.id-not-reused`, '§4.3 D-04', { judge: idNotReused(family) }).test(
    `delete answers 204 without a body; an add right after deleting the newest ${family.schemaName} never gets the deleted id, which answers 404`,
    async ({ api }) => {
      for (let round = 0; round < 3; round++) {
        const m = await make(api, family);
        const data = await bodyFrom(api, family.create);
        // The act knows its delete and its add are valid: each must succeed (a refusal is no exchange to judge).
        expectAccepted(await api.untyped(family.del.operationId, { params: itemParams(family, m) }), 'the delete');
        expectAccepted(
          await api.untyped(family.create.operationId, { params: m.params, body: { data } }),
          family.create.operationId,
        );
        await api.untyped(family.get.operationId, { params: itemParams(family, m) });
      }
    },
  );
}

// ---------------------------------------------------------------------------------------------------------
// The round trip of the App's shipping service registration (D-09, D-18), wrapped in `shippingService` rather
// than `data`; contacts have theirs in ../contacts/lifecycle.ts.

requirement('updateShippingService.round-trip', 'D-09 D-18').test(
  'accepts a shipping service sent back as get returned it (id and created included and ignored); only what was changed changes',
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
