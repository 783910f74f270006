// What a breaking change touches: the conformance requirements of its operation (each requirement names its
// operation), the known faults that name the operation or the field (instruments/faults/), and the types of the
// generated client (openapi/dist/types.ts) that hold it: the operation's and each schema on the way to it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { at, type Change } from './changes.ts';

export interface Fault {
  name: string;
  /** The fault's file, where its description and its patch are. */
  text: string;
}

/** Every fault module under `dir` (`<area>/<name>.ts`, one fault each), named `<area>.<name>` after its path. */
export function readFaults(dir: string): Fault[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /^\w+\/\w+\.ts$/.test(f))
    .map((f) => ({ name: f.slice(0, -3).replace('/', '.'), text: readFileSync(join(dir, f), 'utf8') }));
}

/** The last name of a field (`data[].sku` → `sku`), what a fault's description or patch would name. */
const leaf = (location: string) => /([A-Za-z_][\w-]*)(?:\[\]|\{\*\})*$/.exec(location.split(' ').pop() ?? '')?.[1];

/** Faults whose module names the operation (`'getProduct'`) or the changed field (`'sku'`, `` `sku` ``). */
export function faultsTouching(faults: Fault[], change: Change): string[] {
  const field = /(request|response)/.test(change.rule) ? leaf(change.location) : undefined;
  const names = [change.operation, field].filter((x): x is string => !!x && x.length > 2);
  return faults
    .filter((f) => names.some((n) => f.text.includes(`'${n}'`) || f.text.includes(`\`${n}\``)))
    .map((f) => f.name)
    .sort();
}

/**
 * The generated client's types that hold the change: `operations["getProduct"]`, then `components["schemas"]["X"]`
 * for each schema reached through a `$ref` on the way from the operation to the changed node (in the base document,
 * or in the new one for an addition), kept when openapi/dist/types.ts declares them.
 */
export function typesTouching(change: Change, before: unknown, after: unknown, typesText: string): string[] {
  const out = new Set<string>();
  if (change.operation && new RegExp(`^\\s+"?${change.operation}"?: \\{`, 'm').test(typesText))
    out.add(`operations["${change.operation}"]`);
  for (const doc of [before, after]) {
    const refs: string[] = [];
    at(doc, change.path, (ref) => refs.push(ref));
    for (const ref of refs) {
      const m = /^#\/components\/(\w+)\/([^/]+)$/.exec(ref);
      if (m && new RegExp(`^\\s+"?${m[2]}"?: `, 'm').test(typesText)) out.add(`components["${m[1]}"]["${m[2]}"]`);
    }
  }
  return [...out];
}
