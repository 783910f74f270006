import type { Fault } from '../types.ts';

export default {
  source: ['§5', 'D-06'],
  breaks: 'standard',
  standard: 'RFC 6749 §4.4.2, §5.2 (the client is authenticated; a wrong secret is invalid_client)',
  description: 'The token endpoint looks the client up by id and never compares the secret.',
  apply: (app) => {
    const { auth } = app.seams;
    auth.authenticate = (clientId) => auth.clients.get(clientId);
  },
} satisfies Fault;
