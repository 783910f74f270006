// The dialect: an implementer's choices where the source is silent, stated in a YAML or JSON file
// (CONFORMANCE_DIALECT), so that the suite makes its data and reads answers the way the target does. The suite's
// requirements are written in our contract's wire form; the dialect translates between it and the target's, in one
// place (lib/api.ts): request bodies on the way out, answers on the way in (the raw answer is still what the
// contract check and the evidence see). With no file every choice is our contract's, so such a run is unchanged.
// What a key leaves out stays our contract's, *assumed* rather than stated: under the source profile, a
// requirement whose setup needed an assumed choice that the target refused is not applicable (lib/fixtures.ts).
// Each key is one descriptor in dialect/ (dialect/README.md: what a descriptor holds, how to add a key); this module
// is what the suite imports.
export {
  at,
  createFor,
  isObject,
  requestWrapperOf,
  type Answer,
  type Descriptor,
  type Dialect,
  type DialectKey,
  type LoadedDialect,
} from './dialect/core.ts';
export {
  assumedChoice,
  assumedFor,
  CONTRACT_DIALECT,
  DESCRIPTORS,
  DIALECT_KEYS,
  DialectError,
  fromTarget,
  loadDialect,
  parseDialect,
  toTarget,
} from './dialect/keys.ts';
export { statedBody, statedBodyFor } from './dialect/bodies.ts';
export { errorsFromTarget } from './dialect/errors.ts';
export { eventFromTarget, eventToTarget } from './dialect/events.ts';
export { resourceFromTarget, resourceToTarget, toldThrough, type FieldMap } from './dialect/fields.ts';
export { queryToTarget } from './dialect/pageParams.ts';
export { scopeOf, scopesOf, tableScopes } from './dialect/scopes.ts';
export { shippingPathOf, type ShippingServices } from './dialect/shippingServices.ts';
export { SIGNATURE_SCHEMES, type Signatures } from './dialect/signatures.ts';
export { WRITES, type Write } from './dialect/statuses.ts';
export {
  answerOf,
  fillTemplate,
  placeholders,
  TRIGGER_TYPES,
  TRIGGER_VALUES,
  type Trigger,
} from './dialect/trigger.ts';
