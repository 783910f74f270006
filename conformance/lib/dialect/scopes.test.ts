// `scopes` (D-07): the target's names for our scopes §5's table does not name; a 403, unstated.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assumedChoice, CONTRACT_DIALECT, parseDialect } from './keys.ts';
import { scopeOf, scopesOf, tableScopes } from './scopes.ts';

test("scopes: ours that §5's table does not name, renamed; a 403 to the full client, unstated, is theirs", () => {
  const loaded = parseDialect('scopes: { settings: admin }');
  assert.equal(scopeOf(loaded.dialect, 'settings'), 'admin');
  assert.ok(scopesOf(loaded.dialect).includes('admin') && !scopesOf(loaded.dialect).includes('settings'));
  assert.ok(tableScopes().has('products') && !tableScopes().has('settings'));
  const ours = { dialect: CONTRACT_DIALECT, stated: new Set<string>() };
  assert.equal(assumedChoice(ours, 'listGeozones', {}, 403)?.key, 'scopes');
  assert.equal(assumedChoice(ours, 'listGeozones', { as: 'readonly' }, 403), undefined);
  assert.equal(assumedChoice(loaded, 'listGeozones', {}, 403), undefined);
  assert.throws(() => parseDialect('scopes: { products: p, nothing: n }', 'd.yaml'), {
    problems: [
      "d.yaml: scopes.products is named by §5's table, not by a dialect (ours: D-07)",
      'd.yaml: scopes.nothing is not a scope of the document (ours: D-07)',
    ],
  });
});

test('scopes: one of ours split among the target scopes, each covering operations of ours, every one once', () => {
  const roles = ['listAccessRoles', 'createAccessRole', 'getAccessRole', 'updateAccessRole', 'deleteAccessRole'];
  const zones = ['listGeozones', 'createGeozone', 'getGeozone', 'updateGeozone', 'deleteGeozone'];
  const loaded = parseDialect(JSON.stringify({ scopes: { settings: { people: roles, config: zones } } }));
  assert.equal(scopeOf(loaded.dialect, 'settings', 'createAccessRole'), 'people');
  assert.equal(scopeOf(loaded.dialect, 'settings', 'getGeozone'), 'config');
  assert.equal(scopeOf(loaded.dialect, 'products', 'listProducts'), 'products');
  assert.ok(['people', 'config'].every((s) => scopesOf(loaded.dialect).includes(s)));
  assert.ok(!scopesOf(loaded.dialect).includes('settings'));
  assert.throws(
    () =>
      parseDialect(
        JSON.stringify({ scopes: { settings: { people: [...roles, 'listProducts'], config: zones.slice(1) } } }),
        'd.yaml',
      ),
    {
      problems: [
        'd.yaml: scopes.settings: listProducts is not an operation our settings covers (' +
          [...roles, ...zones].join(', ') +
          ') (ours: D-07)',
        'd.yaml: scopes.settings: listGeozones must be listed under exactly one of your scopes (ours: D-07)',
      ],
    },
  );
});
