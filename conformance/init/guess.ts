// The guesses: what the team's document (document.ts), its live target (probe.ts) and its clients file show, turned
// into a proposal per dialect key, each with its evidence in words. Pure: facts in, proposals out; our side comes from
// ours.ts (our bundled document and the dialect's descriptors). A proposal without a value is a TODO: the facts did not
// tell. A value equal to ours is marked `same`, and write.ts leaves it out (stating `statuses` or `errors` changes how
// the contract check reads an answer, README "A dialect", so a key is stated only where the target differs).
import { isDeepStrictEqual } from 'node:util';
import { SIGNATURE_SCHEMES, TRIGGER_TYPES, TRIGGER_VALUES, type DialectKey, type FieldMap } from '../lib/dialect.ts';
import { pathKey, successOf, typeWords, unwrap, type DocumentFacts, type Operation, type Shape } from './document.ts';
import {
  OUR_CREATES,
  ourAt,
  ourEvents,
  ourOperation,
  OURS,
  ourScopes,
  ourValue,
  UNNAMED_SCOPES,
  type OurCreate,
} from './ours.ts';
import type { ClientsFile, Exchange, ProbeFacts } from './probe.ts';

export type { ClientsFile };
import { fieldWords, likeness, nameScore, sameWord, stem, wordsOf } from './similar.ts';

/** What init knows: any of the team's document, the probe of its target, its clients file. */
export interface Facts {
  doc?: DocumentFacts;
  probe?: ProbeFacts;
  clients?: ClientsFile;
}

/** A proposal for one key (`v2Body`, `fields.createProductPrice`, `bodies.createProduct`). */
export interface Proposal {
  key: string;
  /** The value to state; undefined: TODO (the facts did not tell). */
  value?: unknown;
  /** The value is our contract's: written commented out, as "the same as ours". */
  same?: boolean;
  /** What it rests on, one line each. */
  evidence: string[];
  /** For a TODO: what to decide. */
  todo?: string;
  /** Evidence by entry of a map value (`fields`, `scopes`, `events`): written above the entry. */
  entries?: Record<string, string[]>;
  /** Candidates written commented out, for the team to choose (checkout, dispatch). */
  options?: { value: unknown; evidence: string[] }[];
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers on their document and on JSON answers.

/** Their operation at a method and one of our paths (`{id}` and `{productId}` alike). */
const theirAt = (doc: DocumentFacts | undefined, method: string, path: string) =>
  doc?.operations.find((o) => o.method === method && pathKey(o.path) === pathKey(path));
const nameOf = (o: Operation) => o.operationId ?? `${o.method} ${o.path}`;
const listWords = (names: string[], max = 6) =>
  names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** The pointer to the first array in a JSON value, breadth first (`` for the value itself); arrays of objects first. */
export function arrayPointer(value: unknown): string | undefined {
  const queue: [string, unknown][] = [['', value]];
  let anyArray: string | undefined;
  while (queue.length) {
    const [ptr, v] = queue.shift()!;
    if (Array.isArray(v)) {
      if (!v.length || v.every(isObj)) return ptr;
      anyArray ??= ptr;
    } else if (isObj(v)) for (const [k, x] of Object.entries(v)) queue.push([`${ptr}/${esc(k)}`, x]);
  }
  return anyArray;
}
/** The pointer to the first array property of a shape, breadth first. */
export function shapeArrayPointer(shape: Shape | undefined): string | undefined {
  const queue: [string, Shape][] = shape ? [['', shape]] : [];
  while (queue.length) {
    const [ptr, s] = queue.shift()!;
    if (s.types.includes('array')) return ptr;
    for (const [k, x] of Object.entries(s.properties ?? {})) queue.push([`${ptr}/${esc(k)}`, x]);
  }
  return undefined;
}
const at = (v: unknown, ptr: string): unknown =>
  ptr
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (x, k) =>
        isObj(x) || Array.isArray(x)
          ? (x as Record<string, unknown>)[k.replace(/~1/g, '/').replace(/~0/g, '~')]
          : undefined,
      v,
    );
