// D-19: App-facing URLs must be https, except http on loopback so local Apps and test suites can listen.
import { fail } from '../../shared/errors.ts';

const loopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

/** `prefix` is the body wrapper (`data`, `shippingService`); errors are body errors, context `data` (D-02). */
export function requireAppUrl(value: unknown, field: string, prefix: 'data' | 'shippingService' = 'data'): void {
  if (value === null || value === undefined) return;
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    return fail(422, 'error.format', `${prefix}.${field}`, 'must be an absolute URL', 'data');
  }
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && loopback(url.hostname)) return;
  fail(
    422,
    'error.uri-scheme-invalid',
    `${prefix}.${field}`,
    'must be an https URL (http is accepted for loopback hosts only)',
    'data',
  );
}
