// What a developer reading the docs uses besides the reference itself: the code samples of each operation and the
// links from its D-nn and § citations to the decisions register and the source text (scripts/docs/). Opened from
// the file, with the network blocked (fixtures.ts). The operations looked at are a sample spread over the document,
// chosen from it, so a sample the build stops making fails here by name.
import { pathToFileURL } from 'node:url';
import { operations, resolvePointer } from '../openapi/contract.ts';
import { expect, test } from './fixtures.ts';
import { docsPage } from './servers.ts';

/** Every tenth operation of the document but the token's (each opening costs Redoc about half a second). */
const sampled = operations.filter((o, i) => i % 10 === 2 && o.security !== null);

test.use({ trace: 'off' });

test('operations show a curl and a typed-client sample made from the document', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(pathToFileURL(docsPage).href);
  for (const o of sampled)
    await test.step(o.operationId, async () => {
      // Redoc's address of an operation: its tag and its operationId, lower case (`#/authentication/createtoken`).
      const hash = `#/${o.tags[0]!.toLowerCase().replace(/ /g, '-')}/${o.operationId.toLowerCase()}`;
      await page.goto(`${pathToFileURL(docsPage).href}${hash}`);
      // The sample menu of this operation's panel: the one in view (Redoc keeps the language last chosen).
      const menus = page.getByRole('button', { name: /^(curl|Typed client|Python)$/ });
      await expect(menus.first()).toBeAttached();
      const heading = page
        .locator('h1, h2')
        .filter({ hasText: resolvePointer(o.pointer).summary })
        .first();
      /** Picks the menu level with the operation's heading (the panels sit beside their operations). */
      const choose = async (language: string) => {
        const top = (await heading.boundingBox())?.y ?? 0;
        const boxes = await Promise.all((await menus.all()).map(async (m) => ({ m, box: await m.boundingBox() })));
        const near = boxes.filter((b) => b.box).sort((a, b) => Math.abs(a.box!.y - top) - Math.abs(b.box!.y - top))[0];
        if (!near) throw new Error(`no sample menu for ${o.operationId}`);
        // In the middle of the window, so that the menu it opens has room below it (near the bottom edge, the item
        // to pick is out of the window and cannot be clicked). Each action is bounded: a miss fails in seconds.
        await near.m.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await near.m.click({ timeout: 15_000 });
        await page.getByRole('menuitem', { name: language, exact: true }).click({ timeout: 15_000 });
      };
      await choose('curl');
      const curl = page.locator('code').filter({ hasText: `curl -sS -X ${o.method} "$` });
      await expect(curl.filter({ hasText: o.path.replace(/\{(\w+)\}/g, '$$$1') }).first()).toBeVisible();
      await choose('Typed client');
      // The panel now shows the typed client's call of the same operation.
      await expect(
        page
          .locator('code')
          .filter({ hasText: `api.${o.method}('${o.path}'` })
          .first(),
      ).toBeVisible();
    });
});

test('a D-nn link reaches its entry and a § link its section of the source', async ({ page }) => {
  await page.goto(pathToFileURL(docsPage).href);
  const decision = page.locator('a[href^="decisions.html#D-"]').first();
  const id = (await decision.getAttribute('href'))!.split('#')[1]!;
  await decision.click();
  await expect(page).toHaveURL(new RegExp(`decisions\\.html#${id}$`));
  await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
  await expect(page.locator(`[id="${id}"] h2`)).toHaveText(id);

  await page.goto(pathToFileURL(docsPage).href);
  const section = page.locator('a[href^="source.html#s-"]').first();
  const anchor = (await section.getAttribute('href'))!.split('#')[1]!;
  const number = anchor.slice(2);
  await section.click();
  await expect(page).toHaveURL(new RegExp(`source\\.html#${anchor.replace(/\./g, '\\.')}$`));
  const heading = page.locator(`[id="${anchor}"]`);
  await expect(heading).toBeInViewport();
  await expect(heading).toHaveText(new RegExp(`^${number.replace(/\./g, '\\.')}\\.? `));
});
