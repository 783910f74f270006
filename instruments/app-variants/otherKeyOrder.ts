import { onReply } from '../app-faults/lib.ts';
import type { AppVariant } from './types.ts';

/** `v` with the keys of every object in reverse order, arrays kept in order. */
const reversed = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(reversed)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .reverse()
            .map(([k, x]) => [k, reversed(x)]),
        )
      : v;

export default {
  description:
    "Writes every object of its answers with the keys in reverse order (`maxDeliveryDate` first, `serviceCode` last): JSON objects are unordered (RFC 8259 §4), and §2.10's and §2.11's tables give fields, not an order.",
  decides: [],
  apply: (app) => onReply(app, (status, body) => ({ status, body: reversed(body) })),
} satisfies AppVariant;
