// Every schema and property of the contract has a description and an example: its own, or one composed from its
// parts (an object of exemplified properties, an array of exemplified items), as the docs and the mock use them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deref, doc, type Schema } from './contract.ts';

const forbidden = (s: Schema) => typeof s.not === 'object' && s.not !== null && Object.keys(s.not).length === 0;

function exemplified(raw: Schema, seen = new Set<Schema>()): boolean {
  const s = deref<Schema>(raw);
  if (seen.has(s)) return true;
  seen.add(s);
  // `null`, a forbidden property and an open placeholder (`{}`, an object without properties, an array without
  // items: narrowed by each user with allOf) need no example of their own.
  const open = !s.properties && !s.items && !s.allOf && !s.oneOf && !s.anyOf;
  const placeholder = Object.keys(s).length === 0 || (open && (s.type === 'object' || s.type === 'array'));
  if (
    'example' in s ||
    'examples' in s ||
    'const' in s ||
    'default' in s ||
    forbidden(s) ||
    s.type === 'null' ||
    placeholder
  )
    return true;
  const parts = [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])];
  if (parts.length && parts.every((p) => exemplified(p, seen))) return true;
  if (s.items) return exemplified(s.items, seen);
  if (s.properties) return Object.values(s.properties).every((p) => exemplified(p, seen));
  return false;
}

function problems(name: string, raw: Schema, path: string, out: string[]): void {
  const s = deref<Schema>(raw);
  if (!exemplified(s)) out.push(`${path}: no example`);
  for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])])
    if (!part.$ref) problems(name, part, path, out);
  for (const [prop, p] of Object.entries(s.properties ?? {})) {
    if (forbidden(p)) continue;
    if (!p.$ref && typeof p.description !== 'string') out.push(`${path}.${prop}: no description`);
    if (!p.$ref) problems(name, p, `${path}.${prop}`, out);
  }
}

test('every component schema and property has a description and an example', () => {
  const out: string[] = [];
  for (const [name, s] of Object.entries(doc.components.schemas as Record<string, Schema>)) {
    if (typeof s.description !== 'string') out.push(`${name}: no description`);
    problems(name, s, name, out);
  }
  assert.deepEqual(out, []);
});
