// A real call through the client @hey-api/openapi-ts generated (scripts/clients/main.ts runs it against a reference
// server): a token by the client credentials grant (§4.1, D-06), an add, and a list that finds what it added.
import { client } from '../../reports/clients/hey-api/client.gen.ts';
import { createProduct, createToken, listProducts } from '../../reports/clients/hey-api/sdk.gen.ts';

/** Throws, naming the step, unless every step answered as the document says. */
export async function call(baseUrl: string): Promise<void> {
  client.setConfig({ baseUrl });
  const token = await createToken({
    body: { grant_type: 'client_credentials', client_id: 'conformance-full', client_secret: 'conformance-full-secret' },
  });
  if (!token.data) throw new Error(`token: ${token.response?.status} ${JSON.stringify(token.error)}`);
  client.setConfig({ baseUrl, auth: () => token.data!.access_token });
  const sku = `CLIENT-${Date.now()}`;
  const created = await createProduct({ body: { data: { title: 'Generated client tea', sku } } });
  if (created.data?.status !== 201)
    throw new Error(`create: ${created.response?.status} ${JSON.stringify(created.error)}`);
  const listed = await listProducts({ query: { 'sku:in': sku } });
  if (listed.data?.data[0]?.id !== created.data.data.id)
    throw new Error(`list: ${listed.response?.status} ${JSON.stringify(listed.data ?? listed.error)}`);
}
