import { onJson } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-02', '§7'],
  breaks: 'decision',
  description: 'The error envelope leaves out `success: false` (only status and errors are sent).',
  apply: (app) =>
    onJson(app, (body) => {
      if (body?.success !== false) return body;
      const { success: _dropped, ...rest } = body;
      return rest;
    }),
} satisfies Fault;
