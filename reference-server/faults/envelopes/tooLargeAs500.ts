import { onJson } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'envelopes.tooLargeAs500', area: 'envelopes', source: ['D-48'],
  description: 'A body over 1 MiB is not told apart and answers 500 instead of 413.',
  apply: (t) => onJson(t, (body, res) => {
    if (res.statusCode !== 413) return body;
    res.status(500);
    return { ...body, status: 500, errors: [{ name: 'server', message: 'Internal error', ref: 'error.internal' }] };
  }),
} satisfies Fault;
