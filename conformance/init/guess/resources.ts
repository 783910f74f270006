// Shipping services, fields and bodies.
import { escapePointer } from '../../lib/contract.ts';
import { at, isObject, type FieldMap } from '../../lib/dialect.ts';
import { pathKey, successOf, typeWords, unwrap, type DocumentFacts, type Operation, type Shape } from '../document.ts';
import { OUR_CREATES, ourAt, ourOperation, ourValue, type OurCreate } from '../ours.ts';
import { fieldWords } from '../similar.ts';
import {
  arrayPointer,
  leaves,
  listWords,
  matchFields,
  nameOf,
  said,
  theirAt,
  todo,
  type Facts,
  type Proposal,
} from './shared.ts';

/** Their path that adds shipping services, where it is not ours: a POST whose body looks like our ShippingService. */
export function theirShippingServices(doc: DocumentFacts | undefined) {
  const ours = OUR_CREATES.find((c) => c.operationId === 'createShippingService')!;
  const candidates = (doc?.operations ?? [])
    .filter((o) => o.method === 'POST' && !ourAt('POST', o.path) && o.request && !o.path.includes('{'))
    .map((o) => {
      const { wrapper, resource } = unwrap(o.request!.shape);
      const fields = Object.keys(resource?.properties ?? {});
      const urls = fields.filter((f) => /rates?url|labels?url/i.test(f.replace(/[^a-z]/gi, '')));
      const alike = matchFields(
        Object.entries(ours.fields).map(([name, shape]) => ({ name, shape })),
        leaves(resource),
      );
      return { o, wrapper, resource, urls, alike };
    })
    .filter((c) => c.urls.length > 0)
    .sort((a, b) => b.alike.length - a.alike.length);
  return candidates[0];
}

export function guessShippingServices({ doc, probe }: Facts): Proposal {
  const evidence: string[] = [];
  const live = probe?.lists.listShippingServices;
  if (live) evidence.push(`your target: ${said(live)}`);
  const found = theirShippingServices(doc);
  if (theirAt(doc, 'POST', ourOperation('createShippingService').path) || (!found && live?.status === 200))
    return {
      key: 'shippingServices',
      same: true,
      value: ourValue('shippingServices'),
      evidence: [...evidence, 'our path is yours'],
    };
  if (!found)
    return todo('shippingServices', 'where your shipping services are added ({ path, item, wrapper, id })', evidence);
  const { o, wrapper, urls } = found;
  const itemOp =
    doc!.operations.find(
      (x) => x.method === 'DELETE' && pathKey(x.path) === pathKey(o.path.replace(/\.json$/, '/{}.json')),
    ) ?? doc!.operations.find((x) => x.method === 'DELETE' && pathKey(x.path) === pathKey(`${o.path}/{}`));
  const ok = successOf(o);
  const answer = ok ? o.responses[String(ok)]?.shape : undefined;
  const idPtr = (() => {
    const queue: [string, Shape][] = answer ? [['', answer]] : [];
    while (queue.length) {
      const [p, s] = queue.shift()!;
      if (s.properties?.id) return `${p}/id`;
      for (const [k, v] of Object.entries(s.properties ?? {})) queue.push([`${p}/${escapePointer(k)}`, v]);
    }
    return undefined;
  })();
  const value = {
    path: o.path,
    ...(itemOp ? { item: itemOp.path.replace(/\{[^}]*\}/, '{id}') } : {}),
    wrapper: wrapper ?? 'none',
    ...(idPtr ? { id: idPtr } : {}),
  };
  evidence.push(
    `your ${nameOf(o)} (POST ${o.path}) takes ${urls.join(' and ')}, as our ShippingService does; ${found.alike.length} of our fields match its`,
  );
  if (itemOp) evidence.push(`your ${nameOf(itemOp)} removes one (DELETE ${itemOp.path})`);
  if (idPtr) evidence.push(`its answer holds the new id at ${idPtr}`);
  return { key: 'shippingServices', value, evidence };
}

/** Their operation for one of our shipping-service operations, at their shipping-service path (`{id}` alike). */
export function theirShippingOp(
  doc: DocumentFacts | undefined,
  o: Operation,
  theirPath: string | undefined,
): Operation | undefined {
  if (!theirPath || !/^\/api\/shipping\/services/.test(o.path)) return undefined;
  const path = o.path.includes('{') ? theirPath.replace(/\.json$/, '/{}.json') : theirPath;
  return theirAt(doc, o.method, path);
}

/** Their create operation for one of ours: at our path, or (shipping services) at theirs. */
function theirCreate(doc: DocumentFacts | undefined, c: OurCreate): Operation | undefined {
  if (c.operationId === 'createShippingService') return theirAt(doc, 'POST', c.path) ?? theirShippingServices(doc)?.o;
  return theirAt(doc, 'POST', c.path);
}

