// A requirement is a test with a stable id, an RFC 2119 level, an area and its source (§ or D-nn); the
// reporter turns the annotation into results.json and summary.md.
import { test as base } from '@playwright/test';
import { Api } from './api.ts';

export type Level = 'MUST' | 'SHOULD' | 'MAY';
export interface Requirement { id: string; level: Level; area: string; source: string[]; title: string }

export const test = base.extend<{ api: Api }>({
  api: async ({ request }, use) => { await use(new Api(request)); },
});
export { expect } from '@playwright/test';

/** Declares one requirement as one test: `CON-012 MUST reject a firstname of 61 characters @contacts`. */
export function requirement(r: Requirement, body: (fixtures: { api: Api }) => Promise<void>): void {
  test(`${r.id} ${r.level} ${r.title}`, {
    tag: [`@${r.area}`],
    annotation: [{ type: 'requirement', description: JSON.stringify({ id: r.id, level: r.level, area: r.area, source: r.source }) }],
  }, async ({ api }) => body({ api }));
}

/** Normative when any source is a § of the source document, else a decision requirement. */
export const kindOf = (source: string[]) => (source.some((s) => s.startsWith('§')) ? 'normative' : 'decision');
