import { restatus } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-48'],
  breaks: 'decision',
  description: 'A body over 1 MiB is not told apart and answers 500 instead of 413.',
  apply: (app) => restatus(app, 413, 500, [{ name: 'server', message: 'Internal error', ref: 'error.internal' }]),
} satisfies Fault;
