// Starts what the App suite's run needs: nothing when an App is given (APP_RATES_URL), else the reference App, as a
// child process of the package's own command (`store-api-conformance serve-app` on a free loopback port, through
// shared/server-process.ts): the suite never imports the App it judges.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer, type ServerProcess } from '../../shared/server-process.ts';
import { config, settings, writeRuntime } from '../lib/config.ts';
import { resetUnanswered } from '../lib/unanswered.ts';
import { appConfig, appTarget } from './config.ts';

/** `.ts` in the repository, `.js` in the installed package: the command is this module's sibling's. */
const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
const command = fileURLToPath(new URL(`../../bin/store-api-conformance${ext}`, import.meta.url));

export default async function globalSetup(): Promise<() => Promise<void>> {
  mkdirSync(config.reportDir, { recursive: true });
  // The last run's runtime file goes first: nothing of it may pass for this run's.
  writeRuntime(undefined);
  resetUnanswered();
  let app: ServerProcess | undefined;
  if (settings.appRatesUrl) {
    writeRuntime({ targetUrl: appTarget(settings.appRatesUrl, settings.appLabelsUrl), startedAt: Date.now() });
  } else {
    const secret = appConfig.secret;
    app = await startServer({
      command: [process.execPath, command, 'serve-app'],
      args: ['--host', '127.0.0.1', '--port', '0', '--secret', secret],
    });
    // `serve-app` prints the two addresses to register under the line it listens on (reference-app/cli.ts).
    const address = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(app!.output)?.[1];
    const [ratesUrl, labelsUrl] = [address('ratesUrl'), address('labelsUrl')];
    if (!ratesUrl || !labelsUrl) {
      await app.stop();
      throw new Error(`serve-app did not print its ratesUrl and labelsUrl:\n${app.output}`);
    }
    writeRuntime({
      targetUrl: appTarget(ratesUrl, labelsUrl),
      app: { ratesUrl, labelsUrl, secret },
      startedAt: Date.now(),
    });
  }
  return async () => {
    await app?.stop();
  };
}
