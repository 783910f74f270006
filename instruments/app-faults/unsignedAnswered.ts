import type { AppFault } from './types.ts';

export default {
  source: ['§5', 'D-16', 'D-74'],
  breaks: 'decision',
  description:
    'Never checks X-Store-Signature: quotes and labels whatever reaches its addresses, so anyone who finds them can have it quote, or order labels charged to the merchant (§4.5 rule 4).',
  apply(app) {
    app.seams.verify = () => true;
  },
} satisfies AppFault;