const said = (x: Exchange) =>
  x.failure ? `${x.method} ${x.path} failed (${x.failure})` : `${x.method} ${x.path} answered ${x.status}`;

/** A majority vote: the value with the most voters, and the voters of each value. */
function majority<T>(votes: [T, string][]): { value?: T; by: Map<string, string[]> } {
  const by = new Map<string, string[]>();
  for (const [v, who] of votes) by.set(JSON.stringify(v), [...(by.get(JSON.stringify(v)) ?? []), who]);
  const best = [...by].sort((a, b) => b[1].length - a[1].length)[0];
  return { value: best ? (JSON.parse(best[0]) as T) : undefined, by };
}

/** A proposal of a value, marked the same as ours where it is. */
function propose(key: DialectKey, value: unknown, evidence: string[], extra: Partial<Proposal> = {}): Proposal {
  return { key, value, evidence, ...(isDeepStrictEqual(value, ourValue(key)) ? { same: true } : {}), ...extra };
}
const todo = (key: string, what: string, evidence: string[] = []): Proposal => ({ key, evidence, todo: what });

// ---------------------------------------------------------------------------------------------------------------
// Wrappers, lists, errors, statuses, paging.

/** The strings an error answer's entries hold (pointers, names), for where it says the problem was. */
function errorStrings(body: unknown): string[] {
  const ptr = arrayPointer(body);
  const list = ptr === undefined ? [] : at(body, ptr);
  return (Array.isArray(list) ? list : []).flatMap((e) =>
    isObj(e) ? Object.values(e).filter((v) => typeof v === 'string') : [],
  );
}

