// What the proxy remembers of the traffic it has seen, for the rules that a short sequence of exchanges shows
// (rules.ts): the tokens the token endpoint issued and the scopes it said they hold (tokens are opaque, §4.1, so the
// endpoint's answer is the only way to know them), the last write of each item and what every write sent (a write
// reads back on the next get, D-01; unset fields read null, §2.1), the items deleted (gone, and their ids never given
// again, D-04), and the links of list answers (what following one must lead to, §2.1).
import type { Json } from '../contract.ts';

export interface Token {
  /** The scopes the token endpoint's `scope` named (D-07: null, the default scope only, is none). */
  scopes: string[];
  issuedAt: number;
  /** `expires_in`, seconds; undefined when the answer gave none. */
  expiresIn?: number;
  /** Issued for HTTP Basic client credentials (RFC 6749 §2.3.1), not credentials in the body. */
  basic?: true;
}

export interface Item {
  /** The family's create operation (`createProduct`): the resource the item is one of. */
  create: string;
  /** Its collection (`collectionKey`): the family and the parents. */
  collection: string;
  /** Whether the proxy saw it made: only then are its unset fields known. */
  seenMade: boolean;
  /** The Authorization of the request that made it: a list shows a webhook to its own client only (§5, D-45). */
  madeBy?: string;
  /** Every field a write through the proxy sent it since it was made. */
  sent: Set<string>;
  /**
   * The last write's answer (the resource as stored), the place of that write among all writes, and when its answer
   * ended.
   */
  last?: { resource: Json; write: number; operationId: string; at: number };
  deleted?: true;
  /** A delete of what it hangs off or refers to may have removed or changed it (D-40) since its last write. */
  stale?: true;
}

/** A link of a list answer, by the path and query it names: the page following it must answer. */
export interface Link {
  operationId: string;
  rel: 'self' | 'next' | 'previous';
  page: number;
  total: number;
  /** The ids of the page it names, where the answer that gave it was that page (`self`). */
  ids?: number[];
}

export class Memory {
  readonly tokens = new Map<string, Token>();
  readonly items = new Map<string, Item>();
  /** The ids deleted in each collection (create operation and parents). */
  readonly deletedIds = new Map<string, Set<string>>();
  readonly links = new Map<string, Link>();
  /** The paths of lists that answered 200 (their parent exists). */
  readonly listed = new Set<string>();
  /** How many writes (2xx answers to POST, PUT, PATCH, DELETE) have passed. */
  writes = 0;

  item(key: string, create: string, collection: string): Item {
    let it = this.items.get(key);
    if (!it) this.items.set(key, (it = { create, collection, seenMade: false, sent: new Set() }));
    return it;
  }
}

/** The key of an item: its resource, its parents and its id (`createProductPrice {"productId":"5"} 7`). */
export const itemKey = (create: string, parents: Record<string, string>, id: string | number) =>
  `${collectionKey(create, parents)} ${String(id)}`;
/** The key of a collection: its resource and its parents. */
export const collectionKey = (create: string, parents: Record<string, string>) =>
  `${create} ${JSON.stringify(Object.fromEntries(Object.entries(parents).sort(([a], [b]) => a.localeCompare(b))))}`;
