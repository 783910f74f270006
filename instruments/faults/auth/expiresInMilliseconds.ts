import type { Fault } from '../types.ts';

export default {
  source: ['§2.9', '§8'],
  breaks: 'source',
  description: '`expires_in` is reported in milliseconds (3600000) instead of seconds.',
  apply: (app) => {
    const { auth } = app.seams;
    const original = auth.issue.bind(auth);
    auth.issue = (client, now) => {
      const t = original(client, now);
      return { ...t, expires_in: t.expires_in * 1000 };
    };
  },
} satisfies Fault;
