// The typed client of the Store Administration API: openapi-fetch over the `paths` generated from the contract
// (openapi/dist/types.ts), plus the one thing every caller otherwise writes by hand: getting an access token by
// the client credentials grant (§4.1, §5) and getting a new one before it expires or when the API refuses it.
//
// It imports nothing but `openapi-fetch` at run time (the types are erased), so a browser can load it as an ES
// module, and it takes any `fetch`, so the conformance suite sends through Playwright's request context.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../openapi/dist/types.ts';

export type { paths, operations, components } from '../openapi/dist/types.ts';

export interface StoreClientOptions {
  /** The API's `{base_url}` (§4), e.g. `https://mystore.example.com`. */
  baseUrl: string;
  /** The `{auth_url}` that serves `/admin/oauth/token.json` (§4.1); `baseUrl` when left out. */
  authUrl?: string;
  /** An App's API key and secret key (§5): the client gets its tokens by the client credentials grant. */
  clientId?: string;
  clientSecret?: string;
  /** Or a token got elsewhere, sent as is and never renewed. */
  token?: string;
  /** Renew a token this many seconds before it expires (default 60, capped at a tenth of its lifetime). */
  renewBeforeSeconds?: number;
  /** The transport (default `globalThis.fetch`). */
  fetch?: (input: Request) => Promise<Response>;
}

export type StoreClient = Client<paths> & {
  /** The current access token, fetched or renewed as needed; rejects with a `TokenError` when refused. */
  token(): Promise<string>;
};

/** The token endpoint refused the credentials, or answered something that is not a token (RFC 6749 §5.2). */
export class TokenError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const oauth = body as { error?: string; error_description?: string } | undefined;
    super(
      `The token endpoint answered ${status}${oauth?.error ? `: ${oauth.error}` : ''}${oauth?.error_description ? ` (${oauth.error_description})` : ''}`,
    );
    this.name = 'TokenError';
    this.status = status;
    this.body = body;
  }
}

const form = (body: unknown) => new URLSearchParams(body as Record<string, string>).toString();

export function createStoreClient(options: StoreClientOptions): StoreClient {
  const transport = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const auth = createClient<paths>({ baseUrl: options.authUrl ?? options.baseUrl, fetch: transport });

  let current: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;
  const fetchToken = async (): Promise<string> => {
    // The body is form-encoded, as RFC 6749 §4.4.2 sends it; the document also accepts JSON (D-06).
    const { data, error, response } = await auth.POST('/admin/oauth/token.json', {
      body: { grant_type: 'client_credentials', client_id: options.clientId, client_secret: options.clientSecret },
      bodySerializer: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (!data?.access_token) throw new TokenError(response.status, error ?? data);
    // §5: a token is valid for 3600 s unless the answer says otherwise.
    const lifetime = typeof data.expires_in === 'number' ? data.expires_in : 3600;
    const margin = Math.min(options.renewBeforeSeconds ?? 60, lifetime / 10);
    current = { token: data.access_token, renewAt: Date.now() + (lifetime - margin) * 1000 };
    return data.access_token;
  };
  const canRenew = options.token === undefined && options.clientId !== undefined;
  const token = async (): Promise<string> => {
    if (options.token !== undefined) return options.token;
    if (!canRenew) throw new Error('createStoreClient: give clientId and clientSecret, or a token');
    if (current && Date.now() < current.renewAt) return current.token;
    // Concurrent calls share one token request.
    pending ??= fetchToken().finally(() => (pending = undefined));
    return pending;
  };

  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: async (request) => {
      // A caller that sets its own Authorization (or has no credentials) is sent as it asked.
      if (request.headers.has('authorization') || (options.token === undefined && !canRenew)) return transport(request);
      const retry = canRenew ? request.clone() : undefined;
      request.headers.set('authorization', `Bearer ${await token()}`);
      const response = await transport(request);
      // A token revoked or expired early: one new token, one more try (§5: every call needs a valid token).
      if (response.status !== 401 || !retry) return response;
      current = undefined;
      retry.headers.set('authorization', `Bearer ${await token()}`);
      return transport(retry);
    },
  });
  return Object.assign(client, { token });
}
