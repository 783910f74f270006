// The App suite's requirements: the other side of §4.5's calls, an App's answers to the rate and label requests the
// suite sends as the service would (caller.ts, deliveries.ts). The service ignores a wrong answer silently (§7), so
// these are the only feedback an App's developer gets. Ids are `app.` and the callback's operationId, as the
// document declares them (lib/callbacks.ts), so no id is the service suite's.
// Bases: what §2.10 and §2.11 say of an answer (its fields and their types, the requested currency, delivery dates
// from dispatchDate) is `source`; answering within the service's timeout (D-22), in the form the service reads (the
// document's schemas, D-22, D-49, D-59), refusing a request that is not signed with the App's secret (D-16) and a
// label for a service the App never offered are `decision` (D-73, D-74: the reference App's, as no rule of the API
// says what an App answers to them).
// Every signed rate request is sent once per worker, all at once as the service sends a checkout's (§4.5 rule 7, D-22),
// and the label requests once, for options the App itself offered; the requirements judge those answers.
import { randomUUID } from 'node:crypto';
import { check } from '../lib/contract.ts';
import { appRequirement, skip, type Options } from '../lib/requirement.ts';
import { returnedFields, typeProblem, type ReturnedType } from '../lib/returned.ts';
import { AppNonconformance, succeeded, type Answer, type AppCaller, type Operation, type Signing } from './caller.ts';
import { CALLBACK_TIMEOUT_MS } from './config.ts';
import { callback } from '../lib/callbacks.ts';
import { dispatchOf, labelDelivery, rateDeliveries, type Delivery } from './deliveries.ts';

const RATES: Operation = 'calculateShippingRates';
const LABELS: Operation = 'createShippingLabel';

// ── The answers judged: sent once per worker ──

let rateBatch: Promise<{ sent: Delivery; answer: Answer }[]> | undefined;
/** Every rate request of deliveries.ts, signed, at once; each with its answer. */
const rateAnswers = (app: AppCaller) =>
  (rateBatch ??= Promise.all(
    rateDeliveries().map(async (sent) => ({ sent, answer: await app.post(RATES, sent.name, sent.delivery) })),
  ));

/** The options an answer offers: its `rates` that are objects with a serviceCode of text. */
const offered = (a: Answer): Record<string, unknown>[] => {
  const rates = (a.json as { rates?: unknown } | undefined)?.rates;
  return succeeded(a) && Array.isArray(rates)
    ? rates.filter(
        (r): r is Record<string, unknown> => isObject(r) && typeof r.serviceCode === 'string' && r.serviceCode !== '',
      )
    : [];
};

/** Label requests for at most this many of the options the App offered for each delivery labelled in deliveries.ts. */
const LABELS_PER_DELIVERY = 2;
let labelBatch: Promise<Answer[]> | undefined;
/** A label request for options the App itself returned (§2.11 "the same value the App returned"), at once. */
const labelAnswers = (app: AppCaller) =>
  (labelBatch ??= rateAnswers(app).then((rates) =>
    Promise.all(
      rates
        .filter(({ sent }) => sent.labelled)
        .flatMap(({ sent, answer }) =>
          [...new Set(offered(answer).map((r) => r.serviceCode as string))]
            .slice(0, LABELS_PER_DELIVERY)
            .map((code) => app.post(LABELS, `${sent.name}, option ${code}`, labelDelivery(sent.delivery, code))),
        ),
    ),
  ));

/** The answers a requirement of `operation` judges; label ones skip without a labels address or an option to label. */
async function answersOf(operation: Operation, app: AppCaller): Promise<Answer[]> {
  if (operation === RATES) return (await rateAnswers(app)).map((r) => r.answer);
  skip(
    !app.labelsUrl,
    'no labels address given (--labels-url, APP_LABELS_URL): no label request is sent (§4.5 rule 2)',
  );
  const answers = await labelAnswers(app);
  skip(!answers.length, 'the App offered no postage option for the deliveries the suite labels: no label to request');
  return answers;
}

// ── Judging answers ──

/** An answer that holds nothing a requirement looks at: it is not judged by it. */
const NOT_JUDGED = Symbol('not judged');
/** What is wrong with one answer (undefined: nothing), or NOT_JUDGED. */
type Check = (a: Answer) => string | undefined | typeof NOT_JUDGED;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/**
 * Judges each answer: the requirement fails naming the first few problems (each with what was asked) and showing
 * their exchanges; it is skipped, saying `nothing`, when no answer held anything it looks at.
 */
