import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countryName, hashPassword, keypadDigits, resolveGrant, verifyPassword } from './rules.ts';
import { decodeInline, MAX_IMAGE_BYTES, readThumbnail, sniff, thumbnailUrl } from './thumbnails.ts';
import { ApiError } from '../../shared/errors.ts';

test('D-14: phone letters become keypad digits, in either case; the rest is kept', () => {
  assert.equal(keypadDigits('1-800-FLOWERS'), '1-800-3569377');
  assert.equal(
    keypadDigits('+44 (20) abc def ghi jkl mno pqrs tuv wxyz'),
    '+44 (20) 222 333 444 555 666 7777 888 9999',
  );
  assert.equal(keypadDigits('+44 (20) 7946 0000'), '+44 (20) 7946 0000');
});

test('D-28: passwords are salted scrypt hashes, never the password', async () => {
  const a = await hashPassword('correct-horse-battery');
  const b = await hashPassword('correct-horse-battery');
  assert.notEqual(a, b); // random salt
  assert.ok(!a.includes('correct-horse'));
  assert.ok(await verifyPassword('correct-horse-battery', a));
  assert.ok(!(await verifyPassword('wrong-horse-battery', a)));
});

test('D-25: a new grant follows the role default rule; status active grants at once', () => {
  const open = { requiresVerification: false, requiresApproval: false };
  const verified = { requiresVerification: true, requiresApproval: false };
  const approved = { requiresVerification: false, requiresApproval: true };
  assert.deepEqual(resolveGrant('staff', open, undefined), { status: 'active', expires: null });
  assert.deepEqual(resolveGrant('customer', verified, undefined), { status: 'pending', expires: null });
  assert.deepEqual(resolveGrant({ reference: 'trade' }, approved, undefined), { status: 'pending', expires: null });
  assert.deepEqual(
    resolveGrant({ reference: 'trade', status: 'active', expires: '2027-12-31T23:59:59+01:00' }, approved, undefined),
    { status: 'active', expires: '2027-12-31T22:59:59+00:00' },
  );
});

test('D-25, §4.2 rule 2: re-listing a held role keeps its status; the object form sets the expiry', () => {
  const verified = { requiresVerification: true, requiresApproval: false };
  const held = { status: 'active', expires: '2027-01-01T00:00:00+00:00' };
  assert.deepEqual(resolveGrant('customer', verified, held), held);
  assert.deepEqual(resolveGrant({ reference: 'customer' }, verified, held), { status: 'active', expires: null });
});

test('D-25: a grant read back with status pending asks for nothing: a held grant keeps its status, a new one follows the rule', () => {
  const verified = { requiresVerification: true, requiresApproval: false };
  const open = { requiresVerification: false, requiresApproval: false };
  const held = { status: 'active', expires: '2027-01-01T00:00:00+00:00' };
  assert.deepEqual(
    resolveGrant({ reference: 'customer', expires: held.expires, status: 'pending' }, verified, held),
    held,
  );
  assert.deepEqual(
    resolveGrant({ reference: 'customer', expires: null, status: 'pending' }, verified, {
      status: 'pending',
      expires: null,
    }),
    { status: 'pending', expires: null },
  );
  assert.deepEqual(resolveGrant({ reference: 'staff', expires: null, status: 'pending' }, open, undefined), {
    status: 'active',
    expires: null,
  });
});

test('D-15: the read-only country comes from the ISO code', () => {
  assert.equal(countryName('GB'), 'United Kingdom');
  assert.equal(countryName('DE'), 'Germany');
  assert.equal(countryName('QQ'), null);
  assert.equal(countryName(null), null);
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

test('D-24: images are told by their magic bytes', () => {
  assert.deepEqual(sniff(PNG), { mime: 'image/png', ext: 'png' });
  assert.deepEqual(sniff(GIF), { mime: 'image/gif', ext: 'gif' });
  assert.deepEqual(sniff(WEBP), { mime: 'image/webp', ext: 'webp' });
  assert.deepEqual(sniff(JPEG), { mime: 'image/jpeg', ext: 'jpg' });
  assert.equal(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), undefined);
  assert.equal(sniff(Buffer.from('RIFF0000WAVE0000')), undefined);
});

test('D-24: data URIs and bare base64 of an image decode; anything else does not', () => {
  assert.ok(PNG.equals(decodeInline(`data:image/png;base64,${PNG.toString('base64')}`)!.data));
  assert.equal(decodeInline(PNG.toString('base64'))?.mime, 'image/png');
  assert.equal(decodeInline(`data:image/gif;base64,${GIF.toString('base64').replace(/(.{4})/g, '$1\n')}`)?.ext, 'gif');
  assert.equal(decodeInline('data:text/plain;base64,aGVsbG8='), undefined);
  assert.equal(decodeInline(Buffer.from('hello world').toString('base64')), undefined); // base64, not an image
  assert.equal(decodeInline('not base64!'), undefined);
  assert.equal(decodeInline(''), undefined);
  const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
  assert.equal(decodeInline(big.toString('base64')), undefined); // over 1 MiB
});

test('D-24: content URIs are kept, our own absolute URLs map back to them, and they read as absolute URLs', async () => {
  const base = 'http://127.0.0.1:8080';
  assert.deepEqual(await readThumbnail('~/content/contacts/ada.png', base, 'contact.thumbnail'), {
    uri: '~/content/contacts/ada.png',
  });
  assert.deepEqual(await readThumbnail(`${base}/content/contacts/1/thumbnail.png`, base, 'contact.thumbnail'), {
    uri: '~/content/contacts/1/thumbnail.png',
  });
  assert.deepEqual(await readThumbnail(null, base, 'contact.thumbnail'), { uri: null });
  assert.equal(thumbnailUrl('~/content/contacts/ada.png', base), `${base}/content/contacts/ada.png`);
  for (const bad of [
    '~/content/../secret',
    '~/content/',
    'ftp://example.com/a.png',
    'hello',
    'http://127.0.0.1:1/none.png',
  ]) {
    await assert.rejects(
      readThumbnail(bad, base, 'contact.thumbnail'),
      (e: ApiError) => e.status === 422 && e.errors[0]!.ref === 'error.thumbnail-invalid',
      bad,
    );
  }
});
