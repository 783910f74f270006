import { mapRates } from './lib.ts';
import type { AppFault } from './types.ts';

export default {
  source: ['§2.10'],
  breaks: 'source',
  description:
    "Names each postage option `code` instead of `serviceCode`: a rate without §2.10's serviceCode, which the service can neither offer nor order a label for (§2.11).",
  apply: (app) => mapRates(app, ({ serviceCode, ...rest }) => ({ code: serviceCode, ...rest })),
} satisfies AppFault;
