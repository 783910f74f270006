import { createHmac, randomUUID } from 'node:crypto';
import { fail } from '../../shared/errors.ts';
import { signerSecret } from '../faults/lib.ts';
import type { BuiltInRows } from '../../reference-server/store/builtIns.ts';
import absoluteLinks from './absoluteLinks.ts';
import createdAs200 from './createdAs200.ts';
import defaultPageSize50 from './defaultPageSize50.ts';
import deleteReturnsObject from './deleteReturnsObject.ts';
import { applyDialect, type ResourceFields, type Triggers } from './dialect.ts';
import otherErrorRefs from './otherErrorRefs.ts';
import readOnlyFieldsRefused from './readOnlyFieldsRefused.ts';
import { onSignedRequest } from './lib.ts';
import type { Variant } from './types.ts';

/**
 * The other choices it makes too, each a benign variant of its own, by name (their answers are rewritten before its
 * own): otherDialect's, but that its refusals of a body stay 422 (not validationAs400's 400), and read-only fields
 * refused.
 */
const alsoDecided = {
  otherErrorRefs,
  createdAs200,
  deleteReturnsObject,
  defaultPageSize50,
  absoluteLinks,
  readOnlyFieldsRefused,
};

/**
 * Its names and shapes of the fields of the resources whose fields §2.12 does not show (ours → its), by operationId;
 * `absent`: ours it has none of; `at`: where it serves one instead of our paths. Its dialect file states the same
 * `fields` and `shippingServices` (strictDialect.test.ts checks it).
 */
export const fields: ResourceFields[] = [
  {
    // Its shipping services are carriers, at paths and in a wrapper of its own (§4.5: "Endpoint for adding a shipping
    // service: not shown"; D-18), the calculators that define one named so (§4.5 rule 11; D-60).
    operations: /ShippingServices?$/,
    create: 'createShippingService',
    resource: 'shippingServices',
    names: {
      title: 'name',
      isActive: 'active',
      ratesUrl: 'endpoints/rates',
      labelsUrl: 'endpoints/labels',
      fixedModifier: 'surcharge/fixed',
      percentageModifier: 'surcharge/percent',
      shippingClassIds: 'calculators',
    },
    at: {
      path: '/api/logistics/carriers',
      item: '/api/logistics/carriers/{id}',
      wrapper: 'carrier',
      id: '/carrier/id',
      list: 'carriers',
    },
  },
  {
    operations: /ProductPrices?$/,
    create: 'createProductPrice',
    resource: 'productPrices',
    names: { priceExcTax: 'amount' },
    absent: ['priceIncTax', 'quantityMin'],
  },
  {
    operations: /Geozones?$/,
    create: 'createGeozone',
    resource: 'geozones',
    names: { title: 'name', countries: { name: 'countryCodes', pluck: 'countryCode' } },
  },
  {
    operations: /^(list|get|create|update|delete)Specifications?$/,
    create: 'createSpecification',
    resource: 'specifications',
    names: { title: 'name' },
    absent: ['description'],
  },
  {
    operations: /SpecificationValues?$/,
    create: 'createSpecificationValue',
    resource: 'specificationValues',
    names: { value: 'label', sequence: 'position' },
  },
  {
    operations: /AccessRoles?$/,
    create: 'createAccessRole',
    resource: 'accessRoles',
    names: {
      reference: 'code',
      title: 'name',
      requiresVerification: 'rules/verification',
      requiresApproval: 'rules/approval',
    },
    absent: ['description'],
  },
];

/**
 * Its test endpoints that trigger the App callbacks (D-20: checkout and dispatch are no API operations of the source):
 * a checkout of a basket to an address, answering its parcels and offers (rate requests), and the dispatch of a
 * checkout it answered with the offer chosen (label requests). Its dialect file states the same `checkout` and
 * `dispatch` (strictDialect.test.ts checks it).
 */
