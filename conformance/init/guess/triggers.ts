// Checkout and dispatch: requests of theirs that are not ours.
import { isObject, TRIGGER_TYPES, TRIGGER_VALUES } from '../../lib/dialect.ts';
import { successOf, unwrap, type DocumentFacts, type Operation, type Shape } from '../document.ts';
import { ourAt, ourOperation } from '../ours.ts';
import { theirShippingServices } from './resources.ts';
import { leaves, matchFields, nameOf, todo, type Facts, type Proposal } from './shared.ts';

/** The placeholders of a trigger as shapes, from what the dialect says each is (TRIGGER_TYPES). */
const placeholderShapes = (names: string[]) =>
  names.map((name) => {
    const [type, what] = TRIGGER_TYPES[name] ?? ['string', name];
    return { name, shape: { types: type === 'as answered' ? [] : [type], description: what } as Shape };
  });

/** A template of their request body: each of its fields that is like a placeholder filled with it. */
function templateOf(theirs: Shape | undefined, names: string[], item: string[], filled: string[]): unknown {
  const props = Object.entries(theirs?.properties ?? {});
  const matched = matchFields(
    placeholderShapes(names.filter((n) => !filled.includes(n))),
    props.map(([name, shape]) => ({ name, shape })),
    0.4,
  );
  const out: Record<string, unknown> = {};
  for (const [name, shape] of props) {
    const m = matched.find((x) => x.theirs === name);
    if (m) {
      filled.push(m.ours);
      out[name] = `{{${m.ours}}}`;
      if (m.ours === 'items' && shape.items?.properties) out.__item = templateOf(shape.items, item, [], filled);
    } else if (shape.properties) {
      const inner = templateOf(shape, names, item, filled);
      if (isObject(inner) && Object.keys(inner).length) out[name] = inner;
    }
  }
  // The item template found at any depth is lifted to the top, where a trigger keeps it.
  for (const v of Object.values(out))
    if (isObject(v) && v.__item) {
      out.__item = v.__item;
      delete v.__item;
    }
  return out;
}

/** Where their trigger answer holds each of our fields: pointers, a list as { at, each }. */
function answerOf(o: Operation, fields: string[], each: Record<string, string[]>): Record<string, unknown> {
  const ok = successOf(o);
  const shape = ok ? o.responses[String(ok)]?.shape : undefined;
  const dataKey = Object.entries(shape?.properties ?? {}).find(
    ([, s]) => s.properties && Object.keys(s.properties).length > 1,
  )?.[0];
  const base = dataKey ? shape!.properties![dataKey]! : shape;
  const basePtr = dataKey ? `/${dataKey}` : '';
  const out: Record<string, unknown> = {};
  const props = Object.entries(base?.properties ?? {}).map(([name, s]) => ({ name, shape: s }));
  const exact = fields.filter((f) => props.some((p) => p.name === f));
  for (const f of exact) out[f] = `${basePtr}/${f}`;
  for (const m of matchFields(
    fields.filter((f) => !exact.includes(f)).map((name) => ({ name })),
    props.filter((p) => !exact.includes(p.name)),
    0.4,
  ))
    out[m.ours] = `${basePtr}/${m.theirs}`;
  for (const [list, elementFields] of Object.entries(each)) {
    const at = out[list];
    const s = typeof at === 'string' ? props.find((p) => `${basePtr}/${p.name}` === at)?.shape?.items : undefined;
    if (!s?.properties) continue;
    const inner = leaves(s).map((l) => ({ name: l.name, shape: l.shape }));
    const e: Record<string, string> = {};
    for (const f of elementFields.filter((x) => inner.some((l) => l.name === x))) e[f] = `/${f}`;
    for (const m of matchFields(
      elementFields.filter((f) => !e[f]).map((name) => ({ name })),
      inner.filter((l) => !Object.values(e).includes(`/${l.name}`)),
      0.4,
    ))
      e[m.ours] = `/${m.theirs}`;
    if (Object.keys(e).length) out[list] = { at, each: e };
  }
  return out;
}

/** Their POST operations that are not ours, nor the token endpoint, nor the shipping services' path. */
function theirExtras(doc: DocumentFacts | undefined): Operation[] {
  const shipping = theirShippingServices(doc)?.o;
  return (doc?.operations ?? []).filter(
    (o) =>
      o.method === 'POST' &&
      !ourAt('POST', o.path) &&
      o !== shipping &&
      !/oauth|token/i.test(o.path) &&
      !(shipping && o.path.startsWith(shipping.path.replace(/\.json$/, ''))),
  );
}

