// What a fault is, and what it patches: the running server as `createApp` returned it.
import type { createApp } from '../app.ts';

export type Target = ReturnType<typeof createApp>;

export interface Fault {
  /** `<area>.<camelCaseName>`, the name FAULTS takes. */
  name: string;
  area: 'envelopes' | 'auth' | 'pagination' | 'filters' | 'products' | 'resources' | 'contacts' | 'webhooks' | 'callbacks';
  /** The § of the source or D-nn the fault violates. */
  source: string[];
  /** The mistake, as an implementer would make it. */
  description: string;
  apply(target: Target): void;
}
