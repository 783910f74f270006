import type { Json } from '../../openapi/contract.ts';
import { addDays } from '../app-faults/lib.ts';
import type { AppVariant } from './types.ts';

/** Its economy service: Standard's rate at 60 %, two days slower; labelled as Standard's label at that price. */
const ECO = 'ECO';
const FACTOR = 0.6;

export default {
  description:
    "Offers one more postage option for every delivery, ECO (Economy: 60 % of Standard's price, two days slower), first in its list, and labels it: how many options an App offers is its own (§2.10 'one element for each postage option'; D-72 is the reference App's tariff).",
  decides: ['D-72'],
  apply(app) {
    const { quote, label } = app.seams;
    app.seams.quote = (delivery) => {
      const rates = quote(delivery);
      const std = rates.find((r) => r.serviceCode === 'STD');
      if (!std) return rates;
      const cheaper = (n: number) => Math.round(n * FACTOR * 100) / 100;
      return [
        {
          ...std,
          serviceCode: ECO,
          title: 'Economy',
          description: 'Delivered in 4 to 6 working days, untracked.',
          priceExcTax: cheaper(std.priceExcTax),
          priceIncTax: cheaper(std.priceIncTax),
          minDeliveryDate: addDays(std.minDeliveryDate, 2),
          maxDeliveryDate: addDays(std.maxDeliveryDate, 2),
        },
        ...rates,
      ];
    };
    app.seams.label = (delivery: Json) => {
      if (delivery.serviceCode !== ECO) return label(delivery);
      const eco = app.seams.quote(delivery).find((r) => r.serviceCode === ECO);
      const made = label({ ...delivery, serviceCode: 'STD' });
      if (!eco || !made) return undefined;
      const decimals = made.priceExcTax.split('.')[1]?.length ?? 0;
      return {
        ...made,
        priceExcTax: eco.priceExcTax.toFixed(decimals),
        priceIncTax: eco.priceIncTax.toFixed(decimals),
      };
    };
  },
} satisfies AppVariant;
