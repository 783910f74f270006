// `npm run serve -- --demo`: the server started as a user starts it seeds the demo store through its API;
// every seeded list holds what demo/store.ts says and answers the contract's schema; a product carries prices, media,
// specifications and stock; the reference App (reference-app/, which bin/serve.ts starts beside the server) is
// registered as a shipping service, and the printed checkout answers options priced by it; a second start on the same
// database file seeds nothing and points the same service at its new App.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { op, type Json } from '../../openapi/contract.ts';
import type { components } from '../../openapi/dist/types.ts';
import { validatorFor } from '../../openapi/validators.ts';
import { spawnSync } from 'node:child_process';
import { startServer } from '../../shared/server-process.ts';
import { roundMoney } from '../../shared/money.ts';
import { sign } from '../../shared/signing.ts';
import { DEMO_APP_TITLE } from './seed.ts';
import * as store from './store.ts';

/** Starts the server with `--demo` on a free port and file `db`; resolves with its URL and demo line once seeded. */
async function serve(db: string) {
  const server = await startServer({ demo: true, args: ['--db', db], onOutput: () => {} });
  return {
    base: server.url,
    demo: /^demo store .*$/m.exec(server.output)![0],
    output: server.output,
    stop: () => server.stop(),
  };
}

async function client(base: string) {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: 'conformance-full',
    client_secret: 'conformance-full-secret',
  });
  const { access_token: token } = (await (
    await fetch(`${base}/admin/oauth/token.json`, { method: 'POST', body: form })
  ).json()) as { access_token: string };
  /**
   * GETs an operation's path and checks the 200 answer against that operation's schema in the contract; the answer
   * is then read as the schema says (`Json`).
   */
  return async (operationId: string, path: string): Promise<Json> => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200, `${operationId} ${path}`);
    const body = await res.json();
    const o = op(operationId);
    const response = o.responses['200'];
    const validate = validatorFor(`${response.$ref ?? `${o.pointer}/responses/200`}/content/application~1json/schema`);
    assert.ok(validate(body), `${operationId} ${path}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    return body;
  };
}

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

type Rate = components['schemas']['Rate'];
/** The secret of the client the demo seeds with, which the App holds (the service signs with it, D-16). */
const SECRET = 'conformance-full-secret';

/** What the demo's App quotes for `delivery`, asked of it over HTTP as the service asks it (§4.5, signed, D-16). */
async function quote(appUrl: string, delivery: Json): Promise<Rate[]> {
  const body = JSON.stringify({ delivery });
  const res = await fetch(`${appUrl}/rates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-store-signature': sign(body, SECRET) },
    body,
  });
  assert.equal(res.status, 200, `the App's rates: ${res.status}`);
  return ((await res.json()) as { rates: Rate[] }).rates;
}

/**
 * The printed checkout, run as a user pastes it (the token line, then the checkout line, in a shell), checked against
 * the contract; and what the demo's App quotes for each of its deliveries, asked directly of the App at the address
 * the demo printed.
 */
async function checkout(output: string) {
  const lines = ['TOKEN=', 'curl -s \\S+/checkout/rates\\.json'].map((start) => {
    const line = new RegExp(`^ {2}(${start}.*)$`, 'm').exec(output);
    assert.ok(line, `the demo prints a line ${start}:\n${output}`);
    return line[1]!;
  });
  const ran = spawnSync('sh', ['-c', lines.join('\n')], { encoding: 'utf8' });
  assert.equal(ran.status, 0, ran.stderr);
  const body = JSON.parse(ran.stdout);
  const response = op('calculateCheckoutRates').responses['200'];
  const validate = validatorFor(
    `${response.$ref ?? `${op('calculateCheckoutRates').pointer}/responses/200`}/content/application~1json/schema`,
  );
  // A boolean, not ajv's type guard, which would narrow the body to `unknown` through assert.ok.
  assert.ok(validate(body) as boolean, JSON.stringify(validate.errors?.slice(0, 3)));
  const { deliveries, options, currency } = body.data;
  const appUrl = /^shipping App: the reference App on (http:\S+),/m.exec(output)?.[1];
  assert.ok(appUrl, `the demo prints its App's address:\n${output}`);
  const quotes = await Promise.all((deliveries as Json[]).map((d) => quote(appUrl, d)));
  return { options, currency, quotes };
}

