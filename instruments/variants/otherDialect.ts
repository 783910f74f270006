import type { Request } from 'express';
import type { Json } from '../../openapi/contract.ts';
import { findOperation } from '../../reference-server/http/routes.ts';
import { beforeDispatch, onJson, rewriteBody } from '../faults/lib.ts';
import absoluteLinks from './absoluteLinks.ts';
import createdAs200 from './createdAs200.ts';
import defaultPageSize50 from './defaultPageSize50.ts';
import deleteReturnsObject from './deleteReturnsObject.ts';
import { isErrorEnvelope, onSignedRequest, resign } from './lib.ts';
import otherErrorRefs from './otherErrorRefs.ts';
import type { Variant } from './types.ts';
import validationAs400 from './validationAs400.ts';

/**
 * The other choices it makes too, each a benign variant of its own, by name (their answers are rewritten before its
 * own).
 */
const alsoDecided = {
  validationAs400,
  otherErrorRefs,
  createdAs200,
  deleteReturnsObject,
  defaultPageSize50,
  absoluteLinks,
};

/** Its names for the page and its size, and for our scopes §5 names none for (what its dialect file states). */
const pageParams: Record<string, string> = { page: 'pageNumber', limit: 'pageSize' };
const scopeNames: Record<string, string> = {
  settings: 'admin',
  'settings.readonly': 'admin.readonly',
  shipping: 'logistics',
  'shipping.readonly': 'logistics.readonly',
};
/** Its field names of the resources whose fields §2.12 does not show (ours → its), by operationId prefix. */
const fieldNames: [RegExp, Record<string, string>][] = [
  [/ProductPrices?$/, { priceExcTax: 'amount', priceIncTax: 'amountWithTax', quantityMin: 'minQuantity' }],
  [/Geozones?$/, { title: 'name' }],
];

/** Its event actions (ours → its): `products/created` is its `products/added`; `<resource>/*` is the same. */
const actions: Record<string, string> = { created: 'added', updated: 'changed', deleted: 'removed' };
const eventToIts = (e: string) => e.replace(/\/(created|updated|deleted)$/, (_m, a: string) => `/${actions[a]}`);
const eventFromIts = (e: string) =>
  e.replace(/\/(added|changed|removed|created|updated|deleted)$/, (_m, a: string) =>
    a in actions ? `/${a}_` : `/${Object.entries(actions).find(([, its]) => its === a)![0]}`,
  );

/** Renames an object's keys by `names`; a key it renames away from is refused by the server as unknown (`<key>_`). */
const renamed = (value: Json, names: Record<string, string>): Json => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const back = Object.fromEntries(Object.entries(names).map(([ours, its]) => [its, ours]));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [back[k] ?? (k in names ? `${k}_` : k), v]));
};
const toIts = (value: Json, names: Record<string, string>): Json =>
  Array.isArray(value)
    ? value.map((v) => toIts(v, names))
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [names[k] ?? k, v]))
      : value;

/** The operation a request is for, as the server routes it (its original URL: the server reads that one). */
const operationOf = (req: Pick<Request, 'method' | 'originalUrl'>) =>
  findOperation(req.method, new URL(req.originalUrl, 'http://localhost').pathname).op;
/** The wrapper our contract puts around an operation's request body, from its example (`data`, `contact`). */
const wrapperOf = (o: { requestExample?: Json }) => {
  const keys = o.requestExample && typeof o.requestExample === 'object' ? Object.keys(o.requestExample) : [];
  return keys.length === 1 ? keys[0] : undefined;
};

