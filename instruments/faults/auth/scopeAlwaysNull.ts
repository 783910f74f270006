import type { Fault } from '../types.ts';

export default {
  source: ['§2.9', 'D-07'],
  // §2.9 types `scope` "string or null" and §5's example is null: that it lists the client's scopes is D-07's.
  breaks: 'decision',
  description: 'The token answer copies the source example: `scope` is always null, whatever the client holds.',
  apply: (app) => {
    const { auth } = app.seams;
    const original = auth.issue.bind(auth);
    auth.issue = (client, now) => ({ ...original(client, now), scope: null });
  },
} satisfies Fault;
