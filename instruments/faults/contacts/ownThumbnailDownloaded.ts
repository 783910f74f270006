import { fail } from '../../../shared/errors.ts';
import type { Json } from '../../../openapi/contract.ts';
import { download } from '../../../reference-server/contacts/thumbnails.ts';
import { wrapHandler } from '../lib.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§2.2', 'D-24'],
  // §2.2 says an absolute CDN URL written is downloaded: that the URL a get returned stands for its content URI is
  // D-24's.
  breaks: 'decision',
  description:
    'The thumbnail URL a get returns, sent back, is treated as an external URL and downloaded again instead of standing for its content URI: a kept `~/content/` URI with no stored file behind it is refused.',
  apply: (app) =>
    wrapHandler(app, ['createContact', 'updateContact', 'updateContactPost'], (original) => async (req) => {
      const input = (req.body as { contact?: Json })?.contact;
      const value = input?.thumbnail;
      if (typeof value !== 'string' || !value.startsWith(`${req.baseUrl}/content/`)) return original(req);
      const image = await download(value, { allowPrivateUrls: app.seams.config.allowPrivateUrls });
      if (!image)
        fail(422, 'error.thumbnail-invalid', 'contact.thumbnail', 'could not be downloaded as an image', 'contact');
      const thumbnail = `data:${image.mime};base64,${Buffer.from(image.data).toString('base64')}`;
      return original({ ...req, body: { contact: { ...input, thumbnail } } });
    }),
} satisfies Fault;
