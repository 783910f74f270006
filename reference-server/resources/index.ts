// Each v2 resource's definition (§2, §3, §4.3): its table is shaped by the contract's schema (store/resource.ts);
// what is here is only what the schema cannot say: defaults, derived fields and business rules.
import { schema as schemaNamed, deref, type Schema } from '../../openapi/contract.ts';
import { requireAppUrl } from '../core/app-urls.ts';
import { fail } from '../core/errors.ts';
import { sql, type Row } from '../store/db.ts';
import { Resource, type Ctx, type ListSyntax, type Obj, type ResourceDef } from '../store/resource.ts';
import { shippingServices } from '../shipping/services.ts';

/**
 * Defaults of the writable fields, from the Input schema: its `default`s, else null — unset optional values are null
 * (§2.1) — except that a field the schema says is never null gets the empty value of its type (false, 0, [], {}).
 * Read-only fields are the server's (D-09).
 */
function schemaDefaults(schemaName: string): Obj {
  const props = schemaNamed(schemaName)?.properties ?? {};
  return Object.fromEntries(
    Object.entries(props)
      .filter(([, p]) => !deref<Schema>(p).readOnly)
      .map(([name, p]) => {
        const s = deref<Schema>(p);
        if (s.default !== undefined) return [name, s.default];
        const types: string[] = s.oneOf || s.anyOf ? ['null'] : [s.type ?? []].flat();
        if (types.includes('null')) return [name, null];
        return [name, { number: 0, integer: 0, boolean: false, array: [], object: {} }[types[0] as string] ?? null];
      }),
  );
}

const nextNumber = (ctx: Ctx, table: string, column: string, where = '1 = 1', arg: number | null = null) =>
  Number(
    (
      sql(ctx.db, `SELECT coalesce(max("${column}"), 0) + 1 AS n FROM "${table}" WHERE ${where}`).get(
        ...(arg === null ? [] : [arg]),
      ) as Row
    ).n,
  );

function mustExist(ctx: Ctx, table: string, id: unknown, field: string, what: string): void {
  if (id === null || id === undefined) return;
  if (!sql(ctx.db, `SELECT 1 FROM "${table}" WHERE id = ?`).get(Number(id))) {
    fail(422, 'error.reference-not-found', `data.${field}`, `No ${what} with id ${String(id)}`, 'data');
  }
}

function readOnlyBuiltIn(what: string) {
  return {
    check: (_ctx: Ctx, _next: Obj, previous: Obj | undefined) => {
      if (previous?.isBuiltIn) fail(422, 'error.built-in', 'id', `A built-in ${what} cannot be changed`, 'path');
    },
    beforeDelete: (_ctx: Ctx, existing: Obj) => {
      if (existing.isBuiltIn) fail(422, 'error.built-in', 'id', `A built-in ${what} cannot be deleted`, 'path');
    },
  };
}

const isPublic = (o: Obj, now: Date) =>
  o.isActive === true &&
  (o.publishStartOn === null || Date.parse(String(o.publishStartOn)) <= now.getTime()) &&
  (o.publishEndOn === null || Date.parse(String(o.publishEndOn)) > now.getTime());

const products: ResourceDef = {
  name: 'products',
  schema: 'Product',
  listOperation: 'listProducts',
  computed: {
    // §3: derived at the time of the request, never stored.
    status: {
      value: (o, now) => (isPublic(o, now) ? 'public' : 'admin'),
      sql: `(CASE WHEN "isActive" = 1 AND ("publishStartOn" IS NULL OR "publishStartOn" <= $now) AND ("publishEndOn" IS NULL OR "publishEndOn" > $now) THEN 'public' ELSE 'admin' END)`,
      // The same rule negated, in terms the indexes below answer (`admin` is the selective value). A product is
      // `public` exactly when this is not true (false, or null where a date is null), so `public` is counted as all
      // products less the `admin` ones, without reading every product as the CASE above would.
      where: { admin: `("isActive" = 0 OR "isActive" IS NULL OR "publishStartOn" > $now OR "publishEndOn" <= $now)` },
      complement: { public: 'admin' },
    },
  },
  defaults: (ctx) => ({
    ...schemaDefaults('ProductInput'),
    type: 'physical',
    priceType: 'buy',
    condition: 'new',
    isActive: true,
    isPurchasable: true,
    isSearchable: true,
    isIndexable: true,
    taxClassId: 1,
    orderQuantityMin: 1,
    countRating: 0,
    averageRating: null,
    currentStock: null,
    createdBy: null,
    modifiedBy: null,
    quickfind: nextNumber(ctx, 'products', 'quickfind'),
  }),
  check: (ctx, next, _previous, self) => {
    self.unique(ctx, next, 'sku', { nocase: true });
    checkVariantSettings(ctx, next);
  }, // D-37, D-61
  beforeDelete: (ctx, existing) => {
    // D-40
    for (const t of ['productPrices', 'productMedia', 'productDownloads', 'productSpecifications', 'inventory']) {
      sql(ctx.db, `DELETE FROM "${t}" WHERE "productId" = ?`).run(Number(existing.id));
    }
  },
  indexes: ['isActive', 'publishStartOn', 'publishEndOn'],
};

