// The contract diff as `npm run contract:diff`, `npm run contract:release` and `npm test` run it: the base's bundled
// document (its committed openapi/dist/openapi.json), the working tree's (bundled now from openapi/, so an edit not yet
// bundled counts), the changes, the acceptances, and what each breaking change touches.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, root } from '../run.ts';
import { compare, judge, parseAcceptances, type Change, type Verdict } from './changes.ts';
import { faultsTouching, readFaults, typesTouching } from './impact.ts';

/** Bad input: printed as it is, exit 2, never a stack trace. */
export class DiffError extends Error {}

export const acceptancesFile = join(root, 'openapi/accepted-changes.yaml');
export const RELEASE_TAGS = 'contract-v*';

const git = (args: string[]) => {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return r.status === 0 ? r.stdout : undefined;
};

/**
 * The base to compare with when none is given: the last release tag (`contract-v*`) reachable from HEAD; with none (a
 * clone without tags), the merge base with main; outside a repository, none (the committed bundle on disk).
 */
export function defaultBase(): { ref?: string; why: string } {
  const tag = git(['describe', '--tags', '--abbrev=0', '--match', RELEASE_TAGS, 'HEAD'])?.trim();
  if (tag) return { ref: tag, why: 'the last release tag' };
  for (const main of ['main', 'origin/main']) {
    const mb = git(['merge-base', 'HEAD', main])?.trim();
    if (mb) return { ref: mb, why: `no release tag: the merge base with ${main}` };
  }
  const head = git(['rev-parse', 'HEAD'])?.trim();
  if (head) return { ref: head, why: 'no release tag and no main: HEAD' };
  return { why: 'no git history: the committed bundle on disk' };
}

/** The bundled document at a ref (its committed openapi/dist/openapi.json). */
function documentAt(ref: string | undefined): unknown {
  const text =
    ref === undefined
      ? readFileSync(join(root, 'openapi/dist/openapi.json'), 'utf8')
      : git(['show', `${ref}:openapi/dist/openapi.json`]);
  if (text === undefined)
    throw new DiffError(
      `--base ${ref}: no openapi/dist/openapi.json at that ref (is it a commit, tag or branch of this repository?)`,
    );
  return JSON.parse(text);
}

/** The working tree's openapi/ bundled now by Redocly, into a temporary file. */
function workingDocument(): unknown {
  const dir = mkdtempSync(join(tmpdir(), 'contract-diff-'));
  try {
    const out = join(dir, 'openapi.json');
    const r = spawnSync(bin('redocly'), ['bundle', 'openapi/openapi.yaml', '--ext', 'json', '-o', out], {
      cwd: root,
      encoding: 'utf8',
    });
    if (r.status !== 0 || !existsSync(out))
      throw new DiffError(`redocly bundle of openapi/ failed:\n${r.stderr}${r.stdout}`);
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Touches {
  requirements: string[];
  faults: string[];
  types: string[];
}

export interface DiffResult {
  base: { ref?: string; why: string; version: string };
  head: { version: string };
  changes: Change[];
  verdict: Verdict;
  touches: Map<Change, Touches>;
  passed: boolean;
  text: string;
  json: unknown;
  before: unknown;
  after: unknown;
}

/** The requirement ids of each operation, from the suite's registry (what `--list` prints). */
async function requirementsByOperation(): Promise<Map<string, string[]>> {
  const { declared } = await import('../../conformance/lib/requirement.ts');
  await import('../../conformance/requirements/index.ts');
  const out = new Map<string, string[]>();
  for (const d of declared()) out.set(d.operation, [...(out.get(d.operation) ?? []), d.id]);
  return out;
}

const list = (xs: string[]) => (xs.length ? xs.join(', ') : 'none');

export async function contractDiff(options: { base?: string; acceptances?: string }): Promise<DiffResult> {
  const base = options.base !== undefined ? { ref: options.base, why: 'given' } : defaultBase();
  if (options.base !== undefined && !git(['rev-parse', '--verify', '--quiet', `${options.base}^{commit}`]))
    throw new DiffError(`--base ${options.base}: not a commit, tag or branch of this repository`);
  const before = documentAt(base.ref);
  const after = workingDocument();
  const file = options.acceptances ?? acceptancesFile;
  const acceptances = existsSync(file) ? parseAcceptancesOrFail(file) : [];
  const changes = compare(before, after);
  const verdict = judge(changes, acceptances);
  const touches = new Map<Change, Touches>();
  const breaking = changes.filter((c) => c.level === 'breaking');
  if (breaking.length) {
    const byOp = await requirementsByOperation();
    const faults = readFaults(join(root, 'instruments/faults'));
    const types = readFileSync(join(root, 'openapi/dist/types.ts'), 'utf8');
    for (const c of breaking)
      touches.set(c, {
        requirements: c.operation ? (byOp.get(c.operation) ?? []) : [],
        faults: faultsTouching(faults, c),
        types: typesTouching(c, before, after, types),
      });
  }
  const version = (d: unknown) => String((d as { info?: { version?: string } }).info?.version ?? '?');
  const count = (l: string) => changes.filter((c) => c.level === l).length;
  const acceptedReason = new Map(verdict.accepted.map((a) => [a.change, a.reason]));
  const lines = [
    `Contract changes from ${base.ref ?? 'the committed bundle'} (${base.why}; version ${version(before)}) to the working tree (version ${version(after)}): ${count('breaking')} breaking, ${count('warning')} warning, ${count('info')} info`,
    ...changes.map(
      (c) => `  ${c.level.padEnd(8)} ${c.rule}  ${c.location}${acceptedReason.has(c) ? '  (accepted)' : ''}`,
    ),
  ];
  for (const c of breaking) {
    const t = touches.get(c)!;
    lines.push(
      '',
      `${acceptedReason.has(c) ? 'Accepted' : 'BREAKING'}: ${c.rule} at ${c.location}${c.operation ? ` (${c.operation})` : ''}`,
      ...(acceptedReason.has(c) ? [`  reason: ${acceptedReason.get(c)}`] : []),
      `  requirements (${t.requirements.length}): ${list(t.requirements)}`,
      `  faults (${t.faults.length}): ${list(t.faults)}`,
      `  client types: ${list(t.types)}`,
    );
  }
  for (const s of verdict.stale)
    lines.push('', `STALE acceptance in ${file}: ${s.rule} at ${s.location} names no change (remove it): ${s.reason}`);
  lines.push(
    '',
    verdict.passed
      ? `Contract diff passed: ${verdict.accepted.length} breaking change(s) accepted, none unaccepted.`
      : `Contract diff failed: ${verdict.unaccepted.length} breaking change(s) not accepted, ${verdict.stale.length} stale acceptance(s). Accept a change in openapi/accepted-changes.yaml (rule, location, reason) or undo it.`,
  );
  const json = {
    base: { ...base, version: version(before) },
    head: { version: version(after) },
    passed: verdict.passed,
    changes: changes.map((c) => ({ ...c, accepted: acceptedReason.get(c), touches: touches.get(c) })),
    stale: verdict.stale,
  };
  return {
    base: { ...base, version: version(before) },
    head: { version: version(after) },
    changes,
    verdict,
    touches,
    passed: verdict.passed,
    text: lines.join('\n'),
    json,
    before,
    after,
  };
}

function parseAcceptancesOrFail(file: string) {
  try {
    return parseAcceptances(readFileSync(file, 'utf8'), file);
  } catch (err) {
    throw new DiffError((err as Error).message);
  }
}
