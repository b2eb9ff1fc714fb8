import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadSignedInFrame } from './app/guards';
import { preloadScreen } from './app/router';
import { listenForStaleBuild } from './app/stale-build';
import { loadInitialLanguages } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { getUserQueryOptions, USER_QUERY_KEY } from './lib/session';
import './styles.css';

// Whether this browser's last known session was signed in ('1') or not ('0'): a hint only, which decides
// whether the signed-in frame is fetched before the server answers /api/user.
const SIGNED_IN_HINT_KEY = 'signedIn';

function readSignedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) !== '0';
  } catch {
    return true;
  }
}

function keepSignedInHint(): void {
  queryClient.getQueryCache().subscribe(({ query }) => {
    if (query.queryKey[0] !== USER_QUERY_KEY[0] || query.state.data === undefined) return;
    try {
      localStorage.setItem(SIGNED_IN_HINT_KEY, query.state.data ? '1' : '0');
    } catch {
      // Private mode without storage: every load assumes a session.
    }
  });
}

/**
 * The longest the first render waits for the session and the screen's code; past it, it shows the spinner and the
 * screen comes when they do.
 */
const FIRST_RENDER_WAIT_MS = 1_000;

// Before any chunk is asked for: a failed one (a build deployed since this page loaded) is told apart.
listenForStaleBuild();
// The session, beside the active language's texts, which the first render waits for (no key ever shows
// untranslated).
keepSignedInHint();
const session = queryClient.prefetchQuery(getUserQueryOptions());
const texts = loadInitialLanguages();
// Once these are in, the rest of what the first screen needs, at once rather than one after another: the
// signed-in frame with the rest of the texts (except on /auth, or when this browser was last signed out) and the
// screen's chunk. Not earlier: the browser fetches six files at a time from one host, and these forty-odd files
// would hold back the texts the first render waits for. The first render then waits for them and the session
// (FIRST_RENDER_WAIT_MS at most), so that the screen renders at once: a spinner shown first would make React hold
// the screen back until 300 ms after it (src/ui/lib/preloadable.ts).
const ready = texts.then(() => {
  const needed = [preloadScreen(location.pathname)];
  if (location.pathname !== '/auth' && readSignedInHint()) needed.push(preloadSignedInFrame(), session);
  return Promise.race([
    Promise.allSettled(needed),
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ]);
});

void ready.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
