// What a fault is, and what it patches: one app as `createApp` returned it, through its named seams (seams.ts).
import type { ReferenceApp } from '../app.ts';

export interface Fault {
  /** `<area>.<camelCaseName>`, the name FAULTS takes. */
  name: string;
  area:
    'envelopes' | 'auth' | 'pagination' | 'filters' | 'products' | 'resources' | 'contacts' | 'webhooks' | 'callbacks';
  /** The § of the source or D-nn the fault violates. */
  source: string[];
  /** The mistake, as an implementer would make it. */
  description: string;
  apply(app: ReferenceApp): void;
}
