// What a known-bad App is: the reference App (reference-app/app.ts) with one mistake, patched through its seams. Its
// metadata is a service fault's (../faults/types.ts): what it violates, what that breaks, the mistake in words.
import type { ShippingApp } from '../../reference-app/app.ts';
import type { Fault } from '../faults/types.ts';

/** What `<name>.ts` default-exports: its name is its file's (index.ts). */
export interface AppFault extends Omit<Fault, 'areas' | 'apply'> {
  apply(app: ShippingApp): void;
}

/** An App fault as the registry knows it. */
export interface NamedAppFault extends AppFault {
  /** The file's name without `.ts`: the name `--only` takes. */
  name: string;
}