export const triggers: Triggers = {
  checkout: {
    method: 'POST',
    path: '/api/testing/checkouts',
    body: { basket: { currency: '{{currency}}', lines: '{{items}}' }, shipTo: '{{destination}}' },
    item: { product: '{{productId}}', units: '{{quantity}}' },
    answer: {
      id: '/checkout/id',
      currency: '/checkout/currency',
      deliveries: '/checkout/parcels',
      options: {
        at: '/checkout/offers',
        each: {
          serviceCode: '/code',
          shippingServiceId: '/carrierId',
          title: '/name',
          description: '/details',
          currency: '/price/currency',
          priceExcTax: '/price/net',
          priceIncTax: '/price/gross',
          minDeliveryDate: '/arrives/earliest',
          maxDeliveryDate: '/arrives/latest',
        },
      },
    },
  },
  dispatch: {
    method: 'POST',
    path: '/api/testing/checkouts/{{checkoutId}}/dispatch',
    body: { carrierId: '{{shippingServiceId}}', code: '{{serviceCode}}' },
    answer: {
      id: '/dispatch/id',
      shippingServiceId: '/dispatch/carrierId',
      serviceCode: '/dispatch/code',
      currency: '/dispatch/currency',
      createdOn: '/dispatch/createdOn',
      boxes: '/dispatch/parcels',
    },
  },
};

