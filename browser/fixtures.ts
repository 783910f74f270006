// What every browser test checks besides its own assertions, as an automatic fixture: nothing leaves the machine
// (every request is routed; loopback, file: and data: go through, anything else is aborted and recorded) and the
// page logs no console error and throws no uncaught error. Both lists are attached to the report, empty or not.
import { test as base, expect, type Page } from '@playwright/test';
import { root } from './servers.ts';

export { expect };

/** Requests that stay on the machine: the loopback servers the test started, the docs file, inline data. */
const local = (url: URL) => url.protocol === 'file:' || url.protocol === 'data:' || url.hostname === '127.0.0.1';

export interface Watch {
  /** Every request that would have left the machine (aborted). */
  left: string[];
  /** Console errors and uncaught page errors, in order. */
  errors: string[];
  /** Errors a test provokes on purpose (a refused CORS call): matching ones are not failures. */
  expected: RegExp[];
}

export const test = base.extend<{ watch: Watch }>({
  watch: [
    async ({ context, page }, use, testInfo) => {
      const watch: Watch = { left: [], errors: [], expected: [] };
      await context.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (local(url)) return route.continue();
        watch.left.push(url.href);
        return route.abort('blockedbyclient');
      });
      page.on('console', (m) => {
        if (m.type() === 'error') watch.errors.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (e) => watch.errors.push(`page error: ${e.message}`));
      await use(watch);
      await testInfo.attach('requests that would have left the machine', {
        body: JSON.stringify(watch.left, null, 2),
        contentType: 'application/json',
      });
      expect(watch.left, 'requests that would have left the machine').toEqual([]);
      const unexpected = watch.errors.filter((e) => !watch.expected.some((re) => re.test(e)));
      expect(unexpected, 'console and page errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** A screenshot of the viewport under reports/browser/, named by the test (docs-file.png, frontend-serve.png). */
export const screenshot = (page: Page, name: string) => page.screenshot({ path: `${root}reports/browser/${name}.png` });
