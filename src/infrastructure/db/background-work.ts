import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/**
 * Runs a job's work on the database's background pool: its own connections and its own (longer) statement
 * timeout, so an import or a report refresh is neither cut at the API's few seconds nor queued behind the
 * API's requests, and does not take their connections. The worker hosts wrap every job in it.
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

export function isBackground(): boolean {
  return background.getStore() === true;
}
