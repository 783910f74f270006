// Scopes.
import { OURS, ourScopes, UNNAMED_SCOPES } from '../ours.ts';
import { theirShippingOp, theirShippingServices } from './resources.ts';
import { majority, nameOf, theirAt, todo, type Facts, type Proposal } from './shared.ts';

export function guessScopes({ doc, probe, clients }: Facts): Proposal {
  const votes = new Map<string, [string, string][]>(UNNAMED_SCOPES.map((s) => [s, []]));
  // A clients file's one-scope role names our scope and holds theirs (README "CONFORMANCE_CLIENTS").
  for (const [role, c] of Object.entries(clients ?? {})) {
    const ours = role.startsWith('scope:') ? role.slice(6) : undefined;
    if (ours && votes.has(ours) && c.scopes?.length === 1 && c.scopes[0] !== ours)
      votes.get(ours)!.push([c.scopes[0]!, `your clients file's ${role} holds ${c.scopes[0]} alone`]);
  }
  // An operation of both documents: our scopes for it against theirs, a write's with a write's, a read's with a read's.
  const shipping = theirShippingServices(doc)?.o.path;
  for (const o of OURS.operations) {
    const t = o.operationId ? (theirAt(doc, o.method, o.path) ?? theirShippingOp(doc, o, shipping)) : undefined;
    if (!t?.security || !o.security) continue;
    const mine = o.security.flat();
    const theirs = [...new Set(t.security.flat())];
    for (const s of mine.filter((x) => votes.has(x))) {
      const readonly = s.endsWith('.readonly');
      const candidates = theirs.filter((x) => (mine.length === 1 ? true : x.endsWith('.readonly') === readonly));
      if (candidates.length === 1 && candidates[0] !== s)
        votes.get(s)!.push([candidates[0]!, `your ${nameOf(t)} needs ${candidates[0]}`]);
    }
  }
  const known = new Set([...Object.keys(doc?.scopes ?? {}), ...(probe?.token?.scopes ?? [])]);
  const value: Record<string, string> = {};
  const entries: Record<string, string[]> = {};
  const open: string[] = [];
  for (const [ours, v] of votes) {
    const m = majority(v);
    if (m.value) {
      value[ours] = m.value;
      entries[ours] = (m.by.get(JSON.stringify(m.value)) ?? []).slice(0, 3);
    } else if (known.size && !known.has(ours)) open.push(ours);
  }
  const evidence: string[] = [];
  if (known.size) evidence.push(`your scopes: ${[...known].join(', ')}`);
  let unmapped = [...known].filter((s) => !ourScopes.includes(s) && !Object.values(value).includes(s));
  // One scope and its read-only one left on each side: the one pairing left.
  const pair = (list: string[]) => {
    const write = list.filter((s) => !s.endsWith('.readonly'));
    return write.length === 1 && list.length === 2 && list.includes(`${write[0]}.readonly`) ? write[0] : undefined;
  };
  const [mine, theirs] = [pair(open), pair(unmapped)];
  if (mine && theirs) {
    for (const [o, t] of [
      [mine, theirs],
      [`${mine}.readonly`, `${theirs}.readonly`],
    ]) {
      value[o!] = t!;
      entries[o!] = [`the one scope of yours left for the one of ours left (${t} for ${o}): check it`];
    }
    open.length = 0;
    unmapped = [];
  }
  if (open.length)
    return {
      key: 'scopes',
      evidence: [...evidence, ...Object.entries(value).map(([o, t]) => `${o}: ${t} (${entries[o]!.join('; ')})`)],
      todo: `your names for our ${open.join(', ')}${unmapped.length ? ` (yours not matched: ${unmapped.join(', ')})` : ''}`,
      ...(Object.keys(value).length ? { value, entries } : {}),
    };
  if (!Object.keys(value).length)
    return known.size
      ? { key: 'scopes', value: {}, same: true, evidence: [...evidence, 'every scope of ours is among them'] }
      : todo('scopes', "your names for our scopes that §5's table does not name", evidence);
  return { key: 'scopes', value, entries, evidence };
}