function judgeEach(answers: Answer[], check: Check, nothing: string): void {
  const judged = answers.flatMap((a) => {
    const problem = check(a);
    return problem === NOT_JUDGED ? [] : [{ a, problem }];
  });
  skip(!judged.length, nothing);
  const bad = judged.filter((j) => j.problem !== undefined);
  if (bad.length)
    throw new AppNonconformance(
      `${bad.length} of ${judged.length} answers: ${bad
        .slice(0, 3)
        .map((b) => `${b.a.what}: ${b.problem}`)
        .join('; ')}${bad.length > 3 ? '; …' : ''}`,
      bad.map((b) => b.a),
    );
}

/** Why an answer is not a 2xx JSON body: no answer, another status, or a body that is not JSON. */
function notReadable(a: Answer): string | undefined {
  if (a.noAnswer) return a.noAnswer;
  if (!succeeded(a)) return `answered ${a.status}, not a 2xx`;
  if (a.json === undefined) return `answered ${a.status} with a body that is not JSON`;
  return undefined;
}

/** The problems of one object against a table of §2.10 or §2.11: each field present, not null, of its type. */
const fieldProblems = (o: Record<string, unknown>, fields: Map<string, ReturnedType>, at: string) =>
  [...fields].flatMap(([name, type]) => {
    const v = o[name];
    if (v === undefined) return [`${at}.${name} is missing`];
    if (v === null) return [`${at}.${name} is null, not ${type.text}`];
    const p = typeProblem(type, v as never);
    return p ? [`${at}.${name}: ${p}`] : [];
  });

/** §2.10's `rates` table and §2.11's `label` table, read from the source (lib/returned.ts). */
const rateFields = returnedFields('2.10', 'The response body is');
const labelFields = returnedFields('2.11', 'The response body is');

/** The answer's `rates`, each with where it is; NOT_JUDGED for an answer without them (another requirement's failure). */
const ratesIn = (a: Answer) => {
  const rates = (a.json as { rates?: unknown } | undefined)?.rates;
  return notReadable(a) || !Array.isArray(rates) ? undefined : rates.map((r, i) => ({ rate: r, at: `rates[${i}]` }));
};
const labelIn = (a: Answer) => {
  const label = (a.json as { label?: unknown } | undefined)?.label;
  return notReadable(a) || !isObject(label) ? undefined : label;
};
/** The first problem of each rate that `problem` finds, or NOT_JUDGED when the answer holds no rate. */
const perRate =
  (problem: (rate: Record<string, unknown>, at: string, a: Answer) => string | undefined | typeof NOT_JUDGED): Check =>
  (a) => {
    const rates = ratesIn(a)?.filter((r) => isObject(r.rate));
    if (!rates?.length) return NOT_JUDGED;
    const results = rates.map((r) => problem(r.rate as Record<string, unknown>, r.at, a));
    if (results.every((r) => r === NOT_JUDGED)) return NOT_JUDGED;
    return results.find((r): r is string => typeof r === 'string');
  };

/** The media types whose bytes the suite knows to tell (their signatures), for a label image given as a data URI. */
const IMAGE_SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};
/** A data URI of base64 data (RFC 2397), the form §2.11 shows: its media type and data. */
const BASE64_URI = /^data:([^,;]*)(?:;[^,;]*)*;base64,(.*)$/is;
/** What is wrong with a base64 data URI as an image of the label: not of an image type, not valid base64, not its bytes. */
function imageProblem(uri: string): string | undefined {
  const [, type = '', data = ''] = BASE64_URI.exec(uri) ?? [];
  const media = type.toLowerCase();
  if (!/^image\//.test(media)) return `the data URI's media type is ${show(type || 'text/plain')}, not an image type`;
  if (!data || data.length % 4 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data))
    return 'the data URI holds no valid base64 data';
  const signature = IMAGE_SIGNATURES[media];
  if (signature && !signature(Buffer.from(data, 'base64')))
    return `the data is not ${media} data (its first bytes are not its signature)`;
  return undefined;
}

// ── The requirements judged over the answers ──

/** A requirement judged over the answers: its id, citations, options (lib/requirement.ts) and title, and its check. */
interface Judgement extends Options {
  id: string;
  cites: string;
  title: string;
  operation: Operation;
  check: Check;
  /** Why nothing could be judged, for the skip. */
  nothing: string;
}
const NO_RATES = 'no answer held rates to judge (the types requirement says why)';
const NO_LABEL = 'no answer held a label to judge (the types requirement says why)';

