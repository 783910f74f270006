import { ApiError } from '../../../shared/errors.ts';
import { beforeDispatch } from '../lib.ts';
import type { Fault } from '../types.ts';

/** A date-time written with `Z` or with a fraction of a second, in a query string or a body. */
const zuluOrFraction = /T\d{2}:\d{2}:\d{2}(\.\d+)?Z|T\d{2}:\d{2}:\d{2}\.\d+/;

export default {
  source: ['§2.1', '§4.4', 'D-10'],
  // §2.1 gives the `+00:00` shape "for example": whether `Z` and fractions are taken is D-10's.
  breaks: 'decision',
  description:
    'Date-times must have the exact shape +hh:mm: `Z` and fractional seconds, valid ISO 8601, are refused with 422.',
  apply: (app) =>
    beforeDispatch(app, (req) => {
      const query = decodeURIComponent(new URL(req.originalUrl, 'http://localhost').search);
      const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      if (zuluOrFraction.test(query) || (req.path.startsWith('/api/v2/') && zuluOrFraction.test(body))) {
        throw new ApiError(422, 'query', [
          { name: 'date-time', message: 'must look like YYYY-MM-DDTHH:MM:SS+hh:mm', ref: 'error.pattern' },
        ]);
      }
    }),
} satisfies Fault;
