import type { Fault } from '../types.ts';

export default {
  source: ['§5', 'D-07'],
  breaks: 'source',
  description:
    'The inventory operations were copied from the products ones with their scopes: they accept `products` (or `products.readonly`) instead of `inventory`.',
  apply: (app) => {
    const { auth } = app.seams;
    const original = auth.requireScopes.bind(auth);
    auth.requireScopes = (client, alternatives) =>
      original(
        client,
        alternatives.map((alt) => alt.map((s) => s.replace(/^inventory(?=$|\.)/, 'products'))),
      );
  },
} satisfies Fault;
