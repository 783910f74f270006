import { onReply } from '../app-faults/lib.ts';
import type { AppVariant } from './types.ts';

export default {
  description:
    "Refuses a request whose signature does not hold with 403 rather than 401: §5 says callbacks carry headers 'so that the App can validate them' and not what an App answers when they fail; 401 is the reference App's choice (D-74).",
  decides: ['D-74'],
  apply: (app) => onReply(app, (status, body) => ({ status: status === 401 ? 403 : status, body })),
} satisfies AppVariant;
