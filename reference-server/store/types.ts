// The store's vocabulary: what a resource's definition declares (resources/<name>.ts writes one), the request's
// view of the store its methods take, and the objects they return. Types only; store/resource.ts builds on them.
import type { Db } from './db.ts';

/** A resource as returned, or a write body's `data` as validated against the contract. */
export type Obj = Record<string, unknown>;
export type Action = 'created' | 'updated' | 'deleted';
/** Where a change's events go, in the change's transaction (D-17, D-23): the app's outbox. */
export interface Events {
  emit(db: Db, resource: string, action: Action, data: unknown, now: Date): void;
}
/** One request's view of the store: its database, its clock, its caller and the app's event outbox. */
export interface Ctx {
  db: Db;
  now: Date;
  clientId: string;
  events: Events;
}

/**
 * A field computed on read, with the SQL expression that filters on it; `where` may give, for a value, an equivalent
 * condition that indexes can answer (SQLite cannot look inside the expression); `complement` names, for a value, the
 * value of `where` whose rows are exactly the others, so that it is counted by subtraction. `stored`: the field is
 * also a column, written on add and update, and `value` derives what is returned from the row and, through `ctx`,
 * from other tables (a redirect's product target, §2.5).
 */
export interface Computed {
  value: (o: Obj, now: Date, ctx: Ctx) => unknown;
  sql: string;
  where?: Record<string, string>;
  complement?: Record<string, string>;
  stored?: boolean;
}

/**
 * A column holding the id of another resource's row (`table`), and what a change of that row does here, with no
 * event of its own (D-53): on its delete, this row goes too (`delete`) or, for a JSON array of ids, the id leaves it
 * (`remove`). `copies`: columns here that hold a field of that row (`{ specification: 'title' }`), filled on every
 * write here and kept in step when that row changes. `sums`: fields of that row that hold the sum of a column here
 * over the rows naming it (`{ currentStock: 'quantityInStock' }`), kept in step on every write and delete here.
 */
export interface Reference {
  table: string;
  onDelete?: 'delete' | 'remove';
  copies?: Record<string, string>;
  sums?: Record<string, string>;
}

/** Options of a uniqueness rule: compared case-insensitively, or among the rows with the same values of `scope`. */
export interface UniqueOptions {
  nocase?: boolean;
  scope?: string[];
}
/** The resource a rule runs on, as its definition's hooks see it (store/resource.ts implements it). */
export interface Self {
  /** Fails with 422 `error.unique` when another row has the value of `field` that `next` has. */
  unique(ctx: Ctx, next: Obj, field: string, opts?: UniqueOptions): void;
  /** Adds a row to another resource of the same app (`table`), as its own add does: its rules, its `created` event. */
  createIn(ctx: Ctx, table: string, input: Obj, parentId?: number): Obj;
}

/**
 * A resource stored in one table whose columns are the properties of its schema in the contract; the definition
 * says only what the schema cannot. A write (store/resource.ts) runs, in order: `resolve`, `defaults` (add only), the
 * `copies` of `references`, `normalize`, `check`, `exclusive`, the write itself, then what it changes elsewhere, as
 * every definition's `parent` and `references` declare it (store/cascades.ts).
 */
export interface ResourceDef {
  /** Event resource name (D-17), also the SQL table name and the name of its module in resources/. */
  name: string;
  /** Schema name in components.schemas (the resource as returned). */
  schema: string;
  /** Its list operation: its `x-filter` parameters are the resource's filters; the operations of its tag in the
   * contract are the resource's CRUD operations (handlers/crud.ts). A resource without one (shipments, D-49: added by
   * checkout's App calls, then read) has handlers of its own. */
  listOperation?: string;
  /** The names its bodies and answers are wrapped in instead of the v2 envelopes: `item` (`{"shippingService": …}`)
   * and a list's `list`, with no pagination (shipping services, D-18; handlers/envelopes.ts). */
  wrappedIn?: { item: string; list: string };
  /** Parent path parameter, the column holding it and the parent's table; a row is deleted with its parent (D-40). */
  parent?: { param: string; column: string; table: string; what: string };
  /** Columns (beside `parent`) holding ids of other resources' rows, by column. */
  references?: Record<string, Reference>;
  computed?: Record<string, Computed>;
  /** `private`: rows visible only to the client that created them (webhooks, D-45); `recorded`: the creator is kept (D-18). */
  owner?: 'private' | 'recorded';
  /** A boolean column at most one row of a parent holds true: writing it true sets it false on the others (D-46). */
  exclusive?: string;
  /** Extra indexed columns beyond the filtered ones. */
  indexes?: string[];
  /** The input a write body's `data` stands for, when it names rows another way than by id (product
   * specifications by titles, §2.12, D-31); `previous`: the row an update changes. */
  resolve?: (ctx: Ctx, data: Obj, previous: Obj | undefined, self: Self) => Obj;
  /** The values of an added row's fields that its input leaves out. */
  defaults?: (ctx: Ctx, input: Obj, parentId?: number) => Obj;
  /** Puts `next` (the row to write) in its stored form: what the schema leaves implicit made explicit. */
  normalize?: (ctx: Ctx, next: Obj, previous: Obj | undefined) => void;
  /** Business rules beyond the schema: fails on a row that breaks one, changes nothing. */
  check?: (ctx: Ctx, next: Obj, previous: Obj | undefined, self: Self) => void;
  /** Fails on a delete a rule forbids (a built-in row, D-34, D-35), changes nothing. */
  beforeDelete?: (ctx: Ctx, existing: Obj) => void;
}
