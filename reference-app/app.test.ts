// The reference App over HTTP, as the service calls it: its answers against the document's schemas (RateResponse,
// LabelResponse), its dates never before `dispatchDate`, its currencies, its bands, zones and services (D-72), its
// label image a PNG, and its refusals: unsigned or wrongly signed 401 with nothing quoted (D-74), an unknown
// `serviceCode` 422 (D-73).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { inflateSync, crc32 } from 'node:zlib';
import { doc } from '../openapi/contract.ts';
import { validatorFor } from '../openapi/validators.ts';
import { sign } from '../shared/signing.ts';
import { isoMinorUnits } from '../shared/money.ts';
import type { ShippingApp } from './app.ts';
import { CODE39, FONT, LABEL_HEIGHT, LABEL_WIDTH, printable } from './label-image.ts';
import { s10CheckDigit } from './label.ts';
import { startApp, type StartedApp } from './server.ts';
import { addBusinessDays, PRICE_LISTS, type Rate } from './tariff.ts';

const SECRET = 'reference-app-test-secret';
const validRates = validatorFor('#/components/schemas/RateResponse');
const validLabel = validatorFor('#/components/schemas/LabelResponse');
const validRateRequest = validatorFor('#/components/schemas/RateRequest');
const validLabelRequest = validatorFor('#/components/schemas/LabelRequest');

/** The document's own examples of the two requests (a 560 g box from Bristol to London, dispatched 2026-11-23). */
const rateDelivery = structuredClone(doc.components.schemas.RateDelivery.example);
const labelDelivery = structuredClone(doc.components.schemas.LabelDelivery.example);

let app: StartedApp;
/** The App under test, to count what its seams are asked. */
let handle: ShippingApp;
const quoted: unknown[] = [];
const labelled: unknown[] = [];
before(async () => {
  app = await startApp({
    secret: SECRET,
    patch: (a) => {
      handle = a;
      const { quote, label } = a.seams;
      a.seams.quote = (d) => (quoted.push(d), quote(d));
      a.seams.label = (d) => (labelled.push(d), label(d));
    },
  });
});
after(() => app.stop());

/** POSTs `body` signed with `secret` (D-16), or with the headers given; the status and the parsed answer. */
async function post(url: string, body: unknown, options: { secret?: string; headers?: Record<string, string> } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const headers = options.headers ?? {
    'content-type': 'application/json',
    'x-store-signature': sign(raw, options.secret ?? SECRET),
  };
  const res = await fetch(url, { method: 'POST', body: raw, headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) };
}
const rates = async (delivery: unknown) => {
  const answer = await post(app.ratesUrl, { delivery });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  // A boolean, not ajv's type guard, which would narrow the body to `unknown` through assert.ok.
  assert.ok(validRates(answer.body) as boolean, JSON.stringify(validRates.errors));
  return answer.body.rates as Rate[];
};
const codes = (rs: Rate[]) => rs.map((r) => r.serviceCode);
const price = (rs: Rate[], code: string) => rs.find((r) => r.serviceCode === code)!.priceExcTax;
const to = (countryCode: string | null) => ({
  ...rateDelivery,
  destination: { ...rateDelivery.destination, countryCode },
});

test('the document examples are requests the service may send', () => {
  assert.ok(validRateRequest({ delivery: rateDelivery }), JSON.stringify(validRateRequest.errors));
  assert.ok(validLabelRequest({ delivery: labelDelivery }), JSON.stringify(validLabelRequest.errors));
});

test('rates: every field of §2.10 with its type, as RateResponse says; dates after dispatchDate (D-72)', async () => {
  const rs = await rates(rateDelivery);
  assert.deepEqual(codes(rs), ['STD', 'EXP', 'PKT']);
  for (const r of rs) {
    assert.deepEqual(Object.keys(r).sort(), [
      'currency',
      'description',
      'maxDeliveryDate',
      'minDeliveryDate',
      'priceExcTax',
      'priceIncTax',
      'serviceCode',
      'title',
    ]);
    assert.equal(typeof r.priceExcTax, 'number');
    assert.equal(typeof r.priceIncTax, 'number');
    assert.ok(r.title && r.description);
    assert.ok(r.minDeliveryDate > rateDelivery.dispatchDate, `${r.serviceCode} ${r.minDeliveryDate}`);
    assert.ok(r.maxDeliveryDate >= r.minDeliveryDate);
    // Domestic: 20 % tax.
    assert.equal(r.priceIncTax, Math.round(r.priceExcTax * 120) / 100);
  }
  assert.equal(quoted.length > 0, true);
});

