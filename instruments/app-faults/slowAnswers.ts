import type { AppFault } from './types.ts';

/** Past the 5 s the service waits for an App's answer (D-22), within the suite's 10 s request timeout. */
const DELAY_MS = 6000;

export default {
  source: ['§7', 'D-22'],
  breaks: 'decision',
  description:
    "Answers every rate and label request after 6 s (it asks its carrier first, one request at a time): past the service's 5 s, so the service drops its options as if it had failed.",
  apply(app) {
    const reply = app.seams.reply;
    app.seams.reply = (res, status, body) => {
      if (status !== 200) return reply(res, status, body);
      setTimeout(() => reply(res, status, body), DELAY_MS);
    };
  },
} satisfies AppFault;
