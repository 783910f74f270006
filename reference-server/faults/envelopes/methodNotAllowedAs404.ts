import { onJson } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'envelopes.methodNotAllowedAs404', area: 'envelopes', source: ['D-48', 'D-02'],
  description: 'A known path with another method answers 404 without `Allow`, as an unknown route would.',
  apply: (t) => onJson(t, (body, res) => {
    if (res.statusCode !== 405) return body;
    res.status(404);
    res.removeHeader('Allow');
    return { ...body, status: 404, errors: [{ name: 'path', message: 'Not found', ref: 'error.not-found' }] };
  }),
} satisfies Fault;
