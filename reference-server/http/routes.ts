// Routing from the contract: the operation a method and path name, with its path parameters. Every route the
// server serves is an operation of the document (design brief §6).
import { operations, type Operation } from '../../openapi/contract.ts';

/** A path template as a regular expression with one named group per parameter. */
function pathRegex(template: string): RegExp {
  const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

// Literal paths win over templated ones (`/contacts/search.json` before `/contacts/{id}.json`).
const routes = operations
  .map((op) => ({ op, regex: pathRegex(op.path) }))
  .sort((a, b) => Number(a.op.path.includes('{')) - Number(b.op.path.includes('{')));

/** The operation at `method path`; else `allow` lists the methods the path has (a 405) or is empty (a 404). */
export function findOperation(
  method: string,
  path: string,
): { op?: Operation; params: Record<string, string>; allow: string[] } {
  const allow: string[] = [];
  for (const { op, regex } of routes) {
    const m = regex.exec(path);
    if (!m) continue;
    if (op.method === method) return { op, params: { ...m.groups }, allow };
    allow.push(op.method);
  }
  return { params: {}, allow };
}
