// The code samples of the docs page (Redoc's `x-codeSamples`), made from the document itself at build time: the
// method, the path, the security and the request example of each operation, so that a sample cannot say something
// the document does not. Three per operation: curl, the typed client (client/) and Python requests. The curl sample
// is the one scripts/docs/samples.test.ts runs against a reference server.
import {
  deref,
  isTokenEndpoint,
  operations,
  type Json,
  type JsonValue,
  type Operation,
} from '../../openapi/contract.ts';
import { shellQuote } from '../../shared/shell.ts';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/**
 * The shell variables a curl sample reads: `$BASE_URL` (§1 `{base_url}`), `$AUTH_URL` (§1 `{auth_url}`), `$TOKEN`
 * (§4.1, §5), the App's credentials for the token request, and one variable per path parameter, named as the
 * parameter (`$productId`), since ids are the store's to give (§2.1).
 */
export const shellVariables = ['BASE_URL', 'AUTH_URL', 'TOKEN', 'CLIENT_ID', 'CLIENT_SECRET'] as const;

/** Credentials of the token request are read from the environment, never written into a sample. */
const credentialVariables: Record<string, string> = { client_id: 'CLIENT_ID', client_secret: 'CLIENT_SECRET' };

const pathParams = (o: Operation) => o.parameters.filter((p) => p.in === 'path');
/** Required query parameters with their examples (none of the current operations has one, but a sample must send it). */
const requiredQuery = (o: Operation) =>
  o.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => [p.name, String(p.example ?? p.schema.example ?? '')] as const);

/** The form example of a form-encoded body: the first named example that sends the credentials in the body. */
function formExample(pointerBody: Json): Record<string, string> | undefined {
  const media = deref(pointerBody)?.content?.['application/x-www-form-urlencoded'];
  if (!media) return undefined;
  const values = [media.example, ...Object.values(media.examples ?? {}).map((e: Json) => deref(e).value)].filter(
    Boolean,
  ) as Record<string, string>[];
  return values.find((v) => Object.keys(v).some((k) => k in credentialVariables)) ?? values[0];
}

/** The add operations (201), each with the singular lower-case name of its collection: `/api/v2/products.json` → `product`. */
const adds = () =>
  operations
    .filter((a) => a.method === 'POST' && Object.keys(a.responses).includes('201'))
    .map((a) => ({ op: a, name: /([^/]+)s\.json$/.exec(a.path)?.[1]?.toLowerCase() ?? '' }))
    .filter((a) => a.name)
    // A top-level collection before a nested one of the same name (`/api/v2/specifications.json`).
    .sort((a, b) => a.op.path.split('{').length - b.op.path.split('{').length);

/**
 * The add operation that makes what a body field refers to, by the field's name (`productId`; `shippingServiceId`
 * ends with `…/services.json`'s name), or for `resourceId` by its sibling `resource` (a redirect's `product`, §2.5);
 * undefined when no operation makes it (a `locationId`: locations are not a resource of the API).
 */
export function referent(field: string, sibling: Record<string, JsonValue>): Operation | undefined {
  const name = (field === 'resourceId' ? String(sibling.resource) : field.slice(0, -2)).toLowerCase();
  const all = adds();
  return (all.find((a) => a.name === name) ?? all.find((a) => name.endsWith(a.name)))?.op;
}

/**
 * The body fields of an operation's example that refer to another resource by id, each name once with the example's
 * value: in the curl sample each is a shell variable, as path ids are, since the example's id exists in no
 * particular store.
 */
export function referencesOf(o: Operation): [string, number][] {
  const found = new Map<string, number>();
  const walk = (v: JsonValue | undefined): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (/^[a-z]\w*Id$/.test(k) && typeof x === 'number' && referent(k, v)) found.set(k, x);
      else walk(x);
    }
  };
  walk(o.requestExample);
  return [...found];
}
const referring = (o: Operation) => new Set(referencesOf(o).map(([k]) => k));

