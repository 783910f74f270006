// The changes between two bundled documents, each with a stable rule id, a level and a location. api-smart-diff finds
// and locates the changes (with every $ref resolved, so a change to a shared schema is reported at each operation that
// uses it) and gives each one a first classification; this module names each change by a rule and sets the level of
// the rules where a change breaks clients or implementations (scripts/README.md, "Contract changes").
import { apiCompare, type Diff } from 'api-smart-diff';
import { parse } from 'yaml';

export type Level = 'breaking' | 'warning' | 'info';
export const LEVELS: Level[] = ['breaking', 'warning', 'info'];
type Json = unknown;
type Path = (string | number)[];

export interface Change {
  /** A stable id: `response-property-removed`, `request-property-became-required`, … */
  rule: string;
  level: Level;
  /** Where, in words a reader and an acceptance can name: `POST /api/v2/products.json request data.barcode`. */
  location: string;
  /** The operation's id, when the change is inside an operation (a webhook's or a callback's included). */
  operation?: string;
  /** The change's JSON path in the bundled documents, $refs resolved (api-smart-diff's path). */
  path: Path;
  /** The library's human-readable description. */
  description: string;
}

const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
const combiners = new Set(['allOf', 'oneOf', 'anyOf']);

/** The node at `path` in `doc`, following local `$ref`s at every step. */
export function at(doc: Json, path: Path, visit?: (ref: string) => void): Json {
  let node = doc;
  const deref = (n: Json): Json => {
    for (
      let guard = 0;
      guard < 20 && n && typeof n === 'object' && typeof (n as { $ref?: unknown }).$ref === 'string';
      guard++
    ) {
      const ref = (n as { $ref: string }).$ref;
      visit?.(ref);
      n = pointer(doc, ref);
    }
    return n;
  };
  node = deref(node);
  for (const key of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = deref((node as Record<string | number, Json>)[key]);
  }
  return node;
}

/** A local reference's target: `#/components/schemas/Product`. */
function pointer(doc: Json, ref: string): Json {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json>((n, k) => (n && typeof n === 'object' ? (n as Record<string, Json>)[k] : undefined), doc);
}

/** The library's classification as a level, for the changes no rule of ours names. */
const levelOf = (type: Diff['type']): Level =>
  type === 'breaking' ? 'breaking' : type === 'deprecated' || type === 'unclassified' ? 'warning' : 'info';
const verb = (action: Diff['action']) => (action === 'add' ? 'added' : action === 'remove' ? 'removed' : 'changed');

/** A schema path as a field: `properties/data/items/properties/type` → `data[].type`. */
export function fieldOf(schemaPath: Path): string {
  let out = '';
  for (let i = 0; i < schemaPath.length; i++) {
    const k = schemaPath[i];
    if (k === 'properties' && i + 1 < schemaPath.length) out += `${out ? '.' : ''}${schemaPath[++i]}`;
    else if (k === 'items') out += '[]';
    else if (k === 'additionalProperties') out += '{*}';
    else if (typeof k === 'string' && combiners.has(k)) i++;
    else break;
  }
  return out;
}

/** The keys of a schema path after its last field (`…/properties/x/maxLength` → `['maxLength']`). */
function schemaTail(schemaPath: Path): Path {
  let i = 0;
  while (i < schemaPath.length) {
    const k = schemaPath[i];
    if (k === 'properties' && i + 1 < schemaPath.length) i += 2;
    else if (k === 'items' || k === 'additionalProperties') i += 1;
    else if (typeof k === 'string' && combiners.has(k) && i + 1 < schemaPath.length) i += 2;
    else break;
  }
  return schemaPath.slice(i);
}

/**
 * A change inside a schema, on the side of the data the API sends (`response`: answers, and the bodies of its webhooks
 * and callbacks) or receives (`request`). Removing what is sent breaks clients that read it; making a request field
 * required breaks clients that omit it; narrowing an enum or changing a type breaks one side or the other either way.
 */