test('delivery dates are business days after dispatch, on any weekday and weekend', async () => {
  assert.equal(addBusinessDays('2026-11-27', 1), '2026-11-30', 'Friday + 1 is Monday');
  assert.equal(addBusinessDays('2026-11-28', 1), '2026-11-30', 'Saturday + 1 is Monday');
  assert.equal(addBusinessDays('2026-12-31', 2), '2027-01-04', 'across a year');
  for (const dispatchDate of ['2026-11-23', '2026-11-27', '2026-11-28', '2026-11-29', '2028-02-28'])
    for (const r of await rates({ ...to('US'), dispatchDate })) {
      assert.ok(r.minDeliveryDate > dispatchDate, `${dispatchDate}: ${r.serviceCode} ${r.minDeliveryDate}`);
      for (const d of [r.minDeliveryDate, r.maxDeliveryDate]) assert.ok(![0, 6].includes(new Date(d).getUTCDay()), d);
    }
  // §2.10 "when supplied": without it the dates count from today.
  const { dispatchDate: _none, ...undated } = rateDelivery;
  const today = new Date().toISOString().slice(0, 10);
  for (const r of await rates(undated)) assert.ok(r.minDeliveryDate > today);
});

test('currency: answered in the requested one when the App has a price list in it, else in GBP (§2.10, §7)', async () => {
  for (const currency of Object.keys(PRICE_LISTS)) {
    const rs = await rates({ ...rateDelivery, currency });
    for (const r of rs) {
      assert.equal(r.currency, currency);
      // Rounded to the currency's minor units (D-22): JPY whole, the others to the cent.
      const digits = isoMinorUnits(currency);
      assert.equal(r.priceExcTax, Number(r.priceExcTax.toFixed(digits)), `${currency} ${r.priceExcTax}`);
    }
  }
  const yen = await rates({ ...rateDelivery, currency: 'JPY' });
  assert.ok(yen.every((r) => Number.isInteger(r.priceExcTax) && r.priceExcTax > 100));
  for (const r of await rates({ ...rateDelivery, currency: 'KWD' })) assert.equal(r.currency, 'GBP');
});

test('bands, zones and services: heavier and farther cost more; Small parcel only up to 2 kg (D-72)', async () => {
  const at = async (weight: number, country = 'GB') => rates({ ...to(country), weight });
  const light = await at(400);
  const heavy = await at(4000);
  assert.ok(price(heavy, 'STD') > price(light, 'STD'));
  assert.ok(price(light, 'EXP') > price(light, 'STD'));
  assert.ok(price(light, 'PKT') < price(light, 'STD'));
  assert.deepEqual(codes(await at(2000)), ['STD', 'EXP', 'PKT']);
  assert.deepEqual(codes(await at(2001)), ['STD', 'EXP']);
  assert.deepEqual(codes(await at(30_000)), ['STD', 'EXP']);
  assert.deepEqual(await at(30_001), [], 'heavier than the last band: nothing offered');
  const [home, europe, world] = await Promise.all([at(1000, 'GB'), at(1000, 'FR'), at(1000, 'JP')]);
  assert.ok(price(home!, 'STD') < price(europe!, 'STD') && price(europe!, 'STD') < price(world!, 'STD'));
  // Abroad is an export: no tax; and it takes longer.
  assert.ok(world!.every((r) => r.priceIncTax === r.priceExcTax));
  assert.ok(world![0]!.maxDeliveryDate > home![0]!.maxDeliveryDate);
  // Domestic is the origin's country, whatever it is.
  const fromFrance = await rates({ ...to('FR'), origin: { ...rateDelivery.origin, countryCode: 'FR' } });
  assert.equal(price(fromFrance, 'STD'), price(home!, 'STD'));
  assert.deepEqual(await rates(to(null)), [], 'no destination country: nothing offered');
});

/** The chunks of a PNG, each checked against its CRC-32 (RFC 2083 §3.2). */
function chunksOf(png: Buffer): { type: string; data: Buffer }[] {
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'the PNG signature');
  const chunks = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    assert.equal(png.readUInt32BE(at + 8 + length), crc32(png.subarray(at + 4, at + 8 + length)), `${type} CRC`);
    chunks.push({ type, data });
    at += 12 + length;
  }
  return chunks;
}

