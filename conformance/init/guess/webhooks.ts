// Webhooks: event names, the delivery body, the signatures.
import { isDeepStrictEqual } from 'node:util';
import { SIGNATURE_SCHEMES } from '../../lib/dialect.ts';
import { unwrap, type DocumentFacts } from '../document.ts';
import { OURS, ourEvents, ourOperation } from '../ours.ts';
import { fieldWords, sameWord, stem } from '../similar.ts';
import { leaves, matchFields, propose, theirAt, todo, type Facts, type Proposal } from './shared.ts';

/** Their webhook delivery: the outgoing request whose body names an event, webhooks first. */
const theirDelivery = (doc: DocumentFacts | undefined) =>
  [...(doc?.outgoing ?? [])]
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'webhook' ? -1 : 1))
    .find((o) => o.body?.properties);
const ourDelivery = () => OURS.outgoing.find((o) => o.kind === 'webhook')!;

export function guessEvents({ doc }: Facts): Proposal {
  const delivery = theirDelivery(doc);
  const ourEvent = ourDelivery().body?.properties?.event;
  const props = leaves(delivery?.body, 0);
  const [ev] = matchFields([{ name: 'event', shape: ourEvent }], props);
  const evShape = ev ? props.find((p) => p.name === ev.theirs)?.shape : undefined;
  // Their names: the delivery's event property (enum, pattern, example, description), and their webhook input's events.
  const texts = [
    ...(evShape?.enum ?? []).map(String),
    evShape?.pattern ?? '',
    typeof evShape?.example === 'string' ? evShape.example : '',
    evShape?.description ?? '',
  ];
  const webhookInput = theirAt(doc, 'POST', ourOperation('createWebhook').path)?.request?.shape;
  const items = unwrap(webhookInput).resource?.properties?.events?.items;
  texts.push(
    items?.description ?? '',
    typeof items?.example === 'string' ? items.example : '',
    ...(items?.enum ?? []).map(String),
  );
  const text = texts.join(' ');
  const actions = new Set<string>();
  let separator: string | undefined;
  for (const m of text.matchAll(/\(([a-z]+(?:\|[a-z]+)+)\)/g)) for (const a of m[1]!.split('|')) actions.add(a);
  for (const m of text.matchAll(/(?:^|[\s,(>`'"])(?:<\w+>|[a-z][\w-]*)([/.:])([a-z]+)(?=$|[\s,.;)`'"])/g)) {
    separator ??= m[1];
    actions.add(m[2]!);
  }
  separator ??= /\//.test(text) ? '/' : undefined;
  const { actions: ourActions } = ourEvents();
  const evidence: string[] = [];
  if (!delivery && !webhookInput)
    return todo('events', 'your event names for ours (products/created), or by action (*/created)', [
      'no webhooks or callbacks in the facts',
    ]);
  if (ev)
    evidence.push(`your delivery names its event in ${ev.theirs}: ${text.replace(/\s+/g, ' ').trim().slice(0, 150)}`);
  const value: Record<string, string> = {};
  const entries: Record<string, string[]> = {};
  for (const ours of ourActions) {
    const theirs = [...actions].find((a) => sameWord(stem(ours), stem(a)));
    if (!theirs) continue;
    if (theirs !== ours) {
      value[`*/${ours}`] = `*/${theirs}`;
      entries[`*/${ours}`] = [`your action ${theirs} for our ${ours}`];
    }
  }
  const found = ourActions.filter((a) => [...actions].some((t) => sameWord(stem(a), stem(t))));
  if (found.length < ourActions.length || (separator && separator !== '/'))
    return todo(
      'events',
      `your event names for ours (${ourActions.map((a) => `*/${a}`).join(', ')})${separator && separator !== '/' ? `; yours are written <resource>${separator}<action>, which needs each name stated` : ''}`,
      [...evidence, `actions found: ${[...actions].join(', ') || 'none'}`],
    );
  return Object.keys(value).length
    ? { key: 'events', value, entries, evidence }
    : { key: 'events', value: {}, same: true, evidence };
}

export function guessDeliveries({ doc }: Facts): Proposal {
  const delivery = theirDelivery(doc);
  if (!delivery?.body)
    return todo(
      'deliveries',
      'where a webhook delivery names its event, holds the resource and the metadata (JSON pointers)',
      ['no webhook delivery body in the facts'],
    );
  const ours = ourDelivery().body?.properties ?? {};
  const want = { event: 'event', resource: 'data', metadata: 'metadata' } as const;
  const matched = matchFields(
    Object.values(want).map((n) => ({ name: n, shape: ours[n] })),
    leaves(delivery.body),
  );
  const value: Record<string, string> = {};
  const evidence: string[] = [];
  for (const [part, n] of Object.entries(want)) {
    const m = matched.find((x) => x.ours === n);
    if (!m) continue;
    value[part] = `/${m.theirs}`;
    evidence.push(
      `${part}: your ${delivery.name} body's ${fieldWords(m.theirs, leaves(delivery.body).find((l) => l.name === m.theirs)?.shape)} for our ${n} (${m.why.join(', ')})`,
    );
  }
  if (Object.keys(value).length < 3)
    return todo(
      'deliveries',
      `where your delivery holds ${Object.keys(want)
        .filter((k) => !value[k])
        .join(' and ')}`,
      evidence,
    );
  return propose('deliveries', value, evidence);
}

export function guessSignatures({ doc }: Facts): Proposal {
  const out = [...(doc?.outgoing ?? [])].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'webhook' ? -1 : 1));
  const isSig = (name: string) => /signature|(^|-)sig$/i.test(name);
  const withSig = out.find((o) => o.headers.some((h) => isSig(h.name)));
  if (!withSig)
    return todo(
      'signatures',
      'how your deliveries and callbacks are signed (a scheme, or { header, signs, id, timestamp, encoding, prefix })',
      out.length ? ['your webhooks and callbacks document no signature header'] : [],
    );
  const sig = withSig.headers.find((h) => isSig(h.name))!;
  const id = withSig.headers.find(
    (h) =>
      h !== sig && /(^|-)(id|delivery-id|message-id|webhook-id)$/i.test(h.name) && !/api|version|account/i.test(h.name),
  );
  const ts = withSig.headers.find((h) => /timestamp|time$/i.test(h.name));
  const text = [withSig.description, sig.description].join(' ');
  const encoding = /\bhex/i.test(text) ? 'hex' : /base64/i.test(text) ? 'base64' : undefined;
  const prefix = /["'`](v\d+[=,:])/.exec(text)?.[1];
  const signsIdTs =
    !!(id && ts) &&
    new RegExp(`${id.name}|\\bid\\b`, 'i').test(text) &&
    new RegExp(`${ts.name}|timestamp`, 'i').test(text);
  const scheme = {
    header: sig.name.toLowerCase(),
    signs: signsIdTs ? 'id.timestamp.body' : 'body',
    ...(signsIdTs ? { id: id!.name.toLowerCase(), timestamp: ts!.name.toLowerCase() } : {}),
    encoding: encoding ?? 'base64',
    ...(prefix ? { prefix } : {}),
  };
  const evidence = [
    `your ${withSig.name} carries ${withSig.headers.map((h) => h.name).join(', ')}`,
    `${sig.name}: ${(sig.description ?? withSig.description ?? '').replace(/\s+/g, ' ').trim().slice(0, 160)}`,
  ];
  if (!encoding) evidence.push('its encoding is not said: base64 assumed, check it');
  const named = Object.entries(SIGNATURE_SCHEMES).find(([, s]) => isDeepStrictEqual({ ...s }, scheme))?.[0];
  return propose('signatures', named ?? scheme, evidence);
}
