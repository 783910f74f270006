import { onJson } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'envelopes.createAnswers200', area: 'envelopes', source: ['D-01', '§2.1'],
  description: 'Add answers 200 (the status of get and update) instead of 201.',
  apply: (t) => onJson(t, (body, res) => {
    if (res.statusCode !== 201) return body;
    res.status(200);
    return body && typeof body === 'object' && 'status' in body ? { ...body, status: 200 } : body;
  }),
} satisfies Fault;