export function guessTrigger(key: 'checkout' | 'dispatch', { doc }: Facts): Proposal {
  const extras = theirExtras(doc);
  const candidates = extras.filter((o) => triggerKind(o) === key);
  if (!doc) return todo(key, `the request that starts a ${key} (${DESC[key]})`);
  const ourAnswer = key === 'checkout' ? ourOperation('calculateCheckoutRates') : ourOperation('createShipment');
  const ourData = ourAnswer.responses[String(successOf(ourAnswer))]?.shape?.properties?.data;
  const fields = ['id', ...Object.keys(ourData?.properties ?? {}).filter((f) => f !== 'id')].filter((f) =>
    key === 'checkout' ? ['id', 'currency', 'deliveries', 'options'].includes(f) : ['id', 'boxes'].includes(f),
  );
  const each: Record<string, string[]> =
    key === 'checkout' ? { options: Object.keys(ourData?.properties?.options?.items?.properties ?? {}) } : {};
  const checkoutPath = key === 'dispatch' ? extras.find((o) => /checkout|cart|basket/i.test(o.path))?.path : undefined;
  const options = candidates.map((o) => {
    const filled: string[] = [];
    const names = TRIGGER_VALUES[key].filter((n) => n !== 'checkoutId');
    const body = templateOf(
      unwrap(o.request?.shape).wrapper ? o.request?.shape : o.request?.shape,
      names,
      TRIGGER_VALUES.item,
      filled,
    ) as Record<string, unknown>;
    const item = body.__item;
    delete body.__item;
    let path = o.path;
    if (
      key === 'dispatch' &&
      /\{[^}]+\}/.test(path) &&
      checkoutPath &&
      path.startsWith(checkoutPath.replace(/\.json$/, ''))
    ) {
      path = path.replace(/\{[^}]+\}/, '{{checkoutId}}');
      filled.push('checkoutId');
    }
    const answer = answerOf(o, fields, each);
    const value = {
      method: 'POST',
      path,
      body,
      ...(item ? { item } : {}),
      ...(Object.keys(answer).length ? { answer } : {}),
    };
    const need = key === 'checkout' ? ['items', 'productId', 'quantity'] : ['shippingServiceId', 'serviceCode'];
    const missing = need.filter((n) => !filled.includes(n));
    return {
      value,
      strong: !missing.length && !/\{[^}]+\}/.test(path.replace(/\{\{\w+\}\}/g, '')),
      evidence: [
        `your ${nameOf(o)} (POST ${o.path})${o.summary ? `: ${o.summary}` : ''}`,
        `its body fills ${filled.map((f) => `{{${f}}}`).join(', ') || 'nothing of ours'}${missing.length ? `; not found: ${missing.join(', ')}` : ''}`,
        `its answer: ${Object.keys(answer).join(', ') || 'nothing placed'}${fields.filter((f) => !answer[f]).length ? `; not placed: ${fields.filter((f) => !answer[f]).join(', ')}` : ''}`,
      ],
    };
  });
  const strong = options.filter((x) => x.strong);
  if (strong.length === 1 && candidates.length === 1)
    return {
      key,
      value: strong[0]!.value,
      evidence: [
        `chosen: the one POST of yours that is not ours and names a ${key}, its body filling what a ${key} needs; check it`,
        ...strong[0]!.evidence,
      ],
    };
  const others = extras
    .filter((o) => !candidates.includes(o))
    .map((o) => ({
      value: { method: 'POST', path: o.path },
      evidence: [`your ${nameOf(o)} (POST ${o.path}), not ours`],
    }));
  return {
    key,
    evidence: candidates.length ? [] : ['no POST of yours that is not ours names it'],
    todo: `the request that starts a ${key} (${DESC[key]}); the candidates below are your POSTs that are not ours`,
    options: [...options.map(({ value, evidence }) => ({ value, evidence })), ...others],
  };
}
/**
 * Which trigger a request of theirs looks like: by its path's last segment first (`/checkouts/{id}/dispatch.json`
 * dispatches a checkout), then by its name and summary.
 */
function triggerKind(o: Operation): 'checkout' | 'dispatch' | undefined {
  const words = {
    dispatch: /dispatch|shipment|fulfil|label|ship\b/i,
    checkout: /checkout|cart|basket|rates?\b|quote/i,
  };
  const last =
    o.path
      .split('/')
      .filter((x) => x && !x.startsWith('{'))
      .at(-1) ?? '';
  for (const text of [last, `${o.operationId ?? ''} ${o.summary ?? ''}`])
    for (const kind of ['dispatch', 'checkout'] as const) if (words[kind].test(text)) return kind;
  return undefined;
}
const DESC = { checkout: 'the trigger of rate requests', dispatch: 'the trigger of label requests' };
