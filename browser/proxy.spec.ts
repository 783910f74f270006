// The frontend page (browser/frontend/) through the proxy (conformance/proxy/), as a frontend developer checks what
// their page sends and gets against the contract while they work: the page talks to the proxy, the proxy to the
// reference server (`npm run serve -- --demo`). Against the reference server no exchange breaks a requirement;
// against one started with a known fault (instruments/faults, through FAULTS as the instruments start it), the
// violations name the requirement of the suite that catches that fault.
import { baseClients } from '../openapi/clients.ts';
import { expect, test } from './fixtures.ts';
import { root, startFrontend, startProxy, startReferenceServer, type Started } from './servers.ts';

const { clientId, clientSecret } = baseClients.full;

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

    test(`judges every exchange the page makes (${c.faults ?? 'no fault'})`, async ({ page }) => {
      const proxy = await startProxy(api.url, `${root}reports/browser/proxy-${c.faults ?? 'reference'}`);
      try {
        await page.goto(`${frontend.url}/?${new URLSearchParams({ api: proxy.url, clientId, clientSecret })}`);
        await expect(page.getByRole('status')).toHaveText(/^Done/);
      } finally {
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
      }
    });
  });
}
