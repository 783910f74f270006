import { notFound } from '../../http/errors.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  name: 'auth.tokenAliasMissing', area: 'auth', source: ['D-05'],
  description: 'Only `/admin/oauth/token.json` issues tokens; `/admin/oauth/token` answers 404.',
  apply: () => wrapHandler('createTokenAlias', () => () => notFound('path', 'route')),
} satisfies Fault;
