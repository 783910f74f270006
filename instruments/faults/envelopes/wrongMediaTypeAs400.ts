import { restatus } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-48', 'D-02'],
  breaks: 'decision',
  description: 'A body that is not JSON is parsed as JSON anyway and answers 400 malformed instead of 415.',
  apply: (app) => restatus(app, 415, 400, [{ name: 'body', message: 'Unexpected token', ref: 'error.malformed-json' }]),
} satisfies Fault;
