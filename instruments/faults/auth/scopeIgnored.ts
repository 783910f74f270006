import type { Fault } from '../types.ts';

export default {
  source: ['§5', 'D-07'],
  breaks: 'source',
  description: 'Any valid token may call any operation: scopes are never checked.',
  apply: (app) => {
    const { auth } = app.seams;
    auth.requireScopes = () => undefined;
  },
} satisfies Fault;
