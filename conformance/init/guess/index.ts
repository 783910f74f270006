// The guesses: what the team's document (document.ts), its live target (probe.ts) and its clients file show, turned
// into a proposal per dialect key, each with its evidence in words. Pure: facts in, proposals out; our side comes from
// ours.ts (our bundled document and the dialect's descriptors). A proposal without a value is a TODO: the facts did not
// tell. A value equal to ours is marked `same`, and write.ts leaves it out (stating `statuses` or `errors` changes how
// the contract check reads an answer, README "A dialect", so a key is stated only where the target differs).
// The guesses are grouped by what they read (shared.ts holds what they share): envelope.ts (wrappers, lists, errors,
// statuses, paging), scopes.ts, webhooks.ts (events, deliveries, signatures), resources.ts (shipping services, fields,
// bodies), triggers.ts (checkout, dispatch). This module runs them all and is what the rest of init imports.
import { nameScore, wordsOf } from '../similar.ts';
import {
  guessContactBody,
  guessContactSearchList,
  guessErrors,
  guessPageParams,
  guessStatuses,
  guessV2Body,
} from './envelope.ts';
import { guessBodies, guessFields, guessShippingServices } from './resources.ts';
import { guessScopes } from './scopes.ts';
import type { Facts, Proposal } from './shared.ts';
import { guessTrigger } from './triggers.ts';
import { guessDeliveries, guessEvents, guessSignatures } from './webhooks.ts';

export type { ClientsFile, Facts, Proposal } from './shared.ts';
export { arrayPointer, matchFields, shapeArrayPointer } from './shared.ts';
export { theirShippingServices } from './resources.ts';
export {
  guessBodies,
  guessContactBody,
  guessContactSearchList,
  guessDeliveries,
  guessErrors,
  guessEvents,
  guessFields,
  guessPageParams,
  guessScopes,
  guessShippingServices,
  guessSignatures,
  guessStatuses,
  guessV2Body,
};

/** Every proposal, in the order of the dialect's keys (keys.ts `DESCRIPTORS`). */
export function guessAll(f: Facts): Proposal[] {
  return [
    guessV2Body(f),
    guessContactBody(f),
    guessContactSearchList(f),
    guessErrors(f),
    ...guessBodies(f),
    guessStatuses(f),
    guessPageParams(f),
    guessScopes(f),
    guessEvents(f),
    guessDeliveries(f),
    guessShippingServices(f),
    guessTrigger('checkout', f),
    guessTrigger('dispatch', f),
    guessSignatures(f),
    ...guessFields(f),
  ];
}

// Exposed for the tests.
export { nameScore, wordsOf };