function schemaRule(
  side: 'request' | 'response',
  schemaPath: Path,
  d: Diff,
): { rule: string; level: Level; field: string } {
  const field = fieldOf(schemaPath);
  const tail = schemaTail(schemaPath);
  const last = schemaPath[schemaPath.length - 1];
  // The path ends at a property itself: it was added or removed (its parent key is `properties`).
  if (schemaPath.length >= 2 && schemaPath[schemaPath.length - 2] === 'properties' && tail.length === 0) {
    if (d.action === 'remove') return { rule: `${side}-property-removed`, level: 'breaking', field };
    if (d.action === 'add') return { rule: `${side}-property-added`, level: 'info', field };
  }
  if (tail[0] === 'required') {
    const name = String(d.action === 'remove' ? d.before : d.after);
    const named = `${field ? `${field}.` : ''}${name}`;
    if (d.action === 'add')
      return side === 'request'
        ? { rule: 'request-property-became-required', level: 'breaking', field: named }
        : { rule: 'response-property-became-required', level: 'warning', field: named };
    if (d.action === 'remove')
      return side === 'request'
        ? { rule: 'request-property-became-optional', level: 'info', field: named }
        : { rule: 'response-property-became-optional', level: 'breaking', field: named };
    return { rule: `${side}-required-changed`, level: 'breaking', field };
  }
  if (tail[0] === 'enum') {
    if (d.action === 'add' && tail.length > 1) return { rule: `${side}-enum-value-added`, level: 'warning', field };
    if (d.action === 'add') return { rule: `${side}-enum-added`, level: 'breaking', field };
    if (d.action === 'remove' && tail.length > 1)
      return { rule: `${side}-enum-value-removed`, level: 'breaking', field };
    if (d.action === 'remove') return { rule: `${side}-enum-removed`, level: 'warning', field };
    return { rule: `${side}-enum-value-changed`, level: 'breaking', field };
  }
  if (tail[0] === 'type' || tail[0] === 'const') return { rule: `${side}-type-changed`, level: 'breaking', field };
  if (tail.length === 0 && last !== undefined && d.action !== 'replace')
    return { rule: `${side}-schema-${verb(d.action)}`, level: levelOf(d.type), field };
  return { rule: `${side}-${String(tail[0] ?? 'schema')}-${verb(d.action)}`, level: levelOf(d.type), field };
}

interface Operation {
  /** `POST /api/v2/products.json`, `webhook products/created POST`, `callback … POST` */
  label: string;
  id?: string;
  /** The API receives the request body and sends the responses (a path), or the other way round (webhook, callback). */
  sends: 'responses' | 'requestBody';
  rest: Path;
}

/** The innermost operation a path is in: a path item's, a webhook's or a callback's. */
function operationOf(path: Path, doc: Json): Operation | undefined {
  if ((path[0] !== 'paths' && path[0] !== 'webhooks') || path.length < 3 || !methods.has(String(path[2])))
    return undefined;
  let op: Operation = {
    label:
      path[0] === 'paths'
        ? `${String(path[2]).toUpperCase()} ${path[1]}`
        : `webhook ${path[1]} ${String(path[2]).toUpperCase()}`,
    id: (at(doc, path.slice(0, 3)) as { operationId?: string } | undefined)?.operationId,
    sends: path[0] === 'paths' ? 'responses' : 'requestBody',
    rest: path.slice(3),
  };
  const c = op.rest.indexOf('callbacks');
  if (c === 0 && op.rest.length >= 4 && methods.has(String(op.rest[3]))) {
    const cbPath = path.slice(0, 3 + c + 4);
    op = {
      label: `callback ${op.rest[1]} of ${op.id ?? op.label} ${String(op.rest[3]).toUpperCase()}`,
      id: (at(doc, cbPath) as { operationId?: string } | undefined)?.operationId,
      sends: 'requestBody',
      rest: op.rest.slice(4),
    };
  }
  return op;
}

