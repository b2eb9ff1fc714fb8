/**
 * Runs `task` once the page is idle (within `timeout` ms at the latest): for fetching what the next step will
 * need without delaying this one. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeout = 3000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, Math.min(timeout, 1000));
  return () => clearTimeout(timer);
}
