// The dialect check in its own process (main.ts starts it; cli.ts spawns it): the run's runtime written to a report
// folder of its own (the target, the App receiver: the one given, or one started here), the file's static notes, the
// live checks of the groups asked for, and the lines. Every setting comes from the environment cli.ts prepared, read
// by lib/config.ts when this module loads.
import { config, settings, writeRuntime } from '../lib/config.ts';
import { startReceiver } from '../lib/receiver.ts';
import { GROUPS, liveFindings } from './live.ts';
import { isStated, report } from './report.ts';
import { staticNotes } from './static.ts';

/**
 * Runs the check against the target of the settings: `receiverUrl` is an App receiver already running (the run's, at
 * its start), else one is started for the check; `statedOnly` tries only the groups of keys the dialect states (the
 * others print `ours (not stated)`). Resolves with the lines and the exit status.
 */
export async function runCheck(options: {
  receiverUrl?: string;
  statedOnly: boolean;
}): Promise<{ lines: string[]; exit: 0 | 1 }> {
  const { dialect, stated } = config.dialect;
  const receiver = options.receiverUrl
    ? undefined
    : await startReceiver(config.callbackHost, config.callbackPort, config.slowMs ?? 5000);
  try {
    writeRuntime({ targetUrl: settings.targetUrl ?? '', receiverUrl: options.receiverUrl ?? receiver!.url });
    const groups = Object.keys(GROUPS).filter(
      (g) => !options.statedOnly || GROUPS[g]!.some((k) => isStated(stated, k)),
    );
    const findings = await liveFindings(groups, !config.manualCallbacks);
    return report(findings, stated, staticNotes(dialect, stated));
  } finally {
    receiver?.server.close();
    receiver?.server.closeAllConnections();
  }
}
