// The document as the docs page renders it: the bundle (openapi/dist/openapi.json, which Prism, the server and the
// suite read unchanged) plus what only a reader needs, all derived from the bundle itself, so none of it can drift:
// code samples on every operation, a Getting started section, the error and event catalogues, a guide to building a
// shipping App, the shipping App's callbacks listed in the navigation with how to verify their signature (D-16), and
// every D-nn and § made a link to the decisions register and the source text, which pages.ts renders beside the page.
import { deref, doc, operations, type Json } from '../../openapi/contract.ts';
import { defaultClients } from '../../openapi/clients.ts';
import { samplesOf, signatureSamples } from './samples.ts';

/** The companion pages, beside index.html (from the file and under /docs/ of the reference server). */
export const decisionsPage = 'decisions.html';
export const sourcePage = 'source.html';
/** The anchor of a section of the source text: `§4.3` → `s-4.3`. */
export const sourceAnchor = (section: string) => `s-${section}`;

/** The sections of the page's introduction, by heading: Redoc lists each in the navigation as `section/<slug>`. */
export const sections = {
  gettingStarted: 'Getting started',
  errors: 'Errors',
  events: 'Events',
  shippingApp: 'Building a shipping App',
  references: 'Decisions and source',
} as const;
export const sectionHref = (heading: string) => `#section/${heading.replace(/ /g, '-')}`;
/** The tag the callbacks are listed under in the navigation. */
export const callbackTag = 'Shipping App callbacks';

const methods = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Links every decision id and every section of the source in a Markdown text. RFC sections (`RFC 6749 §2.3.1`) and
 * the design brief's are not the source's, and a § the source does not have is left as it is; text inside code
 * spans and existing links is left alone.
 */
