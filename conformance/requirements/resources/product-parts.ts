// What hangs off a product, beyond the lifecycle of each: its media and prices (§2.7 gives the fields and relations;
// D-30, D-46 and D-52 the rules asserted here), its inventory (§2.4, D-43, D-54), and what deleting it deletes (D-40).
// Every rule here is a decision of ours.
import { expect, requirement } from '../../lib/requirement.ts';
import { expect422, expectAccepted, expectWritten, errorsOf, itemsIn, resourceIn } from '../../lib/expectations.ts';
import { op, type Json } from '../../lib/contract.ts';
import { bodyFrom, create, product, uid } from '../../lib/fixtures.ts';
import type { Api } from '../../lib/api.ts';
import { families, expectGone, stillListed, assigned } from './shared.ts';

// ---------------------------------------------------------------------------------------------------------
// Product media and prices (§2.7 gives the fields and relations; D-30, D-46 and D-52 the rules asserted here).

/** A date-time `days` from now in the contract's shape (D-10). */
const inDays = (days: number) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19)}+00:00`;

requirement('createProductMedia.one-primary', '§2.7 D-46').test(
  "setting isPrimary on a media item clears it on the product's other items",
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

requirement('createProductPrice.is-current', 'D-30').test(
  "isCurrent is true only while now is inside the price's startOn/endOn window",
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

requirement('createProductPrice.defaults', 'D-30 D-39').test(
  'a price added with its currency and priceExcTax alone has priceIncTax equal to priceExcTax and quantityMin 1',
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

requirement('createProductPrice.unknown-access-role', 'D-52 D-02').test(
  'an accessRoleId that names no access role is a 422 error.reference-not-found naming data.accessRoleId',
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

requirement('createInventory.unique-location', 'D-43').test(
  'refuses a second entry for the same product and location with 422 error.unique',
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
requirement('createInventory.unknown-product', 'D-52').test(
  'refuses an unknown productId with 422 error.reference-not-found',
  async ({ api }) => {
    expect422(await api.call('createInventory', { body: { data: { productId: 987654321, locationId: 1 } } }), [
      { name: 'data.productId' },
      { ref: 'error.reference-not-found' },
    ]);
  },
);
requirement('createInventory.available', '§2.4 D-43 D-54').test(
  'quantityAvailable is quantityInStock − quantityReserved, after add and update',
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
requirement('createInventory.current-stock', '§2.3 §2.4 D-43').test(
  "the product's currentStock follows its inventory entries (sum over locations)",
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

requirement('deleteInventory.current-stock', '§2.4 D-43').test(
  "deleting an entry takes its stock out of the product's currentStock",
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
// Deleting a product deletes what hangs off it (D-40).

requirement('deleteProduct.cascade', 'D-40').test(
  'deleting a product deletes its prices, media, downloads, specifications and inventory',
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
