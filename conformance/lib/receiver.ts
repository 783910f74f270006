// The built-in App receiver: plays the shipping App (rate and label requests) and the webhook consumer,
// answers with scripted responses and records every request, so black-box tests can inspect what the target
// sent. It runs in the suite's main process; tests reach its inspection API over HTTP.
//
// URL scheme (what tests register at the target): http://HOST:PORT/<key>/<kind>?mode=…
//   kind rates:  mode=valid|fail|slow|garbage; codes=STD,EXP|STD (one set per request, in arrival order);
//                price=4.50; currency=EUR; landed=1.25 (each rate says that much of its price is landed costs, D-59);
//                extra=1 (the answer and each rate carry fields of the App's own, D-59)
//   kind labels: mode=valid|fail; extra=1 (the answer and the label carry fields of the App's own, D-59)
//   kind hooks:  mode=ok|fail&times=N (500 for the first N requests, then 200); hold=MS (answers that much later)
//   kind image:  a 1×1 PNG (RECEIVER_PNG), for downloads the target makes (contact thumbnails)
// Inspection: GET /_inbox/<key> → [{kind, query, headers, body, at}]
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** The image `<key>/image` serves (base64 PNG, 1×1). */
export const RECEIVER_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export interface Recorded {
  kind: string;
  method: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  at: number;
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);
const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

export function startReceiver(host: string, port: number, slowMs: number): Promise<{ server: Server; url: string }> {
  const inbox = new Map<string, Recorded[]>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    const [, key = '', kind = ''] = url.pathname.split('/');
    if (key === '_inbox') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(inbox.get(kind) ?? []));
      return;
    }
    const body = await read(req);
    const list = inbox.get(key) ?? [];
    inbox.set(key, list);
    const query = Object.fromEntries(url.searchParams);
    const n = list.filter((r) => r.kind === kind).length;
    list.push({
      kind,
      method: req.method ?? '',
      query,
      headers: req.headers as Record<string, string>,
      body,
      at: Date.now(),
    });
    const mode = query.mode ?? 'valid';
    const json = (status: number, payload: unknown) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    if (kind === 'hooks') {
      if (query.hold) await new Promise((r) => setTimeout(r, Number(query.hold)));
      return json(mode === 'fail' && n < Number(query.times ?? 1e9) ? 500 : 200, { ok: true });
    }
    if (kind === 'image') {
      // an external image a target downloads (contact thumbnails, §2.2): a 1×1 PNG
      res.setHeader('content-type', 'image/png');
      res.end(Buffer.from(RECEIVER_PNG, 'base64'));
      return;
    }
    if (mode === 'fail') return json(500, { error: 'scripted failure' });
    if (mode === 'garbage') return json(200, '{"rates": "not an array"');
    if (mode === 'slow') await new Promise((r) => setTimeout(r, slowMs));
    let delivery: { currency?: string; dispatchDate?: string } = {};
    try {
      delivery = (JSON.parse(body) as { delivery: typeof delivery }).delivery ?? {};
    } catch {
      /* recorded as is */
    }
    const currency = query.currency ?? delivery.currency ?? 'GBP';
    const dispatch = delivery.dispatchDate ?? new Date().toISOString().slice(0, 10);
    const extra = query.extra === '1';
    if (kind === 'labels') {
      const label = {
        currency,
        image: 'data:image/png;base64,iVBORw0KGgo=',
        priceExcTax: '3.00',
        priceIncTax: '3.60',
        trackingNumber: `TRK-${key}-${n + 1}`,
      };
      return json(
        200,
        extra
          ? { label: { ...label, carrier: 'Conformance Post', pieces: [{ box: 1 }] }, requestId: `${key}-${n + 1}` }
          : { label },
      );
    }
    const sets = (query.codes ?? 'STD,EXP').split('|');
    const codes = (sets[Math.min(n, sets.length - 1)] ?? '').split(',').filter(Boolean);
    const price = Number(query.price ?? 4.5);
    const rates = codes.map((code, i) => ({
      serviceCode: code,
      title: `Service ${code}`,
      description: `Scripted option ${code}`,
      currency,
      priceExcTax: price * (i + 1),
      priceIncTax: Math.round(price * (i + 1) * 1.2 * 100) / 100,
      minDeliveryDate: addDays(dispatch, 1 + i),
      maxDeliveryDate: addDays(dispatch, 3 + i),
      ...(query.landed !== undefined ? { landedCosts: Number(query.landed) } : {}),
      ...(extra ? { carrier: 'Conformance Post', zones: [1, 2], insured: true } : {}),
    }));
    return json(200, extra ? { rates, requestId: `${key}-${n + 1}`, meta: { app: 'conformance' } } : { rates });
  });
  return new Promise((resolve) =>
    server.listen(port, host, () => {
      const address = server.address();
      resolve({ server, url: `http://${host}:${typeof address === 'object' && address ? address.port : port}` });
    }),
  );
}
