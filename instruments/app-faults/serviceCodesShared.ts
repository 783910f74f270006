import { mapRates } from './lib.ts';
import type { AppFault } from './types.ts';

export default {
  source: ['§2.10'],
  breaks: 'source',
  description:
    "Gives every postage option the same serviceCode (its carrier's code, 'PARCEL'), so that the options of one answer cannot be told apart: §2.10's serviceCode is 'The App's unique code for the postage method'.",
  apply: (app) => mapRates(app, (r) => ({ ...r, serviceCode: 'PARCEL' })),
} satisfies AppFault;
