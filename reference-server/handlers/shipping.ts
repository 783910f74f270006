// Shipping services (D-18) and the two reference extensions that trigger the App callbacks (D-20): checkout rates
// and shipments with their labels. What they do, and the order of their reads, App calls and writes, is the
// domain's: shipping/checkout.ts, shipping/shipments.ts.
import { tx } from '../store/db.ts';
import type { Obj } from '../store/types.ts';
import { checkoutRates } from '../shipping/checkout.ts';
import type { Cart } from '../shipping/deliveries.ts';
import * as shipments from '../shipping/shipments.ts';
import { ctxOf } from './crud.ts';
import { single } from './envelopes.ts';
import type { Handler, Reply, Req } from './types.ts';

// ── Shipping services: wrapped in `shippingService` / `shippingServices` (D-18) ──

const wrapped = (status: 200 | 201, service: Obj): Reply => ({ status, body: { shippingService: service } });
const serviceId = (req: Req) => Number(req.params.id);
const services = (req: Req) => req.services.resources.shippingServices;

export const listShippingServices: Handler<'listShippingServices'> = (req) => ({
  status: 200,
  body: { shippingServices: services(req).list(ctxOf(req), req.query).items },
});
export const getShippingService: Handler<'getShippingService'> = (req) =>
  wrapped(200, services(req).get(ctxOf(req), serviceId(req)));
export const createShippingService: Handler<'createShippingService'> = (req) =>
  wrapped(
    201,
    tx(req.db, () => services(req).create(ctxOf(req), req.body.shippingService as Obj)),
  );
export const updateShippingService: Handler<'updateShippingService'> = (req) =>
  wrapped(
    200,
    tx(req.db, () => services(req).update(ctxOf(req), serviceId(req), req.body.shippingService as Obj)),
  );
export const deleteShippingService: Handler<'deleteShippingService'> = (req) => {
  tx(req.db, () => services(req).delete(ctxOf(req), serviceId(req)));
  return { status: 204 };
};

// ── Checkout (D-20, D-22) and shipments (D-49) ──

export const calculateCheckoutRates: Handler<'calculateCheckoutRates'> = async (req) =>
  single(200, await checkoutRates(ctxOf(req), req.services, req.body.data as Cart));

export const createShipment: Handler<'createShipment'> = async (req) =>
  single(201, await shipments.createShipment(ctxOf(req), req.services, req.body.data as shipments.Order));

export const getShipment: Handler<'getShipment'> = (req) =>
  single(200, shipments.getShipment(ctxOf(req), Number(req.params.id)));
