import { mapLabel } from './lib.ts';
import type { AppFault } from './types.ts';

export default {
  source: ['§2.11'],
  breaks: 'source',
  description:
    "Gives the label's image as a base64 data URI of its text (the tracking number, a placeholder left in), labelled image/png: no image data, against §2.11's 'Image of the label'.",
  apply: (app) =>
    mapLabel(app, (l) => ({
      ...l,
      image: `data:image/png;base64,${Buffer.from(`LABEL ${l.trackingNumber}`).toString('base64')}`,
    })),
} satisfies AppFault;