const productParent = { param: 'productId', column: 'productId', table: 'products', what: 'product' };

const productPrices: ResourceDef = {
  name: 'productPrices',
  schema: 'ProductPrice',
  listOperation: 'listProductPrices',
  parent: productParent,
  computed: {
    isCurrent: {
      // D-30
      value: (o, now) =>
        (o.startOn === null || Date.parse(String(o.startOn)) <= now.getTime()) &&
        (o.endOn === null || Date.parse(String(o.endOn)) > now.getTime()),
      sql: `(("startOn" IS NULL OR "startOn" <= $now) AND ("endOn" IS NULL OR "endOn" > $now))`,
    },
  },
  defaults: () => ({ ...schemaDefaults('ProductPriceInput'), quantityMin: 1 }),
  check: (ctx, next) => {
    mustExist(ctx, 'accessRoles', next.accessRoleId, 'accessRoleId', 'access role');
    if (next.startOn && next.endOn && Date.parse(String(next.endOn)) <= Date.parse(String(next.startOn)))
      fail(422, 'error.minimum', 'data.endOn', 'must be after startOn', 'data');
  },
};

const productMedia: ResourceDef = {
  name: 'productMedia',
  schema: 'ProductMedia',
  listOperation: 'listProductMedia',
  parent: productParent,
  defaults: (ctx, _input, productId) => ({
    ...schemaDefaults('ProductMediaInput'),
    type: 'photo',
    createdBy: null,
    modifiedBy: null,
    sequence: nextNumber(ctx, 'productMedia', 'sequence', '"productId" = ?', productId!),
  }),
  check: (ctx, next) => {
    if (next.image === null && next.video === null)
      fail(422, 'error.required', 'data.image', 'image or video is required', 'data'); // D-39
    if (next.isPrimary)
      sql(ctx.db, 'UPDATE "productMedia" SET "isPrimary" = 0 WHERE "productId" = ? AND id IS NOT ?').run(
        Number(next.productId),
        (next.id ?? null) as number | null,
      ); // D-46
  },
};

const productDownloads: ResourceDef = {
  name: 'productDownloads',
  schema: 'ProductDownload',
  listOperation: 'listProductDownloads',
  parent: productParent,
  defaults: (ctx, _input, productId) => ({
    ...schemaDefaults('ProductDownloadInput'),
    visibility: 'public',
    createdBy: null,
    modifiedBy: null,
    sequence: nextNumber(ctx, 'productDownloads', 'sequence', '"productId" = ?', productId!),
  }),
};

const specifications: ResourceDef = {
  name: 'specifications',
  schema: 'Specification',
  listOperation: 'listSpecifications',
  defaults: (ctx) => ({
    ...schemaDefaults('SpecificationInput'),
    sequence: nextNumber(ctx, 'specifications', 'sequence'),
  }),
  check: (ctx, next, _previous, self) => {
    self.unique(ctx, next, 'title', { nocase: true }); // D-32
  },
  afterWrite: (ctx, saved) => {
    // §2.12: changing a heading affects every product that uses it
    sql(ctx.db, 'UPDATE "productSpecifications" SET specification = ? WHERE "specificationId" = ?').run(
      String(saved.title),
      Number(saved.id),
    );
  },
  beforeDelete: (ctx, existing) => {
    sql(ctx.db, 'DELETE FROM "productSpecifications" WHERE "specificationId" = ?').run(Number(existing.id));
    sql(ctx.db, 'DELETE FROM "specificationValues" WHERE "specificationId" = ?').run(Number(existing.id));
    // D-61: no product's variant settings name a deleted heading (a cascade: no event, D-53).
    sql(
      ctx.db,
      `UPDATE products SET "variantSpecificationIds" = (SELECT json_group_array(value) FROM json_each(products."variantSpecificationIds") WHERE value <> $id)
      WHERE EXISTS (SELECT 1 FROM json_each(products."variantSpecificationIds") WHERE value = $id)`,
    ).run({ id: Number(existing.id) });
  },
};

