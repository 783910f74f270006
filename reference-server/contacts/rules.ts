// The pure rules of contacts (§2.2, §4.2; D-14, D-25, D-28), unit-tested in contacts.test.ts.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { normaliseDateTime } from '../store/db.ts';
import type { Grant } from '../store/contacts.ts';

export type GrantInput = string | { reference: string; expires?: string | null; status?: 'active' | 'pending' };
export interface RoleRule {
  requiresVerification: boolean;
  requiresApproval: boolean;
}

const KEYPAD = ['ABC', 'DEF', 'GHI', 'JKL', 'MNO', 'PQRS', 'TUV', 'WXYZ'];
/** D-14: letters become their telephone keypad digit (ABC→2 … WXYZ→9); everything else is kept. */
export function keypadDigits(phone: string): string {
  return phone.replace(/[a-z]/gi, (ch) => String(KEYPAD.findIndex((keys) => keys.includes(ch.toUpperCase())) + 2));
}

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;
/** D-28: scrypt with a random salt, `scrypt$<salt>$<hash>` (base64). Off the event loop (libuv's pool), so that a
 * hash never holds up other requests. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${(await scryptAsync(password, salt, 32)).toString('base64')}`;
}
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  return timingSafeEqual(await scryptAsync(password, Buffer.from(salt, 'base64'), 32), Buffer.from(hash, 'base64'));
}

/**
 * D-25: `status: active` grants at once; otherwise (no status, or `pending` as a get returns it) a grant the contact
 * already holds keeps its status (re-listing a role to keep it, §4.2 rule 2, must not undo a verification), and a
 * new one follows the role's default rule.
 * The string form keeps an existing expiry; the object form sets it (absent: none).
 */
export function resolveGrant(entry: GrantInput, role: RoleRule, held: Grant | undefined): Grant {
  const byDefault = role.requiresVerification || role.requiresApproval ? 'pending' : 'active';
  if (typeof entry === 'string') return held ?? { status: byDefault, expires: null };
  return {
    status: entry.status === 'active' ? 'active' : (held?.status ?? byDefault),
    expires: entry.expires ? normaliseDateTime(entry.expires) : null,
  };
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** The read-only `country` of an address, from its ISO code; null for a code that names no region. */
export function countryName(code: string | null | undefined): string | null {
  if (!code) return null;
  try {
    return countryNames.of(code) ?? null;
  } catch {
    return null;
  }
}
