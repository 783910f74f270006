import { notFound } from '../../../shared/errors.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['D-05'],
  breaks: 'decision',
  description: 'Only `/admin/oauth/token.json` issues tokens; `/admin/oauth/token` answers 404.',
  apply: (app) => wrapHandler(app, 'createTokenAlias', () => () => notFound('path', 'route')),
} satisfies Fault;