/** The options a checkout must answer with the App's quotes and modifiers 0 (D-22): a code every delivery got, its
 *  prices summed (in the cart currency, which the App has a price list in), its dates the latest. */
function expectedOptions(quotes: Rate[][], currency: string, shippingServiceId: number) {
  const codes = quotes[0]!
    .map((r) => r.serviceCode)
    .filter((c) => quotes.every((q) => q.some((r) => r.serviceCode === c)));
  return codes.map((serviceCode) => {
    const rates = quotes.map((q) => q.find((r) => r.serviceCode === serviceCode)!);
    const latest = (k: 'minDeliveryDate' | 'maxDeliveryDate') =>
      rates
        .map((r) => r[k])
        .sort()
        .at(-1);
    assert.ok(rates.every((r) => r.currency === currency));
    return {
      shippingServiceId,
      serviceCode,
      title: rates[0]!.title,
      description: rates[0]!.description,
      currency,
      priceExcTax: roundMoney(sum(rates.map((r) => r.priceExcTax)), currency),
      priceIncTax: roundMoney(sum(rates.map((r) => r.priceIncTax)), currency),
      minDeliveryDate: latest('minDeliveryDate'),
      maxDeliveryDate: latest('maxDeliveryDate'),
    };
  });
}
const headingValues = (title: string) =>
  new Set(store.products.flatMap((p) => (title in p.specifications ? [p.specifications[title]] : [])));