test('label: LabelResponse with decimal-string prices as quoted, an S10 tracking number, a PNG image (D-73)', async () => {
  const [quote] = (await rates(labelDelivery)).filter((r) => r.serviceCode === labelDelivery.serviceCode);
  assert.equal(quote, undefined, 'the example names a code of another App');
  const box = { ...labelDelivery, serviceCode: 'EXP' };
  const rate = (await rates(box)).find((r) => r.serviceCode === 'EXP')!;
  const answer = await post(app.labelsUrl, { delivery: box });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.ok(validLabel(answer.body) as boolean, JSON.stringify(validLabel.errors));
  const { label } = answer.body;
  assert.equal(label.currency, rate.currency);
  assert.equal(label.priceExcTax, rate.priceExcTax.toFixed(2));
  assert.equal(label.priceIncTax, rate.priceIncTax.toFixed(2));
  const tracking = /^EE(\d{8})(\d)GB$/.exec(label.trackingNumber);
  assert.ok(tracking, label.trackingNumber);
  assert.equal(Number(tracking[2]), s10CheckDigit(tracking[1]!));
  assert.equal(s10CheckDigit('47312482'), 9, "UPU S10's worked example: AA473124829GB");
  const second = await post(app.labelsUrl, { delivery: box });
  assert.notEqual(second.body.label.trackingNumber, label.trackingNumber, 'every label is a new parcel');

  const [, base64] = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(label.image) ?? [];
  assert.ok(base64, label.image.slice(0, 40));
  const png = Buffer.from(base64, 'base64');
  assert.equal(png.toString('base64'), base64, 'canonical base64');
  const chunks = chunksOf(png);
  assert.deepEqual([chunks[0]!.type, chunks.at(-1)!.type], ['IHDR', 'IEND'], 'IHDR first, IEND last (RFC 2083 §3.2)');
  const header = chunks[0]!.data;
  assert.deepEqual([header.readUInt32BE(0), header.readUInt32BE(4)], [LABEL_WIDTH, LABEL_HEIGHT]);
  const pixels = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  assert.equal(pixels.length, (Math.ceil(LABEL_WIDTH / 8) + 1) * LABEL_HEIGHT, 'one filter byte and 1 bit a pixel');
  const text = chunks.filter((c) => c.type === 'tEXt').map((c) => c.data.toString('latin1'));
  assert.ok(text.includes(`Title\0Shipping label ${label.trackingNumber}`), text.join(' | '));

  // In JPY the strings have no decimals (D-22).
  const yen = await post(app.labelsUrl, { delivery: { ...box, currency: 'JPY' } });
  assert.match(yen.body.label.priceExcTax, /^\d+$/);
});

test('Code 39: every character three wide elements of nine, each pattern its own', () => {
  for (const [c, p] of Object.entries(CODE39)) {
    assert.match(p, /^[01]{9}$/, c);
    assert.equal([...p].filter((e) => e === '1').length, 3, c);
  }
  assert.equal(new Set(Object.values(CODE39)).size, Object.keys(CODE39).length);
});

test('the font: every glyph 7 rows of 5 pixels; words written without accents, unknown characters as ?', () => {
  for (const [c, rows] of Object.entries(FONT)) {
    assert.match(rows, /^([01][0-9A-F]){7}$/, c);
    assert.ok(
      rows.match(/../g)!.every((h) => parseInt(h, 16) < 0x20),
      c,
    );
  }
  assert.equal(printable('Besançon, Zürich & Łódź'), 'BESANCON, ZURICH & ?ODZ');
});

test('label: a serviceCode not offered for the box is 422 naming it, and no label is made (D-73)', async () => {
  for (const delivery of [
    { ...labelDelivery, serviceCode: 'UK-48' },
    { ...labelDelivery, serviceCode: 'PKT', weight: 2500 },
    { ...labelDelivery, serviceCode: 'STD', weight: 40_000 },
  ]) {
    const answer = await post(app.labelsUrl, { delivery });
    assert.equal(answer.status, 422, JSON.stringify(answer.body));
    assert.equal(answer.headers.get('content-type'), 'application/json');
    assert.deepEqual(
      answer.body.errors.map((e: { name: string; ref: string }) => [e.name, e.ref]),
      [['delivery.serviceCode', 'error.enum']],
    );
    assert.match(answer.body.errors[0].message, new RegExp(`"${delivery.serviceCode}" is not a service`));
  }
  const missing = await post(app.labelsUrl, { delivery: rateDelivery });
  assert.equal(missing.status, 422);
  assert.deepEqual(missing.body.errors[0], {
    name: 'delivery.serviceCode',
    message: 'is required (§2.11)',
    ref: 'error.required',
  });
});

