/**
 * Runs `work` in one database transaction: every repository call made inside it (directly or through
 * other services) joins that transaction, and a thrown error rolls all of it back.
 */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
}
