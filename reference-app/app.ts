// The reference shipping App (§4.5): the handler of the two addresses a shipping service registers, `POST /rates`
// (a rate request, §2.10) and `POST /labels` (a label request, §2.11), on plain node:http. Each request is checked
// for the service's signature first (D-16, D-74), then read, then its fields are checked against the document's
// schemas, then answered from the tariff (tariff.ts, D-72) or with a label (label.ts, D-73).
//
// `seams` are the functions the handler calls, looked up on each request, so that a test or an instrument may replace
// one of them on one App (a known-bad App, a benign one) without touching the others: `verify`, `quote`, `label` and
// `reply`. `label` does not go through `quote`: each seam changes one thing.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Json } from '../openapi/contract.ts';
import { validatorFor } from '../openapi/validators.ts';
import { ApiError, errorBody, fail, type ErrorItem } from '../shared/errors.ts';
import { sign } from '../shared/signing.ts';
import { LIMITS } from '../shared/limits.ts';
import { readBody } from '../shared/request.ts';
import { toErrorItems } from '../shared/schema-errors.ts';
import { labelFor, type Label } from './label.ts';
import { quoteRates, type Rate } from './tariff.ts';

export type { Label, Rate };

export interface ShippingAppSeams {
  /** Whether the raw body carries the service's signature in `X-Store-Signature` (D-16). */
  verify(rawBody: string, headers: IncomingHttpHeaders): boolean;
  /** The `rates` of a rate request's `delivery` (§2.10), as the service sent it once its fields are checked. */
  quote(delivery: Json): Rate[];
  /** The `label` of a label request's `delivery` (§2.11); undefined when its `serviceCode` is not offered (D-73). */
  label(delivery: Json): Label | undefined;
  /** Sends `body` as JSON with `status`. */
  reply(res: ServerResponse, status: number, body: unknown): void;
}

export interface ShippingApp {
  handle(req: IncomingMessage, res: ServerResponse): void;
  seams: ShippingAppSeams;
}

/** The two addresses and what each answers. */
export const PATHS = { rates: '/rates', labels: '/labels' } as const;

/**
 * D-16: base64(HMAC-SHA256(raw body, secret)), compared as text in constant time. The text, not the bytes it decodes
 * to: Node's base64 decoder skips what is not base64, so a header repeated (joined with ", ") or trailed by anything
 * would decode to the same bytes; only the signature itself passes.
 */
export function verifySignature(rawBody: string, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(sign(rawBody, secret));
  const received = Buffer.from(header);
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/**
 * The fields the App reads, each checked against its schema in the document (never written twice), and, for those
 * the App cannot answer without, the section that requires them. Fields it does not read are read past, as the
 * service reads past what an App adds (D-59); `dispatchDate` may be absent (§2.10 "when supplied": the tariff counts
 * from today).
 */
const READ = [
  { path: ['weight'], pointer: '#/components/schemas/Delivery/properties/weight', required: '§2.10' },
  { path: ['currency'], pointer: '#/components/schemas/Delivery/properties/currency', required: '§2.10' },
  { path: ['dispatchDate'], pointer: '#/components/schemas/Date' },
  { path: ['origin', 'countryCode'], pointer: '#/components/schemas/Address/properties/countryCode' },
  { path: ['destination', 'countryCode'], pointer: '#/components/schemas/Address/properties/countryCode' },
].map((f) => ({ ...f, validate: validatorFor(f.pointer) }));
const SERVICE_CODE = {
  path: ['serviceCode'],
  validate: validatorFor('#/components/schemas/LabelDelivery/allOf/1/properties/serviceCode'),
  required: '§2.11',
};

const INTERNAL: ErrorItem = { name: 'body', message: 'The App failed to answer', ref: 'error.internal' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The problems of a request body's `delivery` with the fields the App reads (D-02's items, named from the body). */
function problemsOf(body: unknown, forLabel: boolean): ErrorItem[] {
  if (!isObject(body) || !isObject(body.delivery))
    return [{ name: 'delivery', message: 'must be an object (§2.10)', ref: 'error.required' }];
  const problems: ErrorItem[] = [];
  for (const field of forLabel ? [...READ, SERVICE_CODE] : READ) {
    const name = ['delivery', ...field.path].join('.');
    let value: unknown = body.delivery;
    for (const key of field.path) value = isObject(value) ? value[key] : undefined;
    if (value === undefined) {
      if (field.required) problems.push({ name, message: `is required (${field.required})`, ref: 'error.required' });
    } else if (!field.validate(value)) problems.push(...toErrorItems(field.validate.errors ?? [], name.split('.')));
  }
  return problems;
}

export function createShippingApp(options: { secret: string }): ShippingApp {
  const seams: ShippingAppSeams = {
    verify: (rawBody, headers) => verifySignature(rawBody, headers['x-store-signature'], options.secret),
    quote: (delivery) => quoteRates(delivery),
    label: (delivery) => labelFor(delivery),
    reply(res, status, body) {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    },
  };
  /** Errors leave in the API's error envelope (D-02), so that one shape of error serves the service and the App. */
  const refuse = (res: ServerResponse, err: ApiError) => {
    for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
    seams.reply(res, err.status, errorBody(err));
  };

  function answer(req: IncomingMessage, res: ServerResponse, raw: Buffer, forLabel: boolean): void {
    // D-74: nothing is read, let alone quoted, before the signature holds.
    if (!seams.verify(raw.toString('utf8'), req.headers))
      fail(401, 'error.unauthorized', 'X-Store-Signature', 'missing, or not the signature of this body (D-16)');
    const { json } = readBody(raw, req.headers['content-type'], ['application/json']);
    const problems = problemsOf(json, forLabel);
    if (problems.length) throw new ApiError(422, 'data', problems);
    const delivery = (json as { delivery: Record<string, unknown> }).delivery;
    if (!forLabel) return seams.reply(res, 200, { rates: seams.quote(delivery) });
    const label = seams.label(delivery);
    if (!label)
      fail(
        422,
        'error.enum',
        'delivery.serviceCode',
        `${JSON.stringify(delivery.serviceCode)} is not a service this App offers for this delivery; ` +
          'use a serviceCode of its rate response for the same delivery (D-73)',
        'data',
      );
    seams.reply(res, 200, { label });
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    // The path without the query; a request-target in another form (absolute, `*`) is no path of ours: 404.
    const path = (req.url ?? '').split('?')[0];
    const forLabel = path === PATHS.labels;
    const guard = (run: () => void) => {
      try {
        run();
      } catch (err) {
        try {
          refuse(res, err instanceof ApiError ? err : new ApiError(500, 'request', [INTERNAL]));
        } catch {
          res.destroy(); // a reply that cannot be sent at all: the connection closes, the App runs on
        }
      }
    };
    if (path !== PATHS.rates && !forLabel)
      return guard(() => fail(404, 'error.not-found', 'path', 'No such address: POST /rates or /labels', 'path'));
    if (req.method !== 'POST')
      return guard(() => fail(405, 'error.method-not-allowed', 'method', 'Only POST', 'request', { allow: 'POST' }));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('error', () => res.destroy()); // the caller went away mid-body: nothing to answer
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= LIMITS.maxBodyBytes) chunks.push(chunk);
    });
    req.on('end', () =>
      guard(() => {
        if (size > LIMITS.maxBodyBytes) fail(413, 'error.payload-too-large', 'body', 'The body is over 1 MiB (D-48)');
        answer(req, res, Buffer.concat(chunks), forLabel);
      }),
    );
  }

  return { handle, seams };
}
