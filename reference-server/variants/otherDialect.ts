import type { Request } from 'express';
import type { Json } from '../../openapi/contract.ts';
import { findOperation } from '../http/routes.ts';
import { beforeDispatch, onJson, rewriteBody } from '../faults/lib.ts';
import absoluteLinks from './absoluteLinks.ts';
import createdAs200 from './createdAs200.ts';
import defaultPageSize50 from './defaultPageSize50.ts';
import deleteReturnsObject from './deleteReturnsObject.ts';
import { isErrorEnvelope } from './lib.ts';
import otherErrorRefs from './otherErrorRefs.ts';
import type { Variant } from './types.ts';
import validationAs400 from './validationAs400.ts';

/** The other choices it makes too, each a benign variant of its own (their answers are rewritten before its own). */
const alsoDecided = [
  validationAs400,
  otherErrorRefs,
  createdAs200,
  deleteReturnsObject,
  defaultPageSize50,
  absoluteLinks,
];

/** The operation a request is for, as the server routes it (its original URL: the server reads that one). */
const operationOf = (req: Pick<Request, 'method' | 'originalUrl'>) =>
  findOperation(req.method, new URL(req.originalUrl, 'http://localhost').pathname).op;
/** The wrapper our contract puts around an operation's request body, from its example (`data`, `contact`). */
const wrapperOf = (o: { requestExample?: Json }) => {
  const keys = o.requestExample && typeof o.requestExample === 'object' ? Object.keys(o.requestExample) : [];
  return keys.length === 1 ? keys[0] : undefined;
};

export default {
  name: 'otherDialect',
  decides: [...new Set(['D-01', 'D-02', 'D-11', ...alsoDecided.flatMap((v) => v.decides)])].sort(),
  dialect: 'otherDialect.dialect.yaml',
  description: `A whole other dialect, stated in its dialect file: v2 and contact write bodies are the resource itself, not wrapped in \`data\` or \`contact\` (a wrapped body is an object with an unknown field); contact answers are the contact itself; the contact search answers \`{results: [...]}\`; error answers list their errors under \`problems\`; and the choices of ${alsoDecided.map((v) => v.name).join(', ')} (each a benign variant of its own, see there). §4.2 says the Contact payload is "object \`contact\` holding the Contact fields", so a contact body is still *an object holding the fields*; §4.3/§4.4: "Request and response bodies of add, update and delete ... not shown"; §4.2: search "Query parameters: not shown" (nor its answer); §7: "Error response body: not shown".`,
  apply: (app) => {
    for (const v of alsoDecided) v.apply(app);
    beforeDispatch(app, (req) => {
      const o = operationOf(req);
      const wrapper = o && wrapperOf(o);
      if (wrapper === 'data' || wrapper === 'contact') rewriteBody(req, (body) => ({ [wrapper]: body }));
    });
    onJson(app, (body, res) => {
      if (isErrorEnvelope(body)) {
        const { errors, ...rest } = body;
        return { ...rest, problems: errors };
      }
      const o = operationOf(res.req);
      if (body && typeof body === 'object' && o?.operationId === 'searchContacts' && 'contacts' in body)
        return { results: body.contacts };
      if (body && typeof body === 'object' && 'contact' in body && Object.keys(body).length === 1) return body.contact;
      return body;
    });
  },
} satisfies Variant;