/** curl, with `$BASE_URL`, `$TOKEN` and the path parameters as shell variables. */
export function curlSample(o: Operation, body: Json): string {
  const tokenEndpoint = isTokenEndpoint(o);
  const path = o.path.replace(/\{(\w+)\}/g, (_m, name: string) => `$${name}`);
  const query = requiredQuery(o);
  const qs = query.length ? `?${new URLSearchParams(Object.fromEntries(query))}` : '';
  const lines = [`curl -sS -X ${o.method} "$${tokenEndpoint ? 'AUTH_URL' : 'BASE_URL'}${path}${qs}"`];
  if (o.security !== null) lines.push(`-H "Authorization: Bearer $TOKEN"`);
  const form = tokenEndpoint ? formExample(body) : undefined;
  if (form)
    for (const [k, v] of Object.entries(form))
      lines.push(credentialVariables[k] ? `--data-urlencode "${k}=$${credentialVariables[k]}"` : `-d ${k}=${v}`);
  else if (o.requestExample !== undefined)
    lines.push(
      `-H 'Content-Type: application/json'`,
      `-d ${shellQuote(JSON.stringify(o.requestExample)).replace(/"(\w+Id)":(\d+)/g, (m, k: string) =>
        referring(o).has(k) ? `"${k}":'"$${k}"'` : m,
      )}`,
    );
  const ids = [
    ...pathParams(o).map((p) => [p.name, p.example ?? p.schema.example] as const),
    ...referencesOf(o).map(([name, value]) => [name, value] as const),
  ];
  const header = ids.length
    ? [
        `# ${ids.map(([name]) => `$${name}`).join(', ')}: ids of your store (the document's example: ${ids
          .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
          .join(', ')})`,
      ]
    : [];
  return [...header, lines.join(' \\\n  ')].join('\n');
}

const ts = (v: JsonValue | undefined, indent = ''): string =>
  JSON.stringify(v, null, 2)
    .split('\n')
    .map((l, i) => (i === 0 ? l : indent + l))
    .join('\n')
    .replace(/"([A-Za-z_$][\w$]*)":/g, '$1:');

/** The typed client (client/README.md): it gets and renews the token itself, so the sample never handles one. */
export function clientSample(o: Operation): string {
  const setup = [
    `import { createStoreClient } from 'store-admin-api-reference/client';`,
    ``,
    `const api = createStoreClient({`,
    `  baseUrl: process.env.BASE_URL!, // {base_url} (§1)`,
    `  authUrl: process.env.AUTH_URL, // {auth_url} (§1); defaults to baseUrl`,
    `  clientId: process.env.CLIENT_ID!,`,
    `  clientSecret: process.env.CLIENT_SECRET!,`,
    `});`,
  ];
  if (isTokenEndpoint(o))
    return [
      ...setup,
      `// The client sends this request itself, before its first call and again before the token expires (§5).`,
      `const { data, error } = await api.GET('/api/v2/products.json', { params: { query: { limit: 1 } } });`,
    ].join('\n');
  const options: string[] = [];
  const params = pathParams(o);
  const query = requiredQuery(o);
  if (params.length || query.length) {
    const parts = [];
    if (params.length)
      parts.push(
        `path: { ${params.map((p) => `${p.name}: ${JSON.stringify(p.example ?? p.schema.example)}`).join(', ')} }`,
      );
    if (query.length) parts.push(`query: ${ts(Object.fromEntries(query), '  ')}`);
    options.push(`params: { ${parts.join(', ')} }`);
  }
  if (o.requestExample !== undefined) options.push(`body: ${ts(o.requestExample, '  ')}`);
  const call = `await api.${o.method}('${o.path}'${options.length ? `, {\n  ${options.join(',\n  ')},\n}` : ''});`;
  return [...setup, `const { data, error } = ${call}`].join('\n');
}

