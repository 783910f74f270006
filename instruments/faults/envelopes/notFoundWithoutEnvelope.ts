import { onJson } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-02', 'D-04', '§7'],
  breaks: 'decision',
  description: 'An unknown id or route answers 404 with a bare message instead of the error envelope.',
  apply: (app) => onJson(app, (body, res) => (res.statusCode === 404 ? { message: 'Not Found' } : body)),
} satisfies Fault;
