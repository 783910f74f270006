import { restatus } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'envelopes.createAnswers200',
  area: 'envelopes',
  source: ['D-01', '§2.1'],
  description: 'Add answers 200 (the status of get and update) instead of 201.',
  apply: (app) => restatus(app, 201, 200),
} satisfies Fault;
