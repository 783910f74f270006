import { restatus } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-02', '§7'],
  breaks: 'decision',
  description: 'A broken rule of the contract answers 400 instead of 422.',
  apply: (app) => restatus(app, 422, 400),
} satisfies Fault;
