// §4.1, §5, D-06: client credentials from the body or HTTP Basic; RFC 6749 answers, never the API envelope.
import type { Reply, Req } from './types.ts';

const oauthError = (status: number, error: string, description: string, headers?: Record<string, string>): Reply => ({
  status,
  body: { error, error_description: description },
  headers: { 'Cache-Control': 'no-store', ...headers },
});

export function createToken(req: Req): Reply {
  const form = req.form;
  let clientId = form.client_id;
  let secret = form.client_secret;
  const basic = /^Basic\s+(\S+)$/i.exec(req.authorization ?? '');
  if (basic) {
    // RFC 6749 §2.3.1: the credentials are form-encoded before base64.
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const unform = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return undefined; // a stray `%`: malformed, like a missing colon (never a 5xx, never echoed)
      }
    };
    clientId = colon < 0 ? undefined : unform(decoded.slice(0, colon));
    secret = colon < 0 ? undefined : unform(decoded.slice(colon + 1));
    if (clientId === undefined || secret === undefined)
      return oauthError(401, 'invalid_client', 'Malformed Basic credentials', {
        'WWW-Authenticate': 'Basic realm="store-admin-api"',
      });
  }
  if (!form.grant_type) return oauthError(400, 'invalid_request', 'grant_type is required');
  if (form.grant_type !== 'client_credentials')
    return oauthError(400, 'unsupported_grant_type', 'Only client_credentials is supported');
  // RFC 6749 §5.2: no client authentication included is `invalid_client`, not a missing parameter (D-06); the 401
  // names the scheme the endpoint supports.
  if (!clientId || secret === undefined)
    return oauthError(
      401,
      'invalid_client',
      'Client authentication is required: client_id and client_secret, in the body or as HTTP Basic credentials',
      { 'WWW-Authenticate': 'Basic realm="store-admin-api"' },
    );
  const client = req.services.auth.authenticate(clientId, secret);
  if (!client)
    return oauthError(
      401,
      'invalid_client',
      'Client authentication failed',
      basic ? { 'WWW-Authenticate': 'Basic realm="store-admin-api"' } : {},
    );
  return {
    status: 200,
    body: req.services.auth.issue(client, req.now),
    headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
  };
}
