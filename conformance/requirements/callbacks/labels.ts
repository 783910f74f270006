// Label requests (§2.10, §2.11, §4.5; D-16, D-49, D-58, D-59), caused by a dispatch through the reference extension
// createShipment (D-20): one per box to the chosen service only, signed, of the document's body and §2.10's fields
// plus serviceCode; the labels each box keeps, and the boxes of a service without labelsUrl or whose App fails.
// Bases: what §2.10, §2.11, §4.5 and §7 say of the requests and of the options is `source`; the minor units of a
// currency `standard` (ISO 4217); the headers and signature `platform` (D-16); the rest `decision`.
import { expect, requirement, skipping } from '../../lib/requirement.ts';
import type { Json } from '../../lib/contract.ts';
import { config } from '../../lib/config.ts';
import { uid } from '../../lib/fixtures.ts';
import { bodyOf, inbox, signatureValid, expectValidatable } from '../../lib/inbox.ts';
import type { Api } from '../../lib/api.ts';
import { isObject } from '../../lib/dialect.ts';
import { elementField } from '../../lib/triggers.ts';
import {
  MANUAL_DISPATCH,
  about,
  addressFields,
  labelAddressFields,
  boxesOf,
  deliveryProblems,
  itemIds,
  labelCallback,
  manualDispatch,
  observe,
  register,
  requestSchemaJudge,
  ship,
  stocked,
  twoLocations,
} from './shared.ts';

/** A dispatch of one unit of each product, with the option STD of `service`. */
const shipOneOfEach = (api: Api, products: Json[], service: Json) =>
  ship(
    api,
    products.map((p) => ({ productId: p.id, quantity: 1 })),
    service.id,
    'STD',
  );

skipping(manualDispatch, MANUAL_DISPATCH, () => {
  // A box is what the shipment answers (D-49); that each gets one request, with the chosen serviceCode, is §4.5's.
  requirement('createShippingLabel.one-per-box', '§2.11 §4.5 D-49', { quote: 'A label request covers one box.' }).test(
    "one label request per box, holding that box's items and the chosen serviceCode, to the chosen service's labels address only",
    async ({ api }) => {
      const [a, b] = await twoLocations(api);
      const [chosenKey, otherKey] = [uid('app'), uid('app')];
      const chosen = await register(api, chosenKey);
      await register(api, otherKey);
      const shipment = await shipOneOfEach(api, [a, b], chosen);
      expect(boxesOf(shipment), 'the boxes of the shipment').toEqual(expect.any(Array));
      expect(boxesOf(shipment).length).toBeGreaterThan(0);
      const requests = (await inbox(chosenKey)).filter(about('labels', [a.id, b.id]));
      expect(requests, 'one label request per box of the shipment').toHaveLength(boxesOf(shipment).length);
      // Which items a box holds is read where the answer shows it in our form (D-49's `items`); the quote's "one box"
      // is then held to it. A target whose boxes show none is judged by the count above.
      const boxes = boxesOf(shipment).map((box) => (isObject(box) ? box.items : undefined));
      if (boxes.every(Array.isArray))
        expect(requests.map(itemIds).sort(), 'the items of each label request: those of one box').toEqual(
          boxes.map((items) => (items as Json[]).map((it) => it?.id).sort()).sort(),
        );
      for (const r of requests) expect(bodyOf(r).delivery.serviceCode).toBe('STD');
      expect(
        (await inbox(otherKey)).filter(about('labels', [a.id, b.id])),
        'label requests to a service that was not chosen',
      ).toEqual([]);
    },
  );

  const labelSchema = requestSchemaJudge('createShippingLabel', labelCallback);
  requirement('createShippingLabel.request-schema', '§2.11 D-16 D-49', { platform: true, judge: labelSchema }).test(
    "each box of a two-location shipment gets a label request signed with the registering client's secret, matching the document's callback body and headers",
    async ({ api }) => {
      const [a, b] = await twoLocations(api);
      const key = uid('app');
      const chosen = await register(api, key);
      const shipment = await shipOneOfEach(api, [a, b], chosen);
      const requests = (await inbox(key)).filter(about('labels', [a.id, b.id]));
      observe(api, key, requests, 'createShippingLabel');
      // Only the act knows the shipment's boxes and the client that registered the service (its secret).
      expect(boxesOf(shipment)).toHaveLength(2);
      expect(requests).toHaveLength(2);
      for (const r of requests) expect(signatureValid(r, config.clients.full.clientSecret)).toBe(true);
    },
  );
});