const judgements: Judgement[] = [
  {
    id: `app.${RATES}.rates-types`,
    cites: '§2.10 §4.5',
    quote: 'The response body is an object `rates`, an array with one element for each postage option',
    title:
      "answers every rate request with `rates`, each rate with §2.10's fields and types (prices numbers, dates yyyy-mm-dd)",
    operation: RATES,
    check: (a) => {
      const problem = notReadable(a);
      if (problem) return problem;
      const rates = (a.json as { rates?: unknown }).rates;
      if (!Array.isArray(rates)) return `no \`rates\` array: ${show(a.json)}`;
      return rates.flatMap((r, i) =>
        isObject(r) ? fieldProblems(r, rateFields, `rates[${i}]`) : [`rates[${i}] is ${show(r)}, not an object`],
      )[0];
    },
    nothing: 'no rate request was answered',
  },
  {
    id: `app.${RATES}.service-codes`,
    cites: '§2.10',
    quote: "The App's unique code for the postage method",
    title: 'gives each postage option of an answer its own serviceCode',
    operation: RATES,
    check: (a) => {
      const codes = offered(a).map((r) => r.serviceCode as string);
      if (!codes.length) return NOT_JUDGED;
      const twice = codes.find((c, i) => codes.indexOf(c) !== i);
      return twice === undefined ? undefined : `serviceCode ${show(twice)} names two options`;
    },
    nothing: NO_RATES,
  },
  {
    id: `app.${RATES}.currency`,
    cites: '§2.10 §7',
    level: 'SHOULD',
    quote: 'Should equal the requested currency',
    title: "quotes in the delivery's currency",
    operation: RATES,
    check: perRate((rate, at, a) =>
      typeof rate.currency !== 'string'
        ? NOT_JUDGED
        : rate.currency === a.delivery.currency
          ? undefined
          : `${at}.currency is ${show(rate.currency)}, the delivery's ${show(a.delivery.currency)}`,
    ),
    nothing: NO_RATES,
  },
  {
    id: `app.${RATES}.dispatch-date`,
    cites: '§2.10',
    quote: 'computed from dispatchDate when supplied',
    title: 'gives no delivery date before the dispatchDate the request supplies',
    operation: RATES,
    check: perRate((rate, at, a) => {
      const dispatch = dispatchOf(a.delivery);
      const dates = (['minDeliveryDate', 'maxDeliveryDate'] as const).filter((f) => typeof rate[f] === 'string');
      if (!dispatch || !dates.length) return NOT_JUDGED;
      const early = dates.find((f) => (rate[f] as string) < dispatch);
      return early && `${at}.${early} ${rate[early] as string} is before the dispatchDate ${dispatch}`;
    }),
    nothing: 'no answer to a request with a dispatchDate held delivery dates to judge',
  },
  {
    id: `app.${RATES}.delivery-window`,
    cites: '§2.10',
    quote: 'Latest delivery date',
    title: 'gives an earliest delivery date no later than the latest',
    operation: RATES,
    check: perRate((rate, at) => {
      const [min, max] = [rate.minDeliveryDate, rate.maxDeliveryDate];
      if (typeof min !== 'string' || typeof max !== 'string') return NOT_JUDGED;
      return min <= max ? undefined : `${at}.minDeliveryDate ${min} is after its maxDeliveryDate ${max}`;
    }),
    nothing: NO_RATES,
  },
  {
    id: `app.${LABELS}.label-types`,
    cites: '§2.11 §4.5',
    quote: 'The response body is an object `label`',
    title: "answers every label request with a `label` of §2.11's fields and types (prices decimal strings)",
    operation: LABELS,
    check: (a) => {
      const problem = notReadable(a);
      if (problem) return problem;
      const label = (a.json as { label?: unknown }).label;
      if (!isObject(label)) return `no \`label\` object: ${show(a.json)}`;
      return fieldProblems(label, labelFields, 'label')[0];
    },
    nothing: 'no label request was answered',
  },
  {
    id: `app.${LABELS}.image`,
    cites: '§2.11',
    quote: 'a data URI of base64 image data is shown',
    title: 'gives the label image, as a data URI, of base64 image data',
    operation: LABELS,
    check: (a) => {
      const image = labelIn(a)?.image;
      return typeof image === 'string' && BASE64_URI.test(image) ? imageProblem(image) : NOT_JUDGED;
    },
    nothing:
      'no label image was a data URI of base64 data (§2.11 shows no other form; the contract requirement judges it)',
  },
  {
    id: `app.${LABELS}.currency`,
    cites: '§2.11',
    level: 'SHOULD',
    quote: 'Should equal the requested currency',
    title: "prices the label in the delivery's currency",
    operation: LABELS,
    check: (a) => {
      const currency = labelIn(a)?.currency;
      if (typeof currency !== 'string') return NOT_JUDGED;
      return currency === a.delivery.currency
        ? undefined
        : `label.currency is ${show(currency)}, the delivery's ${show(a.delivery.currency)}`;
    },
    nothing: NO_LABEL,
  },
  ...[RATES, LABELS].flatMap((operation): Judgement[] => [
    {
      id: `app.${operation}.contract`,
      cites: operation === RATES ? '§4.5 §7 D-22 D-59' : '§4.5 D-49 D-59',
      title: `answers in the form the service reads: a 2xx whose body the document's ${callback(operation).responseSchema.split('/').at(-1)} accepts`,
      operation,
      check: (a) => {
        const problem = notReadable(a);
        return problem ?? check(callback(operation).responseSchema, a.json)[0];
      },
      nothing: 'no request was answered',
    },
    {
      id: `app.${operation}.timely`,
      cites: '§7 D-22',
      title: `answers within the service's callback timeout (${CALLBACK_TIMEOUT_MS / 1000} s)`,
      operation,
      check: (a) =>
        a.noAnswer ??
        (a.ms > CALLBACK_TIMEOUT_MS
          ? `answered after ${a.ms} ms, past the ${CALLBACK_TIMEOUT_MS} ms the service waits`
          : undefined),
      nothing: 'no request was sent',
    },
  ]),
];

