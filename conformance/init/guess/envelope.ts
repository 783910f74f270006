// Wrappers, lists, errors, statuses, paging.
import { at, isObject } from '../../lib/dialect.ts';
import { successOf, unwrap } from '../document.ts';
import { OUR_CREATES, ourAt, ourOperation, ourValue } from '../ours.ts';
import {
  arrayPointer,
  listWords,
  majority,
  nameOf,
  propose,
  shapeArrayPointer,
  theirAt,
  todo,
  type Facts,
  type Proposal,
} from './shared.ts';

/** The strings an error answer's entries hold (pointers, names), for where it says the problem was. */
function errorStrings(body: unknown): string[] {
  const ptr = arrayPointer(body);
  const list = ptr === undefined ? [] : at(body, ptr);
  return (Array.isArray(list) ? list : []).flatMap((e) =>
    isObject(e) ? Object.values(e).filter((v) => typeof v === 'string') : [],
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
  if (c?.status === 200 && isObject(c.body)) {
    const live = Object.keys(c.body).length === 1 && isObject(c.body.contact) ? 'contact' : 'none';
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
    if (x.status !== 200 || !isObject(x.body)) continue;
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
