// Bearer tokens (D-05, §8): the in-memory record of verified tokens never outlives a token's expiry, and the
// tokens table stays the truth across a restart. The default clients (§5, D-07): one per scope, each passing its
// scope family only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scopes } from '../../openapi/contract.ts';
import { ApiError } from '../../shared/errors.ts';
import { openDb } from '../store/db.ts';
import { createTables } from '../store/tables.ts';
import { Auth, loadClients, TOKEN_LIFETIME_S } from './auth.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
const refused = (fn: () => unknown) => assert.throws(fn, (e: unknown) => e instanceof ApiError && e.status === 401);

function auth(db = openDb()) {
  createTables(db, []);
  return { db, auth: new Auth(db, loadClients()) };
}

test('a verified token is accepted until its expiry, and refused from then on', () => {
  const { auth: a } = auth();
  const client = a.clients.get('conformance-full')!;
  const token = a.issue(client, at(0)).access_token;
  assert.equal(a.bearer(`Bearer ${token}`, at(1)).clientId, 'conformance-full');
  assert.equal(a.bearer(`bearer ${token}`, at(TOKEN_LIFETIME_S - 1)).clientId, 'conformance-full');
  refused(() => a.bearer(`Bearer ${token}`, at(TOKEN_LIFETIME_S)));
  refused(() => a.bearer(`Bearer ${token}`, at(TOKEN_LIFETIME_S + 1)));
});

test('a token issued before a restart is read from the tokens table; an unknown one is refused', () => {
  const { db, auth: before } = auth();
  const token = before.issue(before.clients.get('conformance-readonly')!, at(0)).access_token;
  const after = new Auth(db, loadClients());
  assert.equal(after.bearer(`Bearer ${token}`, at(10)).clientId, 'conformance-readonly');
  refused(() => after.bearer(`Bearer ${token.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`, at(10)));
  refused(() => after.bearer(undefined, at(10)));
});

test('issuing a token forgets the expired ones it had verified', () => {
  const { auth: a } = auth();
  const client = a.clients.get('conformance-full')!;
  const old = a.issue(client, at(0)).access_token;
  a.bearer(`Bearer ${old}`, at(1));
  a.issue(client, at(TOKEN_LIFETIME_S + 5));
  refused(() => a.bearer(`Bearer ${old}`, at(1)));
});

test('the default clients include one client per scope of the contract, holding that scope only (§5, D-07)', () => {
  const { auth: a } = auth();
  for (const scope of scopes) {
    const c = a.clients.get(`conformance-${scope.replace(/\./g, '-')}`);
    assert.deepEqual(c?.scopes, [scope]);
    assert.equal(c?.clientSecret, `${c?.clientId}-secret`);
  }
  assert.equal(a.issue(a.clients.get('conformance-inventory-readonly')!, at(0)).scope, 'inventory.readonly');
});

test('a one-scope client passes the operations of its family only (§5, D-07)', () => {
  const { auth: a } = auth();
  const forbidden = (fn: () => unknown) => assert.throws(fn, (e: unknown) => e instanceof ApiError && e.status === 403);
  const listInventory = [['inventory'], ['inventory.readonly']];
  a.requireScopes(a.clients.get('conformance-inventory')!, listInventory);
  a.requireScopes(a.clients.get('conformance-inventory-readonly')!, listInventory);
  forbidden(() => a.requireScopes(a.clients.get('conformance-products')!, listInventory));
  forbidden(() => a.requireScopes(a.clients.get('conformance-inventory-readonly')!, [['inventory']]));
});
