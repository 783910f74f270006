import type { Json } from '../../../openapi/contract.ts';
import type { Fault } from '../types.ts';

/** The fields of §2.10 and §2.11, as a server that validates App answers with closed schemas knows them. */
const known: Record<string, string[]> = {
  top: ['rates', 'label'],
  rate: [
    'serviceCode',
    'title',
    'description',
    'currency',
    'priceExcTax',
    'priceIncTax',
    'minDeliveryDate',
    'maxDeliveryDate',
    'landedCosts',
  ],
  label: ['currency', 'image', 'priceExcTax', 'priceIncTax', 'trackingNumber'],
};
const closed = (o: Json, fields: string[]) =>
  !o || typeof o !== 'object' || Object.keys(o).every((k) => fields.includes(k));

export default {
  source: ['§4.5', 'D-59'],
  breaks: 'decision',
  description:
    "App answers are validated with closed schemas: a rate or label answer with one field of the App's own is a failure, so the App vanishes from checkout and its labels fail.",
  apply: (app) => {
    const post = app.seams.appCalls.post;
    app.seams.appCalls.post = (url, body, secret, timeoutMs, valid) =>
      post(url, body, secret, timeoutMs, (answer) => {
        const a = answer as Json;
        return (
          valid(answer) &&
          closed(a, known.top!) &&
          closed(a.label, known.label!) &&
          (a.rates ?? []).every((r: Json) => closed(r, known.rate!))
        );
      });
  },
} satisfies Fault;
