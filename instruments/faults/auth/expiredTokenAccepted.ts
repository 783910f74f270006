import type { Fault } from '../types.ts';

export default {
  source: ['§8', 'D-05'],
  breaks: 'source',
  description: 'Tokens are looked up without their expiry: a token stays valid after its 3600 s.',
  apply: (app) => {
    const { auth } = app.seams;
    const original = auth.bearer.bind(auth);
    // Checks the token as if it were always the moment it was issued.
    auth.bearer = (header, _now) => original(header, new Date(0));
  },
} satisfies Fault;
