import { operationIds, wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  // The suite's requirements that catch it are in these areas, which instruments/run-faults.ts runs first.
  areas: ['envelopes', 'contacts'],
  source: ['D-04'],
  breaks: 'decision',
  description: 'Delete answers 200 with a success envelope instead of 204 without a body.',
  apply: (app) =>
    wrapHandler(
      app,
      operationIds(app, (id) => id.startsWith('delete')),
      (original) => async (req) => {
        const reply = await original(req);
        return reply.status === 204 ? { status: 200, body: { success: true, status: 200 } } : reply;
      },
    ),
} satisfies Fault;
