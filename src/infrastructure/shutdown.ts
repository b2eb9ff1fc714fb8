/** Within docker's default 10 s grace period. */
export const SHUTDOWN_TIMEOUT_MS = 9_000;

/** SIGTERM/SIGINT: graceful stop, forced exit if it takes longer than the grace period. */
export function exitOnSignals(stop: () => Promise<void>, logger: { error: (o: object, m: string) => void }) {
  let exiting = false;
  const handler = (signal: NodeJS.Signals) => {
    if (exiting) return;
    exiting = true;
    const force = setTimeout(() => {
      logger.error({ signal }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    stop().then(
      () => process.exit(0),
      (error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
