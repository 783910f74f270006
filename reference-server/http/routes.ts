// Routing from the contract: the operation a method and path name, with its path parameters. Every route the
// server serves is an operation of the document (design brief §6).
import { operations, type Operation } from '../../openapi/contract.ts';

/** A path template as a regular expression with one named group per parameter. */
export function pathRegex(template: string): RegExp {
  const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

// Literal paths win over templated ones (`/contacts/search.json` before `/contacts/{id}.json`): OpenAPI 3.1 matches
// a concrete path before its templated counterparts, so the first path that matches is the target resource.
const routes = operations
  .map((op) => ({ op, regex: pathRegex(op.path) }))
  .sort((a, b) => Number(a.op.path.includes('{')) - Number(b.op.path.includes('{')));

/** How many `/` a path has: a parameter never spans one, so a path is matched only against templates with as many. */
function slashes(path: string): number {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) n++;
  return n;
}
/**
 * The routes by their number of `/`, in the order above, each with its literal start (up to its first parameter):
 * a request is matched by regular expression only against the routes of its length that its path starts like, not
 * against every operation (a scan of them all showed in the profile of a get).
 */
const byLength = Map.groupBy(
  routes.map((r) => ({ ...r, prefix: r.op.path.split('{')[0]! })),
  (r) => slashes(r.op.path),
);

/** What routing found: the operation and its path parameters, or the methods of the path that matched (405) or none (404). */
export interface Found {
  op?: Operation;
  params: Record<string, string>;
  allow: string[];
}

/**
 * The operation at `method path`. Only the first path that matches is the target: a literal path's missing methods
 * are a 405 listing its own (RFC 9110 §15.5.6), never a template's operations (`PUT /contacts/search.json` is not
 * `updateContact`). Else `allow` lists the methods that path has (a 405) or is empty (a 404).
 */
export function findOperation(method: string, path: string): Found {
  const allow: string[] = [];
  let target: string | undefined;
  for (const { op, regex, prefix } of byLength.get(slashes(path)) ?? []) {
    if (!path.startsWith(prefix) || (target !== undefined && op.path !== target)) continue;
    const m = regex.exec(path);
    if (!m) continue;
    target = op.path;
    if (op.method === method) return { op, params: { ...m.groups }, allow };
    allow.push(op.method);
  }
  return { params: {}, allow };
}
