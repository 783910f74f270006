import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-11', 'D-03'],
  breaks: 'decision',
  description: 'Contact search ignores `page`: every page answers the first one.',
  apply: (app) =>
    wrapHandler(
      app,
      'searchContacts',
      (original) => (req) => original({ ...req, query: { ...req.query, page: undefined } }),
    ),
} satisfies Fault;
