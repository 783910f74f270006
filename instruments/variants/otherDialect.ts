import absoluteLinks from './absoluteLinks.ts';
import createdAs200 from './createdAs200.ts';
import defaultPageSize50 from './defaultPageSize50.ts';
import deleteReturnsObject from './deleteReturnsObject.ts';
import { applyDialect, type ResourceFields } from './dialect.ts';
import otherErrorRefs from './otherErrorRefs.ts';
import type { Variant } from './types.ts';
import validationAs400 from './validationAs400.ts';

/**
 * The other choices it makes too, each a benign variant of its own, by name (their answers are rewritten before its
 * own).
 */
const alsoDecided = {
  validationAs400,
  otherErrorRefs,
  createdAs200,
  deleteReturnsObject,
  defaultPageSize50,
  absoluteLinks,
};

/** Its field names of the resources whose fields §2.12 does not show (ours → its), by operationId. */
const fields: ResourceFields[] = [
  {
    operations: /ProductPrices?$/,
    create: 'createProductPrice',
    resource: 'productPrices',
    names: { priceExcTax: 'amount', priceIncTax: 'amountWithTax', quantityMin: 'minQuantity' },
  },
  { operations: /Geozones?$/, create: 'createGeozone', resource: 'geozones', names: { title: 'name' } },
];

export default {
  decides: [
    ...new Set([
      'D-01',
      'D-02',
      'D-03',
      'D-07',
      'D-11',
      'D-17',
      'D-30',
      'D-35',
      ...Object.values(alsoDecided).flatMap((v) => v.decides),
    ]),
  ].sort(),
  dialect: 'otherDialect.dialect.yaml',
  description: `A whole other dialect, stated in its dialect file: v2 and contact write bodies are the resource itself, not wrapped in \`data\` or \`contact\` (a wrapped body is an object with an unknown field); contact answers are the contact itself; the contact search answers \`{results: [...]}\`; error answers list their errors under \`problems\`; the page and its size are \`pageNumber\` and \`pageSize\`; the scopes §5 names none for are \`admin\` and \`logistics\` (ours: \`settings\`, \`shipping\`); events are \`<resource>/added\`, \`changed\`, \`removed\`; prices name their fields \`amount\`, \`amountWithTax\`, \`minQuantity\` and geozones \`name\`; and the choices of ${Object.keys(alsoDecided).join(', ')} (each a benign variant of its own, see there). §4.2 says the Contact payload is "object \`contact\` holding the Contact fields", so a contact body is still *an object holding the fields*; §4.3/§4.4: "Request and response bodies of add, update and delete ... not shown"; §4.2: search "Query parameters: not shown" (nor its answer); §7: "Error response body: not shown"; §8: "the query parameter names for choosing the page or limit: not shown"; §5: "Scopes for all other operations: not shown"; §6: "Full list of event names: not shown"; §2.12: "Product Price fields: not shown", "Geozone fields: not shown".`,
  apply: (app) => {
    for (const v of Object.values(alsoDecided)) v.apply(app);
    applyDialect(app, { fields });
  },
} satisfies Variant;
