// similar.ts: names split into words and stems, words of one group alike, and the likeness of two fields.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { descriptionScore, likeness, nameScore, stem, typeScore, wordsOf } from './similar.ts';

test('a name splits into stemmed words: camelCase, brackets, slashes', () => {
  assert.deepEqual(wordsOf('priceExcTax'), ['price', 'exc', 'tax']);
  assert.deepEqual(wordsOf('page[size]'), ['page', 'size']);
  assert.deepEqual(wordsOf('grantPolicy/emailVerification'), ['grant', 'policy', 'email', 'verification']);
  assert.equal(stem('lines'), 'line');
  assert.equal(stem('boxes'), 'box');
  assert.equal(stem('startsOn'), 'startson');
});

test('names alike: reordered words, a word and its plural, words of one group', () => {
  assert.equal(nameScore('quantityMin', 'minQuantity'), 1);
  assert.equal(nameScore('startOn', 'startsOn'), 1);
  assert.equal(nameScore('title', 'name'), 1);
  assert.equal(nameScore('title', 'ratesUrl'), 0);
});

test('types: the same kinds 1, apart 0; descriptions by their shared words', () => {
  assert.equal(typeScore({ types: ['integer'] }, { types: ['number', 'null'] }), 1);
  assert.equal(typeScore({ types: ['array'] }, { types: ['object'] }), 0);
  assert.ok(descriptionScore('Unit price excluding tax.', 'Price of one unit excluding tax') > 0.5);
});

test('likeness: priceExcTax and unitPrice alike by name and description, with the reasons', () => {
  const l = likeness(
    { name: 'priceExcTax', shape: { types: ['number'], description: 'Unit price excluding tax.' } },
    { name: 'unitPrice', shape: { types: ['number', 'string'], description: 'Price of one unit excluding tax.' } },
  );
  assert.ok(l.score > 0.6, String(l.score));
  assert.deepEqual(l.why, ['names alike (priceExcTax↔unitPrice)', 'descriptions alike']);
  assert.ok(likeness({ name: 'title' }, { name: 'ratesUrl' }).score < 0.1);
});