for (const j of judgements)
  appRequirement<AppCaller>(j.id, j.cites, j).test(j.title, async ({ app }) =>
    judgeEach(await answersOf(j.operation, app), j.check, j.nothing),
  );

// ── The requests an App must refuse ──

/** Requests the App must refuse with `status` (D-73, D-74): each answered so, and with no answer of the call's. */
function expectRefused(answers: Answer[], status: number): void {
  const wrong = answers.filter((a) => a.status !== status);
  if (wrong.length)
    throw new AppNonconformance(
      wrong
        .map(
          (a) =>
            `${a.what}: ${a.noAnswer ?? `answered ${a.status}${succeeded(a) ? ', a success' : ''}, not ${status}`}`,
        )
        .join('; '),
      wrong,
    );
}

/** The signings a request the App must refuse is made with (caller.ts). */
const BADLY_SIGNED: Signing[] = ['unsigned', 'other-secret', 'body-changed'];

/** A delivery of each operation, for the requests made only to be refused: the first rate request's, labelled too. */
async function sample(
  operation: Operation,
  app: AppCaller,
): Promise<{ name: string; delivery: Record<string, unknown> }> {
  const first = rateDeliveries()[0]!;
  if (operation === RATES) return first;
  const [labelled] = await answersOf(LABELS, app);
  return { name: labelled!.what, delivery: labelled!.delivery };
}

for (const operation of [RATES, LABELS])
  appRequirement<AppCaller>(`app.${operation}.signature`, '§5 D-16 D-74').test(
    'refuses with 401 a request not signed with its secret: unsigned, another secret, a body changed after signing',
    async ({ app }) => {
      const { name, delivery } = await sample(operation, app);
      const answers = await Promise.all(BADLY_SIGNED.map((s) => app.post(operation, `${name}, ${s}`, delivery, s)));
      expectRefused(answers, 401);
    },
  );

appRequirement<AppCaller>(`app.${LABELS}.unknown-service-code`, '§2.11 §4.5 D-73').test(
  'refuses with 422 a label request for a serviceCode it never returned: nothing is ordered (§4.5 rule 4)',
  async ({ app }) => {
    const { name, delivery } = await sample(LABELS, app);
    const code = `NO-SUCH-SERVICE-${randomUUID().slice(0, 8)}`;
    expectRefused([await app.post(LABELS, `${name}, serviceCode ${code}`, { ...delivery, serviceCode: code })], 422);
  },
);