const py = (v: JsonValue | undefined, indent = ''): string =>
  JSON.stringify(v, null, 4)
    .split('\n')
    .map((l, i) => (i === 0 ? l : indent + l))
    .join('\n')
    .replace(/\btrue\b(?=(?:[^"]*"[^"]*")*[^"]*$)/g, 'True')
    .replace(/\bfalse\b(?=(?:[^"]*"[^"]*")*[^"]*$)/g, 'False')
    .replace(/\bnull\b(?=(?:[^"]*"[^"]*")*[^"]*$)/g, 'None');

/** Python requests, reading the same environment variables as the curl sample. */
export function pythonSample(o: Operation, body: Json): string {
  const tokenEndpoint = isTokenEndpoint(o);
  const path = o.path.replace(/\{(\w+)\}/g, (_m, name: string) => `{${name}}`);
  const lines = ['import os', 'import requests', ''];
  for (const p of pathParams(o))
    lines.push(`${p.name} = ${JSON.stringify(p.example ?? p.schema.example)}  # an id of your store`);
  const args = [`f"{os.environ['${tokenEndpoint ? 'AUTH_URL' : 'BASE_URL'}']}${path}"`];
  const query = requiredQuery(o);
  if (query.length) args.push(`params=${py(Object.fromEntries(query), '    ')}`);
  if (o.security !== null) args.push(`headers={"Authorization": f"Bearer {os.environ['TOKEN']}"}`);
  const form = tokenEndpoint ? formExample(body) : undefined;
  if (form)
    args.push(
      `data={${Object.entries(form)
        .map(
          ([k, v]) =>
            `"${k}": ${credentialVariables[k] ? `os.environ["${credentialVariables[k]}"]` : JSON.stringify(v)}`,
        )
        .join(', ')}}`,
    );
  else if (o.requestExample !== undefined) args.push(`json=${py(o.requestExample, '    ')}`);
  args.push('timeout=30');
  lines.push(`response = requests.${o.method.toLowerCase()}(\n    ${args.join(',\n    ')},\n)`);
  lines.push(`print(response.status_code, response.text)`);
  return lines.join('\n');
}

/** The three samples of one operation, in the order the page shows them. */
export function samplesOf(o: Operation, item: Json): CodeSample[] {
  const body = item[o.method.toLowerCase()]?.requestBody;
  return [
    { lang: 'curl', label: 'curl', source: curlSample(o, body) },
    { lang: 'JavaScript', label: 'Typed client', source: clientSample(o) },
    { lang: 'Python', label: 'Python (requests)', source: pythonSample(o, body) },
  ];
}

/**
 * How an App checks that a callback or a webhook delivery comes from the service (D-16): `X-Store-Signature` is
 * base64(HMAC-SHA256(raw body, the App client's secret)), compared in constant time over the bytes received.
 */
export const signatureSamples: CodeSample[] = [
  {
    lang: 'JavaScript',
    label: 'Node.js',
    source: [
      `import { createHmac, timingSafeEqual } from 'node:crypto';`,
      ``,
      `/** True when rawBody (the exact bytes received, a Buffer) was signed with the App's client secret (D-16). */`,
      `export function verifySignature(rawBody, signatureHeader, clientSecret) {`,
      `  const expected = createHmac('sha256', clientSecret).update(rawBody).digest();`,
      `  const received = Buffer.from(signatureHeader ?? '', 'base64');`,
      `  return received.length === expected.length && timingSafeEqual(received, expected);`,
      `}`,
      ``,
      `// Express: read the body raw, check it, then parse it.`,
      `// app.post('/shipping/rates', express.raw({ type: 'application/json' }), (req, res) => {`,
      `//   if (!verifySignature(req.body, req.get('X-Store-Signature'), process.env.CLIENT_SECRET)) return res.sendStatus(401);`,
      `//   const rateRequest = JSON.parse(req.body.toString('utf8'));`,
      `// });`,
    ].join('\n'),
  },
  {
    lang: 'Python',
    label: 'Python',
    source: [
      `import base64`,
      `import hashlib`,
      `import hmac`,
      ``,
      ``,
      `def verify_signature(raw_body: bytes, signature_header: str, client_secret: str) -> bool:`,
      `    """True when raw_body (the exact bytes received) was signed with the App's client secret (D-16)."""`,
      `    expected = base64.b64encode(hmac.new(client_secret.encode(), raw_body, hashlib.sha256).digest()).decode()`,
      `    return hmac.compare_digest(expected, signature_header or "")`,
    ].join('\n'),
  },
];
