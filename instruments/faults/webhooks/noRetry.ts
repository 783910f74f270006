import type { Fault } from '../types.ts';

export default {
  source: ['D-23'],
  breaks: 'decision',
  description: 'Any HTTP answer counts as delivered: a receiver answering 500 is never retried.',
  apply: (app) => {
    const send = app.seams.transport.send;
    app.seams.transport.send = async (url, init) => {
      await send(url, init);
      return new Response(null, { status: 200 });
    };
  },
} satisfies Fault;