/** One library diff as a change of ours; `undefined` for a change no client or implementation sees (components). */
export function classify(d: Diff, before: Json, after: Json): Change | undefined {
  const path = d.path;
  const description = d.description ?? `${d.action} ${path.join('/')}`;
  const doc = d.action === 'add' ? after : before;
  // A component's change is reported where operations use it (the documents are compared with $refs resolved).
  if (path[0] === 'components') return undefined;
  const op = operationOf(path, doc) ?? operationOf(path, d.action === 'add' ? before : after);
  if (!op) {
    const where = path.slice(0, 2).join(' ') || 'document';
    if ((path[0] === 'paths' || path[0] === 'webhooks') && path.length <= 2)
      return {
        rule: d.action === 'remove' ? 'path-removed' : d.action === 'add' ? 'path-added' : 'path-changed',
        level: d.action === 'remove' ? 'breaking' : 'info',
        location: where,
        path,
        description,
      };
    return {
      rule: `document-${String(path[0])}-${verb(d.action)}`,
      level: levelOf(d.type),
      location: where,
      path,
      description,
    };
  }
  const base = { operation: op.id, path, description };
  const [part, key, ...more] = op.rest;
  const side = (p: 'requestBody' | 'responses') => (p === op.sends ? 'response' : 'request');
  if (part === undefined)
    return {
      ...base,
      rule: d.action === 'remove' ? 'operation-removed' : d.action === 'add' ? 'operation-added' : 'operation-changed',
      level: d.action === 'remove' ? 'breaking' : 'info',
      location: op.label,
    };
  if (part === 'parameters' && key !== undefined) {
    const param = (at(doc, [...path.slice(0, path.length - op.rest.length), 'parameters', key]) ??
      at(d.action === 'add' ? before : after, [...path.slice(0, path.length - op.rest.length), 'parameters', key])) as
      { name?: string; in?: string; required?: boolean } | undefined;
    const location = `${op.label} parameter ${param?.in ?? '?'} ${param?.name ?? key}`;
    if (more.length === 0) {
      if (d.action === 'add')
        return param?.required
          ? { ...base, rule: 'request-parameter-added-required', level: 'breaking', location }
          : { ...base, rule: 'request-parameter-added', level: 'info', location };
      if (d.action === 'remove') return { ...base, rule: 'request-parameter-removed', level: 'warning', location };
    }
    if (more[0] === 'required') {
      const now = d.action === 'remove' ? false : Boolean(d.after);
      return now
        ? { ...base, rule: 'request-parameter-became-required', level: 'breaking', location }
        : { ...base, rule: 'request-parameter-became-optional', level: 'info', location };
    }
    if (more[0] === 'schema') {
      const r = schemaRule('request', more.slice(1), d);
      return {
        ...base,
        rule: r.rule.replace(/^request-/, 'request-parameter-'),
        level: r.level,
        location: `${location}${r.field ? ` ${r.field}` : ''}`,
      };
    }
    return {
      ...base,
      rule: `request-parameter-${String(more[0])}-${verb(d.action)}`,
      level: levelOf(d.type),
      location,
    };
  }
  if (part === 'requestBody' || part === 'responses') {
    const s = side(part);
    const status = part === 'responses' ? String(key) : undefined;
    const head = part === 'responses' ? `${op.label} ${s} ${status}` : `${op.label} ${s}`;
    const bodyRest = part === 'responses' ? more : [key, ...more].filter((k) => k !== undefined);
    if (part === 'responses' && key === undefined)
      return {
        ...base,
        rule: `responses-${verb(d.action)}`,
        level: levelOf(d.type),
        location: `${op.label} responses`,
      };
    if (part === 'responses' && more.length === 0) {
      if (d.action === 'remove') return { ...base, rule: 'response-status-removed', level: 'breaking', location: head };
      if (d.action === 'add') return { ...base, rule: 'response-status-added', level: 'warning', location: head };
    }
    if (part === 'requestBody' && bodyRest.length === 0)
      return {
        ...base,
        rule: `request-body-${verb(d.action)}`,
        level: d.action === 'add' ? 'breaking' : levelOf(d.type),
        location: head,
      };
    if (bodyRest[0] === 'content' && bodyRest[2] === 'schema') {
      const r = schemaRule(s, bodyRest.slice(3), d);
      return { ...base, rule: r.rule, level: r.level, location: `${head}${r.field ? ` ${r.field}` : ''}` };
    }
    if (bodyRest[0] === 'content' && bodyRest.length === 2)
      return {
        ...base,
        rule: `${s}-media-type-${verb(d.action)}`,
        level: d.action === 'remove' ? 'breaking' : 'info',
        location: `${head} ${bodyRest[1]}`,
      };
    if (bodyRest[0] === 'headers' && bodyRest.length >= 2)
      return {
        ...base,
        rule: `${s}-header-${bodyRest.length === 2 ? verb(d.action) : `${String(bodyRest[bodyRest.length - 1])}-${verb(d.action)}`}`,
        level: bodyRest.length === 2 && d.action === 'remove' ? 'breaking' : levelOf(d.type),
        location: `${head} header ${bodyRest[1]}`,
      };
    return {
      ...base,
      rule: `${s}-${String(bodyRest[bodyRest.length - 1] ?? part)}-${verb(d.action)}`.replace(/[^a-zA-Z0-9-]/g, '_'),
      level: levelOf(d.type),
      location: head,
    };
  }
  return { ...base, rule: `operation-${String(part)}-${verb(d.action)}`, level: levelOf(d.type), location: op.label };
}

