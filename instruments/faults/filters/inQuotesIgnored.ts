import type { Fault } from '../types.ts';

export default {
  source: ['§4.4'],
  breaks: 'source',
  description: '`:in` splits on every comma: a double-quoted value containing a comma (`"A,B"`) is not honoured.',
  apply: (app) => {
    app.seams.listSyntax.parse = (raw) => raw.split(',');
  },
} satisfies Fault;
