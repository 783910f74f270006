// `store-api-conformance proxy --target URL [options]` (and `npm run proxy -- …`): the command line of the proxy. The
// suite's modules read their settings when first loaded (lib/config.ts), so the profile and the dialect are put in the
// environment before the proxy's modules are: the requirements then load as a run of the suite would load them.
import { parseArgs } from 'node:util';

const USAGE = `Usage: store-api-conformance proxy --target URL [options]

Forwards every request to the target and judges each exchange as it passes, by the suite's requirements: a line per
violation as it happens; on SIGINT or SIGTERM, results.json, summary.md, junit.xml and traffic.har in the report folder.

  --target <URL>          the target's base URL (required)
  --port <n>              the port to listen on (default 8081; 0: a free one)
  --host <host>           the address to listen on (default 127.0.0.1)
  --profile <contract|source>
                          contract: every requirement is reported; source: only those that gate under the source
                          profile (MUST, basis source or standard) (default contract)
  --dialect <file>        the target's dialect (the suite's CONFORMANCE_DIALECT): answers are read through it
  --report-dir <dir>      where the reports go on stop (default reports/proxy)
  --change-origin         send the target its own host as Host (default: the client's Host, unchanged)
  --max-body <bytes>      how much of each body is kept to judge (default 2097152); more streams through unjudged
  --help

Callbacks: register http://<proxy>/__app/rates?to=<the App's rates URL> (and /__app/labels?to=…) as a shipping
service's ratesUrl (labelsUrl): the proxy relays them to the App and judges both directions.

Exit status, once stopped: 0 every requirement judged that gates under the profile passed, 1 one failed, 2 a bad option.`;

/**
 * Puts the judging's settings in the environment, before the suite's modules load: they read their settings when
 * first loaded (lib/config.ts), so the requirements then load as a run of the suite would load them.
 */
export function settle(target: string, profile: string, reportDir: string, dialect: string | undefined): void {
  Object.assign(process.env, {
    TARGET_URL: target,
    CONFORMANCE_PROFILE: profile,
    CONFORMANCE_REPORT_DIR: reportDir,
    ...(dialect ? { CONFORMANCE_DIALECT: dialect } : {}),
  });
  if (!dialect) delete process.env.CONFORMANCE_DIALECT;
}

/** Runs the proxy until a signal stops it; resolves with the exit status. */
export async function proxy(argv: string[]): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        target: { type: 'string' },
        port: { type: 'string', default: '8081' },
        host: { type: 'string', default: '127.0.0.1' },
        profile: { type: 'string', default: 'contract' },
        dialect: { type: 'string' },
        'report-dir': { type: 'string', default: 'reports/proxy' },
        'change-origin': { type: 'boolean', default: false },
        'max-body': { type: 'string', default: String(2 * 1024 * 1024) },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n(store-api-conformance proxy --help lists the options)`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const problems = [
    ...(typeof values.target === 'string' && /^https?:\/\/[^/]/.test(values.target)
      ? []
      : ['--target: an http or https URL is required']),
    ...(/^\d+$/.test(String(values.port)) && Number(values.port) < 65536
      ? []
      : ['--port: a whole number from 0 to 65535']),
    ...(values.profile === 'contract' || values.profile === 'source' ? [] : ['--profile: contract or source']),
    ...(/^\d+$/.test(String(values['max-body'])) ? [] : ['--max-body: a whole number of bytes']),
  ];
  if (problems.length) {
    console.error(`${problems.join('\n')}\n(store-api-conformance proxy --help lists the options)`);
    return 2;
  }
  const target = String(values.target).replace(/\/$/, '');
  const reportDir = String(values['report-dir']);
  settle(target, String(values.profile), reportDir, values.dialect ? String(values.dialect) : undefined);
  const { startProxy } = await import('./server.ts');
  const running = await startProxy({
    target,
    port: Number(values.port),
    host: String(values.host),
    profile: values.profile as 'contract' | 'source',
    ...(values.dialect ? { dialect: String(values.dialect) } : {}),
    reportDir,
    changeOrigin: values['change-origin'] === true,
    maxBody: Number(values['max-body']),
    print: (line) => console.log(line),
  });
  console.log(
    `proxy: listening on ${running.url} → ${target} (profile ${String(values.profile)}; ${running.judgeable} requirements of the suite judged from traffic; reports in ${reportDir} when stopped)`,
  );
  // Any of these stops it, sent to the proxy alone or to its whole process group: the reports are written once.
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = async (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      console.log(`proxy: ${signal}, writing the reports…`);
      const w = await running.stop();
      console.log(`proxy: ${w.dir}/results.json, summary.md, junit.xml, traffic.har`);
      console.log(`${w.passed} passed, ${w.failed} failed`);
      resolve(w.ok ? 0 : 1);
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, (s) => void stop(s));
  });
}
