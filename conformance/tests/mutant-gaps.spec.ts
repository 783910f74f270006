// Requirements found missing by the mutant runs (scripts/mutants.ts): a known-bad server that no requirement
// caught showed a rule of the document that the suite did not check yet. Black-box like the rest: each is stated
// from the source and the decisions, never from how a server is built. Each rests on a decision (basis, issue 12):
// §2.7 and §2.12 give the fields and relations, D-30, D-32, D-46 and D-52 the rules asserted here.
import { test, expect, requirement } from '../lib/requirement.ts';
import { create, product, uid } from '../lib/fixtures.ts';
import type { Api } from '../lib/api.ts';

/** A date-time `days` from now in the contract's shape (D-10). */
const inDays = (days: number) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19)}+00:00`;

test.describe('createProductMedia', () => {
  requirement({ id: 'createProductMedia.one-primary', level: 'MUST', area: 'resources', source: ['§2.7', 'D-46'], basis: 'decision', title: 'setting isPrimary on a media item clears it on the product\'s other items' }, async ({ api }) => {
    const p = await product(api);
    const first = await create(api, 'createProductMedia', { isPrimary: true }, { params: { productId: p.id } });
    const second = await create(api, 'createProductMedia', { isPrimary: true }, { params: { productId: p.id } });
    expect(second.isPrimary).toBe(true);
    const list = await api.call('listProductMedia', { params: { productId: p.id } });
    const primary = (list.body.data as { id: number; isPrimary: boolean }[]).filter((m) => m.isPrimary).map((m) => m.id);
    expect(primary).toEqual([second.id]);
    expect((await api.call('getProductMedia', { params: { productId: p.id, mediaId: first.id } })).body.data.isPrimary).toBe(false);
  });
});

test.describe('createProductPrice', () => {
  const price = (api: Api, productId: number, fields: Record<string, unknown>) => create(api, 'createProductPrice', fields, { params: { productId } });

  requirement({ id: 'createProductPrice.is-current', level: 'MUST', area: 'resources', source: ['D-30'], basis: 'decision', title: 'isCurrent is true only while now is inside the price\'s startOn/endOn window' }, async ({ api }) => {
    const p = await product(api);
    const cases: [Record<string, unknown>, boolean][] = [
      [{ startOn: null, endOn: null }, true],
      [{ startOn: inDays(-2), endOn: inDays(2) }, true],
      [{ startOn: inDays(2), endOn: null }, false],
      [{ startOn: inDays(-4), endOn: inDays(-2) }, false],
      [{ startOn: null, endOn: inDays(-1) }, false],
    ];
    for (const [window, current] of cases) {
      const made = await price(api, p.id, window);
      expect(made.isCurrent, JSON.stringify(window)).toBe(current);
      expect((await api.call('getProductPrice', { params: { productId: p.id, id: made.id } })).body.data.isCurrent, JSON.stringify(window)).toBe(current);
    }
  });

  requirement({ id: 'createProductPrice.unknown-access-role', level: 'MUST', area: 'resources', source: ['D-52', 'D-02'], basis: 'decision', title: 'an accessRoleId that names no access role is a 422 error.reference-not-found naming data.accessRoleId' }, async ({ api }) => {
    const p = await product(api);
    const res = await api.call('createProductPrice', { params: { productId: p.id }, body: { data: { currency: 'GBP', priceExcTax: 1, accessRoleId: 987654321 } } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ name: 'data.accessRoleId', ref: 'error.reference-not-found' }));
  });
});

test.describe('createSpecification', () => {
  requirement({ id: 'createSpecification.title-unique-any-case', level: 'MUST', area: 'resources', source: ['§2.12', 'D-32'], basis: 'decision', title: 'a heading title already used in another letter case is a 422 error.unique' }, async ({ api }) => {
    const title = uid('Heading');
    await create(api, 'createSpecification', { title });
    const res = await api.call('createSpecification', { body: { data: { title: title.toUpperCase() } } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ name: 'data.title', ref: 'error.unique' }));
  });
});
