// Assertions shared by requirements of every basis, each saying only what its basis allows: a
// `source` requirement may say a request is refused or accepted, not with which status code or error body (§7:
// "Error response body: not shown"; the codes are D-02's); a `decision` or `platform` one may say exactly that.
import { expect } from './expect.ts';
import type { ApiResponse } from './api.ts';
import type { Json } from './contract.ts';
import { config } from './config.ts';
import type { Write } from './dialect.ts';
import { listAll } from './lists.ts';

/**
 * Refused as invalid input: a 4xx that is not about the caller (401, 403), the route (404, 405) or the rate (429).
 * D-02 answers 422; a faithful target may answer 400 or 409. Nothing is said of the body.
 */
export function expectRefused(res: ApiResponse, what = 'the request'): void {
  const ok = res.status >= 400 && res.status < 500 && ![401, 403, 404, 405, 429].includes(res.status);
  expect(
    ok,
    `${what} must be refused as invalid (a 4xx such as 400 or 422), got ${res.status}: ${res.text.slice(0, 300)}`,
  ).toBe(true);
}

/** Accepted: any 2xx (D-01 answers 201 to an add, 200 to an update, 204 to a delete; the source names none). */
export function expectAccepted(res: ApiResponse, what = 'the request'): void {
  expect(
    res.status >= 200 && res.status < 300,
    `${what} must succeed (2xx), got ${res.status}: ${res.text.slice(0, 300)}`,
  ).toBe(true);
}

/**
 * The success status of a write, as the target states it (lib/dialect.ts `statuses`) or as D-01 and D-04 give it
 * (add 201, update 200, delete 204). Only decision and platform requirements say which status.
 */
export function expectWritten(res: ApiResponse, write: Write, what: string = write): void {
  const status = config.dialect.dialect.statuses[write];
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBe(status);
}

/**
 * An error a 422 answer lists (D-02): naming `name` (or one of several; with `prefix`, a name that starts with it,
 * for the errors of nested fields), with the `ref` given (or one of several), or both, on one error.
 */
export interface Expected422 {
  name?: string | string[];
  prefix?: boolean;
  ref?: string | string[];
}
const matches =
  ({ name, prefix, ref }: Expected422) =>
  (e: Json): boolean =>
    (name === undefined || [name].flat().some((n) => (prefix ? String(e?.name).startsWith(n) : e?.name === n))) &&
    (ref === undefined || [ref].flat().includes(e?.ref));
const described = ({ name, prefix, ref }: Expected422) =>
  [
    name === undefined ? '' : `naming ${[name].flat().join(' or ')}${prefix ? ' (or a field inside it)' : ''}`,
    ref === undefined ? '' : `with ref ${[ref].flat().join(' or ')}`,
  ]
    .filter(Boolean)
    .join(' ');

/**
 * Refused with D-02's answer: 422, the error envelope (`success` false, `status` 422) and, for each of `expected`,
 * an error it lists that matches it (two entries may be matched by two errors; one entry's name and ref by one).
 * Only a `decision` or `platform` requirement says this: a `source` one says `expectRefused`, and its `.naming` twin
 * this. `what` names the request in each failure.
 */
export function expect422(res: ApiResponse, expected: Expected422 | Expected422[], what?: string): void {
  const said = `${what === undefined ? '' : `${what}: `}${res.text.slice(0, 300)}`;
  expect(res.status, said).toBe(422);
  expect(res.body, what).toMatchObject({ success: false, status: 422 });
  const errors: Json = res.body.errors;
  expect(Array.isArray(errors), `the errors listed (D-02) in ${said}`).toBe(true);
  for (const e of [expected].flat()) expect(errors.some(matches(e)), `an error ${described(e)} in ${said}`).toBe(true);
}

/**
 * The errors an error answer lists (D-02's `errors`, where lib/dialect.ts put them); none where it lists none, or
 * holds something else there: the caller's assertion about them fails, the suite does not break.
 */
