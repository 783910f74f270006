// Checkout rates and shipments with their labels, the two reference extensions that trigger the App callbacks (D-20).
// What they do, and the order of their reads, App calls and writes, is the domain's: shipping/checkout.ts,
// shipping/shipments.ts. Shipping services (D-18) have the CRUD handlers of every resource (crud.ts).
import { notFound } from '../../shared/errors.ts';
import { checkoutRates } from '../shipping/checkout.ts';
import type { Cart } from '../shipping/deliveries.ts';
import * as shipments from '../shipping/shipments.ts';
import { ctxOf } from './crud.ts';
import { single, v2 } from './envelopes.ts';
import type { Handler } from './types.ts';

export const calculateCheckoutRates: Handler<'calculateCheckoutRates'> = async (req) =>
  single(200, await checkoutRates(ctxOf(req), req.services, req.body.data as Cart));

export const createShipment: Handler<'createShipment'> = async (req) =>
  single(201, await shipments.createShipment(ctxOf(req), req.services, req.body.data as shipments.Order));

/** A stored shipment, as created (resources/shipments.ts). */
export const getShipment: Handler<'getShipment'> = (req) => {
  const stored = req.services.resources.shipments;
  return v2.oneJson(stored.findJson(ctxOf(req), Number(req.params.id)) ?? notFound('id', 'shipment'), stored.kept);
};
