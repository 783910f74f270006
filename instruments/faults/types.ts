// What a fault is, and what it patches: one app as `createApp` returned it, through its named seams (seams.ts).
import type { ReferenceApp } from '../../reference-server/app.ts';

/** What `<area>/<name>.ts` default-exports: its name and area are its path's (index.ts). */
export interface Fault {
  /**
   * The conformance suite's requirement areas (their `@area` tags) that catch it, run first by
   * `npm run conformance:faults`: the whole suite runs only for a fault that survives them. Default:
   * `[area]`. Names the suite's areas, which are not always the fault's own (`specifications`, say).
   */
  areas?: string[];
  /** The § of the source or D-nn the fault violates. */
  source: string[];
  /**
   * What its behaviour contradicts, judged against the words of openapi/source.txt: `source`, a statement the source
   * makes (a § of it among `source`); `standard`, a named standard (`standard`); `decision`, only one of our
   * decisions or a platform fact (a D-nn among `source`). A fault that breaks the source or a standard is one the
   * `source` profile must catch (run-faults.ts, "Source-breaking faults caught").
   */
  breaks: 'source' | 'standard' | 'decision';
  /** The standard it breaks, when `breaks` is `standard`: `RFC 9110 §15.5.2`, `ISO 4217 (minor units)`. */
  standard?: string;
  /** The mistake, as an implementer would make it. */
  description: string;
  apply(app: ReferenceApp): void;
}

/** A fault as the registry knows it. */
export interface NamedFault extends Fault {
  /** `<area>.<name>` from its path `<area>/<name>.ts`: the name FAULTS takes. */
  name: string;
  /** Its folder. */
  area: string;
}
