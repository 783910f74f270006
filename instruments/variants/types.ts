// What a benign variant is: the reference server deciding differently where the source is silent. It patches the
// running server through its named seams (seams.ts), as a fault does.
import type { ReferenceApp } from '../../reference-server/app.ts';

/** What `<name>.ts` default-exports: its name is its file's (index.ts). */
export interface Variant {
  /** What the variant does, and why the source allows it (the § that is silent, or says only what it keeps). */
  description: string;
  /** The decisions (D-nn) or platform facts (D-nn marked platform) it decides differently. */
  decides: string[];
  /** Its dialect file (conformance/lib/dialect.ts), beside it in this folder, for a variant whose choices need one. */
  dialect?: string;
  apply(app: ReferenceApp): void;
}

/** A variant as the registry knows it. */
export interface NamedVariant extends Variant {
  /** The file's name without `.ts`: the name VARIANTS takes. */
  name: string;
}
