// What the requirements of a contact's field limits judge (fields.ts; lib/judging/): an add whose contact has a field
// over its length or outside its pattern, HTML in a field §2.2 keeps free of it, a required field left out; each read
// from the document's schema of the add's body, as the target read the add (our contract's form). Judged by the suite
// over the exchanges its act made, by the proxy over live traffic. It declares no requirement.
import type { ErrorObject } from 'ajv';
import { deref, op, type Json } from '../../lib/contract.ts';
import { isObject } from '../../lib/dialect.ts';
import { resourceOf } from '../../lib/expectations.ts';
import { propertiesOf } from '../../lib/lists.ts';
import type { Judge } from '../../lib/judging/judge.ts';
import type { Exchange } from '../../lib/judging/exchange.ts';
import { envelopeGap, got, ok2xx, type Reading } from '../../lib/judging/reading.ts';
import { validatorFor } from '../../../openapi/validators.ts';
import { alwaysRequired, namedRequired, namedTypes } from './shared.ts';

const add = op('createContact');
const validate = validatorFor(add.bodyPointer!);
/** §2.2 "no HTML": the pattern the document gives such fields. */
export const NO_HTML = '^[^<>]*$';
/** HTML read back: a tag, or a character reference (`&lt;b&gt;` is the HTML sent, escaped). */
export const HTML_KEPT = /<[^>]*>|&(#\d+|#x[0-9a-f]+|[a-z]+);/i;
/** The fields of an add's contact the document has (ContactInput's, with the add's own parts). */
const known = propertiesOf(propertiesOf(deref({ $ref: add.bodyPointer }))['contact']);

/** The contact an add of a contact sent, when the target read the add; undefined for any other exchange. */
function sentContact(r: Reading): Json {
  if (r.o?.operationId !== 'createContact' || r.stage !== 'read') return undefined;
  return isObject(r.request?.contact) ? r.request.contact : undefined;
}
/**
 * The contact of an add whose body holds no field the document lacks (D-09's 422 is theirs) and every field an add
 * requires (the requirements of a required field read the others): undefined for any other exchange.
 */
function plainAdd(r: Reading, requiredToo = true): Json {
  const c = sentContact(r);
  if (!c || Object.keys(c).some((f) => !(f in known))) return undefined;
  return !requiredToo || alwaysRequired.every((f) => f in c) ? c : undefined;
}

/** The schema errors of each exchange's add, found once: every judgement of a limit reads them. */
const errorsBy = new WeakMap<Exchange, ErrorObject[]>();
function errorsOf(r: Reading): ErrorObject[] {
  let errors = errorsBy.get(r.x);
  if (!errors) errorsBy.set(r.x, (errors = validate(r.request) ? [] : [...(validate.errors ?? [])]));
  return errors;
}
export type Limit = 'max-length' | 'no-html' | 'pattern';
/** Whether the add's `contact.<field>` (or a value inside it: a tag of `tags`) breaks the field's limit of `kind`. */
function breaks(r: Reading, field: string, kind: Limit): boolean {
  return errorsOf(r).some((e) => {
    const [, wrapper, at] = e.instancePath.split('/');
    if (wrapper !== 'contact' || at !== field) return false;
    if (e.keyword === 'maxLength') return kind === 'max-length';
    if (e.keyword !== 'pattern') return false;
    return ((e.params as { pattern?: string }).pattern === NO_HTML ? 'no-html' : 'pattern') === kind;
  });
}

/** Refused as invalid: a 4xx that is not about the caller, the route or the rate (lib/expectations.ts `expectRefused`). */
const refused = (r: Reading) =>
  r.x.status >= 400 && r.x.status < 500 && ![401, 403, 404, 405, 429].includes(r.x.status);
export const refusedGap = (r: Reading, what: string) =>
  refused(r) ? undefined : `${what} must be refused as invalid (a 4xx such as 400 or 422), ${got(r)}`;
/**
 * D-02's 422 with an error naming `name` (with `prefix`, or a field inside it) and, when `refs` are given, one of them
 * on that same error (lib/expectations.ts `expect422`).
 */
export function namingGap(r: Reading, name: string, refs?: string[], prefix = false): string | undefined {
  const gap = envelopeGap(r, 422);
  if (gap) return gap;
  const hit = (r.body.errors as Json[]).some(
    (e) => (prefix ? String(e?.name).startsWith(name) : e?.name === name) && (!refs || refs.includes(e?.ref)),
  );
  const which = `${name}${prefix ? ' (or a field inside it)' : ''}${refs ? ` with ref ${refs.join(' or ')}` : ''}`;
  return hit ? undefined : `expected an error naming ${which}, ${got(r)}`;
}

/**
 * A field over its maxLength (§2.2, §8; D-14, D-28, D-55): refused, or with `named` a 422 naming the field. With
 * `atLimit`, an add of exactly the limit taken is read too, and must be of the act's making (`every`: its value at the
 * limit is valid, so a refusal fails it): `accepted`, any 2xx; `written`, the add's status (D-01, the dialect's).
 */
export function maxLengthJudge(
  field: string,
  max: number,
  o: { named: boolean; atLimit?: 'accepted' | 'written' },
): Judge {
  const over = (r: Reading) => !!plainAdd(r) && breaks(r, field, 'max-length');
  const atLimit = (r: Reading) => {
    const v = plainAdd(r)?.[field];
    return !!o.atLimit && typeof v === 'string' && [...v].length === max && ok2xx(r.x.status);
  };
  return {
    operation: 'createContact',
    reads: `an add of a contact with a ${field} over ${max} characters${o.atLimit ? `, or of ${max} taken` : ''}`,
    on: (r) => over(r) || atLimit(r),
    gap: (r) =>
      over(r)
        ? o.named
          ? namingGap(r, `contact.${field}`)
          : refusedGap(r, `a ${field} over ${max} characters`)
        : o.atLimit === 'written' && r.x.status !== r.loaded.dialect.statuses.add
          ? `an add of a ${field} of ${max} characters is written with ${r.loaded.dialect.statuses.add}, ${got(r)}`
          : undefined,
    ...(o.atLimit ? { every: true as const } : {}),
  };
}

/**
 * HTML in a field §2.2 keeps free of it: refused as invalid, or taken and kept out of what is stored (the add's answer,
 * where it holds the field, shows none of it); with `named`, a 422 error.html (or error.pattern) naming the field (D-13),
 * or, `prefix`, a field inside it (a tag of `tags`, D-26).
 */
export function noHtmlJudge(field: string, o: { named: boolean; prefix?: boolean }): Judge {
  return {
    operation: 'createContact',
    reads: `an add of a contact with HTML in ${field}`,
    on: (r) => !!plainAdd(r) && breaks(r, field, 'no-html'),
    gap: (r) => {
      if (o.named) return namingGap(r, `contact.${field}`, ['error.html', 'error.pattern'], o.prefix);
      if (!ok2xx(r.x.status))
        return refused(r)
          ? undefined
          : `HTML in ${field} must be refused as invalid (a 4xx such as 400 or 422), or taken and kept out of what is stored, ${got(r)}`;
      const stored = resourceOf(r.body, 'contact')?.[field];
      return typeof stored === 'string' && HTML_KEPT.test(stored)
        ? `the add answered ${field} ${JSON.stringify(stored)}: the HTML sent was kept`
        : undefined;
    },
  };
}

/** A field outside its pattern (§2.2; D-14, D-27): refused, or with `named` a 422 error.pattern (or error.format) naming it. */
export const patternJudge = (field: string, named: boolean): Judge => ({
  operation: 'createContact',
  reads: `an add of a contact with a ${field} outside its pattern`,
  on: (r) => !!plainAdd(r) && breaks(r, field, 'pattern'),
  gap: (r) =>
    named
      ? namingGap(r, `contact.${field}`, ['error.pattern', 'error.format'])
      : refusedGap(r, `a ${field} outside its pattern`),
});

/** A field every add requires (§2.2, D-29), left out: refused, or with `named` a 422 error.required naming it. */
export const requiredFieldJudge = (field: string, named: boolean): Judge => ({
  operation: 'createContact',
  reads: `an add of a contact without ${field}`,
  on: (r) => {
    const c = plainAdd(r, false);
    return !!c && !(field in c);
  },
  gap: (r) =>
    named ? namingGap(r, `contact.${field}`, ['error.required']) : refusedGap(r, `a contact without ${field}`),
});

/** The names (§2.2's firstname and lastname) an add of a contact left out (`absent`), or left out or sent as null. */
const namesLacking = (c: Json, absent: boolean) =>
  namedRequired.filter((f) => c[f] === undefined || (!absent && c[f] === null));
/** A refusal that names a name as required (D-29's error.required). */
const refusesNames = (r: Reading) =>
  r.x.status === 422 &&
  Array.isArray(r.body?.errors) &&
  r.body.errors.some((e: Json) => namedRequired.some((f) => e?.name === `contact.${f}`) && e?.ref === 'error.required');
/**
 * An add of a contact of `type` (§2.2 "Required when type is `guest` or `user`", D-29). A type that needs names: one
 * without them is refused (with `named`, a 422 error.required naming each left out); one with both is the act's valid
 * add, taken (`every`). Another type: an add without names is taken, or at least never refused for them (`every`).
 */
export function typeNamesJudge(type: string, named = false): Judge {
  const needs = namedTypes.includes(type);
  const of = (r: Reading) => {
    const c = plainAdd(r);
    return c?.type === type ? c : undefined;
  };
  // error.required names a name left out; one sent as null may be refused for its type instead.
  const lacking = (r: Reading) => {
    const c = of(r);
    return c ? namesLacking(c, named) : [];
  };
  if (!needs)
    return {
      operation: 'createContact',
      reads: `an add of a ${type} without ${namedRequired.join(' or ')}, taken or refused for them`,
      on: (r) => !!of(r) && lacking(r).length === namedRequired.length && (ok2xx(r.x.status) || refusesNames(r)),
      gap: (r) =>
        refusesNames(r)
          ? `a ${type} needs no ${namedRequired.join(' or ')}, but was refused for them: ${got(r)}`
          : undefined,
      every: true,
    };
  return {
    operation: 'createContact',
    reads: named
      ? `an add of a ${type} without ${namedRequired.join(' or ')}`
      : `an add of a ${type} without ${namedRequired.join(' or ')}, or with both taken`,
    on: (r) => lacking(r).length > 0 || (!named && !!of(r) && ok2xx(r.x.status)),
    gap: (r) => {
      const missing = lacking(r);
      if (!missing.length) return undefined;
      if (!named) return refusedGap(r, `a ${type} without ${missing.join(' and ')}`);
      return missing.map((f) => namingGap(r, `contact.${f}`, ['error.required'])).find((gap) => gap !== undefined);
    },
    ...(named ? {} : { every: true as const }),
  };
}
