// Setup project: one token per configured App client, fetched through the token endpoint (§4.1) once. Optional
// roles (`shortLived`, `scope:<scope>`) the clients file does not name get no token; their requirements skip.
// When it fails, no requirement runs (conformance/reporter.ts reports each as not run), so its error says, on its
// first line, what the target did, and then what each client it tried saw. It fails fast: a
// request is bounded by the per-request timeout, and after one request with no HTTP answer no other client is tried.
import { writeFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { config, type ClientCredentials } from './lib/config.ts';
import { tokenFile } from './lib/api.ts';
import { recordExchange } from './lib/har.ts';
import { describeNoAnswer } from './lib/unanswered.ts';

const url = () => `${config.authUrl}/admin/oauth/token.json`;
const oneLine = (text: string, max = 200) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}… (${text.length} characters)` : flat || '(empty body)';
};

/** A client's token, or what the target did instead; `answered: false` when no HTTP answer came at all. */
async function fetchToken(c: ClientCredentials): Promise<{ token: string } | { problem: string; answered: boolean }> {
  let status: number;
  let type: string;
  let text: string;
  // The form as bytes with its type, so that what the run's HAR holds is what went out (lib/har.ts).
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: c.clientId,
    client_secret: c.clientSecret,
  }).toString();
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  const traffic = { started: Date.now(), method: 'POST', url: url(), headers, body: form, by: 'token setup' };
  try {
    const res = await fetch(url(), {
      method: 'POST',
      headers,
      body: form,
      redirect: 'manual',
      signal: AbortSignal.timeout(config.requestTimeoutMs),
    });
    [status, type, text] = [res.status, res.headers.get('content-type') ?? 'no content type', await res.text()];
    const response = { status, headers: Object.fromEntries(res.headers), body: text };
    recordExchange({ ...traffic, ms: Date.now() - traffic.started, response });
  } catch (err) {
    const problem = describeNoAnswer('POST', url(), err);
    recordExchange({ ...traffic, ms: Date.now() - traffic.started, error: problem });
    return { problem, answered: false };
  }
  let body: { access_token?: unknown } | null | undefined;
  try {
    body = JSON.parse(text) as { access_token?: unknown } | null;
  } catch {
    body = undefined;
  }
  const token = body?.access_token;
  if (status === 200 && typeof token === 'string' && token) return { token };
  const what =
    status !== 200
      ? ''
      : body === undefined
        ? ', not JSON'
        : token === undefined
          ? ' with no access_token'
          : ' with a bad access_token';
  return { problem: `POST ${url()} answered ${status} ${type}${what}: ${oneLine(text)}`, answered: true };
}

test('fetch a token for every App client', async () => {
  const tokens: Record<string, string> = {};
  const tried: string[] = [];
  let first: string | undefined;
  const clients = Object.entries(config.clients);
  for (const [role, c] of clients) {
    const got = await fetchToken(c);
    if ('token' in got) {
      tokens[role] = got.token;
      tried.push(`${c.clientId}: a token`);
      continue;
    }
    first ??= got.problem;
    tried.push(`${c.clientId}: ${got.problem}`);
    if (!got.answered) break;
  }
  if (first) {
    const untried = clients.length - tried.length;
    throw new Error(
      [
        `the token setup could not obtain a token from the target: ${first}`,
        ...tried.map((t) => `  ${t}`),
        ...(untried ? [`  (${untried} other client(s) not tried: the target gave no HTTP answer)`] : []),
      ].join('\n'),
    );
  }
  writeFileSync(tokenFile(), JSON.stringify(tokens));
});
