import unknownParameterIgnored from '../faults/envelopes/unknownParameterIgnored.ts';
import type { Variant } from './types.ts';

export default {
  decides: ['D-41'],
  description:
    'Query parameters an operation does not declare are ignored (the answer is the one without them) instead of 422 `error.unknown-parameter`; the same patch as the fault `envelopes.unknownParameterIgnored`. §4.4 lists the filters each list takes and "Query parameters for listing the other resources: not shown"; it says nothing of parameters it does not list.',
  apply: (app) => unknownParameterIgnored.apply(app),
} satisfies Variant;
