// Webhook subscriptions (§6): visible only to the client that made them (D-45), delivered to an App URL (D-19).
import { requireAppUrl } from '../core/app-urls.ts';
import type { ResourceDef } from '../store/types.ts';
import { schemaDefaults } from './lib.ts';

export default {
  name: 'webhooks',
  schema: 'Webhook',
  listOperation: 'listWebhooks',
  owner: 'private',
  defaults: () => ({ ...schemaDefaults('WebhookInput'), apiVersion: 'v2', isActive: true, metadata: {} }),
  check: (_ctx, next) => requireAppUrl(next.url, 'url'), // D-19
} satisfies ResourceDef;
