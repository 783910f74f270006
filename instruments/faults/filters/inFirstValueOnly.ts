import type { Fault } from '../types.ts';

export default {
  source: ['§4.4'],
  breaks: 'source',
  description: '`:in` takes only the first value of the comma-separated list.',
  apply: (app) => {
    const parse = app.seams.listSyntax.parse;
    app.seams.listSyntax.parse = (raw) => parse(raw).slice(0, 1);
  },
} satisfies Fault;