/** A shape of their resource from a live list's first item: its keys and JSON types, no descriptions. */
function shapeOfValue(v: unknown): Shape {
  if (Array.isArray(v)) return { types: ['array'], ...(v.length ? { items: shapeOfValue(v[0]) } : {}) };
  if (isObject(v))
    return {
      types: ['object'],
      properties: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shapeOfValue(x)])),
    };
  if (v === null) return { types: ['null'] };
  return { types: [Number.isInteger(v) ? 'integer' : typeof v === 'number' ? 'number' : typeof v] };
}
const listOf = (c: OurCreate) => ourAt('GET', c.path)?.operationId;

export function guessFields({ doc, probe }: Facts): Proposal[] {
  const out: Proposal[] = [];
  for (const c of OUR_CREATES) {
    const t = theirCreate(doc, c);
    let theirs: Shape | undefined;
    let source: string;
    if (t?.request) {
      theirs = unwrap(t.request.shape).resource;
      source = `your ${nameOf(t)}`;
    } else {
      const list = listOf(c);
      const live = list ? probe?.lists[list] : undefined;
      const first = live?.status === 200 ? at(live.body, `${arrayPointer(live.body) ?? ''}/0`) : undefined;
      if (!isObject(first)) continue;
      theirs = shapeOfValue(first);
      // A listed item holds read-only fields too: our read-only ones are no fields of a create.
      for (const k of c.readOnly) delete theirs.properties?.[k];
      source = `your target's ${live!.path} item`;
    }
    const tp = theirs?.properties ?? {};
    const ourNames = Object.keys(c.fields);
    const same = ourNames.filter((n) => Object.hasOwn(tp, n));
    const theirLeaves = leaves(theirs).filter(
      (l) => !Object.hasOwn(c.fields, l.name) && !same.includes(l.name.split('/')[0]!),
    );
    const matched = matchFields(
      ourNames.filter((n) => !same.includes(n)).map((name) => ({ name, shape: c.fields[name] })),
      theirLeaves,
    );
    const value: Record<string, string | FieldMap> = {};
    const entries: Record<string, string[]> = {};
    for (const m of matched) {
      const ts = theirLeaves.find((l) => l.name === m.theirs)?.shape;
      const os = c.fields[m.ours];
      // An array of objects of ours that is an array of one value each in theirs: `pluck` the one key.
      const ourItem = os?.items;
      const pluck =
        ourItem?.properties && ts?.items && !ts.items.properties && ts.types.includes('array')
          ? (ourItem.required?.[0] ?? Object.keys(ourItem.properties)[0])
          : undefined;
      value[m.ours] = pluck ? { name: m.theirs, pluck } : m.theirs;
      entries[m.ours] = [
        `${source} has ${fieldWords(m.theirs, ts)} where ours has ${fieldWords(m.ours, os)}: ${m.why.join(', ') || 'alike'}${pluck ? `; a list of ${typeWords(ts?.items)} for our list of objects, each its ${pluck}` : ''}`,
      ];
    }
    const missing = ourNames.filter((n) => !same.includes(n) && !value[n]);
    const extra = theirLeaves
      .filter(
        (l) =>
          !l.name.includes('/') &&
          !c.readOnly.includes(l.name) &&
          !matched.some((m) => m.theirs === l.name || m.theirs.startsWith(`${l.name}/`)),
      )
      .map((l) => l.name);
    const evidence = [
      `${source}: ${same.length} of our ${ourNames.length} fields by our names${matched.length ? `, ${matched.length} by others` : ''}`,
      ...(missing.length ? [`ours without a counterpart in yours: ${listWords(missing, 8)}`] : []),
      ...(extra.length ? [`yours without a counterpart of ours: ${listWords(extra, 8)}`] : []),
    ];
    const key = `fields.${c.operationId}`;
    out.push(Object.keys(value).length ? { key, value, entries, evidence } : { key, value: {}, same: true, evidence });
  }
  return out;
}

export function guessBodies({ doc }: Facts): Proposal[] {
  const out: Proposal[] = [];
  for (const c of OUR_CREATES) {
    const t = theirCreate(doc, c);
    const ex = t?.request?.example;
    if (!isObject(ex)) continue;
    const { wrapper } = unwrap(t!.request!.shape);
    const body = wrapper && isObject(ex[wrapper]) ? ex[wrapper] : ex;
    out.push({
      key: `bodies.${c.operationId}`,
      value: body,
      evidence: [`your document's example of ${nameOf(t!)}${wrapper ? ` (inside ${wrapper})` : ''}`],
    });
  }
  return out;
}
