// Redirects (§2.5): a dynamic target derived when read (D-44), paths unique per language and country.
import { fail } from '../../shared/errors.ts';
import { sql, type Row } from '../store/db.ts';
import type { ResourceDef } from '../store/types.ts';
import { schemaDefaults } from './lib.ts';

/** §2.5, D-44: a product's URL, `/<alias>`; null without an alias (or without the product). */
const productUrl = (alias: unknown) => (typeof alias === 'string' && alias !== '' ? `/${alias}` : null);

export default {
  name: 'redirects',
  schema: 'Redirect',
  listOperation: 'listRedirects',
  computed: {
    // §2.5: a dynamic target is stored as a resource and ID pair, so a later change of the target's URL makes no
    // chain. A `product` redirect's target is the product's URL when the redirect is read, never a copy (D-44);
    // pages and categories are not resources of this API, so their target stays as stored. The `target` filter
    // matches this, dynamic and static alike (§4.4).
    target: {
      stored: true,
      value: (o, _now, ctx) =>
        o.resource !== 'product'
          ? o.target
          : productUrl(
              (sql(ctx.db, 'SELECT alias FROM products WHERE id = ?').get(Number(o.resourceId)) as Row | undefined)
                ?.alias,
            ),
      sql: `(CASE WHEN "resource" = 'product' THEN (SELECT '/' || p."alias" FROM products p WHERE p.id = "redirects"."resourceId" AND p."alias" <> '') ELSE "target" END)`,
    },
  },
  defaults: () => ({ ...schemaDefaults('RedirectInput'), resourceId: 0 }),
  normalize: (_ctx, next) => {
    // A product redirect keeps the pair only: a target sent (or read and sent back) is not stored (§2.5, D-09).
    if (next.resource === 'product') next.target = null;
  },
  check: (ctx, next, _previous, self) => {
    // D-44
    if (next.resource === 'url' && !next.target)
      fail(422, 'error.required', 'data.target', 'is required for a url redirect', 'data');
    if (next.resource !== 'url' && !next.resourceId)
      fail(422, 'error.required', 'data.resourceId', `is required for a ${String(next.resource)} redirect`, 'data');
    self.unique(ctx, next, 'path', { scope: ['language', 'country'] });
  },
} satisfies ResourceDef;
