// `events`: the target's names for our event names (D-17; §6 "Full list of event names: not shown"), one by one or by
// action for every resource. Translated wherever an event name goes out or comes in: a resource's `events` (a
// webhook's, fields.ts), a delivery's event (lib/inbox.ts).
import { isName, isObject, type Descriptor, type Dialect } from './core.ts';

declare module './core.ts' {
  interface Dialect {
    /** The target's name for each event name of ours (D-17; §6 "Full list of event names: not shown"). */
    events: Record<string, string>;
  }
}

// An event name of ours (D-17), `<resource>/<action>`, or an action of every resource, `*/<action>`.
const isEventName = (e: string) => /^([a-zA-Z]+|\*)\/(created|updated|deleted)$/.test(e);

// An event name of ours (D-17) as the target names it, and back: by its own entry, else by an action's
// (`*/created: */added` renames the action of every resource); a wildcard pattern is kept.
export function eventToTarget(d: Dialect, ours: string): string {
  if (Object.hasOwn(d.events, ours)) return d.events[ours]!;
  const [resource, action] = ours.split('/');
  const renamed = action && resource !== '*' ? d.events[`*/${action}`] : undefined;
  return renamed?.startsWith('*/') ? `${resource}/${renamed.slice(2)}` : ours;
}
export function eventFromTarget(d: Dialect, theirs: string): string {
  const own = Object.entries(d.events).find(([ours, t]) => t === theirs && !ours.startsWith('*/'));
  if (own) return own[0];
  const [resource, action] = theirs.split('/');
  const ours = Object.entries(d.events).find(([o, t]) => o.startsWith('*/') && t === `*/${action}`)?.[0];
  return ours && resource ? `${resource}/${ours.slice(2)}` : theirs;
}

export const descriptor: Descriptor<'events'> = {
  key: 'events',
  accepts: "a map of our event names (`products/created`) to the target's",
  decision: 'D-17',
  readme: { takes: 'our event names (`products/created`) or actions (`*/created`) to yours' },
  default: { events: {} },
  read(value, say) {
    if (!isObject(value) || !Object.values(value).every(isName)) return undefined;
    for (const e of Object.keys(value)) if (!isEventName(e)) say(`events.${e} is not an event name of ours (D-17)`);
    return { events: value as Record<string, string> };
  },
};
