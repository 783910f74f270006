import { ApiError } from '../../../shared/errors.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§7', 'D-22'],
  breaks: 'source',
  description: 'An App that errors, times out or answers garbage turns the whole checkout into a 502.',
  apply: (app) => {
    const post = app.seams.appCalls.post;
    app.seams.appCalls.post = async (...args) => {
      const answer = await post(...args);
      if (answer === undefined)
        throw new ApiError(502, 'request', [
          { name: 'ratesUrl', message: 'The shipping App failed', ref: 'error.internal' },
        ]);
      return answer;
    };
  },
} satisfies Fault;
