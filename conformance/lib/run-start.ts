// What both suites' Playwright configs do in the runner's process (not a worker): note when the run started, for the
// run's deadline (lib/deadline.ts), passed on to the workers through the environment; and handle a SIGTERM (a CI job
// cancelled, `timeout`) as Playwright handles SIGINT: the run stops, the teardown deletes what it made, and the
// reporter writes what did not run as not run. Playwright itself handles SIGINT only.
if (!process.env.TEST_WORKER_INDEX) {
  process.env.CONFORMANCE_RUN_STARTED ??= String(Date.now());
  if (!process.listenerCount('SIGTERM'))
    process.once('SIGTERM', () => {
      process.env.CONFORMANCE_STOPPED_BY = 'SIGTERM';
      process.kill(process.pid, 'SIGINT');
    });
}
