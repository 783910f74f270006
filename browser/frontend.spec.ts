// The frontend page (browser/frontend/) in a real browser against both things a frontend developer codes against:
// the reference server (`npm run serve`, which keeps data) and the Prism mock (`npm run mock`,
// which answers from the document's examples). The page is served from its own port, another origin, so the
// token request, the list and the create are cross-origin calls the browser lets through only with CORS.
import { createStoreClient } from '../client/index.ts';
import { baseClients } from '../openapi/clients.ts';
import { expect, screenshot, test } from './fixtures.ts';
import { startFrontend, startMock, startReferenceServer, type Started } from './servers.ts';
import type { Page } from '@playwright/test';

const { clientId, clientSecret } = baseClients.full;
const name = 'Darjeeling tea, 100 g';

interface Target {
  name: 'serve' | 'mock';
  start(): Promise<Started>;
  /** The reference server stores what it is sent; Prism answers every create with the document's example. */
  keepsData: boolean;
}
const targets: Target[] = [
  // `npm run serve -- --demo`, as a frontend developer starts it: a store with products to show.
  { name: 'serve', start: () => startReferenceServer({ demo: true }), keepsData: true },
  { name: 'mock', start: startMock, keepsData: false },
];

const titles = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem');
const pageUrl = (frontend: Started, api: Started) =>
  `${frontend.url}/?${new URLSearchParams({ api: api.url, clientId, clientSecret, name })}`;

for (const target of targets) {
  test.describe(`the frontend page against ${target.name}`, () => {
    let api: Started;
    let frontend: Started;
    test.beforeAll(async () => {
      [api, frontend] = await Promise.all([target.start(), startFrontend()]);
    });
    test.afterAll(() => Promise.all([api?.stop(), frontend?.stop()]));

    test(`gets a token, lists products, adds one and shows it (${target.name})`, async ({ page }) => {
      // What the page should show, asked from Node through the same typed client.
      const node = createStoreClient({ baseUrl: api.url, clientId, clientSecret });
      const listed = (await node.GET('/api/v2/products.json', { params: { query: { limit: 10 } } })).data?.data ?? [];
      expect(listed.length, 'products to list').toBeGreaterThan(0);
      const createdTitle = target.keepsData
        ? name
        : (await node.POST('/api/v2/products.json', { body: { data: { type: 'physical', title: name, sku: 'X' } } }))
            .data?.data.title;

      await page.goto(pageUrl(frontend, api));
      await expect(page.getByRole('status')).toHaveText(/^Done/);
      await expect(titles(page)).toHaveText(listed.map((p) => p.title));
      await expect(page.locator('#created')).toHaveText(createdTitle!);
      await screenshot(page, `frontend-${target.name}`);
    });
  });
}

// The control: the positive tests above mean something only if this browser enforces CORS (the Chromium package's
// own flags would turn it off; playwright.config.ts drops that one). A server that allows another origin only.
test.describe('the frontend page against a server that does not allow its origin', () => {
  let api: Started;
  let frontend: Started;
  test.beforeAll(async () => {
    [api, frontend] = await Promise.all([
      startReferenceServer({ args: ['--cors-origin', 'http://127.0.0.1:1'] }),
      startFrontend(),
    ]);
  });
  test.afterAll(() => Promise.all([api?.stop(), frontend?.stop()]));

  test('the browser refuses the cross-origin call and the page says so', async ({ page, watch }) => {
    watch.expected.push(/CORS policy|Failed to fetch|ERR_FAILED/);
    await page.goto(pageUrl(frontend, api));
    await expect(page.getByRole('status')).toHaveText(/^Failed: Failed to fetch/);
    await expect(titles(page)).toHaveCount(0);
  });
});