export const errorsOf = (res: ApiResponse): Json[] => (Array.isArray(res.body?.errors) ? res.body.errors : []);
/** The values of one member (`name`, `ref`) of the errors an answer lists, those that are text. */
export const errorsBy = (res: ApiResponse, member: 'name' | 'ref'): string[] =>
  errorsOf(res)
    .map((e) => e?.[member])
    .filter((n): n is string => typeof n === 'string');
/** The names of the errors an answer lists (`errorsBy(res, 'name')`). */
export const errorNames = (res: ApiResponse): string[] => errorsBy(res, 'name');

/** Not found: 404 (RFC 9110 §15.5.5) — for a resource that does not exist, or no longer does. */
export function expectNotFound(res: ApiResponse, what = 'the resource'): void {
  expect(res.status, `${what} must be 404: ${res.text.slice(0, 300)}`).toBe(404);
}

/**
 * Gone after a delete: 404 (RFC 9110 §15.5.5), or 410 Gone (§15.5.11), which RFC 9110 offers for a resource whose
 * removal is known to be permanent. D-04 answers 404; a `decision` requirement may say exactly that.
 */
export function expectDeleted(res: ApiResponse, what = 'the deleted resource'): void {
  expect([404, 410], `${what} must be 404 (or 410 Gone), got ${res.status}: ${res.text.slice(0, 300)}`).toContain(
    res.status,
  );
}

const isObject = (v: Json): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The resource an answer's body holds: inside its wrapper, or the body itself where it is bare; else undefined. */
export const resourceOf = (body: Json, key: string): Json =>
  isObject(body?.[key]) ? body[key] : isObject(body) && 'id' in body ? body : undefined;
/**
 * The resource an answer holds: inside its wrapper (`data`, D-01; `contact`, D-11), or the answer itself where the
 * target sends it bare (the wrappers of answers are not the source's). When it holds none, a failure naming what it
 * held, never a TypeError of the suite reading a field of `undefined`.
 */
export function resourceIn(res: ApiResponse, key: string, what = 'the answer'): Json {
  const found = resourceOf(res.body, key);
  expect(
    found !== undefined,
    `${what} must hold the resource (in \`${key}\`, or bare), got ${res.status}: ${res.text.slice(0, 300)}`,
  ).toBe(true);
  return found;
}

/**
 * The resource an add answered (`resourceIn`), with the id it was given (§2.1: "Identifiers are numeric"): what the
 * suite addresses it by afterwards. An add that answers none fails here, not as a request to `…/undefined.json`.
 */
export function createdIn(res: ApiResponse, key: string, what = 'the add'): Json {
  const created = resourceIn(res, key, what);
  expect(
    typeof created.id === 'number' || typeof created.id === 'string',
    `${what} must answer the id of what it added, got ${res.status}: ${res.text.slice(0, 300)}`,
  ).toBe(true);
  return created;
}

/** The items of a list answer (`data`, §2.1): a failure naming what it held when it holds no array of resources. */
export function itemsIn(res: ApiResponse, what = 'the list', key = 'data'): Json[] {
  const items = (res.body as Json)?.[key];
  expect(
    Array.isArray(items),
    `${what} must answer its items in \`${key}\` (§2.1), got ${res.status}: ${res.text.slice(0, 300)}`,
  ).toBe(true);
  return resources(items as Json[], what);
}
/**
 * Items that are each a resource (an object: §2.1's `data` is "an array of resources"), so that the suite may read
 * their fields; a failure naming the first that is not.
 */
export function resources(items: Json[], what = 'the list'): Json[] {
  const odd = items.findIndex((x) => !isObject(x));
  expect(odd, `${what}: item ${odd} is no resource: ${JSON.stringify(items[odd])}`).toBe(-1);
  return items;
}
/** Every item of a search, page after page (lib/lists.ts `listAll`), each a resource (`resources`). */
export const everyItem = async (...args: Parameters<typeof listAll>): Promise<Json[]> =>
  resources(await listAll(...args), `${args[1].operationId} ${JSON.stringify(args[3] ?? {})}`);
