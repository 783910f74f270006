// The frontend page (browser/frontend/) through the proxy (conformance/proxy/), as a frontend developer checks what
// their page sends and gets against the contract while they work: the page talks to the proxy, the proxy to the
// reference server (`npm run serve -- --demo`). Against the reference server no exchange breaks a requirement;
// against one started with a known fault (instruments/faults, through FAULTS as the instruments start it), the
// violations name the requirement of the suite that catches that fault. The browser records the same page's calls as
// HAR, as its developer tools save them, and `store-api-conformance judge FILE.har` judges them as the proxy did.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { baseClients } from '../openapi/clients.ts';
import { expect, test } from './fixtures.ts';
import { root, startFrontend, startProxy, startReferenceServer, type Started } from './servers.ts';

const { clientId, clientSecret } = baseClients.full;
interface ProxyResultsFile {
  requirements: { id: string; status: string }[];
}

const cases = [
  { name: 'the reference server', faults: undefined, failing: [] as string[] },
  // Adds answer 200 instead of 201 (D-01), a status the document does not give createProduct: the suite catches it
  // by `<create>.lifecycle.status` (instruments/faults/envelopes/createAnswers200.ts), and fails
  // `createProduct.nulls.others` on the same answer's contract (a decision requirement whose add it checks); the one
  // add the page makes shows both (`npm run proxy:compare -- --fault envelopes.createAnswers200` lists the suite's).
  {
    name: 'createAnswers200',
    faults: 'envelopes.createAnswers200',
    failing: ['createProduct.lifecycle.status', 'createProduct.nulls.others'],
  },
];

for (const c of cases) {
  test.describe(`the frontend page through the proxy, against ${c.name}`, () => {
    let api: Started;
    let frontend: Started;
    test.beforeAll(async () => {
      [api, frontend] = await Promise.all([
        startReferenceServer({ demo: true, env: { ...process.env, ...(c.faults ? { FAULTS: c.faults } : {}) } }),
        startFrontend(),
      ]);
    });
    test.afterAll(() => Promise.all([api?.stop(), frontend?.stop()]));

    test(`judges every exchange the page makes (${c.faults ?? 'no fault'})`, async ({ browser }) => {
      const dir = `${root}reports/browser/proxy-${c.faults ?? 'reference'}`;
      const proxy = await startProxy(api.url, dir);
      // The page's calls as the browser records them (HAR 1.2), with the page's own preflights and assets.
      const context = await browser.newContext({ recordHar: { path: `${dir}-page.har` } });
      try {
        const page = await context.newPage();
        await page.goto(`${frontend.url}/?${new URLSearchParams({ api: proxy.url, clientId, clientSecret })}`);
        await expect(page.getByRole('status')).toHaveText(/^Done/);
      } finally {
        await context.close();
        const results = await proxy.results();
        // The token, the list and the add, each judged by requirements of the suite.
        const judged = results.requirements.map((r) => r.id);
        for (const id of [
          'createToken.form',
          'listProducts.envelope',
          'listProducts.pagination.walk',
          'createProduct.success-envelope',
        ])
          expect(judged, `judged ${id}`).toContain(id);
        const failing = results.requirements.filter((r) => r.status === 'fail').map((r) => r.id);
        expect(failing, JSON.stringify(results.violations, null, 2)).toEqual(c.failing);
        // Every answer that breaks the document is a requirement's failure here, none a finding of its own.
        expect(results.findings).toEqual([]);
        // The same calls, recorded by the browser, judged from the file: the same requirements, the same verdicts.
        const exit = await promisify(execFile)(
          process.execPath,
          [`${root}bin/store-api-conformance.ts`, 'judge', `${dir}-page.har`, '--report-dir', `${dir}-judge`],
          { cwd: root },
        ).then(
          () => 0,
          (err: { code?: number }) => err.code ?? -1,
        );
        expect(exit, 'judge exit status').toBe(c.failing.length ? 1 : 0);
        const fromHar = JSON.parse(readFileSync(`${dir}-judge/results.json`, 'utf8')) as ProxyResultsFile;
        const verdicts = (rows: ProxyResultsFile['requirements']) =>
          Object.fromEntries(rows.map((r) => [r.id, r.status]).sort());
        expect(verdicts(fromHar.requirements)).toEqual(verdicts(results.requirements));
      }
    });
  });
}
