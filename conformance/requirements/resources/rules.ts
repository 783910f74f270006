// The rules of single resources beyond their lifecycle: built-in access roles and geozones (D-34, D-35), a heading's
// title unique in any case (D-32), a webhook's owner, URL scheme, apiVersion and metadata (§2.8, §5, §6, D-19, D-45),
// and redirect targets (§2.5, D-44).
// Basis: webhook scoping, apiVersion and metadata, and the static and dynamic redirect targets are the source's
// (refused, any 4xx); what they answer exactly (a 404 for another client's webhook) and every rule of ours are
// `decision`/`platform` requirements.
import { expect, requirement } from '../../lib/requirement.ts';
import {
  expect422,
  expectAccepted,
  expectWritten,
  errorsOf,
  everyItem,
  itemsIn,
  resourceIn,
} from '../../lib/expectations.ts';
import { wholeUpdate } from '../../lib/updates.ts';
import { op, type Json } from '../../lib/contract.ts';
import { bodyFrom, bodyWith, create, exampleOf, product, uid, uniqueValue } from '../../lib/fixtures.ts';
import type { Api, ApiResponse } from '../../lib/api.ts';
import { type Family, families, props, make, findListed } from './shared.ts';

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
  const cites = `§2.12 ${named?.decision ?? 'D-34'}`;
  requirement(`${family.list.operationId}.built-ins`, cites).test(
    `lists the built-in ${family.schemaName}s with isBuiltIn true`,
    async ({ api }) => {
      const list = await builtIns(api, family);
      if (named)
        expect(list.map((x) => x[named.field]).sort()).toEqual(expect.arrayContaining([...named.values].sort()));
      expect(list.length).toBeGreaterThan(0);
      // A custom one is not built in.
      expect((await make(api, family)).item.isBuiltIn).toBe(false);
    },
  );
  requirement(`${family.update.operationId}.built-in`, cites).test(
    `refuses to change a built-in ${family.schemaName} with 422 error.built-in; it stays unchanged`,
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
  requirement(`${family.del.operationId}.built-in`, cites).test(
    `refuses to delete a built-in ${family.schemaName} with 422 error.built-in; it stays`,
    async ({ api }) => {
      for (const b of await builtIns(api, family)) {
        expect422(await api.untyped(family.del.operationId, { params: { id: b.id } }), { ref: 'error.built-in' });
        expect((await api.untyped(family.get.operationId, { params: { id: b.id } })).body?.data).toEqual(b);
      }
    },
  );
}

// A heading's title is unique whatever its letter case (§2.12 gives the field, D-32 the rule).
requirement('createSpecification.title-unique-any-case', '§2.12 D-32').test(
  'a heading title already used in another letter case is a 422 error.unique',
  async ({ api }) => {
    const title = uid('Heading');
    await create(api, 'createSpecification', { title });
    const res = await api.call('createSpecification', { body: { data: { title: title.toUpperCase() } } });
    expect(res.status).toBe(422);
    expect(errorsOf(res)).toContainEqual(expect.objectContaining({ name: 'data.title', ref: 'error.unique' }));
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

requirement('getWebhook.scoped-to-client', '§5 §6', {
  quote: 'Subscriptions are scoped to the App client that owns them.',
})
  .test(
    "another App client cannot see, change or delete a client's webhook: absent from its list, refused on get, update and delete",
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
  )
  .twin('not-found', '§6 D-45')
  .test(
    "another App client's webhook answers 404 on get, update and delete, and is absent from its full list",
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

requirement('createWebhook.uri-scheme', 'D-19', { platform: true }).test(
  'refuses an http URL of a non-loopback host with 422 error.uri-scheme-invalid; accepts https and http loopback',
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
requirement('createWebhook.api-version', '§2.8 §9 D-45', { quote: 'a `v2` value is returned' }).test(
  "records apiVersion 'v2'",
  async ({ api }) => {
    // "as returned" (§2.8): by a get; what an add answers is D-01's.
    const w = await hook(api, { events: ['products/*'] });
    expect(
      resourceIn(await api.call('getWebhook', { params: { id: w.id } }), 'data', 'get of the webhook').apiVersion,
    ).toBe('v2');
  },
);

requirement('createWebhook.metadata', '§6 §2.8', { quote: '`metadata` is returned with the subscription' }).test(
  'the metadata an App sends with a subscription is returned with it, as sent, and an update of it too',
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

requirement('createRedirect.url-target-required', '§2.5 D-44').test(
  'refuses a url redirect without target with 422 naming target',
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
requirement('createRedirect.resource-id-required', '§2.5 D-44').test(
  'refuses a product redirect without resourceId with 422 naming resourceId',
  async ({ api }) => {
    expect422(await api.call('createRedirect', { body: { data: { resource: 'product', path: `/${uid('from')}` } } }), {
      name: 'data.resourceId',
    });
  },
);

requirement('createRedirect.static-target', '§2.5', {
  quote: 'A static target is a file in the media library or an external URL.',
}).test('a url redirect to an external URL keeps that URL as its target', async ({ api }) => {
  const target = `https://example.com/${uid('elsewhere')}`;
  const r = await create(api, 'createRedirect', { resource: 'url', resourceId: undefined, target });
  // As a get returns it (§2.5): what an add answers is D-01's.
  expect(
    resourceIn(await api.call('getRedirect', { params: { id: r.id } }), 'data', 'get of the redirect'),
  ).toMatchObject({ resource: 'url', target });
});

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
requirement('getRedirect.dynamic-target', '§2.5 §4.4', {
  quote: "so later changes to the target's URL do not create chained redirects",
})
  .test(
    "a product redirect follows the product's URL: a changed alias moves its target, with no new redirect and no chain, and the target filter finds it by its current target",
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
  )
  .twin('url', '§2.5 D-44 D-09')
  .test(
    "a product redirect's target is the product's current URL, /<alias>; a target sent back with it changes nothing",
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
