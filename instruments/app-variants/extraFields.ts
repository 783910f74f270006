import { mapLabel, mapRates, onReply } from '../app-faults/lib.ts';
import type { AppVariant } from './types.ts';

export default {
  description:
    "Adds fields of its own to the answer and to each rate and label (a carrier name, a request id, the rate's service level): §2.10 and §2.11 list what an answer holds, not that it holds nothing else, and the service reads past the rest (D-59).",
  decides: ['D-72', 'D-73'],
  apply(app) {
    mapRates(app, (r) => ({
      ...r,
      carrier: 'Reference Post',
      serviceLevel: r.serviceCode === 'EXP' ? 'express' : 'economy',
    }));
    mapLabel(app, (l) => ({ ...l, carrier: 'Reference Post', format: { width: 100, height: 150 } }));
    onReply(app, (status, body) =>
      status === 200 ? { status, body: { ...(body as object), requestId: crypto.randomUUID() } } : { status, body },
    );
  },
} satisfies AppVariant;
