// The built-in rows (D-34, D-35): a new database holds the reference's; the `builtIns` seam puts others in their
// place, over the same ids, deleting the surplus with what refers to it (D-50).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReferenceApp } from '../app.ts';
import { start } from '../testing.ts';
import { defaultBuiltIns } from './builtIns.ts';

test('a new database holds the built-in roles and geozones of D-34 and D-35', async (t) => {
  const s = await start();
  t.after(() => s.stop());
  const roles = (await s.call('GET', '/api/v2/roles.json')).body.data;
  assert.deepEqual(
    roles.map(({ id, reference, title, description, requiresVerification, requiresApproval, isBuiltIn }: never) => ({
      id,
      reference,
      title,
      description,
      requiresVerification,
      requiresApproval,
      isBuiltIn,
    })),
    defaultBuiltIns().accessRoles.map((r, i) => ({ id: i + 1, ...r, isBuiltIn: true })),
  );
  const zones = (await s.call('GET', '/api/v2/geozones.json')).body.data;
  assert.deepEqual(
    zones.map(({ id, title, countries, isBuiltIn }: never) => ({ id, title, countries, isBuiltIn })),
    defaultBuiltIns().geozones.map((g, i) => ({ id: i + 1, ...g, isBuiltIn: true })),
  );
});

test('replace: written over the same ids, more added, the surplus deleted with its grants and price roles', async (t) => {
  let app: ReferenceApp | undefined;
  const s = await start({}, (built) => (app = built));
  t.after(() => s.stop());
  const product = (await s.call('POST', '/api/v2/products.json', { data: { title: 'Tea', sku: 'TEA-1' } })).body.data;
  const price = (
    await s.call('POST', `/api/v2/products/${product.id}/prices.json`, {
      data: { currency: 'GBP', priceExcTax: 1, accessRoleId: 3 },
    })
  ).body.data;
  const contact = (
    await s.call('POST', '/api/contacts.json', {
      contact: {
        type: 'user',
        email: 'a@example.com',
        firstname: 'A',
        lastname: 'B',
        accessRoles: ['customer', 'staff'],
      },
    })
  ).body.contact;

  const role = (reference: string) => ({
    reference,
    title: reference,
    description: null,
    requiresVerification: false,
    requiresApproval: false,
  });
  app!.seams.builtIns.replace({ accessRoles: [role('member'), role('reseller')] });
  const roles = (await s.call('GET', '/api/v2/roles.json')).body.data;
  assert.deepEqual(
    roles.map((r: { id: number; reference: string }) => [r.id, r.reference]),
    [
      [1, 'member'],
      [2, 'reseller'],
    ],
  );
  assert.deepEqual(
    app!.seams.builtIns.rows.accessRoles.map((r) => r.reference),
    ['member', 'reseller'],
  );
  const held = (await s.call('GET', `/api/contacts/${contact.id}.json`)).body.contact.accessRoles;
  assert.deepEqual(
    held.map((g: { reference: string }) => g.reference),
    ['member'],
  );
  const kept = (await s.call('GET', `/api/v2/products/${product.id}/prices/${price.id}.json`)).body.data;
  assert.equal(kept.accessRoleId, null);
  // Geozones untouched by a replacement of roles only.
  assert.equal((await s.call('GET', '/api/v2/geozones.json')).body.data.length, 3);

  app!.seams.builtIns.replace({ accessRoles: [role('member'), role('reseller'), role('employee')] });
  const more = (await s.call('GET', '/api/v2/roles.json')).body.data;
  assert.deepEqual(
    more.map((r: { id: number; reference: string; isBuiltIn: boolean }) => [r.id, r.reference, r.isBuiltIn]),
    [
      [1, 'member', true],
      [2, 'reseller', true],
      [4, 'employee', true],
    ],
  );
});
