// The demo store (`npm run serve -- --demo`): a small tea and coffee shop for a frontend to show. This file
// is data only; demo/seed.ts sends it through the API's own operations, so every rule of the contract holds for it.
// Ids are not known before the server gives them, so the data names what it refers to: products by `sku`, access
// roles by `reference`, specification headings by `title`. Product photos are paths of the images the server draws
// itself (demo/images.ts), made absolute on its own origin by seed.ts, so a product grid shows them with no network;
// every other URL is under an `example.com` domain (RFC 2606): valid data, never fetched. Telephone numbers are from the ranges set aside for drama (Ofcom 020 7946 0xxx, 07700
// 900xxx; 555-01xx in North America).
import type { components, operations } from '../../openapi/dist/types.ts';
import { DEFAULT_CURRENCY_RATES } from '../core/config.ts';
import { demoImagePath } from './images.ts';

type Schemas = components['schemas'];
/** The body an add operation takes: its *Input* schema with the fields that add requires (D-29, D-39). */
type AddBody<Op extends keyof operations> = NonNullable<operations[Op]['requestBody']>['content']['application/json'];
type Add<Op extends keyof operations> = AddBody<Op> extends { data: infer T } ? T : never;

/** UK VAT, the rate the store's GBP prices include (`priceIncTax`, D-30). */
const VAT = 0.2;

/** A price list: who pays what, derived from a product's GBP retail price including VAT (`pricesOf`). */
interface PriceList {
  currency: string;
  /** An access role's `reference` (D-30: a preferential price), or everyone. */
  role?: string;
  /** Off the retail price excluding tax, for a role's list. */
  discount?: number;
  quantityMin?: number;
  /** A scheduled window (D-30): a sale, kept as history once over. */
  startOn?: string;
  endOn?: string;
}

/** Every product has a price on each list. */
const priceLists: PriceList[] = [
  { currency: 'GBP' },
  { currency: 'EUR' },
  { currency: 'USD' },
  { currency: 'GBP', role: 'trade', discount: 0.25 },
  { currency: 'GBP', role: 'wholesale', discount: 0.35, quantityMin: 24 },
];

/** Sales (GBP, everyone), applied to the products that name a `sale` percentage: one over, one to come. */
const sales: PriceList[] = [
  { currency: 'GBP', startOn: '2025-11-28T00:00:00+00:00', endOn: '2025-12-01T23:59:59+00:00' },
  { currency: 'GBP', startOn: '2026-11-27T00:00:00+00:00', endOn: '2026-11-30T23:59:59+00:00' },
];