/** Every change from `before` to `after`, once per rule and location, breaking first. */
export function compare(before: Json, after: Json): Change[] {
  // The library logs a "Classification Rule error" for a node its own rules cannot classify (an entry of a `required`
  // list of an `allOf` branch) and still reports the change, which the rules here classify: the log is not ours to show.
  const log = console.error;
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('Classification Rule error')) log(...args);
  };
  let diffs: Diff[];
  try {
    ({ diffs } = apiCompare(before, after));
  } finally {
    console.error = log;
  }
  const seen = new Set<string>();
  const out: Change[] = [];
  for (const d of diffs) {
    const c = classify(d, before, after);
    if (!c) continue;
    const key = `${c.rule}\n${c.location}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  // A removed property is also dropped from `required`: its removal says it all.
  const removed = new Set(out.filter((c) => c.rule.endsWith('-property-removed')).map((c) => c.location));
  return out
    .filter((c) => !(c.rule.endsWith('-property-became-optional') && removed.has(c.location)))
    .sort(
      (a, b) =>
        LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) ||
        a.location.localeCompare(b.location) ||
        a.rule.localeCompare(b.rule),
    );
}

/** A change the team accepts, with why: `location` may hold `*` for any characters. */
export interface Acceptance {
  rule: string;
  location: string;
  reason: string;
}

/** The acceptances file (YAML or JSON: a list of `{rule, location, reason}`), or an error naming each bad entry. */
export function parseAcceptances(text: string, file: string): Acceptance[] {
  let data: unknown;
  try {
    data = parse(text);
  } catch (err) {
    throw new Error(`${file}: not YAML: ${(err as Error).message.split('\n')[0]}`, { cause: err });
  }
  if (data === null || data === undefined) return [];
  if (!Array.isArray(data)) throw new Error(`${file}: expected a list of { rule, location, reason }`);
  const problems: string[] = [];
  const out = data.flatMap((e: unknown, i) => {
    const entry = e as Partial<Acceptance> | null;
    const missing = (['rule', 'location', 'reason'] as const).filter(
      (k) => typeof entry?.[k] !== 'string' || !entry[k]!.trim(),
    );
    if (missing.length) {
      problems.push(
        `${file}: entry ${i + 1}: ${missing.join(', ')} missing (each entry needs rule, location and reason)`,
      );
      return [];
    }
    return [{ rule: entry!.rule!, location: entry!.location!, reason: entry!.reason! }];
  });
  if (problems.length) throw new Error(problems.join('\n'));
  return out;
}

const glob = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
export const accepts = (a: Acceptance, c: Change) => a.rule === c.rule && glob(a.location).test(c.location);

export interface Verdict {
  /** Breaking changes no acceptance names: each fails the check. */
  unaccepted: Change[];
  /** Breaking changes an acceptance names, with its reason. */
  accepted: { change: Change; reason: string }[];
  /** Acceptances that name no change: each fails the check (the change was undone, or released). */
  stale: Acceptance[];
  passed: boolean;
}

export function judge(changes: Change[], acceptances: Acceptance[]): Verdict {
  const breaking = changes.filter((c) => c.level === 'breaking');
  const accepted = breaking.flatMap((c) => {
    const a = acceptances.find((x) => accepts(x, c));
    return a ? [{ change: c, reason: a.reason }] : [];
  });
  const unaccepted = breaking.filter((c) => !acceptances.some((a) => accepts(a, c)));
  const stale = acceptances.filter((a) => !changes.some((c) => accepts(a, c)));
  return { unaccepted, accepted, stale, passed: !unaccepted.length && !stale.length };
}

/** The next version of the contract under semantic versioning: a breaking change is a major, an addition a minor. */
export function nextVersion(version: string, changes: Change[]): string {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!m) throw new Error(`info.version ${JSON.stringify(version)} is not MAJOR.MINOR.PATCH`);
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const significant = changes.filter((c) => !c.rule.startsWith('document-info'));
  if (significant.some((c) => c.level === 'breaking')) return major === 0 ? `0.${minor + 1}.0` : `${major + 1}.0.0`;
  if (significant.some((c) => /-added|-became-optional|-enum-value-added/.test(c.rule)))
    return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** A changelog entry: the version, the date, then the changes by level, each breaking one with its accepted reason. */
export function changelogEntry(version: string, date: string, changes: Change[], accepted: Acceptance[]): string {
  const significant = changes.filter((c) => !c.rule.startsWith('document-info'));
  const section = (level: Level, title: string) => {
    const cs = significant.filter((c) => c.level === level);
    if (!cs.length) return [];
    return [
      `### ${title}`,
      '',
      ...cs.map((c) => {
        const why = accepted.find((a) => accepts(a, c))?.reason;
        return `- \`${c.rule}\` ${c.location}${why ? ` — ${why}` : ''}`;
      }),
      '',
    ];
  };
  return [
    `## ${version} — ${date}`,
    '',
    ...(significant.length ? [] : ['No change to operations, parameters or schemas.', '']),
    ...section('breaking', 'Breaking'),
    ...section('warning', 'Warnings'),
    ...section('info', 'Other changes'),
  ].join('\n');
}
