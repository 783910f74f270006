import { onReply } from '../app-faults/lib.ts';
import type { AppVariant } from './types.ts';

export default {
  description:
    "Answers a label request with 201 Created, the label being a resource it made: the source gives no status for an App's answers (§4.5), and the service takes any 2xx whose body it can read (D-22, D-49); 200 is the reference App's.",
  decides: ['D-73'],
  apply: (app) =>
    onReply(app, (status, body) => ({
      status: status === 200 && typeof body === 'object' && body !== null && 'label' in body ? 201 : status,
      body,
    })),
} satisfies AppVariant;
