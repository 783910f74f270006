// The one handler map, keyed by operationId: the operations with handlers of their own, below, and the CRUD operations
// of every resource with a list operation (v2 resources and shipping services), found from its definition (resources/)
// and the contract (crud.ts), so that adding a resource changes nothing here. Each app gets its own map (`createHandlers`), so that a fault wrapping one app's handler
// leaves another app's alone. handlers/index.test.ts checks that the map holds exactly the operations of the contract.
import { definitions } from '../resources/index.ts';
import type { ResourceDef } from '../store/types.ts';
import * as contacts from './contacts.ts';
import { crud, crudOperations } from './crud.ts';
import * as shipping from './shipping.ts';
import { createToken } from './token.ts';
import type { Handlers } from './types.ts';

const own = {
  createToken,
  createTokenAlias: createToken,
  createContact: contacts.createContact,
  getContact: contacts.getContact,
  updateContact: contacts.updateContact,
  updateContactPost: contacts.updateContact,
  deleteContact: contacts.deleteContact,
  searchContacts: contacts.searchContacts,
  calculateCheckoutRates: shipping.calculateCheckoutRates,
  createShipment: shipping.createShipment,
  getShipment: shipping.getShipment,
} satisfies Partial<Handlers>;

/** The CRUD handlers of every resource with a list operation, by operationId; an operation claimed twice is a
 * mistake in the definitions or the contract's tags, found at start. */
const cruds: Record<string, unknown> = {};
for (const def of Object.values(definitions) as ResourceDef[]) {
  if (!def.listOperation) continue;
  const handlers = crud(def);
  for (const [id, kind] of crudOperations(def.listOperation)) {
    if (id in cruds || id in own) throw new Error(`${id} has two handlers (${def.name}'s CRUD and another)`);
    cruds[id] = handlers[kind];
  }
}

export const createHandlers = (): Handlers => ({ ...cruds, ...own }) as Handlers;
