import { restatus } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'envelopes.createAnswers200',
  area: 'envelopes',
  // Caught by the requirements that assert a create's status, every property and the date-time shape (resources):
  // the fixtures' creates only make data, so the envelopes area alone no longer sees it (scripts/mutants.ts runs these first).
  areas: ['envelopes', 'resources'],
  source: ['D-01', '§2.1'],
  description: 'Add answers 200 (the status of get and update) instead of 201.',
  apply: (app) => restatus(app, 201, 200),
} satisfies Fault;
