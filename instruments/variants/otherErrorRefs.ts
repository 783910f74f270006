import { onErrorItems } from './lib.ts';
import type { Variant } from './types.ts';

/** The family of an error code by the answer's status: who must act on it. */
const family = (status: number) =>
  status === 401 || status === 403 ? 'auth' : status === 422 ? 'validation' : 'request';

export default {
  decides: ['D-02'],
  description:
    'Error `ref` codes are `validation.*`, `auth.*` and `request.*` (`validation.required`, `auth.forbidden`, `request.not-found`) instead of `error.*`. §7: "Error response body: not shown" and "List of error codes … not shown"; the codes are ours (D-02).',
  apply: (app) =>
    onErrorItems(app, (e, status) => ({ ...e, ref: `${family(status)}.${e.ref.replace(/^error\./, '')}` })),
} satisfies Variant;
