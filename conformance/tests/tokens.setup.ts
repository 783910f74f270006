// Setup project: one token per configured App client, fetched through the token endpoint (§4.1) once. Optional
// roles (`shortLived`, `scope:<scope>`) the clients file does not name get no token; their requirements skip.
import { writeFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { config } from '../lib/config.ts';
import { tokenFile } from '../lib/api.ts';

test('fetch a token for every App client', async ({ request }) => {
  const tokens: Record<string, string> = {};
  for (const [role, c] of Object.entries(config.clients)) {
    const res = await request.post(`${config.authUrl}/admin/oauth/token.json`, {
      form: { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret },
    });
    expect(res.status(), `token for ${c.clientId}: ${await res.text()}`).toBe(200);
    tokens[role] = ((await res.json()) as { access_token: string }).access_token;
  }
  writeFileSync(tokenFile(), JSON.stringify(tokens));
});
