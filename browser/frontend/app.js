// The frontend page's script: gets a token, lists products, adds one and shows it, all through the typed client
// (client/index.ts) from this page's own origin, so every call is a cross-origin one (CORS, D-69).
// What it shows is what a user sees: #status (where it is), #products (the titles listed), #created (the title the
// API answered for the product it added). A failure is shown in #status and logged as a console error.
import { createStoreClient } from '@store/client';

const query = new URLSearchParams(location.search);
const api = createStoreClient({
  baseUrl: query.get('api') ?? location.origin,
  clientId: query.get('clientId') ?? undefined,
  clientSecret: query.get('clientSecret') ?? undefined,
});
const status = document.querySelector('#status');
const say = (text) => (status.textContent = text);
/** openapi-fetch answers `{ data, error, response }`: the data of a success, or a thrown error naming the answer. */
const ok = ({ data, error, response }) => {
  if (error !== undefined) throw new Error(`${response.status}: ${JSON.stringify(error)}`);
  return data;
};
const titled = (product) => {
  const li = document.createElement('li');
  li.textContent = product.title;
  return li;
};

async function main() {
  say('Getting a token…');
  await api.token();
  say('Listing products…');
  const page = ok(await api.GET('/api/v2/products.json', { params: { query: { limit: 10 } } }));
  document.querySelector('#products').replaceChildren(...page.data.map(titled));
  say('Adding a product…');
  // createProduct requires a title and a SKU (the contract's request body); the SKU is made unique so that the page
  // can be loaded again against the same server.
  const title = query.get('name') ?? 'Darjeeling tea, 100 g';
  const body = { data: { type: 'physical', title, sku: `FRONTEND-${Date.now()}` } };
  const created = ok(await api.POST('/api/v2/products.json', { body }));
  document.querySelector('#created').textContent = created.data.title;
  say(`Done: ${page.data.length} listed, 1 added`);
}

main().catch((error) => {
  say(`Failed: ${error.message}`);
  console.error(error);
});