export default {
  decides: [
    ...new Set([
      'D-01',
      'D-02',
      'D-03',
      'D-07',
      'D-11',
      'D-17',
      'D-30',
      'D-35',
      ...Object.values(alsoDecided).flatMap((v) => v.decides),
    ]),
  ].sort(),
  dialect: 'otherDialect.dialect.yaml',
  description: `A whole other dialect, stated in its dialect file: v2 and contact write bodies are the resource itself, not wrapped in \`data\` or \`contact\` (a wrapped body is an object with an unknown field); contact answers are the contact itself; the contact search answers \`{results: [...]}\`; error answers list their errors under \`problems\`; the page and its size are \`pageNumber\` and \`pageSize\`; the scopes §5 names none for are \`admin\` and \`logistics\` (ours: \`settings\`, \`shipping\`); events are \`<resource>/added\`, \`changed\`, \`removed\`; prices name their fields \`amount\`, \`amountWithTax\`, \`minQuantity\` and geozones \`name\`; and the choices of ${Object.keys(alsoDecided).join(', ')} (each a benign variant of its own, see there). §4.2 says the Contact payload is "object \`contact\` holding the Contact fields", so a contact body is still *an object holding the fields*; §4.3/§4.4: "Request and response bodies of add, update and delete ... not shown"; §4.2: search "Query parameters: not shown" (nor its answer); §7: "Error response body: not shown"; §8: "the query parameter names for choosing the page or limit: not shown"; §5: "Scopes for all other operations: not shown"; §6: "Full list of event names: not shown"; §2.12: "Product Price fields: not shown", "Geozone fields: not shown".`,
  apply: (app) => {
    for (const v of Object.values(alsoDecided)) v.apply(app);
    // Deliveries name its events, signed again over the body it sends.
    onSignedRequest(app, (_url, init) => {
      const original = String(init.body);
      let delivery: Json;
      try {
        delivery = JSON.parse(original);
      } catch {
        return init;
      }
      if (typeof delivery?.event !== 'string') return init;
      const body = JSON.stringify({ ...delivery, event: eventToIts(delivery.event) });
      const headers: Record<string, string> = {
        ...init.headers,
        'x-store-signature': resign(app, original, init.headers['x-store-signature']!, body),
      };
      if (headers['x-store-event']) headers['x-store-event'] = eventToIts(headers['x-store-event']);
      return { ...init, body, headers };
    });
    app.seams.securityOf = (op) => op.security?.map((alt) => alt.map((s) => scopeNames[s] ?? s)) ?? null;
    beforeDispatch(app, (req) => {
      const url = new URL(req.originalUrl, 'http://localhost');
      const names = [...url.searchParams.keys()];
      if (names.some((k) => k in pageParams || Object.values(pageParams).includes(k))) {
        const ours = (k: string) =>
          Object.entries(pageParams).find(([, its]) => its === k)?.[0] ?? (k in pageParams ? `${k}_` : k);
        url.search = new URLSearchParams(
          [...url.searchParams].map(([k, v]): [string, string] => [ours(k), v]),
        ).toString();
        req.originalUrl = `${url.pathname}${url.search}`;
      }
      const o = operationOf(req);
      const fields = o && fieldNames.find(([re]) => re.test(o.operationId))?.[1];
      if (fields) rewriteBody(req, (body) => renamed(body, fields));
      if (/Webhook$/.test(o?.operationId ?? ''))
        rewriteBody(req, (body) =>
          Array.isArray(body?.events)
            ? { ...body, events: body.events.map((e: Json) => (typeof e === 'string' ? eventFromIts(e) : e)) }
            : body,
        );
      const wrapper = o && wrapperOf(o);
      if (wrapper === 'data' || wrapper === 'contact') rewriteBody(req, (body) => ({ [wrapper]: body }));
    });
    onJson(app, (body, res) => {
      const o = operationOf(res.req);
      const fields = o && fieldNames.find(([re]) => re.test(o.operationId))?.[1];
      if (fields && body && typeof body === 'object' && 'data' in body)
        body = { ...body, data: toIts(body.data, fields) };
      if (body && typeof body === 'object' && body.links && typeof body.links === 'object') {
        const link = (l: Json) =>
          typeof l === 'string'
            ? l.replace(/([?&])(page|limit)=/g, (_m, sep: string, k: string) => `${sep}${pageParams[k]}=`)
            : l;
        body = { ...body, links: Object.fromEntries(Object.entries(body.links).map(([k, v]) => [k, link(v as Json)])) };
      }
      if (/Webhooks?$/.test(o?.operationId ?? '') && body && typeof body === 'object' && 'data' in body) {
        const its = (h: Json) => (Array.isArray(h?.events) ? { ...h, events: h.events.map(eventToIts) } : h);
        body = { ...body, data: Array.isArray(body.data) ? body.data.map(its) : its(body.data) };
      }
      if (isErrorEnvelope(body)) {
        const { errors, ...rest } = body;
        return { ...rest, problems: errors.map((e: Json) => ({ ...e, name: pageParams[e.name] ?? e.name })) };
      }
      if (body && typeof body === 'object' && o?.operationId === 'searchContacts' && 'contacts' in body)
        return { results: body.contacts };
      if (body && typeof body === 'object' && 'contact' in body && Object.keys(body).length === 1) return body.contact;
      return body;
    });
  },
} satisfies Variant;
