// `deliveries`: where a webhook delivery's body names its event, holds the resource it is about and the
// subscription's metadata (D-17's `/event`, `/data`, `/metadata`; §6: "Body of a webhook delivery: not shown").
// The App's inbox reads a delivery there (lib/inbox.ts).
import { isObject, isPointer, type Descriptor } from './core.ts';

declare module './core.ts' {
  interface Dialect {
    /**
     * Where a webhook delivery's body names its event and holds the resource it is about: JSON pointers (D-17's
     * `/event` and `/data`; §6: "Body of a webhook delivery: not shown").
     */
    deliveries: { event: string; resource: string; metadata: string };
  }
}

const ours = { event: '/event', resource: '/data', metadata: '/metadata' };

export const descriptor: Descriptor<'deliveries'> = {
  key: 'deliveries',
  accepts:
    'a map of event, resource and metadata to JSON pointers into a delivery body (`/event`, `/data`, `/metadata`)',
  decision: 'D-17',
  readme: {
    takes:
      "JSON pointers to where a webhook delivery's body names its `event`, holds the `resource` it is about and the subscription's `metadata`",
  },
  default: { deliveries: ours },
  read: (value) =>
    isObject(value) &&
    Object.entries(value).every(([k, v]) => ['event', 'resource', 'metadata'].includes(k) && isPointer(v))
      ? { deliveries: { ...ours, ...(value as Record<string, string>) } }
      : undefined,
};