export function linkReferences(text: string, sourceSections: Set<string>): string {
  return text
    .split(/(`[^`]*`|\[[^\]]*\]\([^)]*\))/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/\bD-(\d{2,3})\b/g, (m) => `[${m}](${decisionsPage}#${m})`)
            .replace(/(RFC \d+ |brief |Standard )?§(\d+(?:\.\d+)*)/g, (m, other: string | undefined, n: string) =>
              other || !sourceSections.has(n) ? m : `[§${n}](${sourcePage}#${sourceAnchor(n)})`,
            ),
    )
    .join('');
}

/** Applies `linkReferences` to every `description` of a document node, in place. */
function linkDescriptions(node: Json, sourceSections: Set<string>): void {
  if (Array.isArray(node)) return node.forEach((n) => linkDescriptions(n, sourceSections));
  if (!node || typeof node !== 'object') return;
  for (const [k, v] of Object.entries(node)) {
    if (k === 'description' && typeof v === 'string') node[k] = linkReferences(v, sourceSections);
    else if (k !== 'example' && k !== 'examples' && k !== 'x-codeSamples') linkDescriptions(v, sourceSections);
  }
}

/** The error codes of D-02 with status and meaning, from the document (`ErrorItem.ref`'s `x-error-codes`). */
export const errorCodes = (): { ref: string; status: number; meaning: string }[] =>
  deref(doc.components.schemas.ErrorItem).properties.ref['x-error-codes'];

/** Whether an operation answers in the error envelope of D-02 (every one but the token endpoint's RFC 6749 errors). */
const usesErrorEnvelope = (o: Json) =>
  Object.entries(o.responses ?? {}).some(
    ([status, r]) =>
      Number(status) >= 400 &&
      deref(deref(r as Json).content?.['application/json']?.schema)?.properties?.errors !== undefined,
  );
/** Whether an operation reads or writes webhook subscriptions, whose `events` are the event catalogue (D-71). */
const usesEvents = (o: Json) =>
  JSON.stringify(o).includes('#/components/schemas/EventPattern') || o.tags?.includes('Webhooks');

function gettingStarted(): string {
  const { clientId, clientSecret } = defaultClients.full;
  const listProducts = operations.find((o) => o.operationId === 'listProducts')!;
  const token = operations.find((o) => o.operationId === 'createToken')!;
  return `# ${sections.gettingStarted}

Three steps against a local reference server with the demo store (a small tea and coffee shop):

\`\`\`sh
npm run serve -- --demo      # listens on http://127.0.0.1:8080 (its docs: /docs/)
export BASE_URL=http://127.0.0.1:8080 AUTH_URL=http://127.0.0.1:8080
export CLIENT_ID=${clientId} CLIENT_SECRET=${clientSecret}   # the demo's App client, holding every scope
\`\`\`

**1. Get a token** (§4.1, §5). An App obtains an access token through the OAuth 2.0 client credentials grant at
\`{auth_url}${token.path}\`; it is valid for 3600 seconds and has no refresh token (§2.9), so get another when
it expires.

\`\`\`sh
export TOKEN=$(curl -sS -X POST "$AUTH_URL${token.path}" -d grant_type=client_credentials \\
  --data-urlencode "client_id=$CLIENT_ID" --data-urlencode "client_secret=$CLIENT_SECRET" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["access_token"])')
\`\`\`

**2. Make a first call**: ${listProducts.tags[0]!.toLowerCase()}, ${listProducts.method} \`${listProducts.path}\`. The answer is
the list envelope (§2.1, D-03): \`data\` holds the page, \`totalItems\` and \`links\` the rest.

\`\`\`sh
curl -sS "$BASE_URL${listProducts.path}?limit=2" -H "Authorization: Bearer $TOKEN"
\`\`\`

**3. Read an error.** Every 4xx and 5xx answer is the error envelope of D-02: \`status\` repeats the HTTP status,
\`context\` says where the problem is (\`data\` for the body, \`query\` or \`path\` for parameters, \`request\`
otherwise), and each entry of \`errors\` names the field, says what is wrong and gives a stable \`ref\` (the
[error catalogue](${sectionHref(sections.errors)}) lists them all). A \`limit\` over 250 (D-03):

\`\`\`sh
curl -sS "$BASE_URL${listProducts.path}?limit=251" -H "Authorization: Bearer $TOKEN"
# {"success":false,"status":422,"context":"query","errors":[{"name":"limit","message":"…","ref":"error.maximum"}]}
\`\`\`

Every operation below shows its request in curl, through the typed client (\`client/\`, which gets and renews the
token itself) and in Python; they read the same variables. With the typed client:

\`\`\`ts
import { createStoreClient } from 'store-admin-api-reference/client';

const api = createStoreClient({ baseUrl: 'http://127.0.0.1:8080', clientId: '${clientId}', clientSecret: '${clientSecret}' });
const { data, error } = await api.GET('${listProducts.path}', { params: { query: { limit: 2 } } });
\`\`\`

**Check your frontend's traffic.** While you build a frontend, put the conformance proxy between it and the server:
it forwards every call and judges each exchange by the conformance suite's requirements as it passes, printing a
line per violation (\`✗ createProduct.lifecycle.status [platform] POST ${listProducts.path} → 200: add answered 200,
expected 201\`) and, for a body your page sends that this document does not allow, a \`! request\` line. Point the
page at the proxy's port; Ctrl-C writes \`results.json\`, \`summary.md\`, \`junit.xml\` and the traffic as
\`traffic.har\` to \`reports/proxy/\`.

\`\`\`sh
npm run serve -- --demo                                      # the API on :8080
npm run proxy -- --target http://127.0.0.1:8080 --port 8081  # your page calls http://127.0.0.1:8081
\`\`\`
`;
}

function errorCatalogue(): string {
  const rows = errorCodes().map((c) => `| \`${c.ref}\` | ${c.status} | ${c.meaning} |`);
  return `# ${sections.errors}

Every 4xx and 5xx answer of the API, v1 and v2, is the error envelope (D-02, schema \`ErrorEnvelope\`); the token
endpoint alone answers RFC 6749 §5.2 bodies (D-06). Each error's \`ref\` is one of these codes:

| \`ref\` | status | meaning |
|---|---|---|
${rows.join('\n')}
`;
}

function eventCatalogue(): string {
  return `# ${sections.events}

A webhook subscription (§2.8, §6) lists the events it wants in \`events\`; the service posts each matching event
to its \`url\`, signed as D-16 says (see [Webhooks](#tag/Webhooks) and the \`resourceEvent\` webhook).

${deref(doc.components.schemas.EventPattern).description}`;
}

/** A schema's example, else one made of its properties' examples (`Label` has none of its own). */
const exampleOf = (name: string): Json => {
  const schema = deref(doc.components.schemas[name]);
  return (
    schema.example ??
    Object.fromEntries(Object.entries(schema.properties as Record<string, Json>).map(([k, p]) => [k, p.example]))
  );
};
const json = (value: Json) => JSON.stringify(value, null, 2);

/**
 * For shipping providers (design brief §1, user 4): what an App receives and answers (§2.10, §2.11, the document's
 * examples), how it checks the signature (D-16, the Node sample of the callbacks), how the App suite judges it, and how
 * its options show in a demo checkout (createShippingService, D-18; calculateCheckoutRates, D-20).
 */
function shippingAppGuide(): string {
  const register = operations.find((o) => o.operationId === 'createShippingService')!;
  const checkout = operations.find((o) => o.operationId === 'calculateCheckoutRates')!;
  const { clientId, clientSecret } = defaultClients.full;
  const registration = {
    shippingService: {
      title: 'My App',
      ratesUrl: 'http://127.0.0.1:9000/rates',
      labelsUrl: 'http://127.0.0.1:9000/labels',
    },
  };
  return `# ${sections.shippingApp}

A shipping App (§4.5) registers a shipping service with two addresses of its own, \`ratesUrl\` and \`labelsUrl\`
(${register.method} \`${register.path}\`, D-18). The service then posts to them (listed under
[${callbackTag}](#tag/${callbackTag.replace(/ /g, '-')})): at checkout a **rate request** for each delivery of the cart
(§2.10; a quotation, which must not charge the merchant, §4.5 rule 3), and at dispatch a **label request** for each box
(§2.11; an order, which does, rule 4). The reference App (\`reference-app/\` in the repository; \`npm run serve-app\`,
or \`store-api-conformance serve-app\` from the package) is a small one to read.

**What it receives.** A JSON body \`{"delivery": {...}}\`: the box's dimensions (millimetres) and \`weight\` (grams,
D-38), the \`currency\` of its items, the \`origin\` warehouse and the \`destination\` addresses, the \`items\` and
the \`dispatchDate\` to count delivery dates from (schema \`RateDelivery\`):

\`\`\`json
${json({ delivery: exampleOf('RateDelivery') })}
\`\`\`

A label request's delivery is the same with \`serviceCode\`, the option the customer chose, and the addresses'
\`title\` and \`phone\` (schema \`LabelDelivery\`).

**What it answers.** To a rate request, 200 with \`{"rates": [...]}\`, one element per postage option, \`[]\` for
none (schema \`RateResponse\`): prices are **numbers**, in the requested \`currency\` where it can (a rate in
another is converted, §7, D-22), dates \`yyyy-mm-dd\` computed from \`dispatchDate\`:

\`\`\`json
${json(exampleOf('RateResponse'))}
\`\`\`

To a label request, 200 with \`{"label": {...}}\` (schema \`LabelResponse\`): prices are **decimal strings** with the
currency's minor units (D-22), the image a \`data:\` URI of base64 image data:

\`\`\`json
${json({ label: exampleOf('Label') })}
\`\`\`

The service allows an answer 5 s (D-22); one that fails, times out or breaks these schemas drops the App's options
from that checkout, silently (§7). Fields beyond the schemas are read past (D-59).

**Verify the signature first.** Every request carries \`X-Store-Signature\`: base64(HMAC-SHA256(raw body, the secret
of the App client that registered the service)) (D-16, D-18). Compute it over the bytes received, before parsing
them, and refuse a request without it or with another (the reference App answers 401 and quotes nothing, D-74):

\`\`\`js
${signatureSamples.find((sample) => sample.label === 'Node.js')!.source}
\`\`\`

**Test it with the App suite.** The suite plays the service: it sends your App signed rate and label requests and
judges its answers against §2.10, §2.11 and these schemas, and checks that it refuses unsigned ones:

\`\`\`sh
store-api-conformance app --rates-url URL [--labels-url URL] [--secret S]
\`\`\`

**See its options in a checkout.** \`npm run serve -- --demo\` (or \`store-api-conformance serve --demo\`) seeds the demo
store, starts the reference App and registers it as a shipping service, and prints a checkout
(${checkout.method} \`${checkout.path}\`, a reference extension, D-20) whose \`options\` the App priced. To see your
App's instead, register its addresses as the demo's client (\`${clientId}\`, whose secret \`${clientSecret}\` your
App must then verify with), with a token got as in [${sections.gettingStarted}](${sectionHref(sections.gettingStarted)});
\`http\` is accepted for loopback addresses only (D-19):

\`\`\`sh
curl -sS -X POST "$BASE_URL${register.path}" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
  -d '${JSON.stringify(registration)}'
\`\`\`

The next checkout asks it for every delivery, and offers an option when every delivery got it, prices summed (§4.5
rule 8, D-22); set the demo App's service \`isActive: false\` (updateShippingService) to see yours alone.
`;
}

function referencesSection(): string {
  return `# ${sections.references}

Every operation says what it rests on: a section of the source text, **§** (cited §1–§9), or an entry of the
decisions register, **D-nn**, for what the source leaves open. Both are links:

- [The source text](${sourcePage}): the description of the service this contract is written from.
- [The decisions register](${decisionsPage}): every answer to a "not shown" of the source, by id.
`;
}

/** The callbacks of every operation, as entries of the docs' `webhooks`, so that the navigation lists them. */
function callbacksAsWebhooks(enriched: Json): Record<string, Json> {
  const hooks: Record<string, Json> = {};
  for (const item of Object.values(enriched.paths as Record<string, Json>))
    for (const m of methods)
      for (const [name, callback] of Object.entries((item[m]?.callbacks ?? {}) as Record<string, Json>))
        for (const [expression, pathItem] of Object.entries(callback as Record<string, Json>)) {
          const copy = structuredClone(pathItem);
          for (const cm of methods.filter((x) => copy[x]))
            Object.assign(copy[cm], {
              operationId: `${copy[cm].operationId}Callback`,
              tags: [callbackTag],
              description:
                `${copy[cm].description ?? ''}\n\nSent to \`${expression}\` (the address the App registered with ` +
                `"${item[m].summary}"). **Verify the signature** before you trust the body: \`X-Store-Signature\` is ` +
                `base64(HMAC-SHA256(raw body, your client secret)) (D-16); the samples show how.`,
              'x-codeSamples': signatureSamples,
            });
          hooks[name] = copy;
        }
  return hooks;
}

/** The bundle enriched for the docs page; `sourceSections` are the section numbers of the source text. */
export function enrich(sourceSections: Set<string>): Json {
  const enriched: Json = structuredClone(doc);
  enriched.info.description = [
    gettingStarted(),
    enriched.info.description,
    errorCatalogue(),
    eventCatalogue(),
    shippingAppGuide(),
    referencesSection(),
  ].join('\n\n');

  for (const o of operations) {
    const [, path, method] = /^#\/paths\/(.+)\/(\w+)$/.exec(o.pointer)!;
    const item = enriched.paths[path!.replace(/~1/g, '/').replace(/~0/g, '~')];
    const operation = item[method!];
    operation['x-codeSamples'] = samplesOf(o, item);
    const rests = [...o.source, ...o.decision];
    const notes = [
      rests.length ? `**Rests on** ${rests.join(', ')}.` : '',
      usesErrorEnvelope(operation) ? `Errors: see the [error catalogue](${sectionHref(sections.errors)}).` : '',
      usesEvents(operation) ? `Event names: see the [event catalogue](${sectionHref(sections.events)}).` : '',
    ].filter(Boolean);
    operation.description = `${operation.description ?? ''}\n\n${notes.join(' ')}`;
  }
  for (const item of Object.values((enriched.webhooks ?? {}) as Record<string, Json>))
    for (const m of methods.filter((x) => item[x])) {
      item[m]['x-codeSamples'] = signatureSamples;
      item[m].description += `\n\nEvent names: see the [event catalogue](${sectionHref(sections.events)}).`;
    }

  enriched.webhooks = { ...enriched.webhooks, ...callbacksAsWebhooks(enriched) };
  enriched.tags = [
    ...enriched.tags,
    {
      name: callbackTag,
      description:
        'The requests the service sends to a shipping App (§2.10, §2.11, §4.5): a rate request for each delivery at ' +
        'checkout, and a label request at dispatch, to the addresses the App registered (see "Shipping services"). ' +
        'Each is signed (D-16): verify `X-Store-Signature` before trusting the body.',
    },
  ];
  linkDescriptions(enriched, sourceSections);
  return enriched;
}