export interface DemoProduct {
  /** The product's own fields (D-39: `title` and `sku` are required). */
  fields: Schemas['ProductInput'] & { title: string; sku: string };
  /** The `sku` of the product this one is a variant of (`variantOf`), listed earlier. */
  variantOf?: string;
  /** The headings its variants are made by (`variantSpecificationIds`, D-61), by title. */
  variantHeadings?: string[];
  /** Retail price in GBP including VAT; the other price lists derive from it. */
  retailGbp: number;
  /** VAT rate when not the standard one (gift cards are single-purpose vouchers, outside VAT). */
  vat?: number;
  /** Percent off in each of the `sales`. */
  sale?: number;
  media: Media[];
  downloads?: Add<'createProductDownload'>[];
  /** Specification heading title → value text (added by titles, D-31); every heading is one of `specifications`. */
  specifications: Record<string, string>;
  stock: Omit<Add<'createInventory'>, 'productId'>[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
/** Shelf prices in other currencies end in .95, as a shop prices them, not as the exchange rate falls. */
const shelfPrice = (n: number) => Math.max(0.95, Math.ceil(n) - 0.05);

/** A price as sent, but with its access role named by `reference` (the seeder sends `accessRoleId`). */
export type DemoPrice = Omit<Add<'createProductPrice'>, 'accessRoleId'> & { role?: string };

/** The prices of one product (D-30), one per price list and sale. */
export function pricesOf(p: DemoProduct): DemoPrice[] {
  const vat = p.vat ?? VAT;
  const retailExc = p.retailGbp / (1 + vat);
  const price = (incTax: number) => ({ priceIncTax: round2(incTax), priceExcTax: round2(incTax / (1 + vat)) });
  const listed = priceLists.map((list) => {
    const rate = DEFAULT_CURRENCY_RATES[list.currency] ?? 1;
    const incTax = list.role
      ? retailExc * (1 - (list.discount ?? 0)) * (1 + vat)
      : list.currency === 'GBP'
        ? p.retailGbp
        : shelfPrice(p.retailGbp * rate);
    return { currency: list.currency, quantityMin: list.quantityMin ?? 1, ...price(incTax), role: list.role };
  });
  const onSale = p.sale
    ? sales.map((s) => ({
        currency: s.currency,
        startOn: s.startOn,
        endOn: s.endOn,
        ...price(p.retailGbp * (1 - p.sale! / 100)),
      }))
    : [];
  return [...listed, ...onSale];
}

/** A media item as added: an add needs `image` or `video` (D-39). */
type Media = Schemas['ProductMediaInput'] & ({ image: string } | { video: string });

/**
 * Photos of a product: `alts` are their alt texts (`title`, §2.7), the first is the primary one (D-46). The image is
 * a path on the server (demo/images.ts draws it); seed.ts makes it absolute, as D-46 needs, on the server's origin.
 */
function photos(slug: string, alts: string[]): Media[] {
  return alts.map((title, i) => ({
    type: 'photo',
    image: demoImagePath(slug, i + 1),
    title,
    isPrimary: i === 0,
  }));
}

/** A brewing guide (§2.6), public. */
const guide = (slug: string, title: string): Add<'createProductDownload'> => ({
  file: `https://files.example.com/guides/${slug}.pdf`,
  title,
  visibility: 'public',
});

/**
 * Stock in the reference server's warehouses (locations 1–3, D-43): `[locationId, quantityInStock, shelfLocation,
 * quantityReserved?]`; the first location listed is the one to ship from (`isPreferred`, D-21).
 */
function stock(...entries: [number, number, string, number?][]): DemoProduct['stock'] {
  return entries.map(([locationId, quantityInStock, shelfLocation, quantityReserved], i) => ({
    locationId,
    quantityInStock,
    shelfLocation,
    quantityReserved: quantityReserved ?? null,
    isPreferred: i === 0,
    issueAlertAtQuantity: 10,
    defaultReorderQuantity: 48,
  }));
}

/** A packet of tea or coffee: the fields every one of them shares. */
const packet = (grams: number) => ({
  type: 'physical' as const,
  packagedWeight: grams + 40,
  packagedWidth: 90,
  packagedHeight: 160,
  packagedDepth: 60,
  isStockLimited: true,
  lowStockLevel: 12,
  leadTimeMin: 1,
  leadTimeMax: 3,
  commodityCode: '0902.30',
});

/** The specification headings (D-32), in display order; products name their values by heading title. */
export const specifications: Add<'createSpecification'>[] = [
  { title: 'Origin', description: 'Where the tea or coffee was grown.' },
  { title: 'Weight', description: 'Net weight of the contents.' },
  { title: 'Caffeine', description: 'How much caffeine a cup holds, roughly.' },
  { title: 'Tasting notes', description: 'What to expect in the cup.' },
  { title: 'Material', description: 'What it is made of.' },
  { title: 'Capacity', description: 'How much it holds.' },
  { title: 'Colour', description: 'Glaze or finish.' },
];

export const products: DemoProduct[] = [
  {
    fields: {
      ...packet(250),
      sku: 'TEA-EARL-250',
      title: 'Earl Grey tea, 250 g',
      alias: 'earl-grey-tea-250g',
      barcode: '5060123401011',
      range: 'Classics',
      description: 'Black tea scented with bergamot, with cornflower petals.',
      fullDescription:
        '<p>Our house Earl Grey: a bright Ceylon black tea scented with cold-pressed Calabrian bergamot.</p>',
      metaKeywords: 'tea, black tea, earl grey, bergamot',
      isFeatured: true,
    },
    retailGbp: 8.5,
    sale: 20,
    media: photos('tea-earl-250', ['Tin of Earl Grey tea, front', 'Loose Earl Grey leaves with blue cornflowers']),
    downloads: [guide('black-tea', 'Brewing black tea')],
    specifications: { Origin: 'Sri Lanka', Weight: '250 g', Caffeine: 'Medium', 'Tasting notes': 'Citrus, floral' },
    stock: stock([1, 140, 'A-01-02', 6], [2, 36, 'B-04-01']),
  },
  {
    fields: {
      ...packet(250),
      sku: 'TEA-EBRK-250',
      title: 'English Breakfast tea, 250 g',
      alias: 'english-breakfast-tea-250g',
      barcode: '5060123401028',
      range: 'Classics',
      description: 'A full-bodied blend of Assam and Kenyan black teas.',
      fullDescription: '<p>Strong enough for milk, smooth enough without. Our best seller since the shop opened.</p>',
      metaKeywords: 'tea, black tea, breakfast',
      isFeatured: true,
    },
    retailGbp: 7.25,
    sale: 20,
    media: photos('tea-ebrk-250', ['Tin of English Breakfast tea, front', 'A cup of English Breakfast with milk']),
    downloads: [guide('black-tea', 'Brewing black tea')],
    specifications: { Origin: 'India and Kenya', Weight: '250 g', Caffeine: 'High', 'Tasting notes': 'Malty, brisk' },
    stock: stock([1, 220, 'A-01-03', 12], [3, 60, 'C-01-01']),
  },
  {
    fields: {
      ...packet(100),
      sku: 'TEA-DARJ-FF-100',
      title: 'Darjeeling first flush, 100 g',
      alias: 'darjeeling-first-flush-100g',
      barcode: '5060123401035',
      range: 'Single estate',
      description: 'The spring picking from the Castleton estate: light, floral and muscatel.',
      fullDescription: '<p>Picked in March at 2,000 m. Brew at 85 °C for three minutes, and take it without milk.</p>',
      metaKeywords: 'tea, darjeeling, first flush, single estate',
    },
    retailGbp: 14.95,
    media: photos('tea-darj-ff-100', ['Pouch of Darjeeling first flush', 'Green-gold Darjeeling leaves']),
    specifications: { Origin: 'India', Weight: '100 g', Caffeine: 'Medium', 'Tasting notes': 'Muscatel, floral' },
    stock: stock([1, 48, 'A-02-01']),
  },
  {
    fields: {
      ...packet(250),
      sku: 'TEA-ASSM-250',
      title: 'Assam breakfast, 250 g',
      alias: 'assam-breakfast-250g',
      barcode: '5060123401042',
      range: 'Classics',
      description: 'Malty second-flush Assam with golden tips.',
      metaKeywords: 'tea, assam, black tea',
    },
    retailGbp: 7.95,
    media: photos('tea-assm-250', ['Tin of Assam breakfast tea']),
    specifications: { Origin: 'India', Weight: '250 g', Caffeine: 'High', 'Tasting notes': 'Malty, brisk' },
    stock: stock([1, 95, 'A-01-04'], [2, 20, 'B-04-02']),
  },
  {
    fields: {
      ...packet(100),
      sku: 'TEA-SENC-100',
      title: 'Sencha green tea, 100 g',
      alias: 'sencha-green-tea-100g',
      barcode: '5060123401059',
      range: 'Single estate',
      description: 'Steamed green tea from Shizuoka, grassy and sweet.',
      fullDescription: '<p>Brew at 70 °C for a minute; the leaves give three infusions.</p>',
      metaKeywords: 'tea, green tea, sencha, japan',
    },
    retailGbp: 11.5,
    media: photos('tea-senc-100', ['Pouch of Sencha green tea', 'Bright green Sencha needles']),
    downloads: [guide('green-tea', 'Brewing green tea')],
    specifications: { Origin: 'Japan', Weight: '100 g', Caffeine: 'Medium', 'Tasting notes': 'Grassy, sweet' },
    stock: stock([1, 64, 'A-03-01', 4]),
  },
  {
    fields: {
      ...packet(50),
      sku: 'TEA-JASM-50',
      title: 'Jasmine pearls, 50 g',
      alias: 'jasmine-pearls-50g',
      barcode: '5060123401066',
      range: 'Single estate',
      description: 'Hand-rolled green tea pearls scented with fresh jasmine flowers.',
      metaKeywords: 'tea, green tea, jasmine',
    },
    retailGbp: 12.95,
    sale: 15,
    media: photos('tea-jasm-50', ['Jar of jasmine pearls', 'Jasmine pearls unfurling in a glass']),
    downloads: [guide('green-tea', 'Brewing green tea')],
    specifications: { Origin: 'China', Weight: '50 g', Caffeine: 'Low', 'Tasting notes': 'Floral, sweet' },
    stock: stock([1, 30, 'A-03-02']),
  },
  {
    fields: {
      ...packet(200),
      sku: 'TEA-ROOI-200',
      title: 'Rooibos, 200 g',
      alias: 'rooibos-200g',
      barcode: '5060123401073',
      range: 'Herbal',
      description: 'Caffeine-free red bush from the Cederberg mountains.',
      metaKeywords: 'herbal tea, rooibos, caffeine free',
      commodityCode: '1211.90',
    },
    retailGbp: 6.5,
    media: photos('tea-rooi-200', ['Tin of Rooibos']),
    specifications: { Origin: 'South Africa', Weight: '200 g', Caffeine: 'None', 'Tasting notes': 'Honey, vanilla' },
    stock: stock([2, 80, 'B-05-01'], [1, 24, 'A-04-01']),
  },
  {
    fields: {
      ...packet(100),
      sku: 'TEA-PEPP-100',
      title: 'Peppermint leaves, 100 g',
      alias: 'peppermint-leaves-100g',
      barcode: '5060123401080',
      range: 'Herbal',
      description: 'Whole peppermint leaves from Oregon: cool and clean.',
      metaKeywords: 'herbal tea, peppermint, caffeine free',
      commodityCode: '1211.90',
    },
    retailGbp: 5.25,
    media: photos('tea-pepp-100', ['Pouch of peppermint leaves']),
    specifications: { Origin: 'United States', Weight: '100 g', Caffeine: 'None', 'Tasting notes': 'Cool, minty' },
    stock: stock([2, 110, 'B-05-02']),
  },
  {
    fields: {
      ...packet(100),
      sku: 'TEA-LAPS-100',
      title: 'Lapsang souchong, 100 g',
      alias: 'lapsang-souchong-100g',
      barcode: '5060123401097',
      range: 'Classics',
      description: 'Black tea dried over pinewood fires in the Wuyi mountains.',
      metaKeywords: 'tea, black tea, smoky, lapsang',
    },
    retailGbp: 9.75,
    media: photos('tea-laps-100', ['Tin of Lapsang souchong']),
    specifications: { Origin: 'China', Weight: '100 g', Caffeine: 'Medium', 'Tasting notes': 'Smoky, pine' },
    // Out of stock, with orders waiting: a frontend shows how it treats that.
    stock: stock([1, 0, 'A-02-04', 3]),
  },
  {
    fields: {
      ...packet(250),
      sku: 'COF-COLH-250',
      title: 'Colombia Huila coffee beans, 250 g',
      alias: 'colombia-huila-coffee-250g',
      barcode: '5060123401103',
      range: 'Coffee',
      description: 'Washed Caturra from smallholders in Huila, roasted medium.',
      metaKeywords: 'coffee, beans, colombia',
      commodityCode: '0901.21',
    },
    retailGbp: 9.5,
    media: photos('cof-colh-250', ['Bag of Colombia Huila beans', 'Medium-roast beans, close up']),
    downloads: [guide('filter-coffee', 'Brewing filter coffee')],
    specifications: { Origin: 'Colombia', Weight: '250 g', Caffeine: 'High', 'Tasting notes': 'Caramel, red apple' },
    stock: stock([3, 75, 'C-02-01', 5], [1, 20, 'A-05-01']),
  },
  {
    fields: {
      ...packet(250),
      sku: 'COF-ETHY-250',
      title: 'Ethiopia Yirgacheffe coffee beans, 250 g',
      alias: 'ethiopia-yirgacheffe-coffee-250g',
      barcode: '5060123401110',
      range: 'Coffee',
      description: 'Natural-process heirloom varieties, roasted light.',
      metaKeywords: 'coffee, beans, ethiopia',
      commodityCode: '0901.21',
      isFeatured: true,
    },
    retailGbp: 11.25,
    sale: 10,
    media: photos('cof-ethy-250', ['Bag of Ethiopia Yirgacheffe beans']),
    downloads: [guide('filter-coffee', 'Brewing filter coffee')],
    specifications: { Origin: 'Ethiopia', Weight: '250 g', Caffeine: 'High', 'Tasting notes': 'Blueberry, jasmine' },
    stock: stock([3, 52, 'C-02-02']),
  },
  {
    fields: {
      type: 'physical',
      sku: 'TPT-STONE',
      title: 'Stoneware teapot, 1 litre',
      alias: 'stoneware-teapot-1l',
      barcode: '5060123401127',
      range: 'Teaware',
      description: 'A hand-thrown teapot with a built-in strainer. Choose your glaze.',
      fullDescription: '<p>Made in Stoke-on-Trent. Dishwasher safe; the lid is held by a small lug when pouring.</p>',
      metaKeywords: 'teapot, stoneware, teaware',
      packagedWeight: 1400,
      packagedWidth: 220,
      packagedHeight: 180,
      packagedDepth: 160,
      commodityCode: '6912.00',
      isStockLimited: true,
      lowStockLevel: 4,
      leadTimeMin: 2,
      leadTimeMax: 5,
    },
    variantHeadings: ['Colour'],
    retailGbp: 38,
    media: [
      ...photos('tpt-stone', ['Stoneware teapot in slate grey and sage green', 'Teapot strainer, from above']),
      {
        type: 'video',
        video: 'https://videos.example.com/products/tpt-stone/pouring.mp4',
        title: 'Pouring from the stoneware teapot',
      },
    ],
    specifications: { Material: 'Stoneware', Capacity: '1 litre' },
    stock: [],
  },
  ...(
    [
      ['SLATE', 'Slate grey', '5060123401134', 14],
      ['SAGE', 'Sage green', '5060123401141', 9],
    ] as const
  ).map(([code, colour, barcode, quantity], i): DemoProduct => ({
    fields: {
      type: 'physical',
      sku: `TPT-STONE-${code}`,
      title: `Stoneware teapot, 1 litre, ${colour.toLowerCase()}`,
      alias: `stoneware-teapot-1l-${code.toLowerCase()}`,
      barcode,
      range: 'Teaware',
      description: `The hand-thrown stoneware teapot in a ${colour.toLowerCase()} glaze.`,
      packagedWeight: 1400,
      packagedWidth: 220,
      packagedHeight: 180,
      packagedDepth: 160,
      commodityCode: '6912.00',
      isStockLimited: true,
      lowStockLevel: 4,
    },
    variantOf: 'TPT-STONE',
    retailGbp: 38,
    media: photos(`tpt-stone-${code.toLowerCase()}`, [`Stoneware teapot, ${colour.toLowerCase()} glaze`]),
    specifications: { Material: 'Stoneware', Capacity: '1 litre', Colour: colour },
    stock: stock([2, quantity, `B-0${i + 1}-07`]),
  })),
  {
    fields: {
      type: 'physical',
      sku: 'MUG-GLASS-350',
      title: 'Glass infuser mug, 350 ml',
      alias: 'glass-infuser-mug-350ml',
      barcode: '5060123401158',
      range: 'Teaware',
      description: 'Double-walled borosilicate glass with a stainless steel infuser and lid.',
      metaKeywords: 'mug, infuser, glass, teaware',
      packagedWeight: 520,
      packagedWidth: 120,
      packagedHeight: 150,
      packagedDepth: 120,
      commodityCode: '7013.37',
      isStockLimited: true,
      lowStockLevel: 6,
    },
    retailGbp: 18.5,
    media: photos('mug-glass-350', ['Glass infuser mug with green tea', 'Infuser basket and lid']),
    specifications: { Material: 'Borosilicate glass', Capacity: '350 ml' },
    stock: stock([2, 42, 'B-02-03'], [1, 10, 'A-06-01']),
  },
  {
    fields: {
      type: 'physical',
      sku: 'ACC-SCOOP-BAM',
      title: 'Bamboo tea scoop',
      alias: 'bamboo-tea-scoop',
      barcode: '5060123401165',
      range: 'Teaware',
      description: 'One level scoop is one cup.',
      metaKeywords: 'scoop, bamboo, accessory',
      packagedWeight: 30,
      packagedWidth: 30,
      packagedHeight: 180,
      packagedDepth: 20,
      commodityCode: '4419.90',
      isStockLimited: true,
      lowStockLevel: 20,
    },
    retailGbp: 4.5,
    media: photos('acc-scoop-bam', ['Bamboo tea scoop']),
    specifications: { Material: 'Bamboo' },
    stock: stock([2, 300, 'B-06-01']),
  },
  {
    fields: {
      type: 'virtual',
      sku: 'GIFT-25',
      title: 'Gift card, £25',
      alias: 'gift-card-25',
      range: 'Gifts',
      description: 'Sent by email, valid for two years on anything in the shop.',
      metaKeywords: 'gift card, voucher',
      isStockLimited: false,
      orderQuantityMax: 10,
    },
    retailGbp: 25,
    vat: 0,
    media: photos('gift-25', ['Gift card design with a teapot illustration']),
    specifications: {},
    stock: [],
  },
  {
    fields: {
      ...packet(200),
      sku: 'TEA-XMAS-2025',
      title: 'Christmas blend 2025, 200 g',
      alias: 'christmas-blend-2025',
      barcode: '5060123401172',
      range: 'Seasonal',
      description: 'Black tea with orange peel, cinnamon and clove. Last year’s edition.',
      metaKeywords: 'tea, christmas, seasonal',
      // Discontinued and switched off: `status` reads `admin` (§3), so a frontend sees both states.
      isActive: false,
      isDiscontinued: true,
      discontinuedOn: '2026-01-15T09:00:00+00:00',
      discontinuedReason: 'Seasonal edition sold out',
    },
    retailGbp: 8.95,
    media: photos('tea-xmas-2025', ['Festive tin of the 2025 Christmas blend']),
    specifications: { Origin: 'India', Weight: '200 g', Caffeine: 'Medium', 'Tasting notes': 'Orange, cinnamon' },
    stock: stock([1, 0, 'A-09-09']),
  },
];

/** Access roles beyond the built-in `customer`, `trade` and `staff` (D-34); `wholesale` has its own price list. */
export const accessRoles: Add<'createAccessRole'>[] = [
  {
    reference: 'wholesale',
    title: 'Wholesale',
    description: 'Cafés and shops buying by the case; approved by the trade desk.',
    requiresVerification: true,
    requiresApproval: true,
  },
];

/** Geozones beyond the built-in ones (D-35), for shipping rules a frontend may show. */
export const geozones: Add<'createGeozone'>[] = [
  {
    title: 'Highlands and Islands',
    countries: [{ countryCode: 'GB', regions: ['Highland', 'Orkney', 'Shetland', 'Na h-Eileanan Siar'] }],
  },
  { title: 'Scandinavia', countries: [{ countryCode: 'DK' }, { countryCode: 'NO' }, { countryCode: 'SE' }] },
  { title: 'North America', countries: [{ countryCode: 'CA' }, { countryCode: 'US' }] },
];

/** Redirects (§2.5, D-44); a `product` redirect names its product by `sku` and follows the product's alias. */
export const redirects: (Omit<Add<'createRedirect'>, 'resourceId'> & { product?: string; resourceId?: number })[] = [
  { resource: 'product', path: '/earl-grey', product: 'TEA-EARL-250' },
  { resource: 'product', path: '/teapot', product: 'TPT-STONE' },
  { resource: 'product', path: '/the-earl-grey', product: 'TEA-EARL-250', language: 'fr', country: 'FR' },
  { resource: 'category', path: '/shop/green-tea', resourceId: 12, target: '/collections/green-tea' },
  { resource: 'url', path: '/blog', target: 'https://blog.example.com/' },
  { resource: 'url', path: '/wholesale', target: 'https://files.example.com/wholesale/price-list-2026.pdf' },
];

/**
 * Contacts (§2.2) beside the hq contact every store has (D-12): customers, a trade buyer, suppliers (tagged
 * `supplier`: the API has no supplier type) and a branch.
 */
export const contacts: AddBody<'createContact'>['contact'][] = [
  {
    type: 'user',
    email: 'olivia.bennett@example.com',
    firstname: 'Olivia',
    lastname: 'Bennett',
    phone: '+44 20 7946 0101',
    reference: 'CUST-1001',
    dateOfBirth: '1988-04-12',
    address: { line1: '14 Camden Passage', city: 'London', region: 'Greater London', countryCode: 'GB', zip: 'N1 8ED' },
    accessRoles: [{ reference: 'customer', status: 'active' }],
    tags: { contact: ['newsletter', 'loyalty'] },
  },
  {
    type: 'user',
    email: 'camille.durand@example.fr',
    firstname: 'Camille',
    lastname: 'Durand',
    mobile: '+33 6 12 34 56 78',
    reference: 'CUST-1002',
    address: { line1: '8 rue des Martyrs', city: 'Paris', region: 'Île-de-France', countryCode: 'FR', zip: '75009' },
    accessRoles: [{ reference: 'customer', status: 'active' }],
    tags: { contact: ['newsletter'] },
  },
  {
    type: 'user',
    email: 'jonas.weber@example.de',
    firstname: 'Jonas',
    lastname: 'Weber',
    reference: 'CUST-1003',
    address: { line1: 'Oranienstraße 25', city: 'Berlin', region: 'Berlin', countryCode: 'DE', zip: '10999' },
    accessRoles: ['customer'],
    tags: { contact: [] },
  },
  {
    type: 'user',
    email: 'maya.patel@example.com',
    firstname: 'Maya',
    lastname: 'Patel',
    company: 'Steep & Co. Café',
    position: 'Owner',
    phone: '+44 161 496 0732',
    reference: 'TRADE-2001',
    taxNumber: 'GB123456789',
    address: {
      line1: '3 Stevenson Square',
      city: 'Manchester',
      region: 'Greater Manchester',
      countryCode: 'GB',
      zip: 'M1 1DN',
    },
    accessRoles: [{ reference: 'trade', status: 'active' }, 'wholesale'],
    tags: { contact: ['trade', 'cafe'] },
  },
  {
    type: 'guest',
    email: 'ethan.brooks@example.com',
    firstname: 'Ethan',
    lastname: 'Brooks',
    phone: '+1 (415) 555 0142',
    address: { line1: '1200 Valencia Street', city: 'San Francisco', region: 'CA', countryCode: 'US', zip: '94110' },
  },
  {
    type: 'recipient',
    email: 'grace.campbell@example.org',
    firstname: 'Grace',
    lastname: 'Campbell',
    address: { line1: '21 Harbour Road', city: 'Kirkwall', region: 'Orkney', countryCode: 'GB', zip: 'KW15 1BU' },
  },
  {
    type: 'user',
    email: 'orders@castleton-estate.example.in',
    firstname: 'Rohan',
    lastname: 'Sharma',
    company: 'Castleton Tea Estate',
    position: 'Export manager',
    reference: 'SUP-3001',
    website: 'https://castleton-estate.example.in',
    address: {
      line1: 'Castleton Estate',
      line2: 'Kurseong',
      city: 'Darjeeling',
      region: 'West Bengal',
      countryCode: 'IN',
      zip: '734203',
    },
    tags: { contact: ['supplier', 'tea'] },
  },
  {
    type: 'user',
    email: 'sales@huila-growers.example.co',
    firstname: 'Lucía',
    lastname: 'Ramírez',
    company: 'Huila Growers Cooperative',
    reference: 'SUP-3002',
    address: { line1: 'Calle 8 # 5-40', city: 'Pitalito', region: 'Huila', countryCode: 'CO', zip: '417030' },
    tags: { contact: ['supplier', 'coffee'] },
  },
  {
    type: 'branch',
    email: 'edinburgh@reference-tea.example.com',
    company: 'Reference Tea Co., Edinburgh',
    phone: '+44 131 496 0555',
    reference: 'BRANCH-EDI',
    address: {
      line1: '42 Victoria Street',
      city: 'Edinburgh',
      region: 'City of Edinburgh',
      countryCode: 'GB',
      zip: 'EH1 2JW',
    },
  },
];
