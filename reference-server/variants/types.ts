// What a benign variant is: the reference server deciding differently where the source is silent. It patches the
// running server through its named seams (seams.ts), as a fault does.
import type { ReferenceApp } from '../app.ts';

export interface Variant {
  /** camelCase, the file's name and the name VARIANTS takes. */
  name: string;
  /** What the variant does, and why the source allows it (the § that is silent, or says only what it keeps). */
  description: string;
  /** The decisions (D-nn) or platform facts (D-nn marked platform) it decides differently. */
  decides: string[];
  /** Its dialect file (conformance/lib/dialect.ts), beside it in this folder, for a variant whose choices need one. */
  dialect?: string;
  apply(app: ReferenceApp): void;
}
