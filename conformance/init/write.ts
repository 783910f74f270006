// Proposals (guess/) written as a commented dialect file: each key with its evidence above it; a key the facts did
// not tell, or the same as ours, commented out (`# TODO <key>` and what to decide; `# <key> … the same as ours`), so
// that what parseDialect reads is only what init guessed differs from our contract. Pure.
import { stringify } from 'yaml';
import { DESCRIPTORS, type DialectKey } from '../lib/dialect.ts';
import type { Proposal } from './guess/index.ts';
import { aboutKey, ourValue } from './ours.ts';

/** A value as YAML lines under a key (flow style for small maps, so a line reads as one choice). */
function yamlLines(key: string, value: unknown): string[] {
  return stringify({ [key]: value }, { lineWidth: 0, flowCollectionPadding: true, defaultStringType: 'PLAIN' })
    .trimEnd()
    .split('\n');
}
const comment = (lines: string[], indent = '') => lines.map((l) => `${indent}# ${l}`.trimEnd());
const evidenceLines = (evidence: string[], indent = '') => evidence.map((e) => `${indent}#   ${e}`);
const rootOf = (key: string) => key.split('.')[0] as DialectKey;
const oursWords = (key: DialectKey) => {
  const v = ourValue(key);
  const text =
    v === undefined
      ? 'none'
      : typeof v === 'string'
        ? v || "''"
        : stringify(v, { lineWidth: 0, collectionStyle: 'flow' }).trim();
  return `ours: ${text}; ${aboutKey(key).decision}`;
};

/** One key (or one entry of `fields` / `bodies`, indented under it). */
function keyLines(p: Proposal, indent = ''): string[] {
  const [root, sub] = p.key.split('.');
  const name = sub ?? root!;
  const head = sub ? p.key : `${p.key} (${oursWords(root as DialectKey)})`;
  if (p.todo !== undefined && p.value === undefined) {
    const lines = [`${indent}# TODO ${head}: ${p.todo}`, ...evidenceLines(p.evidence, indent)];
    for (const [i, o] of (p.options ?? []).entries())
      lines.push(
        `${indent}#   option ${i + 1}:`,
        ...evidenceLines(o.evidence, `${indent}  `),
        ...comment(yamlLines(name, o.value), indent),
      );
    if (!p.options?.length) {
      const example = sub ? undefined : ourValue(root as DialectKey);
      if (example !== undefined) lines.push(...comment(yamlLines(name, example), indent));
    }
    return lines;
  }
  if (p.same)
    return [
      `${indent}# ${head}: the same as ours, so left unstated`,
      ...evidenceLines(p.evidence, indent),
      ...comment(yamlLines(name, p.value), indent),
    ];
  const lines = [`${indent}# ${head}`, ...evidenceLines(p.evidence, indent)];
  if (p.todo) lines.push(`${indent}# TODO (the rest of ${p.key}): ${p.todo}`);
  if (p.entries && p.value && typeof p.value === 'object' && !Array.isArray(p.value)) {
    lines.push(`${indent}${name}:`);
    for (const [k, v] of Object.entries(p.value as Record<string, unknown>)) {
      lines.push(...evidenceLines(p.entries[k] ?? [], `${indent}  `));
      lines.push(...yamlLines(k, v).map((l) => `${indent}  ${l}`));
    }
    return lines;
  }
  return [...lines, ...yamlLines(name, p.value).map((l) => `${indent}${l}`)];
}

/**
 * The dialect file: a header naming where the facts came from, then every key in the order of the dialect's keys
 * (`fields.*` and `bodies.*` grouped under their key, the key itself stated only when one entry is).
 */
export function writeDialect(proposals: Proposal[], sources: string[]): string {
  const out = [
    '# A dialect drafted by `store-api-conformance init` (README.md, "A dialect: your choices where the source is',
    '# silent"). Each key is a guess, with what it rests on above it: check every one before a run.',
    '# `# TODO <key>` marks a key the facts did not tell: uncomment it with your choice, or leave it out to keep ours.',
    '# A key "the same as ours" is left unstated: a stated key changes what the suite assumes (statuses and errors',
    '# also change how the contract check reads an answer), so the file states only where your target differs.',
    `# From: ${sources.join('; ')}`,
  ];
  for (const key of Object.keys(DESCRIPTORS) as DialectKey[]) {
    const mine = proposals.filter((p) => rootOf(p.key) === key);
    if (!mine.length) continue;
    out.push('');
    if (key !== 'fields' && key !== 'bodies') {
      for (const p of mine) out.push(...keyLines(p));
      continue;
    }
    const stated = mine.filter((p) => p.value !== undefined && !p.same && !(p.todo && p.value === undefined));
    out.push(`# ${key} (${aboutKey(key).decision}): ${DESCRIPTORS[key].readme.takes.split(':')[0]}`);
    if (stated.length) out.push(`${key}:`);
    for (const p of mine) {
      const lines = keyLines(p, '  ');
      out.push(...(stated.length ? lines : lines.map((l) => l.replace(/^ {2}/, ''))));
    }
  }
  // A file of comments alone is no object of keys: a draft that states nothing says so with an empty one.
  if (!out.some((l) => l.trim() && !l.trimStart().startsWith('#')))
    out.push('', '# Nothing guessed differs from our contract: an empty dialect.', '{}');
  return `${out.join('\n')}\n`;
}

/** The keys a written dialect marks TODO (`# TODO fields.createGeozone: …`): the ones init could not tell. */
export const todoKeysOf = (text: string): string[] =>
  [...text.matchAll(/^\s*# TODO ([\w.]+)[ :(]/gm)].map((m) => m[1]!);

/** The keys a written dialect leaves unstated as the same as ours (`# v2Body (ours: …): the same as ours`). */
export const sameKeysOf = (text: string): string[] =>
  [...text.matchAll(/^\s*# ([\w.]+)(?: \([^)]*\))?: the same as ours/gm)].map((m) => m[1]!);