const specificationValues: ResourceDef = {
  name: 'specificationValues',
  schema: 'SpecificationValue',
  listOperation: 'listSpecificationValues',
  parent: { param: 'specId', column: 'specificationId', table: 'specifications', what: 'specification' },
  defaults: (ctx, _input, specId) => ({
    ...schemaDefaults('SpecificationValueInput'),
    sequence: nextNumber(ctx, 'specificationValues', 'sequence', '"specificationId" = ?', specId!),
  }),
  check: (ctx, next, _previous, self) => self.unique(ctx, next, 'value', { scope: ['specificationId'] }), // D-33
  afterWrite: (ctx, saved) => {
    sql(ctx.db, 'UPDATE "productSpecifications" SET value = ? WHERE "valueId" = ?').run(
      String(saved.value),
      Number(saved.id),
    );
  },
  beforeDelete: (ctx, existing) => {
    sql(ctx.db, 'DELETE FROM "productSpecifications" WHERE "valueId" = ?').run(Number(existing.id));
  },
};

const productSpecifications: ResourceDef = {
  name: 'productSpecifications',
  schema: 'ProductSpecification',
  listOperation: 'listProductSpecifications',
  parent: productParent,
  defaults: (ctx, _input, productId) => ({
    sequence: nextNumber(ctx, 'productSpecifications', 'sequence', '"productId" = ?', productId!),
  }),
  check: (ctx, next) => {
    // §2.12, D-31
    const clash = sql(
      ctx.db,
      'SELECT 1 FROM "productSpecifications" WHERE "productId" = ? AND "valueId" = ? AND id IS NOT ?',
    ).get(Number(next.productId), Number(next.valueId), (next.id ?? null) as number | null);
    if (clash)
      fail(422, 'error.duplicate-value', 'data.valueId', 'This value is already assigned to the product', 'data');
    // D-61: one value of a heading that this product's variant settings use; any number on other products.
    const variant = sql(
      ctx.db,
      'SELECT 1 FROM products, json_each(products."variantSpecificationIds") h WHERE products.id = ? AND h.value = ?',
    ).get(Number(next.productId), Number(next.specificationId));
    const sameHeading = sql(
      ctx.db,
      'SELECT 1 FROM "productSpecifications" WHERE "productId" = ? AND "specificationId" = ? AND id IS NOT ?',
    ).get(Number(next.productId), Number(next.specificationId), (next.id ?? null) as number | null);
    if (variant && sameHeading)
      fail(
        422,
        'error.variant-heading',
        'data.specificationId',
        "This heading is used by the product's variant settings: the product may hold only one of its values",
        'data',
      );
  },
};

/** §2.12, D-61: a product's variant settings name existing headings, none of which it already holds two values of. */
function checkVariantSettings(ctx: Ctx, product: Obj): void {
  for (const id of (product.variantSpecificationIds ?? []) as number[]) {
    mustExist(ctx, 'specifications', id, 'variantSpecificationIds', 'specification');
    const held =
      product.id !== undefined &&
      (sql(
        ctx.db,
        'SELECT count(*) AS n FROM "productSpecifications" WHERE "productId" = ? AND "specificationId" = ?',
      ).get(Number(product.id), id) as Row | false);
    if (held && Number(held.n) > 1)
      fail(
        422,
        'error.variant-heading',
        'data.variantSpecificationIds',
        `The product holds several values of specification ${id}: it cannot be a variant heading of the product`,
        'data',
      );
  }
}

const accessRoles: ResourceDef = {
  name: 'accessRoles',
  schema: 'AccessRole',
  listOperation: 'listAccessRoles',
  defaults: () => ({ ...schemaDefaults('AccessRoleInput'), isBuiltIn: false }),
  check: (ctx, next, previous, self) => {
    readOnlyBuiltIn('access role').check(ctx, next, previous);
    self.unique(ctx, next, 'reference', { nocase: true });
  },
  beforeDelete: readOnlyBuiltIn('access role').beforeDelete,
};

const geozones: ResourceDef = {
  name: 'geozones',
  schema: 'Geozone',
  listOperation: 'listGeozones',
  defaults: () => ({ ...schemaDefaults('GeozoneInput'), isBuiltIn: false }),
  check: (ctx, next, previous) => {
    readOnlyBuiltIn('geozone').check(ctx, next, previous);
    // D-54: a country given without regions covers the whole country; it reads back as `regions: []`.
    next.countries = (next.countries as Obj[]).map((c) => ({ ...c, regions: c.regions ?? [] }));
  },
  beforeDelete: readOnlyBuiltIn('geozone').beforeDelete,
};