/** Its built-in access roles and geozones (ours: D-34's `customer`, `trade`, `staff`; D-35's zones). */
export const builtIns: BuiltInRows = {
  accessRoles: [
    { reference: 'member', title: 'Member', description: null, requiresVerification: true, requiresApproval: false },
    { reference: 'reseller', title: 'Reseller', description: null, requiresVerification: true, requiresApproval: true },
    {
      reference: 'employee',
      title: 'Employee',
      description: null,
      requiresVerification: false,
      requiresApproval: false,
    },
  ],
  geozones: [
    { title: 'Home market', countries: [{ countryCode: 'GB', regions: [] }] },
    {
      title: 'European Economic Area',
      countries: [
        ...['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IS'],
        ...['IT', 'LI', 'LT', 'LU', 'LV', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'],
      ].map((countryCode) => ({ countryCode, regions: [] })),
    },
    { title: 'International', countries: [] },
  ],
};

/**
 * A webhook delivery in its own body: `{type, payload, subscription: {metadata}, …}` for D-17's `{event, data,
 * metadata, …}` (the subscription's metadata under the subscription); a callback as it is.
 */
function ownDelivery(body: string): string {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (!parsed || typeof parsed !== 'object' || typeof parsed.event !== 'string') return body;
  const { event, data, metadata, ...rest } = parsed;
  return JSON.stringify({ type: event, payload: data, subscription: { metadata }, ...rest });
}

export default {
  decides: [
    ...new Set([
      'D-01',
      'D-02',
      'D-03',
      'D-07',
      'D-11',
      'D-16',
      'D-17',
      'D-18',
      'D-20',
      'D-30',
      'D-32',
      'D-33',
      'D-34',
      'D-35',
      'D-39',
      'D-44',
      'D-49',
      'D-60',
      ...Object.values(alsoDecided).flatMap((v) => v.decides),
    ]),
  ].sort(),
  dialect: 'strictDialect.dialect.yaml',
  description: `An independent team's strict implementation, stated in its dialect file in its own names and shapes. Everything otherDialect decides (bare v2 and contact bodies, bare contact answers, the contact search under \`results\`, errors under \`problems\`, \`pageNumber\`/\`pageSize\`, scopes \`admin\`/\`logistics\`, events \`<resource>/added\`, \`changed\`, \`removed\`, 200 for every write, 50 a page, absolute links, \`validation.*\` error refs), but that its refusals stay 422; and: (1) strict input: a write body's field that is not one of its writable fields by its own names is refused with 422 naming it as sent, read-only fields sent back included (D-09, D-39: §2.12 "Required and writable fields for add and update ... not shown"; §2.2 marks fields "Read only" and says nothing of sending them back); (2) its built-in roles are \`member\`, \`reseller\`, \`employee\` and its built-in geozones \`Home market\`, \`European Economic Area\`, \`International\` (D-34, D-35: §2.12 "Built-in roles can be listed", "Built-in ones can be listed", none named), so a contact granted \`staff\` is refused (§2.2: "identifier of an existing access role"); (3) its names and shapes where §2.12 says "fields: not shown": a price is \`currency\`, \`amount\` (ours \`priceExcTax\`), with no price including tax and no quantity break ("Product Price fields: not shown"); a geozone is \`name\` and \`countryCodes\`, an array of country codes ("Geozone fields: not shown"); a heading is \`name\`, with no description ("Specification (heading) fields: not shown"); a value is \`label\`, \`position\` ("Specification Value fields: not shown"); an access role is \`code\`, \`name\` and \`rules: {verification, approval}\`, with no description ("Access Role fields: not shown"), answers and webhook deliveries alike; (4) a redirect's \`target\` is derived, never written, for a dynamic resource (§2.5: "A dynamic target (page, category, product) is stored as a resource and ID pair"): a \`target\` sent for a \`product\`, \`page\` or \`category\` redirect is refused (ours ignores it, D-44), a \`url\` redirect takes it (§2.5: "A static target is a file in the media library or an external URL"). §4.3/§4.4: "Request and response bodies of add, update and delete ... not shown"; §7: "Error response body: not shown"; §8, §5, §6 as otherDialect; (5) a webhook delivery is \`{type, payload, subscription: {metadata}, …}\` (D-17: \`{event, data, metadata, …}\`; §6: "Body of a webhook delivery: not shown"), and deliveries and callbacks are signed by Standard Webhooks (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>\`) instead of \`X-Store-Signature\` (D-16; §5: "Names and computation of the validation headers: not shown"); (6) its shipping services are carriers at \`/api/logistics/carriers\` and \`/api/logistics/carriers/{id}\`, wrapped in \`carrier\` (a list in \`carriers\`), named \`name\`, \`active\`, \`endpoints: {rates, labels}\`, \`surcharge: {fixed, percent}\`, \`calculators\` (D-18, D-60: §4.5 "Endpoint for adding a shipping service: not shown"), and its triggers of the App callbacks are test endpoints of its own (D-20, D-49: checkout and dispatch are no API operations of the source, §4.5 describes only the callbacks): \`POST /api/testing/checkouts\` with \`{basket: {currency, lines: [{product, units}]}, shipTo}\` answers \`{checkout: {id, currency, parcels, offers: [{code, carrierId, name, details, price: {currency, net, gross}, arrives: {earliest, latest}}]}}\` and remembers the checkout under its \`id\`, and \`POST /api/testing/checkouts/{id}/dispatch\` with \`{carrierId, code}\` ships that checkout's basket, answering \`{dispatch: {id, carrierId, code, currency, createdOn, parcels}}\`; our paths of the three answer 404.`,
  apply: (app) => {
    // Its delivery body names the event `type` and holds the resource in `payload`; signed by Standard Webhooks. Last
    // of all (onSignedRequest's first wrapper runs last): the body as sent.
    onSignedRequest(app, (_url, init) => {
      const original = String(init.body);
      const { 'x-store-signature': ours, ...headers } = init.headers;
      const body = ownDelivery(original);
      const id = headers['x-store-delivery-id'] ?? randomUUID();
      const timestamp = headers['x-store-timestamp'] ?? String(Math.floor(Date.now() / 1000));
      const secret = signerSecret(app, original, ours ?? '');
      const signature = createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64');
      return {
        ...init,
        body,
        headers: {
          ...headers,
          'webhook-id': id,
          'webhook-timestamp': timestamp,
          'webhook-signature': `v1,${signature}`,
        },
      };
    });
    for (const v of Object.values(alsoDecided)) v.apply(app);
    applyDialect(app, { fields, strict: true, triggers });
    app.seams.builtIns.replace(structuredClone(builtIns));

    // Prices: what it stores satisfies ours; it has no price including tax (taken as the amount) and no break (1).
    const prices = app.seams.resources.productPrices.def;
    const resolvePrice = prices.resolve;
    prices.resolve = (ctx, data, previous, self) => {
      const input = 'priceExcTax' in data ? { ...data, priceIncTax: data.priceExcTax } : data;
      return (resolvePrice ?? ((_c, d) => d))(ctx, previous ? input : { ...input, quantityMin: 1 }, previous, self);
    };

    // Redirects: a dynamic target is the resource and ID pair, derived; a url redirect's target is its own (§2.5).
    const redirects = app.seams.resources.redirects.def;
    const resolveRedirect = redirects.resolve;
    const normalizeRedirect = redirects.normalize;
    redirects.resolve = (ctx, data, previous, self) => {
      const resource = data.resource ?? previous?.resource;
      if ('target' in data && resource !== 'url')
        fail(
          422,
          'error.unknown-field',
          'data.target',
          `is derived for a ${String(resource)} redirect (its resource and resourceId), never written`,
          'data',
        );
      return resolveRedirect ? resolveRedirect(ctx, data, previous, self) : data;
    };
    redirects.normalize = (ctx, next, previous) => {
      normalizeRedirect?.(ctx, next, previous);
      if (next.resource !== 'url') next.target = null; // a url redirect changed to a dynamic one keeps no target
    };
  },
} satisfies Variant;
