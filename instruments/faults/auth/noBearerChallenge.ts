import { ApiError } from '../../../shared/errors.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§5', 'D-05'],
  // The source names no status (§5); a 401 without any challenge breaks RFC 9110, whichever scheme D-05 chose.
  breaks: 'standard',
  standard: 'RFC 9110 §15.5.2 (a 401 carries a WWW-Authenticate challenge)',
  description: 'A 401 for a missing or bad token leaves out the `WWW-Authenticate: Bearer` challenge.',
  apply: (app) => {
    const { auth } = app.seams;
    const original = auth.bearer.bind(auth);
    auth.bearer = (header, now) => {
      try {
        return original(header, now);
      } catch (err) {
        if (err instanceof ApiError) throw new ApiError(err.status, err.context, err.errors);
        throw err;
      }
    };
  },
} satisfies Fault;
