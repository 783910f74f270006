import { deref, doc, type Json } from '../../openapi/contract.ts';
import { beforeDispatch } from '../faults/lib.ts';
import type { Variant } from './types.ts';

/** The pattern the contract gives a "no HTML" field of a contact (D-13). */
const NO_HTML = '^[^<>]*$';

/**
 * The contact fields the contract refuses HTML in by the "no HTML" rule alone (D-13's pattern): firstname, lastname,
 * company, department, division, position, biography, reference, registeredNumber, taxNumber. `phone`, `mobile` and
 * `username`, which §2.2 also says take no HTML, have a character rule of the source's own that refuses `<` and `>`
 * anyway; they are left to it.
 */
const noHtmlFields = (): string[] =>
  Object.entries(doc.components.schemas.ContactInput.properties as Record<string, Json>)
    .filter(([, s]) => deref(s).pattern === NO_HTML)
    .map(([f]) => f);

/** The value with its tags (`<b>`, `</b>`, `<br/>`, `<a href="…">`) taken out; a lone `<` or `>` stays. */
const stripTags = (v: string) => {
  let out = v;
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(/<\/?[A-Za-z!][^<>]*>/g, '');
  }
  return out;
};

export default {
  decides: ['D-13'],
  description:
    'HTML in the contact fields that take "no HTML" (firstname, lastname, company, department, division, position, biography, reference, registeredNumber, taxNumber) is stripped, its tags removed (`<b>Ada</b>` is stored as `Ada`), instead of the write being refused with 422 `error.html`; a lone `<` or `>` that is no tag is still refused. §2.2 says those fields take "no HTML" and does not say how: a value stored without its HTML meets it as a refusal does (D-13 is ours).',
  apply: (app) => {
    const fields = noHtmlFields();
    const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    // The contact of an add or update, before the server validates it; a body is rewritten only when a value loses
    // its HTML, so that every other body (not UTF-8, led by a BOM, not JSON, no HTML) reaches the server's own checks as it was sent.
    beforeDispatch(app, (req) => {
      if (!/^\/api\/contacts(\/\d+)?\.json$/.test(req.path) || !['POST', 'PUT'].includes(req.method)) return;
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) return;
      let body: Json;
      try {
        body = JSON.parse(utf8.decode(req.body));
      } catch {
        return;
      }
      const contact = body?.contact;
      if (!contact || typeof contact !== 'object' || Array.isArray(contact)) return;
      const stripped = fields.filter((f) => typeof contact[f] === 'string' && stripTags(contact[f]) !== contact[f]);
      if (!stripped.length) return;
      for (const f of stripped) contact[f] = stripTags(contact[f]);
      req.body = Buffer.from(JSON.stringify(body));
    });
  },
} satisfies Variant;