skipping(manualDispatch, MANUAL_DISPATCH, () => {
  // The source's part of createShippingLabel.request-schema (§2.10, §2.11): the fields and types of a label request;
  // its headers, its signature and the rest of the document's schema are D-16's and ours.
  const labelRequests = async (api: Api) => {
    const p = await stocked(api, 1);
    const key = uid('app');
    const chosen = await register(api, key);
    await ship(api, [{ productId: p.id, quantity: 2 }], chosen.id, 'STD');
    const requests = (await inbox(key)).filter(about('labels', [p.id]));
    expect(requests.length, 'label requests for the shipment').toBeGreaterThan(0);
    return requests;
  };
  requirement('createShippingLabel.request-fields', '§2.11 §2.10', {
    quote: 'with the same fields as the rate request plus `serviceCode`',
  }).test(
    "a label request is a POST whose delivery holds the rate request's fields, of §2.10's types, and the serviceCode the App returned",
    async ({ api }) => {
      for (const r of await labelRequests(api)) {
        expect(r.method).toBe('POST');
        const delivery = bodyOf(r)?.delivery;
        expect(deliveryProblems(delivery), 'the label request against §2.10').toEqual([]);
        expect(delivery.serviceCode, 'serviceCode: the one the App returned in its rates').toBe('STD');
      }
    },
  );
  requirement('createShippingLabel.security-headers', '§5 §4.5', {
    quote: 'carry security headers so that the App can validate them',
  }).test(
    "a label request carries security headers the App validates it by: its signature, in the target's scheme, verifies with the secret of the client that registered the service and no other's",
    async ({ api }) => {
      for (const r of await labelRequests(api))
        expectValidatable(r, config.clients.full.clientSecret, config.clients.other.clientSecret, 'the label request');
    },
  );
  requirement('createShippingLabel.addresses', '§2.10 §2.11', {
    quote: 'Label requests add `title` and `phone`.',
  }).test(
    "a label request's origin and destination carry every address field of §2.10, title and phone included",
    async ({ api }) => {
      for (const r of await labelRequests(api)) {
        const { delivery } = bodyOf(r);
        for (const address of [delivery?.origin, delivery?.destination])
          expect(Object.keys(address ?? {})).toEqual(expect.arrayContaining([...addressFields, ...labelAddressFields]));
      }
    },
  );

  requirement('createShipment.stores-labels', '§2.11 D-49').test(
    'each box keeps the label its own request was answered with; getShipment returns it',
    async ({ api }) => {
      const [a, b] = await twoLocations(api);
      const key = uid('app');
      const service = await register(api, key);
      const shipment = await shipOneOfEach(api, [a, b], service);
      const labels = (await inbox(key)).filter((r) => r.kind === 'labels');
      for (const box of boxesOf(shipment)) {
        const items = elementField(box, 'items', 'dispatch', 'boxes') as Json[];
        expect(items, 'the items of the box').toEqual(expect.any(Array));
        const n = labels.findIndex(
          (r) => JSON.stringify(itemIds(r)) === JSON.stringify(items.map((it: Json) => it?.id).sort()),
        );
        expect(n, 'a label request for this box').toBeGreaterThanOrEqual(0);
        expect(elementField(box, 'labelStatus', 'dispatch', 'boxes')).toBe('created');
        expect(box.trackingNumber).toBe(`TRK-${key}-${n + 1}`); // the receiver's answer to that request
        expect(box.label).toMatchObject({
          trackingNumber: box.trackingNumber,
          currency: 'GBP',
          priceExcTax: '3.00',
          priceIncTax: '3.60',
        });
      }
      const got = await api.call('getShipment', { params: { id: shipment.id } });
      expect(got.status).toBe(200);
      expect(got.body?.data).toEqual(shipment);
    },
  );

  requirement('createShipment.app-extra-fields', '§2.11 §4.5 D-59').test(
    "a label answer carrying fields beyond the document's is stored, with the fields of §2.11 only",
    async ({ api }) => {
      const p = await stocked(api, 1);
      const key = uid('app');
      const service = await register(api, key, { labels: { extra: 1 } });
      const shipment = await ship(api, [{ productId: p.id, quantity: 1 }], service.id);
      expect(boxesOf(shipment)).toHaveLength(1);
      const [box] = boxesOf(shipment);
      expect(box.labelStatus).toBe('created');
      expect(box.label).toEqual({
        currency: 'GBP',
        image: 'data:image/png;base64,iVBORw0KGgo=',
        priceExcTax: '3.00',
        priceIncTax: '3.60',
        trackingNumber: box.trackingNumber,
      });
      expect(box.trackingNumber).toMatch(new RegExp(`^TRK-${key}-\\d+$`));
    },
  );

  requirement('createShipment.no-labels-url', '§4.5 D-49', {
    quote: 'Label requests are sent only if the shipping service supplied `labelsUrl`.',
  })
    .test('a service without labelsUrl gets no label request', async ({ api }) => {
      const p = await stocked(api, 1);
      const key = uid('app');
      // register sends no labelsUrl; what the target's answer shows of it is not asserted here.
      const service = await register(api, key, { labels: null });
      await ship(api, [{ productId: p.id, quantity: 2 }], service.id);
      expect(
        (await inbox(key)).filter((r) => r.kind !== 'rates' || bodyOf(r)?.delivery?.serviceCode !== undefined),
        'label requests',
      ).toEqual([]);
    })
    .twin('status', 'D-49 D-58')
    .test(
      'the boxes shipped by a service without labelsUrl are labelStatus skipped, with no tracking number or label',
      async ({ api }) => {
        const p = await stocked(api, 1);
        const service = await register(api, uid('app'), { labels: null });
        const shipment = await ship(api, [{ productId: p.id, quantity: 2 }], service.id);
        expect(boxesOf(shipment).length).toBeGreaterThan(0);
        for (const box of boxesOf(shipment))
          expect(box).toMatchObject({ labelStatus: 'skipped', trackingNumber: null, label: null });
      },
    );

  requirement('createShipment.label-failure', 'D-49').test(
    'a failing label request leaves its box labelStatus failed without failing the shipment',
    async ({ api }) => {
      const p = await stocked(api, 1);
      const key = uid('app');
      const service = await register(api, key, { labels: { mode: 'fail' } });
      const shipment = await ship(api, [{ productId: p.id, quantity: 1 }], service.id);
      expect((await inbox(key)).filter(about('labels', [p.id])), 'the label request was made').toHaveLength(1);
      expect(boxesOf(shipment)).toHaveLength(1);
      expect(boxesOf(shipment)[0]).toMatchObject({ labelStatus: 'failed', trackingNumber: null, label: null });
    },
  );
});
