import { listSyntax } from '../../store/resource.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'filters.inFirstValueOnly', area: 'filters', source: ['§4.4'],
  description: '`:in` takes only the first value of the comma-separated list.',
  apply: () => {
    const parse = listSyntax.parse;
    listSyntax.parse = (raw) => parse(raw).slice(0, 1);
  },
} satisfies Fault;
