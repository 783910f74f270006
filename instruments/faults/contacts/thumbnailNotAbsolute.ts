import type { Json } from '../../../openapi/contract.ts';
import { onJson } from '../lib.ts';
import type { Fault } from '../types.ts';

/** A kept content URI (not an image the service stored for the contact) goes back out as it was written. */
const short = (c: Json) => {
  const kept =
    typeof c?.thumbnail === 'string'
      ? /^https?:\/\/[^/]+\/content\/(?!contacts\/\d+\/thumbnail\.)(.*)$/.exec(c.thumbnail)
      : null;
  return kept ? { ...c, thumbnail: `~/content/${kept[1]}` } : c;
};

export default {
  source: ['§2.2', 'D-24'],
  breaks: 'source',
  description:
    'A thumbnail written as a `~/content/` URI is returned as written, not as the absolute URL get must give (only stored images get one).',
  apply: (app) =>
    onJson(app, (body) => {
      if (body?.contact) return { ...body, contact: short(body.contact) };
      if (Array.isArray(body?.contacts)) return { ...body, contacts: body.contacts.map(short) };
      return body;
    }),
} satisfies Fault;
