// The dialect check's process (cli.ts spawns it, with the settings in its environment and a report folder of its
// own): `main.ts [--receiver URL] [--stated]`. Prints a line per key and the closing line; exits 0 every stated key
// can work, 1 one cannot, 3 the check itself failed.
import { parseArgs } from 'node:util';
import { tokenOf } from '../lib/api.ts';
import { removeLeftovers } from '../lib/cleanup.ts';
import { settings } from '../lib/config.ts';
import { runCheck } from './run.ts';

// Stopped (the run it starts was cancelled: cli.ts passes the stop on; a CI job's `timeout`): what would keep the
// target busy goes first, as a run's teardown does (the webhooks and shipping services it made, lib/cleanup.ts), then
// 3, which proves nothing of the dialect.
process.once('SIGTERM', () => {
  void removeLeftovers(settings.targetUrl ?? '', tokenOf)
    .catch(() => [])
    .then((lines) => {
      console.error(['dialect check: stopped (SIGTERM): not checked', ...lines].join('\n'));
      process.exit(3);
    });
});

const { values } = parseArgs({
  options: { receiver: { type: 'string' }, stated: { type: 'boolean', default: false } },
});
try {
  const { lines, exit } = await runCheck({
    ...(values.receiver ? { receiverUrl: values.receiver } : {}),
    statedOnly: values.stated === true,
  });
  console.log(lines.join('\n'));
  process.exit(exit);
} catch (err) {
  // The check's own failure proves nothing of the dialect: 3, which cli.ts reports as not checked.
  console.error(`dialect check: failed (${(err as Error).stack ?? String(err)})`);
  process.exit(3);
}
