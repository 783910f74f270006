// Starts what the run needs: the App receiver, and the reference server when no TARGET_URL is given
// (a child process on a free loopback port, shared/server-process.ts — the suite never imports the server).
import { mkdirSync, writeFileSync } from 'node:fs';
import { startReference, type ServerProcess } from '../shared/server-process.ts';
import { checkAtRunStart } from './check/cli.ts';
import { assumedClients, config, settings, writeRuntime } from './lib/config.ts';
import { tokenOf } from './lib/api.ts';
import { removeLeftovers, resetLeftovers } from './lib/cleanup.ts';
import { resetHar } from './lib/har.ts';
import { startReceiver } from './lib/receiver.ts';
import { resetUnanswered } from './lib/unanswered.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  mkdirSync(config.reportDir, { recursive: true });
  // The last run's runtime file goes first: nothing of it may pass for this run's. TARGET_URL is the setting here
  // (config.targetUrl is what this function decides).
  writeRuntime(undefined);
  resetUnanswered();
  resetLeftovers();
  resetHar();
  // The reference server started here times callbacks out after 2.5 s (loaded CI machines stay clear of it), so the "slow App" waits 5 s;
  // against another target the slow App waits CONFORMANCE_SLOW_MS (default 8 s, past the 5 s of D-22).
  const ownServer = !settings.targetUrl;
  const slowMs = config.slowMs ?? (ownServer ? 5000 : 8000);
  const receiver = await startReceiver(config.callbackHost, config.callbackPort, slowMs);
  let server: ServerProcess | undefined;
  let targetUrl = settings.targetUrl ?? '';
  let clients: string | undefined;
  if (ownServer) {
    const defaultClients = assumedClients();
    // The default clients (the base four and one per scope of the document, for the scope families of §5) plus a
    // short-lived one, so that `createToken.expiry` can watch a token expire.
    const shortLived = {
      clientId: 'conformance-shortlived',
      clientSecret: 'conformance-shortlived-secret',
      scopes: defaultClients.full.scopes,
    };
    const serverClients = `${config.reportDir}/.clients.server.json`;
    const suiteClients = `${config.reportDir}/.clients.suite.json`;
    writeFileSync(
      serverClients,
      JSON.stringify([...Object.values(defaultClients), { ...shortLived, tokenLifetimeSeconds: 2 }]),
    );
    writeFileSync(suiteClients, JSON.stringify({ ...defaultClients, shortLived }));
    clients = suiteClients;
    // Its callback timeout and retry base for a loaded machine; D-63: the thumbnails it downloads come from the
    // suite's App receiver, on 127.0.0.1.
    server = await startReference({ args: ['--clients', serverClients] });
    targetUrl = server.url;
  }
  // The dialect check (check/README.md): every key the dialect states tried against the target, a line each, before
  // any requirement runs. Here, not in bin/suite.ts, because this is where both `npm run conformance` and the
  // installed command (a run and each shard of one) pass once the App receiver and, without TARGET_URL, the reference
  // server are up. A stated key that an answer contradicts would fail a wave of requirements a minute in: the run
  // stops now instead, with those lines, exit 1 (as a failed token setup does). Only such an answer stops it; no
  // answer, a 5xx, no delivery in time are reported and the run goes on. No file states nothing: nothing to check.
  if (config.dialect.stated.size && (await checkAtRunStart({ targetUrl, receiverUrl: receiver.url, clients })) === 1) {
    receiver.server.close();
    await server?.stop();
    throw new Error(
      'the dialect check: a key the dialect states cannot work with this target (the lines above): fix the dialect file (README.md, "A dialect"); `store-api-conformance dialect check` tries it again in seconds',
    );
  }
  // For the workers and the reporter (lib/config.ts reads it): global setup changes no environment variable.
  writeRuntime({ targetUrl, receiverUrl: receiver.url, ...(clients ? { clients } : {}), startedAt: Date.now() });
  return async () => {
    // What would keep the target busy after the run (webhooks, shipping services) goes first (lib/cleanup.ts).
    for (const line of await removeLeftovers(targetUrl, tokenOf)) console.log(line);
    receiver.server.close();
    await server?.stop();
  };
}
