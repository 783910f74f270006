import type { AppFault } from './types.ts';

export default {
  source: ['§2.11', '§4.5', 'D-73'],
  breaks: 'decision',
  description:
    'Makes a label for any serviceCode, one it never offered included (an unknown code falls back to its standard service), so an order for a service it does not run is charged and shipped as another.',
  apply(app) {
    const label = app.seams.label;
    app.seams.label = (delivery) => label(delivery) ?? label({ ...(delivery as object), serviceCode: 'STD' });
  },
} satisfies AppFault;