test('--demo seeds the store through the API: each list as planned and valid, once per database', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-'));
  const db = join(dir, 'demo.sqlite');
  try {
    const first = await serve(db);
    let totals: number[];
    let serviceUrl = '';
    try {
      assert.match(
        first.demo,
        new RegExp(`^demo store seeded in [\\d.]+ s: .*\\b${store.products.length} products\\b`),
      );
      const get = await client(first.base);
      const total = async (operationId: string, path: string) =>
        (await get(operationId, `${path}?limit=250`)).pagination.total as number;

      assert.ok(store.products.length >= 12);
      assert.equal(await total('listProducts', '/api/v2/products.json'), store.products.length);
      assert.equal(await total('listSpecifications', '/api/v2/specifications.json'), store.specifications.length);
      assert.equal(await total('listAccessRoles', '/api/v2/roles.json'), 3 + store.accessRoles.length); // D-34
      assert.equal(await total('listGeozones', '/api/v2/geozones.json'), 3 + store.geozones.length); // D-35
      assert.equal(await total('listRedirects', '/api/v2/redirects.json'), store.redirects.length);
      assert.equal(
        await total('listInventory', '/api/v2/inventory.json'),
        sum(store.products.map((p) => p.stock.length)),
      );
      const found = await get('searchContacts', '/api/contacts/search.json?limit=250');
      assert.equal(found.contacts.length, 1 + store.contacts.length); // D-12: the hq contact
      for (const s of (await get('listSpecifications', '/api/v2/specifications.json')).data) {
        const values = await total('listSpecificationValues', `/api/v2/specifications/${s.id}/values.json`);
        assert.equal(values, headingValues(s.title).size, s.title);
      }

      const products = (await get('listProducts', '/api/v2/products.json?limit=250')).data;
      for (const p of store.products) {
        const { id, currentStock } = products.find((x: { sku: string }) => x.sku === p.fields.sku);
        const sub = (name: string) => `/api/v2/products/${id}/${name}.json`;
        assert.equal(await total('listProductPrices', sub('prices')), store.pricesOf(p).length, p.fields.sku);
        assert.equal(await total('listProductMedia', sub('media')), p.media.length, p.fields.sku);
        assert.equal(await total('listProductDownloads', sub('downloads')), (p.downloads ?? []).length);
        const specs = `/api/products/${id}/specifications.json`;
        assert.equal(await total('listProductSpecifications', specs), Object.keys(p.specifications).length);
        const stock = await get('listInventory', `/api/v2/inventory.json?productId=${id}`);
        assert.equal(stock.data.length, p.stock.length, p.fields.sku);
        // D-43: the product's stock is the sum over its locations.
        if (p.stock.length) assert.equal(currentStock, sum(p.stock.map((s) => s.quantityInStock ?? 0)));
      }

      // One product as a frontend shows it: prices in several currencies and for a role, a primary photo with alt
      // text, specifications and stock; and a redirect that follows its alias (D-44).
      const earlGrey = products.find((x: { sku: string }) => x.sku === 'TEA-EARL-250');
      assert.equal(
        (await get('getProduct', `/api/v2/products/${earlGrey.id}.json`)).data.title,
        'Earl Grey tea, 250 g',
      );
      const list = async (operationId: string, path: string) => (await get(operationId, path)).data;
      const priced = await list('listProductPrices', `/api/v2/products/${earlGrey.id}/prices.json`);
      assert.deepEqual(new Set(priced.map((x: { currency: string }) => x.currency)), new Set(['GBP', 'EUR', 'USD']));
      assert.ok(priced.some((x: { accessRoleId: number | null }) => x.accessRoleId !== null));
      const media = await list('listProductMedia', `/api/v2/products/${earlGrey.id}/media.json`);
      assert.ok(
        media.some((m: { isPrimary: boolean; image: string; title: string }) => m.isPrimary && m.image && m.title),
      );
      // Every photo is one the server draws, on its own origin: a product grid shows it with no network (images.ts).
      for (const { image } of media as { image: string | null }[]) {
        if (!image) continue;
        assert.ok(image.startsWith(`${first.base}/demo/images/`), image);
        const photo = await fetch(image);
        assert.equal(photo.headers.get('content-type'), 'image/svg+xml; charset=utf-8', image);
        assert.match(await photo.text(), /^<svg [^>]*>.*<\/svg>$/s, image);
      }
      const specs = await list('listProductSpecifications', `/api/products/${earlGrey.id}/specifications.json`);
      assert.ok(specs.some((s: { specification: string; value: string }) => s.specification === 'Origin' && s.value));
      assert.ok(earlGrey.currentStock > 0);
      const redirects = await list('listRedirects', '/api/v2/redirects.json');
      assert.ok(
        redirects.some(
          (r: { path: string; target: string }) => r.path === '/earl-grey' && r.target === `/${earlGrey.alias}`,
        ),
      );

      // The demo's shipping App: registered through the API as one service with no modifiers, and a checkout priced
      // by it (D-20, D-22): the options are its quotes for the deliveries, summed.
      const services = (await get('listShippingServices', '/api/shipping/services.json')).shippingServices;
      assert.equal(services.length, 1);
      const [service] = services;
      assert.equal(service.title, DEMO_APP_TITLE);
      assert.deepEqual([service.fixedModifier, service.percentageModifier, service.isActive], [0, 0, true]);
      assert.match(service.ratesUrl, /^http:\/\/127\.0\.0\.1:\d+\/rates$/);
      assert.match(
        first.output,
        new RegExp(
          `^shipping App: the reference App on http://127\\.0\\.0\\.1:\\d+, shipping service ${service.id} `,
          'm',
        ),
      );
      const quoted = await checkout(first.output);
      assert.deepEqual(
        quoted.options.map((o: { serviceCode: string }) => o.serviceCode),
        ['STD', 'EXP', 'PKT'],
      );
      assert.deepEqual(quoted.options, expectedOptions(quoted.quotes, quoted.currency, service.id));
      serviceUrl = service.ratesUrl;

      totals = [
        await total('listProducts', '/api/v2/products.json'),
        await total('listInventory', '/api/v2/inventory.json'),
        (await get('searchContacts', '/api/contacts/search.json?limit=250')).contacts.length,
      ];
    } finally {
      await first.stop();
    }

    const second = await serve(db);
    try {
      assert.match(second.demo, /^demo store not seeded: the database already holds data/);
      const get = await client(second.base);
      assert.deepEqual(
        [
          (await get('listProducts', '/api/v2/products.json')).pagination.total,
          (await get('listInventory', '/api/v2/inventory.json')).pagination.total,
          (await get('searchContacts', '/api/contacts/search.json?limit=250')).contacts.length,
        ],
        totals,
      );
      // The same service, pointed at this start's App, and a checkout priced by it.
      const services = (await get('listShippingServices', '/api/shipping/services.json')).shippingServices;
      assert.equal(services.length, 1);
      assert.notEqual(services[0].ratesUrl, serviceUrl);
      const quoted = await checkout(second.output);
      assert.deepEqual(quoted.options, expectedOptions(quoted.quotes, quoted.currency, services[0].id));
      assert.ok(quoted.options.length > 0);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
