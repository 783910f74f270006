// The rendered docs in a real browser: the page `npm run docs` writes, opened from the file and
// as the reference server serves it at /docs, with the network blocked (fixtures.ts). Every operation, webhook and
// callback of the document is looked for in the page, so an entry the docs lose fails here by name.
import { pathToFileURL } from 'node:url';
import { doc, operations, resolvePointer, type Json } from '../openapi/contract.ts';
import { expect, screenshot, test } from './fixtures.ts';
import { docsPage, startReferenceServer, type Started } from './servers.ts';
import type { Locator, Page } from '@playwright/test';

/** An entry of the sidebar: an operation of `paths`, or a webhook (OpenAPI 3.1 `webhooks`). */
interface Entry {
  name: string;
  summary: string;
  tag: string;
}
const methods = ['get', 'put', 'post', 'delete', 'patch'];
const ofPathItem = (item: Json, name: (method: string) => string): Entry[] =>
  methods
    .filter((m) => item[m])
    .map((m) => ({ name: name(m), summary: item[m].summary, tag: item[m].tags?.[0] ?? '' }));

const entries: Entry[] = [
  ...operations.map((o) => {
    const { summary, tags } = resolvePointer(o.pointer);
    return { name: o.operationId, summary, tag: tags?.[0] ?? '' };
  }),
  ...Object.entries((doc.webhooks ?? {}) as Record<string, Json>).flatMap(([hook, item]) =>
    ofPathItem(item, (m) => `webhook ${hook} (${m})`),
  ),
];
/**
 * Redoc lists callbacks not in the sidebar but in their operation's Callbacks section, one expandable panel each: a
 * callback is looked for there.
 */
const callbacks = operations.flatMap((o) =>
  Object.entries((resolvePointer(o.pointer).callbacks ?? {}) as Record<string, Json>).flatMap(([name, cb]) =>
    Object.values(cb as Record<string, Json>).flatMap((item) =>
      ofPathItem(item, (m) => `callback ${name} (${m}) of ${o.operationId}`).map((c) => ({
        ...c,
        parent: entries.find((e) => e.name === o.operationId)!,
      })),
    ),
  ),
);
const tags = [...new Set(entries.map((e) => e.tag))];

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const menuItem = (page: Page, kind: 'group' | 'operation', label: string) =>
  page
    .locator(`[data-component-name="Menu/MenuItem"].menu-item-type-${kind}`)
    .filter({ has: page.locator('[data-testid="menu-item-label"]').getByText(label, { exact: true }) });
/** An entry's heading: its summary, and for a webhook Redoc's "Webhook" badge after it. */
const heading = (page: Page, text: string) =>
  page
    .locator('h1, h2')
    .filter({ hasText: new RegExp(`${exactly(text).source.slice(0, -1)}(Webhook)?$`) })
    .first();

/**
 * Clicks `target` until `done` holds. The sidebar's groups open and close with an animation, and Redoc re-renders the
 * operation it scrolled to: on a loaded machine a click computed while its target was still moving, or landing
 * mid-render, is lost (seen in CI: a callback stayed collapsed; the address stayed at a tag's while the pointer rested
 * on another entry). So it is clicked again, only while `done` does not hold, as a user would.
 */
async function clickUntil(target: Locator, done: () => Promise<boolean>, what: string) {
  await expect(async () => {
    if (!(await done())) await target.click();
    await expect.poll(done, { timeout: 1000 }).toBe(true);
  }, what).toPass({ timeout: 10_000 });
}

/** Clicks an entry in the (expanded) sidebar: the address changes and the entry's heading comes into view. */
async function open(page: Page, entry: Entry) {
  const before = page.url();
  const link = menuItem(page, 'operation', entry.summary).locator('a').first();
  await clickUntil(link, async () => page.url() !== before, `${entry.name} opens`);
  await expect(heading(page, entry.summary), `${entry.name} shows its heading`).toBeInViewport();
}

/**
 * `opening`: which entries to click. Rendering an operation takes Redoc about half a second of CPU here, so the page
 * from the file (the offline case of the issue) opens every entry, and the served page, the same bytes under an
 * http origin, opens the first entry of each tag and every webhook; both list every entry and open every callback.
 * Tag by tag, because opening a tag's group in the sidebar closes the one open before.
 */
async function checkDocs(page: Page, url: string, shot: string, opening: 'every entry' | 'one per tag') {
  await page.goto(url);
  await expect(heading(page, `${doc.info.title} (${doc.info.version})`)).toBeVisible();

  for (const tag of tags) {
    const listed = entries.filter((e) => e.tag === tag);
    const parents = new Set(callbacks.filter((c) => c.parent.tag === tag).map((c) => c.parent));
    const opened = listed.filter(
      (e, i) => opening === 'every entry' || i === 0 || e.name.startsWith('webhook ') || parents.has(e),
    );
    await test.step(`${tag}: ${listed.length} listed, ${opened.length} opened`, async () => {
      const first = menuItem(page, 'operation', listed[0]!.summary);
      await clickUntil(menuItem(page, 'group', tag).locator('a').first(), () => first.isVisible(), `${tag} opens`);
      for (const entry of listed)
        await expect(menuItem(page, 'operation', entry.summary), `${entry.name} is listed under ${tag}`).toHaveCount(1);
      for (const entry of opened) {
        await open(page, entry);
        for (const callback of callbacks.filter((c) => c.parent === entry)) {
          const toggle = page.getByRole('button', { name: callback.summary, exact: true });
          const expanded = async () => (await toggle.getAttribute('aria-expanded')) === 'true';
          await clickUntil(toggle, expanded, `${callback.name} opens`);
        }
      }
    });
  }

  await test.step('search finds an operation', async () => {
    const wanted = entries.find((e) => e.name === 'createProduct') ?? entries[0]!;
    // The sidebar's search box opens the search dialog, whose input takes the focus.
    await page.locator('[data-component-name="icons/SearchIcon/SearchIcon"]').first().click();
    await expect(page.locator('[data-component-name="Search/SearchInput"] input')).toBeFocused();
    await page.keyboard.type(wanted.summary);
    const hit = page.locator('[data-component-name="Search/SearchItem"]').filter({ hasText: wanted.summary }).first();
    await expect(hit).toBeVisible();
    await hit.click();
    await expect(heading(page, wanted.summary)).toBeInViewport();
  });

  // Settled before the screenshot: taken mid-scroll, the page from the file showed a blank band above the sidebar.
  await expect
    .poll(
      async () => {
        const before = await page.evaluate('window.scrollY');
        await page.waitForTimeout(200);
        return (await page.evaluate('window.scrollY')) === before;
      },
      { message: 'the page stops scrolling' },
    )
    .toBe(true);

  await screenshot(page, shot);
}

// A trace snapshots the whole DOM of a 2.8 MB page at every click: it would cost more than the test.
test.use({ trace: 'off' });

test('the docs work from file:// with no network', async ({ page }) => {
  test.setTimeout(180_000); // about 80 entries opened at half a second each, on two shared cores
  await checkDocs(page, pathToFileURL(docsPage).href, 'docs-file', 'every entry');
});

test.describe('the docs served by the reference server', () => {
  let server: Started;
  test.beforeAll(async () => {
    server = await startReferenceServer();
  });
  test.afterAll(() => server?.stop());

  test('the docs work as /docs of the reference server', async ({ page }) => {
    await checkDocs(page, `${server.url}/docs`, 'docs-served', 'one per tag');
  });
});
