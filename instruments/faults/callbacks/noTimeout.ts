import type { Fault } from '../types.ts';

export default {
  source: ['§7', 'D-22'],
  breaks: 'decision',
  description:
    'Callbacks wait for the App as long as it takes (no timeout): a slow App holds up checkout and is still used.',
  apply: (app) => {
    const post = app.seams.appCalls.post;
    app.seams.appCalls.post = (url, body, secret, _timeoutMs, valid) => post(url, body, secret, 120_000, valid);
  },
} satisfies Fault;
