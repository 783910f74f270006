// A contact search costs the same number of SQL statements whatever its page size: the page's contacts, then their
// addresses and their grants in one statement each (contacts.ts `presentAll`), never a few per contact. Counted over
// HTTP by running the app's requests on a counting view of its database (each run, get, all or iterate of a prepared
// statement, and each exec), put in place by the test alone: the server itself runs on the database as it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReferenceApp } from '../app.ts';
import type { Db } from '../store/db.ts';
import { start } from '../testing.ts';

/** `db` as the app's requests see it, with the count of the statements they ran on it. */
function counting(db: Db): { db: Db; statements: () => number } {
  let statements = 0;
  const counted = <T extends object>(
    target: T,
    runs: (key: PropertyKey) => boolean,
    wrap?: (value: unknown) => unknown,
  ) =>
    new Proxy(target, {
      get(t, key) {
        const value = Reflect.get(t, key, t) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (runs(key)) statements++;
          const result = (value as (...a: unknown[]) => unknown).apply(t, args);
          return wrap && key === 'prepare' ? wrap(result) : result;
        };
      },
    });
  const statement = (s: unknown) =>
    counted(s as object, (key) => ['run', 'get', 'all', 'iterate'].includes(String(key)));
  return { db: counted(db, (key) => key === 'exec', statement), statements: () => statements };
}

let app: ReferenceApp | undefined;
const server = await start({}, (built) => (app = built));
test.after(() => server.stop());

test('a search of 100 contacts runs no more SQL statements than a search of 1', async (t) => {
  for (let i = 1; i <= 100; i++) {
    const added = await server.call('POST', '/api/contacts.json', {
      contact: {
        type: 'user',
        firstname: 'Counted',
        lastname: `Contact ${i}`,
        email: `counted-${i}@example.com`,
        address: { line1: `${i} High Street`, city: 'London', countryCode: 'GB', zip: 'N1 8ED' },
        accessRoles: i % 2 ? ['customer'] : [{ reference: 'trade', status: 'active' }, 'staff'],
      },
    });
    assert.equal(added.status, 201);
  }
  const { db, statements } = counting(app!.services.db);
  app!.services.db = db;
  const search = async (limit: number) => {
    const before = statements();
    const found = await server.call('GET', `/api/contacts/search.json?q=counted&limit=${limit}`);
    assert.equal(found.status, 200);
    assert.equal(found.body.contacts.length, limit);
    for (const contact of found.body.contacts) {
      assert.equal(contact.address.line1, contact.lastname.replace('Contact ', '') + ' High Street');
      assert.ok(contact.accessRoles.length >= 1);
    }
    return statements() - before;
  };
  const one = await search(1);
  const hundred = await search(100);
  t.diagnostic(`statements: ${one} for 1 contact, ${hundred} for 100`);
  assert.ok(one > 0, 'the count sees the search');
  assert.ok(hundred <= one, `${hundred} statements for 100 contacts, ${one} for 1`);
});