export function guessV2Body({ doc, probe }: Facts): Proposal {
  const votes: ['data' | 'none' | string, string][] = [];
  const evidence: string[] = [];
  for (const c of OUR_CREATES.filter((x) => x.wrapper === 'data')) {
    const t = theirAt(doc, 'POST', c.path);
    if (!t?.request) continue;
    const { wrapper } = unwrap(t.request.shape);
    votes.push([wrapper ?? 'none', nameOf(t)]);
  }
  const m = majority(votes);
  for (const [v, who] of m.by)
    evidence.push(
      JSON.parse(v) === 'none'
        ? `your ${listWords(who)} take the resource's fields at the top of the body, not inside data`
        : `your ${listWords(who)} take the resource inside ${JSON.parse(v) as string}`,
    );
  let fromProbe: string | undefined;
  const inv = probe?.invalid;
  if (inv?.status && inv.status >= 400) {
    const strings = errorStrings(inv.body);
    const product = OUR_CREATES.find((c) => c.operationId === 'createProduct');
    const inData = strings.filter((s) => /^\/?data([./[]|$)/.test(s));
    const atTop = strings.filter((s) => Object.hasOwn(product?.fields ?? {}, s.replace(/^\//, '')));
    if (inData.length) fromProbe = 'data';
    else if (atTop.length) fromProbe = 'none';
    if (fromProbe)
      evidence.push(
        `your answer to an empty body (${inv.method} ${inv.path} {}, ${inv.status}) names ${listWords(fromProbe === 'data' ? inData : atTop, 3)}: ${fromProbe === 'data' ? 'inside data' : "a field at the body's top"}`,
      );
  }
  const value = m.value ?? fromProbe;
  if (value === 'data' || value === 'none') return propose('v2Body', value, evidence);
  return todo(
    'v2Body',
    'whether a v2 add or update body is inside {"data": …} (data) or is the resource itself (none)',
    evidence,
  );
}

export function guessContactBody({ doc, probe }: Facts): Proposal {
  const evidence: string[] = [];
  const create = theirAt(doc, 'POST', ourOperation('createContact').path);
  const get = theirAt(doc, 'GET', ourOperation('getContact').path);
  const request = create?.request
    ? unwrap(create.request.shape).wrapper === 'contact'
      ? 'contact'
      : 'none'
    : undefined;
  const ok = get && successOf(get);
  const answerShape = ok ? get.responses[String(ok)]?.shape : undefined;
  let answer = answerShape ? (unwrap(answerShape).wrapper === 'contact' ? 'contact' : 'none') : undefined;
  if (request)
    evidence.push(
      `your ${nameOf(create!)} request body is ${request === 'contact' ? 'inside contact' : 'the contact itself'}`,
    );
  if (answer)
    evidence.push(`your ${nameOf(get!)} answer is ${answer === 'contact' ? 'inside contact' : 'the contact itself'}`);
  const c = probe?.contact;
  if (c?.status === 200 && isObj(c.body)) {
    const live = Object.keys(c.body).length === 1 && isObj(c.body.contact) ? 'contact' : 'none';
    evidence.push(
      `your target's ${c.method} ${c.path} answered ${live === 'contact' ? '{"contact": {…}}' : 'the contact itself'}`,
    );
    answer = live;
  }
  if (!request && !answer)
    return todo('contactBody', 'whether contact bodies and answers are inside {"contact": …} or bare', evidence);
  if (!request) evidence.push('requests are taken to be as the answers are: check it');
  const req = request ?? answer!;
  const ans = answer ?? request!;
  return propose('contactBody', req === ans ? req : { request: req, answer: ans }, evidence);
}

export function guessContactSearchList({ doc, probe }: Facts): Proposal {
  const evidence: string[] = [];
  const search = theirAt(doc, 'GET', ourOperation('searchContacts').path);
  const ok = search && successOf(search);
  let value = ok ? shapeArrayPointer(search.responses[String(ok)]?.shape) : undefined;
  if (value !== undefined)
    evidence.push(
      `your ${nameOf(search!)} answer holds its list at ${value === '' ? 'its top (a bare array)' : value}`,
    );
  const live = probe?.lists.searchContacts;
  if (live?.status === 200) {
    const p = arrayPointer(live.body);
    if (p !== undefined) {
      evidence.push(
        `your target's ${live.method} ${live.path} answered its list at ${p === '' ? 'the top (a bare array)' : p}`,
      );
      value = p;
    }
  }
  return value === undefined
    ? todo('contactSearchList', 'where your contact search answer holds its list (a JSON pointer)', evidence)
    : propose('contactSearchList', value, evidence);
}

export function guessErrors({ doc, probe }: Facts): Proposal {
  const votes: [string, string][] = [];
  for (const o of doc?.operations ?? [])
    for (const [status, r] of Object.entries(o.responses))
      if (/^4/.test(status) && r.shape?.types.length && !o.path.includes('oauth'))
        votes.push([shapeArrayPointer(r.shape) ?? 'none', `${nameOf(o)} ${status}`]);
  const m = majority(votes);
  const evidence = [...m.by].map(
    ([v, who]) =>
      `${who.length} error answer(s) of your document (${listWords(who, 3)}) list their errors ${JSON.parse(v) === 'none' ? 'nowhere (no array)' : `at ${JSON.parse(v) as string}`}`,
  );
  let value = m.value;
  const inv = probe?.invalid;
  if (inv?.status && inv.status >= 400 && inv.body !== undefined) {
    const p = arrayPointer(inv.body);
    evidence.push(
      `your target answered ${inv.method} ${inv.path} {} with ${inv.status}, its errors ${p === undefined ? 'in no list' : `at ${p}`}`,
    );
    value = p ?? 'none';
  }
  return value === undefined
    ? todo('errors', 'where an error answer lists its errors (a JSON pointer), or none', evidence)
    : propose('errors', value, evidence);
}

export function guessStatuses({ doc, probe }: Facts): Proposal {
  const writes: Record<'add' | 'update' | 'delete', [number, string][]> = { add: [], update: [], delete: [] };
  for (const c of OUR_CREATES) {
    const add = theirAt(doc, 'POST', c.path);
    const s = add && successOf(add);
    if (s) writes.add.push([s, nameOf(add!)]);
    const item =
      ourAt('PUT', c.path.replace(/\.json$/, '/{id}.json')) ??
      ourAt('PUT', c.path.replace(/\.json$/, '/{mediaId}.json'));
    for (const [method, kind] of [
      ['PUT', 'update'],
      ['DELETE', 'delete'],
    ] as const) {
      const t = item ? theirAt(doc, method, item.path) : undefined;
      const st = t && successOf(t);
      if (st) writes[kind].push([st, nameOf(t!)]);
    }
  }
  const value: Record<string, number> = {};
  const evidence: string[] = [];
  for (const kind of ['add', 'update', 'delete'] as const) {
    const m = majority(writes[kind]);
    if (m.value !== undefined) {
      value[kind] = m.value;
      for (const [s, who] of m.by) evidence.push(`your ${kind}s ${listWords(who, 4)} answer ${s}`);
    }
  }
  const inv = probe?.invalid;
  if (inv?.status && inv.status < 300) {
    value.add = inv.status;
    evidence.push(
      `your target answered an empty add (${inv.method} ${inv.path} {}) ${inv.status}, and made something (deleted again)`,
    );
    if (probe?.cleanup?.status && probe.cleanup.status < 300) value.delete = probe.cleanup.status;
  }
  if (!Object.keys(value).length)
    return todo('statuses', 'the success status of an add, an update and a delete', evidence);
  const ours = ourValue('statuses') as Record<string, number>;
  const differing = Object.fromEntries(Object.entries(value).filter(([k, v]) => ours[k] !== v));
  return Object.keys(differing).length
    ? { key: 'statuses', value: differing, evidence }
    : { key: 'statuses', value: ours, same: true, evidence };
}

const isPageName = (n: string) => /page|offset|skip|cursor/i.test(n) && !/size|limit|per|count|take|max/i.test(n);
const isLimitName = (n: string) => /size|limit|per.?page|count|take|max|top/i.test(n) && !/min/i.test(n);

export function guessPageParams({ doc, probe }: Facts): Proposal {
  const evidence: string[] = [];
  const page: [string, string][] = [];
  const limit: [string, string][] = [];
  for (const o of doc?.operations ?? []) {
    if (o.method !== 'GET') continue;
    const q = o.params.filter((p) => p.in === 'query').map((p) => p.name);
    const pg = q.find(isPageName);
    const lm = q.find(isLimitName);
    if (pg) page.push([pg, nameOf(o)]);
    if (lm) limit.push([lm, nameOf(o)]);
  }
  const value: Record<string, string> = {};
  const mp = majority(page);
  const ml = majority(limit);
  if (mp.value) value.page = mp.value;
  if (ml.value) value.limit = ml.value;
  if (mp.value || ml.value)
    evidence.push(
      `your lists (${listWords(mp.by.get(JSON.stringify(mp.value)) ?? ml.by.get(JSON.stringify(ml.value)) ?? [], 4)}) take ${[mp.value, ml.value].filter(Boolean).join(' and ')}`,
    );
  // A list's answer names its own paging in its links (`links.self`, `next`): the names the target reads.
  for (const [id, x] of Object.entries(probe?.lists ?? {})) {
    if (x.status !== 200 || !isObj(x.body)) continue;
    const urls = JSON.stringify(x.body).match(/"(?:https?:\/\/[^"]*|\/[^"]*)\?[^"]*"/g) ?? [];
    for (const u of urls) {
      const names = [...new URLSearchParams(JSON.parse(u).split('?')[1]).keys()];
      const pg = names.find(isPageName);
      const lm = names.find(isLimitName);
      if (pg && lm) {
        evidence.push(`your target's ${id} answer links to ${JSON.parse(u) as string}`);
        value.page = pg;
        value.limit = lm;
        break;
      }
    }
    if (value.page && value.limit && evidence.length > (mp.value || ml.value ? 1 : 0)) break;
  }
  if (!value.page && !value.limit)
    return todo('pageParams', 'the query parameters that choose the page and its size', evidence);
  return propose('pageParams', { page: value.page ?? 'page', limit: value.limit ?? 'limit' }, evidence);
}

// ---------------------------------------------------------------------------------------------------------------
// Scopes.

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

// ---------------------------------------------------------------------------------------------------------------
// Webhooks: event names, the delivery body, the signatures.

/** Their webhook delivery: the outgoing request whose body names an event, webhooks first. */
const theirDelivery = (doc: DocumentFacts | undefined) =>
  [...(doc?.outgoing ?? [])]
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'webhook' ? -1 : 1))
    .find((o) => o.body?.properties);
const ourDelivery = () => OURS.outgoing.find((o) => o.kind === 'webhook')!;

/** A shape's properties and, one level down, its objects' properties (`subscription/metadata`). */
function leaves(s: Shape | undefined, depth = 1, prefix = ''): { name: string; shape: Shape }[] {
  return Object.entries(s?.properties ?? {}).flatMap(([k, v]) => [
    { name: `${prefix}${k}`, shape: v },
    ...(depth > 0 && v.properties ? leaves(v, depth - 1, `${prefix}${k}/`) : []),
  ]);
}

/** Our fields matched one to one to theirs, the most alike pair first; ours with no pair above `min` left out. */
export function matchFields(
  ours: { name: string; shape?: Shape }[],
  theirs: { name: string; shape?: Shape }[],
  min = 0.45,
): { ours: string; theirs: string; why: string[]; score: number }[] {
  const pairs = ours.flatMap((o) =>
    theirs.map((t) => ({ o, t, ...likeness(o, { name: t.name.split('/').join(' '), shape: t.shape }) })),
  );
  pairs.sort((a, b) => b.score - a.score || a.o.name.localeCompare(b.o.name) || a.t.name.localeCompare(b.t.name));
  const used = new Set<string>();
  const done = new Set<string>();
  const out: { ours: string; theirs: string; why: string[]; score: number }[] = [];
  for (const p of pairs) {
    if (p.score < min || done.has(p.o.name) || used.has(p.t.name)) continue;
    // A nested name is used whole: its parent is then no field of its own, and the other way round.
    if ([...used].some((u) => u.startsWith(`${p.t.name}/`) || p.t.name.startsWith(`${u}/`))) continue;
    done.add(p.o.name);
    used.add(p.t.name);
    out.push({ ours: p.o.name, theirs: p.t.name, why: p.why, score: p.score });
  }
  return out;
}

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

// ---------------------------------------------------------------------------------------------------------------
// Shipping services, fields and bodies.

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
      for (const [k, v] of Object.entries(s.properties ?? {})) queue.push([`${p}/${esc(k)}`, v]);
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
function theirShippingOp(
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
  if (isObj(v))
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
      if (!isObj(first)) continue;
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
    if (!isObj(ex)) continue;
    const { wrapper } = unwrap(t!.request!.shape);
    const body = wrapper && isObj(ex[wrapper]) ? ex[wrapper] : ex;
    out.push({
      key: `bodies.${c.operationId}`,
      value: body,
      evidence: [`your document's example of ${nameOf(t!)}${wrapper ? ` (inside ${wrapper})` : ''}`],
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Checkout and dispatch: requests of theirs that are not ours.

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
      if (isObj(inner) && Object.keys(inner).length) out[name] = inner;
    }
  }
  // The item template found at any depth is lifted to the top, where a trigger keeps it.
  for (const v of Object.values(out))
    if (isObj(v) && v.__item) {
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

function guessTrigger(key: 'checkout' | 'dispatch', { doc }: Facts): Proposal {
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

/** Every proposal, in the order of the dialect's keys (keys.ts `DESCRIPTORS`). */
export function guessAll(f: Facts): Proposal[] {
  return [
    guessV2Body(f),
    guessContactBody(f),
    guessContactSearchList(f),
    guessErrors(f),
    ...guessBodies(f),
    guessStatuses(f),
    guessPageParams(f),
    guessScopes(f),
    guessEvents(f),
    guessDeliveries(f),
    guessShippingServices(f),
    guessTrigger('checkout', f),
    guessTrigger('dispatch', f),
    guessSignatures(f),
    ...guessFields(f),
  ];
}

// Exposed for the tests.
export { nameScore, wordsOf };
