// What a benign App is: the reference App (reference-app/app.ts) deciding differently where the source is silent,
// patched through its seams. Its metadata is a service variant's (../variants/types.ts).
import type { ShippingApp } from '../../reference-app/app.ts';
import type { Variant } from '../variants/types.ts';

/** What `<name>.ts` default-exports: its name is its file's (index.ts). */
export interface AppVariant extends Omit<Variant, 'dialect' | 'apply'> {
  apply(app: ShippingApp): void;
}

/** An App variant as the registry knows it. */
export interface NamedAppVariant extends AppVariant {
  /** The file's name without `.ts`: the name `--only` takes. */
  name: string;
}
