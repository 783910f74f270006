// Specifications (§2.12, D-31..D-33, D-50..D-52, D-61): the headings and values a product is given, by ids or by
// titles; the same value twice, several values of a heading its variant settings use; texts an update of an
// assignment cannot change; a renamed or deleted heading or value, on every product that uses it.
// Basis: §2.12's rules are the source's (refused, any 4xx; accepted); how we refuse them (422 with an error ref),
// variant settings (D-61) and creating headings and values by titles (D-50) are decisions.
import { expect, requirement } from '../lib/requirement.ts';
import {
  expect422,
  expectAccepted,
  expectDeleted,
  expectRefused,
  expectWritten,
  resourceIn,
} from '../lib/expectations.ts';
import { wholeUpdate } from '../lib/updates.ts';
import { op } from '../lib/contract.ts';
import { product, specification, uid, value } from '../lib/fixtures.ts';
import { findListed, expectGone, assign, assigned, productSpecs } from './resources/shared.ts';

const SAME_VALUE_TWICE = 'The same value may not be assigned to the same product twice.';
const VARIANT_RULE =
  'A product may hold several values of one specification heading unless that heading is used by its variant settings.';
const AFFECTS_PRODUCTS = 'Altering or deleting a specification or a value affects all live products that use it.';

requirement('createProductSpecification.duplicate-value', '§2.12', { quote: SAME_VALUE_TWICE })
  .test(
    'refuses the same value twice on one product (by ids or by titles); another product may hold it',
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
  )
  .twin('status', '§2.12 D-31 D-02')
  .test('the same value twice on one product is a 422 error.duplicate-value', async ({ api }) => {
    const p = await product(api);
    const h = await specification(api);
    const v = await value(api, h.id);
    await assigned(api, p.id, { specificationId: h.id, valueId: v.id });
    expect422(await assign(api, p.id, { specificationId: h.id, valueId: v.id }), { ref: 'error.duplicate-value' });
    expect422(await assign(api, p.id, { specification: h.title, value: v.value }), { ref: 'error.duplicate-value' });
  });
requirement('createProductSpecification.variant-heading', '§2.12', { quote: VARIANT_RULE })
  .test('a product whose variant settings use no heading holds several values of one heading', async ({ api }) => {
    // How variant settings are given (`variantSpecificationIds`) is D-61's: the source part is the rule's default.
    const p = await product(api);
    const h = await specification(api);
    const [a, b] = [await value(api, h.id), await value(api, h.id)];
    expectAccepted(await assign(api, p.id, { specificationId: h.id, valueId: a.id }), 'a first value of the heading');
    expectAccepted(await assign(api, p.id, { specificationId: h.id, valueId: b.id }), 'a second value of the heading');
    expect((await productSpecs(api, p.id)).map((x) => x.valueId).sort()).toEqual([a.id, b.id].sort());
  })
  .twin('settings', '§2.12 D-61')
  .test(
    'allows a product one value of a heading its variant settings (variantSpecificationIds) use, several of any other heading; another product may hold several values of that heading',
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
  )
  .twin('status', '§2.12 D-31 D-61 D-02')
  .test(
    "a second value of a heading the product's variant settings use is a 422 error.variant-heading",
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
requirement('createProductSpecification.by-titles', '§2.12 D-31 D-50').test(
  'adding by titles creates the heading and value on the fly, then reuses them',
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

requirement('updateProductSpecification.no-texts', '§2.12 D-31', {
  quote: 'Existing headings and values cannot be changed through the product specification endpoints',
}).test(
  'heading and value texts sent in an update body change neither the product specification nor the heading or value',
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
    // The quote is of the existing heading and value: each is read by its own get before and after. Which value the
    // product points to afterwards (the same one, or another made for a text sent) is not what it speaks of.
    const { specificationId, valueId } = await read();
    const texts = async () => ({
      heading: resourceIn(
        await api.call('getSpecification', { params: { id: specificationId } }),
        'data',
        'get of the heading',
      ).title,
      value: resourceIn(
        await api.call('getSpecificationValue', { params: { specId: specificationId, id: valueId } }),
        'data',
        'get of the value',
      ).value,
    });
    const before = await texts();
    for (const k of ['specification', 'value']) {
      const res = await api.call('updateProductSpecification', {
        params: { productId: p.id, id: ps.id },
        body: { data: api.ours('updateProductSpecification', { [k]: uid('Renamed') }) },
      });
      if (res.status >= 300) expectRefused(res, `a ${k} text in an update`);
    }
    expect(await texts(), 'the existing heading and value, read by their own gets').toEqual(before);
  },
);
requirement('updateProductSpecification.value-of-heading', 'D-31 D-52').test(
  'refuses a valueId of another heading with 422 error.reference-not-found',
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

requirement('updateSpecificationValue.affects-products', '§2.12 D-33', { quote: AFFECTS_PRODUCTS }).test(
  'renaming a value changes it on every product that holds it',
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

requirement('updateSpecification.affects-products', '§2.12 D-32', { quote: AFFECTS_PRODUCTS }).test(
  'renaming a heading changes it on every product that uses it',
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

requirement('updateProduct.variant-heading', '§2.12 D-51 D-52 D-61').test(
  'refuses variant settings naming a heading of which the product holds two values (422 error.variant-heading) or an unknown heading (422 error.reference-not-found); a heading it holds one value of is fine',
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

requirement('deleteSpecificationValue.removes-from-products', '§2.12 D-33', { quote: AFFECTS_PRODUCTS }).test(
  'deleting a value removes it from the products that held it',
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

requirement('deleteSpecification.removes-from-products', '§2.12', { quote: AFFECTS_PRODUCTS })
  .test('deleting a heading removes it from the products that used it', async ({ api }) => {
    const p = await product(api);
    const keep = await assigned(api, p.id, { specification: uid('Heading'), value: uid('Value') });
    const gone = await assigned(api, p.id, { specification: uid('Heading'), value: uid('Value') });
    expectAccepted(await api.call('deleteSpecification', { params: { id: gone.specificationId } }));
    expect((await productSpecs(api, p.id)).map((s) => s.id)).toEqual([keep.id]);
  })
  .twin('cascade', '§2.12 D-32 D-61')
  .test("deleting a heading deletes its values and removes it from products' variant settings", async ({ api }) => {
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
  });
