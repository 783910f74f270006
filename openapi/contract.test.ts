// The contract module's readings that the server and the suite share: a schema's null (§2.1) and the source's sections.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deref, isNullable, nonNull, schema, sourceSection, sourceText } from './contract.ts';

const productInput = (field: string) => schema('ProductInput').properties![field]!;

test('isNullable: a type list with null, or a oneOf/anyOf branch of type null, references followed', () => {
  assert.equal(isNullable({ type: ['integer', 'null'] }), true);
  assert.equal(isNullable({ oneOf: [{ type: 'string' }, { type: 'null' }] }), true);
  assert.equal(isNullable({ anyOf: [{ type: 'null' }, { type: 'number' }] }), true);
  assert.equal(isNullable({ oneOf: [{ type: 'string' }, { $ref: '#/components/schemas/DateTimeInput' }] }), false);
  assert.equal(isNullable({ type: 'string' }), false);
  assert.equal(isNullable({ type: 'array', items: { type: ['string', 'null'] } }), false);
  assert.equal(isNullable(productInput('variantOf')), true);
  assert.equal(isNullable(productInput('publishStartOn')), true);
  assert.equal(isNullable(productInput('sku')), false);
  assert.equal(isNullable({ $ref: '#/components/schemas/ProductInput/properties/bandId' }), true);
});

test('nonNull: the branch that is not null, followed; any other schema as it is', () => {
  assert.deepEqual(nonNull(productInput('publishStartOn')), deref({ $ref: '#/components/schemas/DateTimeInput' }));
  assert.deepEqual(nonNull({ anyOf: [{ type: 'null' }, { type: 'number' }] }), { type: 'number' });
  const listed = { type: ['integer', 'null'] };
  assert.equal(nonNull(listed), listed);
  assert.equal(nonNull({ $ref: '#/components/schemas/ProductInput/properties/bandId' }), productInput('bandId'));
});

test('sourceSection: from the heading to the next of its level or above, whichever follows', () => {
  const between = (from: string, to: string) => sourceText.slice(sourceText.indexOf(from), sourceText.indexOf(to));
  assert.equal(sourceSection('2.3'), between('### 2.3 ', '### 2.4 '));
  assert.equal(sourceSection('4.4'), between('### 4.4 ', '### 4.5 '));
  // 2.1 holds `####` subsections; 2.12 is the last of §2; 2.1 is not 2.10.
  assert.equal(sourceSection('2.1'), between('### 2.1 ', '### 2.2 '));
  assert.equal(sourceSection('2.12'), between('### 2.12 ', '## 3. '));
  assert.match(sourceSection('2.1'), /^### 2\.1 Conventions\n/);
  assert.throws(() => sourceSection('10.1'), /no section 10\.1/);
});
