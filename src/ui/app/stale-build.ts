// After a deploy, a tab opened before it still asks for the previous build's chunks, which the server no
// longer has (404): the screen cannot load. One automatic reload brings the new build; a second failure of the
// same kind (the chunk is really unreachable) is shown to the person instead, so the tab never reloads in a loop.

/** Set just before the automatic reload, cleared once a screen has loaded: at most one reload in between. */
const RELOADED_KEY = 'funil.staleBuildReload';

/** Errors Vite reported as a failed chunk load (`vite:preloadError`), whatever the browser's wording. */
const chunkErrors = new WeakSet<object>();

// The browsers' own words for a module that could not be fetched (Chromium, Firefox, Safari), and Vite's for a
// stylesheet a chunk needs.
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Vite announces every failed chunk (its script or stylesheet) on window: remember which errors those were. */
export function listenForStaleBuild(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (payload !== null && typeof payload === 'object') chunkErrors.add(payload);
  });
}

/** Whether an error is a chunk that could not be loaded (a new build was deployed, or the network failed). */
export function isChunkLoadError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  return chunkErrors.has(error) || (error instanceof Error && CHUNK_ERROR.test(error.message));
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether the automatic reload is still to come for this tab (no storage: never, since it could not be limited). */
export function canReloadOnce(): boolean {
  const store = storage();
  return store !== null && store.getItem(RELOADED_KEY) === null;
}

/** Reloads the page once; a second call before a screen has loaded does nothing. */
export function reloadOnce(): void {
  const store = storage();
  if (!store || store.getItem(RELOADED_KEY) !== null) return;
  try {
    store.setItem(RELOADED_KEY, new Date().toISOString());
  } catch {
    return; // Not written (storage full): no reload, which could not be limited.
  }
  window.location.reload();
}

/** A screen loaded: the next failed chunk may reload the page again. */
export function screenLoaded(): void {
  storage()?.removeItem(RELOADED_KEY);
}
