import { onJson, restatus } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-48', 'D-02'],
  breaks: 'decision',
  description: 'A known path with another method answers 404 without `Allow`, as an unknown route would.',
  apply: (app) => {
    // Registered first, so it runs after the restatus below (each rewrite wraps the previous one).
    onJson(app, (body, res) => {
      if (res.statusCode === 404) res.removeHeader('Allow');
      return body;
    });
    restatus(app, 405, 404, [{ name: 'path', message: 'Not found', ref: 'error.not-found' }]);
  },
} satisfies Fault;
