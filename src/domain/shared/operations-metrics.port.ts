/**
 * What use cases tell an operator's monitoring (counted by infrastructure/metrics with prom-client). The domain
 * only says what happened; whether and how it is counted is not its concern, so every method is cheap and silent.
 */
export interface OperationsMetrics {
  /** A sign-in refused for its credentials (`invalid_credentials`) or a disabled account (`disabled`). */
  signInFailed(reason: 'invalid_credentials' | 'disabled'): void;
  /** A sign-in attempt refused before any password check: its account or address is past its failures. */
  signInThrottled(): void;
  /** Reminders delivered (their notifications recorded), each this many milliseconds after it was due. */
  remindersDelivered(latenessMs: readonly number[]): void;
  /** Rows of an import written (a committed batch). */
  importRowsWritten(rows: number): void;
}

/** Counts nothing: monitoring off, or a use case built by hand in a test. */
export const NO_OPERATIONS_METRICS: OperationsMetrics = {
  signInFailed: () => undefined,
  signInThrottled: () => undefined,
  remindersDelivered: () => undefined,
  importRowsWritten: () => undefined,
};