const inventory: ResourceDef = {
  name: 'inventory',
  schema: 'Inventory',
  listOperation: 'listInventory',
  computed: {
    quantityAvailable: {
      value: (o) => Number(o.quantityInStock) - Number(o.quantityReserved ?? 0),
      sql: '("quantityInStock" - coalesce("quantityReserved", 0))',
    }, // D-43
  },
  defaults: () => schemaDefaults('InventoryInput'),
  check: (ctx, next) => {
    mustExist(ctx, 'products', next.productId, 'productId', 'product');
    const clash = sql(ctx.db, 'SELECT 1 FROM inventory WHERE "productId" = ? AND "locationId" = ? AND id IS NOT ?').get(
      Number(next.productId),
      Number(next.locationId),
      (next.id ?? null) as number | null,
    );
    if (clash)
      fail(
        422,
        'error.unique',
        'data.locationId',
        'The product already has an inventory entry at this location',
        'data',
      );
  },
  afterWrite: (ctx, saved, previous) => {
    refreshStock(ctx, Number(saved.productId));
    if (previous && previous.productId !== saved.productId) refreshStock(ctx, Number(previous.productId));
  },
  afterDelete: (ctx, existing) => refreshStock(ctx, Number(existing.productId)),
};
/** D-43: a product's currentStock is the sum over its locations. */
function refreshStock(ctx: Ctx, productId: number): void {
  sql(
    ctx.db,
    'UPDATE products SET "currentStock" = (SELECT sum("quantityInStock") FROM inventory WHERE "productId" = $p) WHERE id = $p',
  ).run({ p: productId });
}

/** §2.5, D-44: a product's URL, `/<alias>`; null without an alias (or without the product). */
const productUrl = (alias: unknown) => (typeof alias === 'string' && alias !== '' ? `/${alias}` : null);

const redirects: ResourceDef = {
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
          : ctx
            ? productUrl(
                (sql(ctx.db, 'SELECT alias FROM products WHERE id = ?').get(Number(o.resourceId)) as Row | undefined)
                  ?.alias,
              )
            : null,
      sql: `(CASE WHEN "resource" = 'product' THEN (SELECT '/' || p."alias" FROM products p WHERE p.id = "redirects"."resourceId" AND p."alias" <> '') ELSE "target" END)`,
    },
  },
  defaults: () => ({ ...schemaDefaults('RedirectInput'), resourceId: 0 }),
  check: (ctx, next, _previous, self) => {
    // D-44
    if (next.resource === 'url' && !next.target)
      fail(422, 'error.required', 'data.target', 'is required for a url redirect', 'data');
    if (next.resource !== 'url' && !next.resourceId)
      fail(422, 'error.required', 'data.resourceId', `is required for a ${String(next.resource)} redirect`, 'data');
    // A product redirect keeps the pair only: a target sent (or read and sent back) is not stored (§2.5, D-09).
    if (next.resource === 'product') next.target = null;
    self.unique(ctx, next, 'path', { scope: ['language', 'country'] });
  },
};

const webhooks: ResourceDef = {
  name: 'webhooks',
  schema: 'Webhook',
  listOperation: 'listWebhooks',
  owner: 'private',
  defaults: () => ({ ...schemaDefaults('WebhookInput'), apiVersion: 'v2', isActive: true, metadata: {} }),
  check: (_ctx, next) => requireAppUrl(next.url, 'url'), // D-19
};

/**
 * Every v2 resource stored as one table, by its event name (D-17): adding a resource to the API is adding its
 * definition here and its handlers to handlers/index.ts.
 */
export const definitions = {
  products,
  productPrices,
  productMedia,
  productDownloads,
  specifications,
  specificationValues,
  productSpecifications,
  accessRoles,
  geozones,
  inventory,
  redirects,
  webhooks,
  shippingServices,
};
export type Resources = { [K in keyof typeof definitions]: Resource };

/** One app's resources: fresh instances, so that a fault patching one app's resource leaves another app's alone. */
export function createResources(listSyntax: ListSyntax): Resources {
  return Object.fromEntries(
    Object.entries(definitions).map(([name, def]) => [name, new Resource(def, listSyntax)]),
  ) as Resources;
}
