import type { Fault } from '../types.ts';

export default {
  source: ['§5', 'D-06'],
  description: 'The token endpoint looks the client up by id and never compares the secret.',
  apply: (app) => {
    const { auth } = app.seams;
    auth.authenticate = (clientId) => auth.clients.get(clientId);
  },
} satisfies Fault;
