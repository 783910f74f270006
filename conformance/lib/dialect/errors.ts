// `errors`: where an error answer lists its errors (D-02's `errors`), or that it lists none (§7 "Error response body:
// not shown").
import type { Json } from '../contract.ts';
import { at, isObject, isPointer, type Descriptor, type Dialect } from './core.ts';

declare module './core.ts' {
  interface Dialect {
    /** Where an error answer lists its errors (a JSON pointer, `/errors`), or `none` when it lists none (D-02). */
    errors: string;
  }
}

/** An error answer in our contract's form: its list of errors put at `errors` (D-02's place) from the dialect's. */
export function errorsFromTarget(d: Dialect, body: Json): Json {
  if (d.errors === '/errors' || !isObject(body)) return body;
  return { ...body, errors: d.errors === 'none' ? [] : at(body, d.errors) };
}

export const descriptor: Descriptor<'errors'> = {
  key: 'errors',
  accepts: 'a JSON pointer (`/errors`) or `none`',
  decision: 'D-02',
  readme: { takes: 'a JSON pointer: where an error answer lists its errors (ours `/errors`), or `none`' },
  default: { errors: '/errors' },
  read: (value) => (value === 'none' || isPointer(value) ? { errors: value as string } : undefined),
  answer: { envelope: (d, { status, body }) => (status >= 400 ? errorsFromTarget(d, body) : body) },
};
