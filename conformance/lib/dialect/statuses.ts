// `statuses`: the success status of an add, an update and a delete (D-01, D-04: 201, 200, 204; §4.3 "not shown").
// The contract check and the requirements that check a status read it (lib/api.ts, lib/expectations.ts).
import { isObject, type Descriptor } from './core.ts';

/** The writes whose success status the dialect states. */
export type Write = 'add' | 'update' | 'delete';
export const WRITES: Write[] = ['add', 'update', 'delete'];

declare module './core.ts' {
  interface Dialect {
    /** The success status of an add, an update and a delete (D-01, D-04: 201, 200, 204; §4.3 "not shown"). */
    statuses: Record<Write, number>;
  }
}

const is2xx = (v: unknown) => Number.isInteger(v) && (v as number) >= 200 && (v as number) <= 299;
const ours: Record<Write, number> = { add: 201, update: 200, delete: 204 };

export const descriptor: Descriptor<'statuses'> = {
  key: 'statuses',
  accepts: 'a map of add, update and delete to a 2xx status',
  decision: 'D-01',
  readme: {
    takes:
      "`add`, `update`, `delete` to a 2xx status (the contract check then reads a stated status as ours, and a stated `errors` makes it check an error answer's status and headers only, its body being your envelope)",
    replaces: 'D-01, D-04',
  },
  default: { statuses: ours },
  read: (value) =>
    isObject(value) && Object.entries(value).every(([k, v]) => WRITES.includes(k as Write) && is2xx(v))
      ? { statuses: { ...ours, ...(value as Partial<Record<Write, number>>) } }
      : undefined,
};
