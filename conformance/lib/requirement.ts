// A requirement is a test with a stable id, an RFC 2119 level, an area and its source (§ or D-nn); the
// reporter turns the annotation into results.json and summary.md.
import * as playwright from '@playwright/test';
import { Api } from './api.ts';

export type Level = 'MUST' | 'SHOULD' | 'MAY';
export interface Requirement { id: string; level: Level; area: string; source: string[]; title: string }

// The suite drives no browser, so it builds on Playwright's base test without the browser fixtures: `test`
// sets up ~30 browser-context option fixtures per test, each a step whose source-mapped stack trace is
// captured, which was half of every worker's CPU (node --cpu-prof). Falls back to `test` should a Playwright
// release stop exporting the base. One request context per worker: the API keeps no client state.
const base = (playwright as unknown as { _baseTest?: typeof playwright.test })._baseTest ?? playwright.test;
export const test = base.extend<{ api: Api }, { workerApi: Api }>({
  workerApi: [async ({}, use) => {
    const context = await playwright.request.newContext();
    await use(new Api(context));
    await context.dispose();
  }, { scope: 'worker' }],
  api: async ({ workerApi }, use) => { await use(workerApi); },
});
export const expect = playwright.expect;

/** Declares one requirement as one test: `CON-012 MUST reject a firstname of 61 characters @contacts`. */
export function requirement(r: Requirement, body: (fixtures: { api: Api }) => Promise<void>): void {
  test(`${r.id} ${r.level} ${r.title}`, {
    tag: [`@${r.area}`],
    annotation: [{ type: 'requirement', description: JSON.stringify({ id: r.id, level: r.level, area: r.area, source: r.source }) }],
  }, async ({ api }) => body({ api }));
}

/** Normative when any source is a § of the source document, else a decision requirement. */
export const kindOf = (source: string[]) => (source.some((s) => s.startsWith('§')) ? 'normative' : 'decision');
