import type { Fault } from '../types.ts';

export default {
  source: ['D-64'],
  breaks: 'decision',
  description:
    'The HTTP server takes request headers of up to 1 MiB (a raised limit) instead of answering 431 past 16 KiB.',
  apply: (app) => {
    app.seams.limits.maxHeaderBytes = 1024 * 1024;
  },
} satisfies Fault;
