import { mapLabel } from './lib.ts';
import type { AppFault } from './types.ts';

// §2.11 shows the image as a data URI and says other forms are "not shown": a URL of the image contradicts nothing
// the source says. It breaks the document's Label (a data URI), which the service reads a label by (D-49).
export default {
  source: ['§2.11', 'D-49'],
  breaks: 'decision',
  description:
    "Gives the label's image as the https URL where the provider keeps it, not as a data URI: the service, which reads a label by the document's schema, makes no label of the answer.",
  apply: (app) => mapLabel(app, (l) => ({ ...l, image: `https://labels.example.com/${l.trackingNumber}.png` })),
} satisfies AppFault;
