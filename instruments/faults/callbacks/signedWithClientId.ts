import type { Fault } from '../types.ts';

export default {
  source: ['§5', 'D-16'],
  breaks: 'decision',
  description: "Rate and label requests are signed with the App's client id instead of its secret.",
  apply: (app) => {
    const post = app.seams.appCalls.post;
    app.seams.appCalls.post = (url, body, secret, ...rest) =>
      post(
        url,
        body,
        [...app.seams.auth.clients.values()].find((c) => c.clientSecret === secret)?.clientId ?? secret,
        ...rest,
      );
  },
} satisfies Fault;
