import type { Fault } from '../types.ts';

export default {
  source: ['§5', 'D-07'],
  // §5 names the scopes of list operations only ("Scopes for all other operations: not shown"): that a write needs the
  // full scope is D-07's.
  breaks: 'decision',
  description: 'A `.readonly` scope is taken as its full scope, so the readonly client may write.',
  apply: (app) => {
    const { auth } = app.seams;
    const original = auth.requireScopes.bind(auth);
    auth.requireScopes = (client, alternatives) =>
      original({ ...client, scopes: client.scopes.flatMap((s) => [s, s.replace(/\.readonly$/, '')]) }, alternatives);
  },
} satisfies Fault;
