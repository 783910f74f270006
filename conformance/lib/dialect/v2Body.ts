// `v2Body`: whether a v2 add or update body is inside `{"data": …}` (D-01, the platform's) or is the resource itself.
import { requestWrapperOf, type Descriptor } from './core.ts';

declare module './core.ts' {
  interface Dialect {
    /** The v2 write body: inside `{"data": …}` (D-01, the platform's) or the resource object itself (`none`). */
    v2Body: 'data' | 'none';
  }
}

export const descriptor: Descriptor<'v2Body'> = {
  key: 'v2Body',
  accepts: '`data` or `none`',
  decision: 'D-01',
  readme: { takes: '`data` or `none`: a v2 add or update body inside `{"data": …}` (ours), or the resource itself' },
  default: { v2Body: 'data' },
  read: (value) => (value === 'data' || value === 'none' ? { v2Body: value } : undefined),
  request: { wrapper: (d, _operationId, wrapper) => (wrapper === 'data' && d.v2Body === 'none' ? undefined : wrapper) },
  assumedByCreate: (loaded, operationId) =>
    requestWrapperOf(operationId) === 'data' && !loaded.stated.has('v2Body')
      ? { key: 'v2Body', decisions: [descriptor.decision] }
      : undefined,
};
