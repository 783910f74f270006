// Shipping services (D-18): an App's registration, one row per service (resources/shippingServices.ts). The
// registering client is recorded (`_clientId`): its secret signs the callbacks (D-16).
import type { components } from '../../openapi/dist/types.ts';
import type { Resource } from '../store/resource.ts';
import type { Ctx } from '../store/types.ts';
import type { ServiceTarget } from './callbacks.ts';

type ShippingService = components['schemas']['ShippingService'];

/** The active services (only they are asked, D-18) with their owners' secrets; `id` narrows to one service. */
export function activeServices(
  ctx: Ctx,
  services: Resource,
  secretOf: (clientId: string) => string | undefined,
  id?: number,
): ServiceTarget[] {
  const active = (services.all(ctx, {}) as ShippingService[]).filter(
    (s) => s.isActive && (id === undefined || s.id === id),
  );
  const owners = services.owners(
    ctx,
    active.map((s) => s.id),
  );
  return active.map((s) => ({
    settings: {
      id: s.id,
      title: s.title,
      fixedModifier: s.fixedModifier,
      percentageModifier: s.percentageModifier,
      currency: s.currency,
    },
    ratesUrl: s.ratesUrl,
    labelsUrl: s.labelsUrl,
    secret: secretOf(owners.get(s.id)!),
    shippingClassIds: s.shippingClassIds ?? [],
  }));
}

/**
 * §4.5 rule 11, D-60, as a seam of each app: a service applies to a delivery only when every product in it has a
 * shipping calculator (`shippingClassId`) the service lists; an empty list applies to every product.
 */
export interface Calculators {
  applies(target: Pick<ServiceTarget, 'shippingClassIds'>, classIds: (number | null)[]): boolean;
}
export const defaultCalculators = (): Calculators => ({
  applies: (target, classIds) =>
    target.shippingClassIds.length === 0 || classIds.every((c) => c !== null && target.shippingClassIds.includes(c)),
});
