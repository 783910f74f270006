// The run's deadline and a requirement's timeout, for the runs of both suites (suite.spec.ts, app/suite.spec.ts): no
// requirement starts after the run's stop, which keeps a tenth of CONFORMANCE_RUN_TIMEOUT_MS (5 to 60 s) for the
// teardown, and each one is bounded by its own timeout (lib/requirement.ts, REQUIREMENT_TIMEOUT_MS, or what it asks for).
import { config } from './config.ts';
import { onTimeoutExtended, REQUIREMENT_TIMEOUT_MS } from './requirement.ts';

/** When the run started (playwright.config.ts), and the time kept back for the teardown: none starts later. */
export const runStarted = Number(process.env.CONFORMANCE_RUN_STARTED) || Date.now();
/** The teardown deletes what the run made on the target (lib/cleanup.ts): a tenth of the run, 5 to 60 s. */
const reserveMs = Math.min(60_000, Math.max(5_000, config.runTimeoutMs / 10));
export const stopAt = runStarted + config.runTimeoutMs - reserveMs;
export const stoppedReason = `the run was stopped after ${Math.round((config.runTimeoutMs - reserveMs) / 1000)} s (CONFORMANCE_RUN_TIMEOUT_MS, less ${Math.round(reserveMs / 1000)} s kept for the teardown)`;

export class Timeout extends Error {
  override name = 'Timeout';
}
export class Stopped extends Error {
  override name = 'Stopped';
}

/**
 * Runs `body` until its timeout (a requirement may extend it) or the run's stop, whichever comes first. `extend` is
 * handed the function that extends it, for a requirement that runs beside others (`together`, concurrent), whose
 * `requirementTimeout` would extend the last one started.
 */
export function bounded(body: Promise<void>, extend?: (set: (ms: number) => void) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const arm = (ms: number) => {
      clearTimeout(timer);
      const left = stopAt - Date.now();
      timer =
        ms < left
          ? setTimeout(() => reject(new Timeout(`timed out after ${Math.round(ms / 1000)} s`)), ms)
          : setTimeout(() => reject(new Stopped(stoppedReason)), Math.max(0, left));
    };
    arm(REQUIREMENT_TIMEOUT_MS);
    onTimeoutExtended(arm);
    extend?.(arm);
    body.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      onTimeoutExtended(undefined);
    });
  });
}
