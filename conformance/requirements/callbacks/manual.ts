// Targets without the trigger operations (D-20, CONFORMANCE_MANUAL_CALLBACKS=1): an operator causes a checkout by
// hand, and the rate request it sends is judged against the document's callback and the registering client's secret.
import { expect, requirement, skipping, requirementTimeout } from '../../lib/requirement.ts';
import { check, type Json } from '../../lib/contract.ts';
import { config } from '../../lib/config.ts';
import { appUrl, bodyOf, headerProblems, signatureValid, waitFor, type Recorded } from '../../lib/inbox.ts';
import type { Api } from '../../lib/api.ts';
import { addShippingService } from '../../lib/triggers.ts';
import { rateCallback, registered } from './shared.ts';

const MANUAL_KEY = 'manual';
// How long an operator has to trigger the checkout (CONFORMANCE_MANUAL_TIMEOUT_MS, default 120 s).
const MANUAL_MS = config.manualTimeoutMs;

/**
 * Registers the receiver where the target adds shipping services (D-18's, or the dialect's `shippingServices`), tells
 * the operator what to do, waits. The dialect's `checkout` would let the suite start the checkout itself.
 */
async function operatorRateRequest(api: Api): Promise<Recorded> {
  requirementTimeout(MANUAL_MS + 30_000);
  const url = appUrl(MANUAL_KEY, 'rates');
  let how = `register a shipping service of client ${config.clients.full.clientId} with ratesUrl ${url}, then`;
  try {
    const s = await addShippingService(api, { title: 'Conformance (operator)', ratesUrl: url, labelsUrl: null });
    registered.push({ id: s.id, as: 'full' });
    how = `the suite registered shipping service ${s.id} with ratesUrl ${url};`;
  } catch {
    /* the target may not offer D-18's endpoint, nor the dialect state its own: the operator registers it */
  }
  console.log(
    `\n[conformance] OPERATOR: ${how} start a checkout at the target within ${MANUAL_MS / 1000} s so that it posts a rate request to ${url}\n  (state the target's own checkout trigger in the dialect as checkout to have the suite start it)\n`,
  );
  const [r] = await waitFor(MANUAL_KEY, (x) => x.kind === 'rates', { timeoutMs: MANUAL_MS, intervalMs: 500 });
  return r!;
}

skipping(
  !config.manualCallbacks,
  'only with CONFORMANCE_MANUAL_CALLBACKS=1 (targets without the reference extensions, D-20)',
  () => {
    requirement('calculateShippingRates.manual-request', '§2.10 §4.5 D-16 D-20', { platform: true }).test(
      "an operator-triggered rate request is a POST of JSON matching the document's callback body and headers",
      async ({ api }) => {
        const r = await operatorRateRequest(api);
        expect(r.method).toBe('POST');
        expect(check(rateCallback.bodyPointer, bodyOf(r)), `body against ${rateCallback.bodyPointer}`).toEqual([]);
        expect(headerProblems(r, rateCallback.operation.parameters, rateCallback.paramsPointer)).toEqual([]);
        const d = bodyOf(r).delivery;
        expect(
          d.items.reduce((s: number, it: Json) => s + it.weight, 0),
          'delivery weight vs its items',
        ).toBeLessThanOrEqual(d.weight);
      },
    );

    requirement('calculateShippingRates.manual-signature', '§5 D-16 D-20', { platform: true }).test(
      "an operator-triggered rate request is signed with the registering client's secret",
      async ({ api }) => {
        const r = await operatorRateRequest(api);
        const signer = Object.entries(config.clients).find(([, c]) => signatureValid(r, c.clientSecret));
        expect(
          signer?.[0],
          `${config.dialect.dialect.signatures.header} ${r.headers[config.dialect.dialect.signatures.header]} verifies with no configured client's secret (signatures)`,
        ).toBe('full');
      },
    );
  },
);
