// Shipments (§2.11, §4.5 rules 2, 4, 9; D-49): one label request per box to the chosen service, then one write.
// Label requests are calls to the App, never webhook events (§6): only the shipment itself is one. Every read
// happens before the label requests and the write after them, so no transaction is open while an App answers.
import { fail } from '../../shared/errors.ts';
import { isoUtc, tx } from '../store/db.ts';
import type { Resource } from '../store/resource.ts';
import type { Ctx, Obj } from '../store/types.ts';
import { requestLabels, type Label, type ServiceTarget } from './callbacks.ts';
import { deliveriesOf, secretOf, type Cart, type ShippingApp } from './deliveries.ts';
import { activeServices } from './services.ts';

/** A shipment's order: a cart, the chosen service and its `serviceCode` as checkout offered it. */
export interface Order extends Cart {
  shippingServiceId: number;
  serviceCode: string;
}

/** Labels the order's boxes and records the shipment (D-49), with its `shipments/created` event (D-17). */
export async function createShipment(ctx: Ctx, app: ShippingApp, order: Order): Promise<Obj> {
  const target = chosenService(ctx, app, order.shippingServiceId);
  const { deliveries: requests, classIds } = deliveriesOf(ctx, app, order, order.serviceCode);
  if (!app.calculators.applies(target, classIds.flat())) {
    // §4.5 rule 11, D-60
    fail(
      422,
      'error.reference-not-found',
      'data.shippingServiceId',
      `Shipping service ${order.shippingServiceId} does not apply to every product of the cart (shipping calculators, D-60)`,
      'data',
    );
  }
  const labels = target.labelsUrl // rule 2: no labelsUrl, no label requests
    ? await requestLabels(app.appCalls, target.labelsUrl, target.secret, requests, app.config.callbackTimeoutMs)
    : requests.map(() => undefined);
  return record(ctx, app.resources.shipments, shipmentOf(order, target, requests, labels, ctx.now));
}

/** The active service the order names; refused when there is none. */
function chosenService(ctx: Ctx, app: ShippingApp, id: number): ServiceTarget {
  const [target] = activeServices(ctx, app.resources.shippingServices, secretOf(app), id);
  return (
    target ??
    fail(422, 'error.reference-not-found', 'data.shippingServiceId', `No active shipping service with id ${id}`, 'data')
  );
}

/** The shipment: each box as it was sent, with its label, or why it has none (rule 2: `skipped`; D-49: `failed`). */
const shipmentOf = (
  order: Order,
  target: ServiceTarget,
  requests: Obj[],
  labels: (Label | undefined)[],
  now: Date,
) => ({
  shippingServiceId: order.shippingServiceId,
  serviceCode: order.serviceCode,
  currency: order.currency,
  createdOn: isoUtc(now),
  boxes: requests.map(({ serviceCode: _sent, ...box }, i) => {
    const label = labels[i] ?? null;
    return {
      ...box,
      labelStatus: !target.labelsUrl ? 'skipped' : label ? 'created' : 'failed',
      trackingNumber: label?.trackingNumber ?? null,
      label,
    };
  }),
});

/** Stores the shipment (resources/shipments.ts) and queues its `shipments/created` event, in one transaction (D-17,
 * D-23). */
const record = (ctx: Ctx, shipments: Resource, shipment: ReturnType<typeof shipmentOf>): Obj =>
  tx(ctx.db, () => shipments.create(ctx, shipment));