test('unsigned, wrongly signed or repeated signatures are 401, and nothing is quoted or labelled (D-74)', async () => {
  const before = [quoted.length, labelled.length];
  const raw = JSON.stringify({ delivery: rateDelivery });
  const json = { 'content-type': 'application/json' };
  for (const [url, body, options] of [
    [app.ratesUrl, raw, { headers: json }],
    [app.ratesUrl, raw, { secret: 'another-secret' }],
    [app.ratesUrl, raw, { headers: { ...json, 'x-store-signature': sign(`${raw} `, SECRET) } }],
    [app.ratesUrl, raw, { headers: { ...json, 'x-store-signature': '' } }],
    [app.ratesUrl, raw, { headers: { ...json, 'x-store-signature': `${sign(raw, SECRET)}!` } }],
    [app.labelsUrl, JSON.stringify({ delivery: { ...labelDelivery, serviceCode: 'STD' } }), { secret: 'x' }],
    // Not JSON and unsigned: the signature is checked first.
    [app.ratesUrl, '{', { headers: json }],
  ] as const) {
    const answer = await post(url, body, options);
    assert.equal(answer.status, 401, `${url} ${JSON.stringify(options)}`);
    assert.deepEqual(answer.body, {
      success: false,
      status: 401,
      context: 'request',
      errors: [
        {
          name: 'X-Store-Signature',
          message: 'missing, or not the signature of this body (D-16)',
          ref: 'error.unauthorized',
        },
      ],
    });
  }
  // The header twice: node joins it with ", ", which is no signature.
  const twice = await fetch(app.ratesUrl, {
    method: 'POST',
    body: raw,
    headers: [
      ['content-type', 'application/json'],
      ['x-store-signature', sign(raw, SECRET)],
      ['x-store-signature', sign(raw, SECRET)],
    ],
  });
  assert.equal(twice.status, 401);
  await twice.arrayBuffer();
  assert.deepEqual([quoted.length, labelled.length], before);
});

test('what the App cannot read: 422 naming the field, 400, 415, 404, 405 (D-73, D-02)', async () => {
  const bad = await post(app.ratesUrl, { delivery: { ...rateDelivery, weight: -1, currency: 'gbp' } });
  assert.equal(bad.status, 422);
  assert.deepEqual(
    bad.body.errors.map((e: { name: string; ref: string }) => [e.name, e.ref]),
    [
      ['delivery.weight', 'error.minimum'],
      ['delivery.currency', 'error.pattern'],
    ],
  );
  const { weight: _w, ...weightless } = rateDelivery;
  assert.equal((await post(app.ratesUrl, { delivery: weightless })).body.errors[0].name, 'delivery.weight');
  assert.equal((await post(app.ratesUrl, {})).body.errors[0].name, 'delivery');
  // Fields it does not read are read past.
  assert.equal((await post(app.ratesUrl, { delivery: { ...rateDelivery, extra: 1 }, more: true })).status, 200);
  const malformed = await post(app.ratesUrl, '{"delivery":');
  assert.deepEqual([malformed.status, malformed.body.errors[0].ref], [400, 'error.malformed-json']);
  const raw = JSON.stringify({ delivery: rateDelivery });
  const text = await post(app.ratesUrl, raw, {
    headers: { 'content-type': 'text/plain', 'x-store-signature': sign(raw, SECRET) },
  });
  assert.equal(text.status, 415);
  assert.equal((await post(`${app.url}/quotes`, raw)).status, 404);
  const get = await fetch(app.ratesUrl);
  assert.deepEqual([get.status, get.headers.get('allow')], [405, 'POST']);
  await get.arrayBuffer();
  // A request-target that is no path (an absolute URL that does not parse) is a 404, and the App runs on.
  const { port } = new URL(app.url);
  const raw404 = await new Promise<string>((resolve) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.end('POST http://[bad HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'),
    );
    let text = '';
    socket.setEncoding('utf8').on('data', (d: string) => (text += d));
    socket.on('close', () => resolve(text));
  });
  assert.match(raw404, /^HTTP\/1\.1 404 /);
  assert.equal((await post(app.ratesUrl, { delivery: rateDelivery })).status, 200);
});

test('seams: a patch replaces what it names and nothing else', async () => {
  const { reply, quote } = handle.seams;
  try {
    handle.seams.quote = () => [];
    assert.deepEqual(await rates(rateDelivery), []);
    const label = await post(app.labelsUrl, { delivery: { ...labelDelivery, serviceCode: 'STD' } });
    assert.equal(label.status, 200, 'label does not go through quote');
    handle.seams.reply = (res, status, body) => reply(res, status, { wrapped: body });
    assert.deepEqual(Object.keys((await post(app.ratesUrl, { delivery: rateDelivery })).body), ['wrapped']);
  } finally {
    Object.assign(handle.seams, { reply, quote });
  }
});
